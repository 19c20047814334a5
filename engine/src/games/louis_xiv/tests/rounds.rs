//! Louis XIV: setup (§3), rounds with their invariants (§4, §15) and the supply (§5).

use super::*;

// ---------------- §3 setup ----------------

#[test]
fn s3_setup_common_supplies_money_and_missions() {
    for (seats, common) in [(2, vec![5, 6]), (3, vec![5, 5, 6]), (4, vec![5, 5, 6, 7])] {
        let st = game(seats, 3);
        let order: Vec<u8> = st.order().collect();
        for (i, &s) in order.iter().enumerate() {
            let p = &st.players[s as usize];
            // Round 1 income has been paid already (the money card is revealed at once).
            let income = st.data.money_card[st.money_card.unwrap() as usize].income;
            assert_eq!(p.common, common[i]);
            assert_eq!(p.own + p.common, 16);
            assert_eq!(p.money, 5 + income);
            let decks: Vec<Deck> = p
                .missions
                .iter()
                .map(|m| st.data.mission[m as usize].deck)
                .collect();
            assert_eq!(decks, [Deck::Light, Deck::Medium]);
        }
        assert_eq!(st.money_deck.len(), 3);
        assert_eq!(st.money_removed.len(), 4);
        let on_board: u8 = st.tiles.iter().map(|t| t.stones[NEUTRAL]).sum();
        let neutral = if seats == 2 { 8 } else { 0 };
        assert_eq!(
            st.neutral_pool + on_board,
            neutral,
            "§9: 8 neutral stones with 2 players"
        );
    }
}

// ---------------- §4 rounds, §15 invariants ----------------

fn check_invariants(st: &LouisState) {
    let n = st.n();
    let converted = |s: usize| st.result.as_ref().map_or(0, |r| r.conversions[s][3]);
    for s in 0..n {
        let on_tiles: u8 = st.tiles.iter().map(|t| t.stones[s]).sum();
        let p = &st.players[s];
        assert_eq!(
            p.own + p.common + on_tiles + converted(s),
            16,
            "stones of seat {s}"
        );
    }
    if n == 2 {
        let on: u8 = st.tiles.iter().map(|t| t.stones[NEUTRAL]).sum();
        assert_eq!(on + st.neutral_pool, 8, "neutral stones");
    }
    let hands: usize = st.players.iter().map(|p| p.influence.len()).sum();
    assert_eq!(st.influence_deck.len() + st.discard.len() + hands, 30);
    let intrigue: usize = st.players.iter().map(|p| p.intrigue.len()).sum();
    assert_eq!(st.intrigue_deck.len() + intrigue, 12);
    let missions: usize = st
        .players
        .iter()
        .map(|p| p.missions.len() + p.completed.len())
        .sum();
    let decks: usize = st.mission_decks.iter().map(Vec::len).sum();
    assert_eq!(decks + missions, 40);
    let coats: usize = st
        .players
        .iter()
        .map(|p| p.coats.iter().filter(|&&c| c != PLAIN_COAT).count())
        .sum();
    assert_eq!(st.coat_pile.len() + coats, 60);
    if matches!(st.phase, Phase::Supply | Phase::Influence) && st.round > 1 {
        for p in &st.players {
            assert!(p.chip_count() <= 1, "at most 1 chip between rounds");
        }
    }
    let mut all: Vec<u8> = st.influence_deck.clone();
    all.extend(&st.discard);
    for p in &st.players {
        all.extend(p.influence.iter());
    }
    all.sort();
    assert_eq!(
        all,
        (0..30).collect::<Vec<u8>>(),
        "each influence card once"
    );
}

fn cases() -> u64 {
    ["VLIV_CASES_LOUIS_XIV", "VLIV_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(300)
}

#[test]
fn s15_invariants_hold_and_every_game_has_four_rounds_then_a_result() {
    let mut buf = Vec::new();
    for seed in 0..cases() {
        let seats = 2 + (seed % 3) as usize;
        let mut st = game(seats, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut rounds = BTreeSet::new();
        let mut starts = Vec::new();
        let mut steps = 0;
        while let Some(d) = st.decision.clone() {
            let actor = Actor::Seat(d.seat());
            let choice = random_player::choose::<LouisXiv>(&st, actor, &mut rng, &mut buf).unwrap();
            let mut ev = Vec::new();
            LouisXiv::apply(&mut st, actor, choice, &mut ev).unwrap();
            for e in &ev {
                if let Ev::RoundStarted { round, start } = e {
                    rounds.insert(*round);
                    starts.push(*start);
                }
            }
            check_invariants(&st);
            steps += 1;
            assert!(steps < 20_000);
        }
        assert_eq!(st.phase, Phase::Over);
        assert_eq!(
            rounds.len() + 1,
            4,
            "rounds 2–4 announced after round 1's setup"
        );
        assert!(LouisXiv::outcome(&st).is_some());
        assert_eq!(st.round, 4);
        // §4: the start player passes clockwise; §10: with 3 the first starts round 4 too.
        for w in starts.windows(2) {
            assert_eq!(w[1], (w[0] + 1) % seats as u8);
        }
    }
}

// ---------------- §5 supply ----------------

#[test]
fn s5_d04_beside_stone_cards_lets_the_player_order_them_a21() {
    let mut st = quiet(3);
    let d04 = mission(&st, "D04");
    let l03 = mission(&st, "L03");
    let l07 = mission(&st, "L07");
    st.players[0].completed = cards(&[l03, d04, l07]);
    let money = st.players[0].money;
    run(&mut st, [Task::SupplyCards(0)]);
    assert_eq!(st.players[0].money, money + 1, "L07 is automatic");
    assert_eq!(st.decision, Some(Decision::SupplyNext { seat: 0 }));
    assert_eq!(ids(&st), [MISSION + l03 as u32, MISSION + d04 as u32]);
    pick(&mut st, MISSION + d04 as u32);
    assert_eq!(st.decision, Some(Decision::StoneForCard { seat: 0 }));
    let hand = st.players[0].influence.len();
    pick(&mut st, 1);
    assert_eq!(st.players[0].influence.len(), hand + 1);
    // L03 then resolves on its own and takes the stone D04 just parked.
    assert_eq!((st.players[0].own, st.players[0].common), (10, 6));
    assert!(st.decision.is_none());
}

#[test]
fn s5_m01_offers_money_or_stones() {
    let mut st = quiet(3);
    st.players[1].completed = cards(&[mission(&st, "M01")]);
    run(&mut st, [Task::SupplyCards(1)]);
    assert_eq!(ids(&st), [0, 1, 2]);
    pick(&mut st, 1);
    assert_eq!((st.players[1].money, st.players[1].own), (11, 11));
}

#[test]
fn s10_three_players_start_player_draws_an_intrigue_card_in_round_4() {
    for seats in [3, 4] {
        let mut st = quiet(seats);
        st.round = 4;
        st.start = 1;
        st.money_deck.truncate(1);
        let ev = run(&mut st, [Task::Round]);
        let got = st.players[1].intrigue.len();
        if seats == 3 {
            assert_eq!(got, 1);
            assert!(ev.contains(&Ev::Compensation { seat: 1 }));
        } else {
            assert_eq!(got, 0);
        }
    }
}
