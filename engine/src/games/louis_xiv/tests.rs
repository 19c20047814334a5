//! Louis XIV rules tests, named after the spec sections (§) and decisions (A..) they check.

use std::collections::BTreeSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{
    data::{Chip, Condition, Data, Deck, DEFAULT_TOML, TILES},
    events::LouisEvent as Ev,
    flow::{Chain, Decision, PlaceStep, Task, MISSION, NONE_TILE, STOP},
    state::{Cards, LouisState, Phase, JOKER, NEUTRAL, PLAIN_COAT},
    LouisOptions, LouisXiv,
};
use crate::{
    contract::{Actor, ChoiceId, Game, SetupError},
    options::OptionValues,
    random_player, registry,
};

fn game(seats: usize, seed: u64) -> LouisState {
    LouisXiv::new(&LouisOptions::default(), seats, seed).unwrap()
}

/// A table with nothing pending, empty tiles and hands, seat 0 starting: the stage for
/// hand-made situations.
fn quiet(seats: usize) -> LouisState {
    let mut st = game(seats, 1);
    st.tasks.clear();
    st.decision = None;
    st.start = 0;
    st.king = None;
    st.round = 1;
    for t in &mut st.tiles {
        t.stones = [0; 5];
        t.back = false;
    }
    for p in &mut st.players {
        p.own = 10;
        p.common = 6;
        p.money = 10;
        p.chips = [0; 5];
        p.influence.clear();
        p.intrigue.clear();
        p.missions.clear();
        p.completed.clear();
        p.coats.clear();
    }
    st.phase = Phase::Evaluation;
    st
}

fn cards(list: &[u8]) -> Cards {
    list.iter().copied().collect()
}

fn mission(st: &LouisState, id: &str) -> u8 {
    st.data.mission.iter().position(|m| m.id == id).unwrap() as u8
}

fn run(st: &mut LouisState, tasks: impl IntoIterator<Item = Task>) -> Vec<Ev> {
    let mut ev = Vec::new();
    st.then(tasks);
    st.run(&mut ev);
    ev
}

/// Evaluates tile `number` (1-based) alone.
fn evaluate(st: &mut LouisState, number: u8) -> Vec<Ev> {
    run(st, [Task::Tile(number - 1)])
}

fn ids(st: &LouisState) -> Vec<u32> {
    let mut out = Vec::new();
    if let Some(d) = &st.decision {
        LouisXiv::legal_ids(st, Actor::Seat(d.seat()), &mut out);
    }
    out.into_iter().map(|c| c.0).collect()
}

fn seat_to_decide(st: &LouisState) -> u8 {
    st.decision.as_ref().expect("a decision").seat()
}

fn pick(st: &mut LouisState, id: u32) -> Vec<Ev> {
    let seat = seat_to_decide(st);
    let mut ev = Vec::new();
    LouisXiv::apply(st, Actor::Seat(seat), ChoiceId(id), &mut ev).unwrap();
    ev
}

fn received(ev: &[Ev]) -> Vec<(u8, bool)> {
    ev.iter()
        .filter_map(|e| match e {
            Ev::Received { seat, crown, .. } => Some((*seat, *crown)),
            _ => None,
        })
        .collect()
}

fn flipped(ev: &[Ev]) -> bool {
    ev.iter().any(|e| matches!(e, Ev::Flipped { .. }))
}

// ---------------- §2 components and the data file ----------------

#[test]
fn s2_1_default_data_has_the_seed_front_conditions() {
    let d = Data::default_data();
    let kind = |n: usize| match d.tile[n - 1].front {
        Condition::Money { .. } => 'M',
        Condition::First => 'F',
        Condition::Stones { .. } => 'S',
    };
    for n in [1, 2, 3, 4, 8, 12] {
        assert_eq!(kind(n), 'M', "tile {n}");
    }
    for n in [5, 7, 9, 11] {
        assert_eq!(kind(n), 'F', "tile {n}");
    }
    for n in [6, 10] {
        assert_eq!(kind(n), 'S', "tile {n}");
    }
    assert_eq!(d.tile[0].front, Condition::Money { price: 3 });
    assert_eq!(
        d.tile[0].reward.chip,
        Some(Chip::Sceptre),
        "A4: Anne gives the sceptre"
    );
}

#[test]
fn s2_2_adjacency_is_the_spec_table() {
    let d = Data::default_data();
    let expected: [&[u8]; 12] = [
        &[2, 4, 6, 7],
        &[1, 3, 8, 9],
        &[2, 4, 10, 11],
        &[1, 3, 5, 12],
        &[4, 6],
        &[1, 5],
        &[1, 8],
        &[2, 7],
        &[2, 10],
        &[3, 9],
        &[3, 12],
        &[4, 11],
    ];
    for (i, t) in d.tile.iter().enumerate() {
        let mut a = t.adjacent.clone();
        a.sort();
        assert_eq!(a, expected[i], "tile {}", i + 1);
        for other in &d.tile {
            let diagonal = t.row.abs_diff(other.row) == 1 && t.col.abs_diff(other.col) == 1;
            assert_eq!(diagonal, t.adjacent.contains(&other.number), "grid agrees");
        }
    }
}

#[test]
fn s2_components_counts() {
    let d = Data::default_data();
    assert_eq!(d.influence_cards(), 30);
    let count = |deck| d.mission.iter().filter(|m| m.deck == deck).count();
    assert_eq!(
        (count(Deck::Light), count(Deck::Medium), count(Deck::Dark)),
        (20, 12, 8)
    );
    assert_eq!(d.money_card.len(), 8);
    for king in 1..=4 {
        assert_eq!(d.money_card.iter().filter(|m| m.king == king).count(), 2);
    }
    let m = |id: &str| d.mission.iter().filter(|c| c.id.starts_with(id)).count();
    assert_eq!(m("M05") + m("M06") + m("M07"), 3, "A3: three +1 coat cards");
}

fn with_price_of_tile_1(price: u32) -> String {
    DEFAULT_TOML.replacen(
        "front = { condition = \"money\", price = 3 }",
        &format!("front = {{ condition = \"money\", price = {price} }}"),
        1,
    )
}

#[test]
fn data_override_changing_a_price_changes_play() {
    let text = with_price_of_tile_1(5);
    assert_ne!(text, DEFAULT_TOML);
    let scene = |data: Data| {
        let mut st = LouisXiv::with_data(data, 3, 1).unwrap();
        let base = quiet(3);
        st.tasks.clear();
        st.decision = None;
        st.start = 0;
        st.king = None;
        st.players = base.players.clone();
        st.tiles = base.tiles;
        st.tiles[0].stones = [2, 1, 0, 0, 0];
        st.players[1].money = 4;
        evaluate(&mut st, 1);
        st.decision.clone()
    };
    assert_eq!(
        scene(Data::default_data()),
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
    assert_eq!(
        scene(Data::parse(&text).unwrap()),
        None,
        "at 5 Louisdor the buyer with 4 cannot buy"
    );
}

#[test]
fn data_malformed_override_fails_naming_the_entry() {
    let asym = DEFAULT_TOML.replacen("adjacent = [2, 4, 6, 7]", "adjacent = [2, 6, 7]", 1);
    let err = Data::parse(&asym).unwrap_err().to_string();
    assert!(err.contains("tile 4") && err.contains("symmetric"), "{err}");

    let dup = DEFAULT_TOML.replacen("id = \"L02\"", "id = \"L01\"", 1);
    let err = Data::parse(&dup).unwrap_err().to_string();
    assert!(err.contains("`L01`") && err.contains("twice"), "{err}");

    let same_sides = DEFAULT_TOML.replacen(
        "back = { condition = \"first\" }",
        "back = { condition = \"money\", price = 2 }",
        1,
    );
    let err = Data::parse(&same_sides).unwrap_err().to_string();
    assert!(err.contains("tile 1") && err.contains("different"), "{err}");

    let bad_shape = DEFAULT_TOML.replacen(
        "requires = [\"sceptre\", \"sceptre\"]",
        "requires = [\"sceptre\", \"ring\"]",
        1,
    );
    let err = Data::parse(&bad_shape).unwrap_err().to_string();
    assert!(err.contains("`D01`") && err.contains("identical"), "{err}");

    let bad_value = DEFAULT_TOML.replacen("price = 3", "price = \"three\"", 1);
    let err = Data::parse(&bad_value).unwrap_err().to_string();
    assert!(err.contains("price"), "{err}");

    let counts = DEFAULT_TOML.replacen(
        "common_stones_4 = [5, 5, 6, 7]",
        "common_stones_4 = [5, 5, 6]",
        1,
    );
    let err = Data::parse(&counts).unwrap_err().to_string();
    assert!(err.contains("common_stones_4"), "{err}");

    let err = LouisXiv::new_with_data(&LouisOptions::default(), 3, 1, &asym).unwrap_err();
    assert!(matches!(err, SetupError::BadData(m) if m.contains("tile 4")));
}

#[test]
fn data_hash_is_recorded_and_kept_by_the_state() {
    let kind = registry::find("louis-xiv").unwrap();
    let default_hash = kind.data_hash(kind.default_data().unwrap()).unwrap();
    let text = with_price_of_tile_1(4);
    let other_hash = kind.data_hash(&text).unwrap();
    assert_ne!(default_hash, other_hash);
    let commented = format!("# a note\n{DEFAULT_TOML}");
    assert_eq!(
        kind.data_hash(&commented).unwrap(),
        default_hash,
        "comments don't count"
    );

    let plain = kind.new_game(&OptionValues::new(), 3, 5).unwrap();
    assert_eq!(plain.data_hash(), Some(default_hash.clone()));
    let custom = kind
        .new_game_with_data(&OptionValues::new(), 3, 5, &text)
        .unwrap();
    assert_eq!(custom.data_hash(), Some(other_hash.clone()));
    // A stored game keeps its data: reloading needs no file.
    let back = kind.load(&custom.to_json()).unwrap();
    assert_eq!(back.data_hash(), Some(other_hash));
    assert!(back.same_state(custom.as_ref()));
    let claim = registry::find("claim").unwrap();
    assert!(claim.default_data().is_none());
    assert_eq!(claim.data_hash("x"), Err(SetupError::NoData));
}

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

// ---------------- §6 influence: placement legality ----------------

/// Every distribution reachable through the placement menus from a start tile.
fn distributions(start: u8, n_max: u8, own: u8) -> BTreeSet<Vec<u8>> {
    let mut st = quiet(3);
    st.phase = Phase::Influence;
    st.players[0].own = own;
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max,
            step: PlaceStep::Total,
            t0: start,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    let mut out = BTreeSet::new();
    let mut stack = vec![st];
    while let Some(st) = stack.pop() {
        if !matches!(st.decision, Some(Decision::Place { .. })) {
            out.insert(st.tiles.iter().map(|t| t.stones[0]).collect());
            continue;
        }
        let ids = ids(&st);
        assert!(ids.len() <= 25);
        for id in ids {
            let mut next = st.clone();
            pick(&mut next, id);
            stack.push(next);
        }
    }
    out
}

#[test]
fn s6_3_personality_card_gives_23_options_from_an_inner_tile_13_from_an_outer() {
    assert_eq!(distributions(0, 3, 10).len(), 23);
    assert_eq!(distributions(4, 3, 10).len(), 13);
}

#[test]
fn s6_3_jumps_follow_adjacency_and_never_split_a6() {
    for d in distributions(0, 3, 10) {
        let placed: Vec<usize> = (0..TILES).filter(|&t| d[t] > 0).collect();
        assert!(d[0] >= 1, "a stone stays on the start tile");
        assert!(d.iter().sum::<u8>() <= 3);
        let adj = Data::default_data().adjacency();
        // One chain: every other tile is adjacent to the start tile or to one that is.
        for &t in &placed[..] {
            if t != 0 {
                let near_start = adj[0] & (1 << t) != 0;
                let via = placed
                    .iter()
                    .any(|&u| u != 0 && u != t && adj[u] & (1 << t) != 0 && adj[0] & (1 << u) != 0);
                assert!(near_start || via, "{d:?}");
            }
        }
        let jumped_to_start_neighbours = placed
            .iter()
            .filter(|&&t| t != 0 && adj[0] & (1 << t) != 0)
            .count();
        assert!(
            jumped_to_start_neighbours <= 1,
            "no splitting in two directions: {d:?}"
        );
    }
}

#[test]
fn s6_3_stones_left_behind_must_be_new_ones() {
    let mut st = quiet(3);
    st.tiles[0].stones[0] = 2; // already on tile 1 from earlier plays
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max: 3,
            step: PlaceStep::Total,
            t0: 0,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    pick(&mut st, 2);
    assert_eq!(ids(&st), [1, 2], "at least one of the 2 new stones stays");
    pick(&mut st, 1);
    assert_eq!(ids(&st), [1, 3, 5, 6], "tile 1's neighbours 2, 4, 6, 7");
    pick(&mut st, 5); // the one stone left lands on tile 6 without a menu of one
    assert!(st.decision.is_none());
    assert_eq!(st.tiles[0].stones[0], 3);
    assert_eq!(st.tiles[5].stones[0], 1);
}

#[test]
fn s6_3_total_is_limited_by_the_own_supply() {
    assert_eq!(distributions(0, 3, 1).len(), 1);
    let two = distributions(4, 3, 2);
    assert!(two.iter().all(|d| d.iter().sum::<u8>() <= 2));
    assert_eq!(
        two.len(),
        2 + 2,
        "{{5:1}}, {{5:2}}, {{5:1,4:1}}, {{5:1,6:1}}"
    );
}

#[test]
fn s6_3_second_jump_never_returns_to_the_start_tile() {
    let mut st = quiet(3);
    st.decision = Some(Decision::Place {
        seat: 0,
        chain: Chain {
            n_max: 3,
            step: PlaceStep::Total,
            t0: 4,
            n: 0,
            a0: 0,
            t1: 0,
            a1: 0,
        },
    });
    pick(&mut st, 3);
    pick(&mut st, 1);
    pick(&mut st, 5); // jump to tile 6
    pick(&mut st, 1);
    // Tile 6's neighbours are 1 and 5; 5 is the start tile, so the last stone goes to 1.
    assert!(st.decision.is_none());
    assert_eq!(st.tiles[0].stones[0], 1);
    assert_eq!(st.tiles[4].stones[0], 1);
    assert_eq!(st.tiles[5].stones[0], 1);
}

fn influence_scene(hands: &[Vec<u8>]) -> LouisState {
    let mut st = quiet(hands.len());
    st.phase = Phase::Influence;
    st.turn = 0;
    for (s, h) in hands.iter().enumerate() {
        for &c in h {
            st.influence_deck.retain(|&x| x != c);
            st.discard.retain(|&x| x != c);
        }
        st.players[s].influence = cards(h);
    }
    st
}

#[test]
fn s6_4_joker_places_up_to_two_on_any_tile() {
    let joker = 24;
    let mut st = influence_scene(&[vec![joker, 0, 1], vec![2, 3]]);
    run(&mut st, [Task::Turns]);
    assert_eq!(ids(&st), [0, JOKER as u32]);
    pick(&mut st, JOKER as u32);
    assert_eq!(ids(&st), [0, 1], "place or retrieve");
    pick(&mut st, 0);
    assert_eq!(ids(&st), (0..12).collect::<Vec<_>>(), "any start tile");
    pick(&mut st, 9);
    assert_eq!(ids(&st), [1, 2]);
    pick(&mut st, 2);
    assert_eq!(ids(&st), [1, 2]);
    pick(&mut st, 2);
    assert_eq!(st.tiles[9].stones[0], 2);
    assert_eq!(seat_to_decide(&st), 1, "next player's turn");
}

#[test]
fn s6_2_last_card_goes_under_the_deck_and_players_with_more_cards_keep_playing_a9() {
    let mut st = influence_scene(&[vec![0, 2], vec![4, 6, 8, 10]]);
    run(&mut st, [Task::Turns]);
    let mut turns = Vec::new();
    while let Some(Decision::Turn { seat }) = st.decision.clone() {
        turns.push(seat);
        let first = ids(&st)[0];
        let ev = pick(&mut st, first);
        if seat == 0 {
            assert!(ev.contains(&Ev::LastCardReturned { seat: 0 }));
            assert_eq!(st.influence_deck[0], 2, "the last card is at the bottom");
        }
        pick(&mut st, 1); // retrieve
    }
    assert_eq!(turns, [0, 1, 1, 1]);
    assert!(st.players.iter().all(|p| p.influence.is_empty()));
}

#[test]
fn s6_5_retrieval_moves_up_to_three_from_the_common_supply() {
    let mut st = influence_scene(&[vec![0, 2], vec![4, 6]]);
    st.players[0].common = 2;
    run(&mut st, [Task::Turns]);
    pick(&mut st, 0);
    pick(&mut st, 1);
    assert_eq!((st.players[0].own, st.players[0].common), (12, 0));
}

#[test]
fn s12_l15_pays_and_m11_exchanges_instead_of_playing() {
    let mut st = influence_scene(&[vec![0, 2, 4], vec![6, 8]]);
    let l15 = mission(&st, "L15");
    let m11 = mission(&st, "M11");
    st.players[0].completed = cards(&[l15, m11]);
    run(&mut st, [Task::Turns]);
    assert_eq!(ids(&st), [0, 1, 2, MISSION + l15 as u32, 2000 + m11 as u32]);
    pick(&mut st, MISSION + l15 as u32);
    assert_eq!(st.players[0].money, 8);
    assert_eq!(st.players[0].influence.len(), 3, "hand unchanged");
    pick(&mut st, 3); // seat 1 plays tile 4's card
    pick(&mut st, 1);
    assert_eq!(ids(&st), [0, 1, 2, 2000 + m11 as u32], "L15 once per phase");
    pick(&mut st, 2000 + m11 as u32);
    let top = *st.influence_deck.last().unwrap();
    pick(&mut st, 0);
    assert!(st.players[0].influence.contains(&top));
    assert_eq!(st.players[0].influence.len(), 3);
}

#[test]
fn s12_d05_four_stone_joker_starts_anywhere_a25() {
    let mut st = influence_scene(&[vec![0, 2], vec![6, 8]]);
    st.players[0].completed = cards(&[mission(&st, "D05")]);
    run(&mut st, [Task::Turns]);
    pick(&mut st, 0);
    pick(&mut st, 0); // place
    assert!(matches!(st.decision, Some(Decision::FourStone { .. })));
    pick(&mut st, 1);
    assert_eq!(ids(&st).len(), 12, "any start tile");
    pick(&mut st, 11);
    assert_eq!(ids(&st), [1, 2, 3, 4]);
    pick(&mut st, 4);
    pick(&mut st, 4);
    assert_eq!(st.tiles[11].stones[0], 4);
}

#[test]
fn s6_1_start_placements_and_s6_6_d06() {
    let mut st = quiet(3);
    st.phase = Phase::Influence;
    st.king = Some(2);
    st.players[1].completed = cards(&[mission(&st, "M08"), mission(&st, "L11")]);
    st.players[2].completed = cards(&[mission(&st, "D06")]);
    st.players[1].common = 0;
    run(&mut st, [Task::StartPlacements(1), Task::EndPlacements]);
    assert_eq!(st.decision, Some(Decision::StartPlace { seat: 1, tile: 0 }));
    pick(&mut st, 0);
    let king = Some(Decision::StartPlace { seat: 1, tile: 2 });
    assert_eq!(st.decision, king, "M08: the king's tile");
    pick(&mut st, 1);
    assert_eq!(st.tiles[2].stones[1], 1);
    assert_eq!(
        st.players[1].own, 9,
        "own supply when the common one is empty"
    );
    assert_eq!(ids(&st)[0], NONE_TILE);
    pick(&mut st, 7);
    assert_eq!(st.tiles[7].stones[2], 1);
    assert_eq!(st.players[2].common, 5);
}

#[test]
fn s9_neutral_stones_two_on_the_king_and_two_per_revealed_personality_a19() {
    let mut st = quiet(2);
    st.neutral_pool = 8;
    st.king = Some(0);
    // Top of the deck is the end: joker, tile 5, joker, tile 7, tile 7.
    st.influence_deck = (0..30).collect();
    st.influence_deck
        .retain(|c| ![24, 8, 25, 12, 13].contains(c));
    st.influence_deck.extend([13, 12, 25, 8, 24]);
    st.discard.clear();
    let ev = run(&mut st, [Task::Neutral]);
    assert_eq!(st.tiles[0].stones[NEUTRAL], 2);
    assert_eq!(st.tiles[4].stones[NEUTRAL], 2);
    assert_eq!(st.tiles[6].stones[NEUTRAL], 4);
    assert_eq!(st.neutral_pool, 0);
    assert_eq!(st.discard, [24, 8, 25, 12, 13]);
    assert_eq!(
        ev.iter()
            .filter(|e| matches!(e, Ev::NeutralRevealed { .. }))
            .count(),
        5
    );
}

// ---------------- §7 evaluation ----------------

#[test]
fn s7_2_money_majority_gets_it_free_others_may_buy_in_turn_order() {
    let mut st = quiet(3);
    st.start = 1;
    st.tiles[0].stones = [2, 1, 1, 0, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, false)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(2, false)]);
    assert_eq!(st.players[0].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[2].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[2].money, 7);
    assert_eq!(
        (st.players[0].common, st.players[0].own),
        (8, 10),
        "majority → common"
    );
    assert_eq!(st.players[1].own, 11, "others → own");
    assert!(st.tiles[0].back && flipped(&ev));
}

#[test]
fn s7_2_money_tie_nobody_free_all_may_buy_no_flip() {
    let mut st = quiet(3);
    st.tiles[0].stones = [2, 2, 1, 0, 0];
    evaluate(&mut st, 1);
    let mut buyers = Vec::new();
    while let Some(Decision::Buy { seat, .. }) = st.decision.clone() {
        buyers.push(seat);
        pick(&mut st, 1);
    }
    assert_eq!(buyers, [0, 1, 2]);
    assert!(!st.tiles[0].back);
    assert_eq!(
        st.players
            .iter()
            .map(|p| (p.own, p.common))
            .collect::<Vec<_>>(),
        [(12, 6), (12, 6), (11, 6)]
    );
}

#[test]
fn s7_2_a_buyer_who_cannot_pay_is_not_asked_and_d08_lowers_the_price() {
    let mut st = quiet(3);
    st.tiles[0].stones = [2, 1, 1, 0, 0];
    st.players[1].money = 2;
    st.players[2].completed = cards(&[mission(&st, "D08")]);
    evaluate(&mut st, 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 2
        })
    );
}

#[test]
fn s7_3_first_place_only_the_majority_no_flip_on_a_tie() {
    let mut st = quiet(3);
    st.tiles[4].stones = [1, 3, 0, 0, 0];
    let ev = evaluate(&mut st, 5);
    assert_eq!(received(&ev), [(1, false)]);
    assert_eq!(st.players[1].chips[Chip::Crown as usize], 1);
    assert!(st.decision.is_none(), "nobody buys a First-place reward");
    assert!(st.tiles[4].back);
    assert_eq!(st.players[1].common, 9);

    let mut st = quiet(3);
    st.tiles[4].stones = [2, 2, 1, 0, 0];
    let ev = evaluate(&mut st, 5);
    assert!(received(&ev).is_empty());
    assert!(!st.tiles[4].back);
    assert_eq!(st.players[0].own, 12);
}

#[test]
fn s7_4_stones_threshold_everyone_with_enough_majority_first() {
    let mut st = quiet(3);
    st.tiles[9].stones = [3, 4, 2, 0, 0];
    let ev = evaluate(&mut st, 10);
    assert_eq!(received(&ev), [(1, false), (0, false)]);
    assert_eq!(st.players[1].coats.len(), 2);
    assert!(st.players[2].coats.is_empty());
    assert!(st.tiles[9].back);
    assert_eq!(
        st.players
            .iter()
            .map(|p| (p.own, p.common))
            .collect::<Vec<_>>(),
        [(13, 6), (14, 6), (12, 6)],
        "all stones → own supplies"
    );

    let mut st = quiet(3);
    st.tiles[9].stones = [2, 2, 0, 0, 0];
    let ev = evaluate(&mut st, 10);
    assert!(
        received(&ev).is_empty() && !st.tiles[9].back,
        "no receiver, no flip"
    );
}

#[test]
fn s9_neutral_majority_flips_money_but_a_neutral_threshold_does_not_a8() {
    let mut st = quiet(2);
    st.tiles[0].stones = [1, 0, 0, 0, 2];
    evaluate(&mut st, 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 0,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    assert!(st.tiles[0].back, "a neutral majority flips");
    assert_eq!(st.neutral_pool, 2);

    let mut st = quiet(2);
    st.tiles[9].stones = [1, 0, 0, 0, 4];
    let ev = evaluate(&mut st, 10);
    assert!(received(&ev).is_empty());
    assert!(
        !st.tiles[9].back,
        "only a real receiver flips a Stones tile"
    );
}

#[test]
fn s7_5_king_first_gets_chip_and_crown_unique_second_gets_the_chip() {
    let mut st = quiet(4);
    st.king = Some(0);
    st.tiles[0].stones = [3, 2, 1, 1, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, true), (1, false)]);
    assert_eq!(st.players[0].chips[Chip::Crown as usize], 1);
    assert_eq!(st.players[0].chips[Chip::Sceptre as usize], 1);
    assert_eq!(st.players[1].chips[Chip::Sceptre as usize], 1);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    pick(&mut st, 0);
    pick(&mut st, 0);
    assert_eq!(st.players[0].common, 9, "first → common");
    assert_eq!(st.players[1].own, 12, "second → own");
    assert!(st.tiles[0].back);
    assert_eq!(st.king, None, "Louis XIV leaves the board");
}

#[test]
fn s7_5_king_tie_for_first_all_tied_get_the_chip_no_crown_and_it_flips() {
    let mut st = quiet(3);
    st.king = Some(1);
    st.tiles[1].back = true; // First place side
    st.tiles[1].stones = [2, 2, 1, 0, 0];
    let ev = evaluate(&mut st, 2);
    assert_eq!(received(&ev), [(0, false), (1, false)]);
    assert!(st.decision.is_none(), "First place: the rest gets nothing");
    assert_eq!(st.players[0].common, 8);
    assert_eq!(st.players[1].common, 8);
    assert_eq!(st.players[2].own, 11);
    assert!(!st.tiles[1].back, "flipped back to front");
}

#[test]
fn s7_5_king_tied_seconds_get_nothing_free() {
    let mut st = quiet(3);
    st.king = Some(0);
    st.tiles[0].stones = [3, 1, 1, 0, 0];
    let ev = evaluate(&mut st, 1);
    assert_eq!(received(&ev), [(0, true)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
}

#[test]
fn s7_1_d07_wins_a_tie_and_the_tile_flips_a7() {
    let mut st = quiet(3);
    st.tiles[4].stones = [2, 2, 0, 0, 0];
    st.players[1].completed = cards(&[mission(&st, "D07")]);
    evaluate(&mut st, 5);
    assert_eq!(st.decision, Some(Decision::OnceFirst { seat: 1, tile: 4 }));
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(1, false)]);
    assert!(st.tiles[4].back);
    assert_eq!(st.players[1].common, 8);
    assert_eq!(st.players[0].own, 12);
}

#[test]
fn s7_5_d07_on_the_kings_tile_makes_the_other_tied_player_second_a7() {
    let mut st = quiet(3);
    st.king = Some(0);
    st.tiles[0].stones = [2, 2, 1, 0, 0];
    st.players[0].completed = cards(&[mission(&st, "D07")]);
    evaluate(&mut st, 1);
    let ev = pick(&mut st, 1);
    assert_eq!(received(&ev), [(0, true), (1, false)]);
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 2,
            tile: 0,
            price: 3
        })
    );
    // Once per evaluation phase.
    pick(&mut st, 0);
    st.tiles[4].stones = [2, 2, 0, 0, 0];
    evaluate(&mut st, 5);
    assert!(st.decision.is_none());
}

#[test]
fn s7_1_intrigue_card_adds_stones_before_the_snapshot_a17() {
    let mut st = quiet(3);
    st.tiles[4].stones = [1, 0, 0, 0, 0];
    st.players[2].intrigue = cards(&[4]);
    st.intrigue_deck.retain(|&c| c != 4);
    evaluate(&mut st, 5);
    assert_eq!(st.decision, Some(Decision::Intrigue { seat: 2, tile: 4 }));
    assert_eq!(ids(&st), [0, 1, 2, 3]);
    let ev = pick(&mut st, 3);
    assert_eq!(received(&ev), [(2, false)]);
    assert_eq!(st.intrigue_deck[0], 4, "under the intrigue deck");
    assert_eq!(st.players[2].common, 8);

    let mut st = quiet(3);
    st.players[2].intrigue = cards(&[4]);
    st.players[2].common = 0;
    st.players[2].own = 1;
    evaluate(&mut st, 5);
    assert_eq!(ids(&st), [0, 2], "no mixing, no fallback between supplies");
}

#[test]
fn s7_6_round_4_nothing_flips_but_stones_still_return() {
    let mut st = quiet(3);
    st.round = 4;
    st.tiles[4].stones = [1, 3, 0, 0, 0];
    evaluate(&mut st, 5);
    assert!(!st.tiles[4].back);
    assert_eq!(st.players[1].common, 9);
}

#[test]
fn s7_6_tile_6_stone_on_itself_stays_for_next_round_a11() {
    let mut st = quiet(3);
    st.tiles[5].stones = [3, 0, 0, 0, 0];
    evaluate(&mut st, 6);
    assert_eq!(st.players[0].coats.len(), 1);
    assert_eq!(ids(&st)[0], NONE_TILE);
    pick(&mut st, 5);
    assert_eq!(st.tiles[5].stones[0], 1, "not in the snapshot: it stays");
    assert_eq!((st.players[0].own, st.players[0].common), (13, 5));
}

#[test]
fn s7_6_rewards_come_before_stones_leave_a10_and_tile_8_stones_wait_on_tile_5() {
    let mut st = quiet(3);
    st.players[0].common = 0;
    st.tiles[7].stones = [2, 1, 0, 0, 0];
    evaluate(&mut st, 8);
    assert_eq!(
        st.decision,
        Some(Decision::PlaceOn {
            seat: 0,
            tile: 4,
            max: 2
        })
    );
    pick(&mut st, 2);
    // Retrieval needs common stones; the tile's stones only reach the common supply after.
    assert_eq!(
        st.decision,
        Some(Decision::Buy {
            seat: 1,
            tile: 7,
            price: 2
        })
    );
    pick(&mut st, 0);
    assert_eq!(st.tiles[4].stones[0], 2);
    assert_eq!(st.players[0].own, 8);
    assert_eq!(st.players[0].common, 2);
}

// ---------------- §8 missions ----------------

#[test]
fn s8_crown_is_wild_and_a_new_mission_follows_each_completion() {
    let mut st = quiet(3);
    st.phase = Phase::Missions;
    let m06 = mission(&st, "M06"); // scroll + ring
    st.players[0].missions = cards(&[m06]);
    st.players[0].chips[Chip::Crown as usize] = 1;
    st.players[0].chips[Chip::Ring as usize] = 1;
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, MISSION + m06 as u32]);
    let ev = pick(&mut st, MISSION + m06 as u32);
    assert!(ev.contains(&Ev::Completed {
        seat: 0,
        card: st.mission_ref(m06),
        paid: [Chip::Crown, Chip::Ring]
    }));
    assert_eq!(st.decision, Some(Decision::DrawDeck { seat: 0 }));
    pick(&mut st, Deck::Dark as u32);
    assert_eq!(st.players[0].missions.len(), 1);
    assert_eq!(st.players[0].completed, cards(&[m06]));
}

#[test]
fn s8_question_mark_takes_any_chip_and_two_crowns_pay_a_dark_card() {
    let mut st = quiet(3);
    let l03 = mission(&st, "L03"); // sceptre + ?
    let d01 = mission(&st, "D01"); // sceptre + sceptre
    st.players[0].missions = cards(&[l03, d01]);
    st.players[0].chips = [2, 1, 0, 0, 1];
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, MISSION + l03 as u32, MISSION + d01 as u32]);
    pick(&mut st, MISSION + l03 as u32);
    assert_eq!(ids(&st), [Chip::Crown as u32, Chip::Sceptre as u32]);
    pick(&mut st, Chip::Sceptre as u32);
    assert_eq!(
        ids(&st),
        [Chip::Crown as u32, Chip::Helmet as u32],
        "? takes any chip"
    );
    pick(&mut st, Chip::Helmet as u32);
    pick(&mut st, Deck::Light as u32);
    let id = ids(&st);
    assert!(id.contains(&(MISSION + d01 as u32)), "two crowns pay D01");
    pick(&mut st, MISSION + d01 as u32);
    assert_eq!(st.players[0].chips, [0; 5]);
}

#[test]
fn s12_l01_draws_two_mission_cards() {
    let mut st = quiet(3);
    let l01 = mission(&st, "L01");
    st.players[0].missions = cards(&[l01]);
    st.players[0].chips[Chip::Sceptre as usize] = 2;
    run(&mut st, [Task::MissionTurn(0)]);
    pick(&mut st, MISSION + l01 as u32);
    pick(&mut st, Deck::Light as u32);
    assert_eq!(st.decision, Some(Decision::DrawDeck { seat: 0 }));
    pick(&mut st, Deck::Medium as u32);
    assert_eq!(st.players[0].missions.len(), 2);
}

#[test]
fn s8_keep_one_chip_the_others_become_coats_of_arms() {
    let mut st = quiet(3);
    st.players[1].chips = [0, 0, 0, 1, 2];
    run(&mut st, [Task::MissionTurn(1)]);
    assert_eq!(st.decision, Some(Decision::KeepChip { seat: 1 }));
    assert_eq!(ids(&st), [Chip::Ring as u32, Chip::Helmet as u32]);
    pick(&mut st, Chip::Ring as u32);
    assert_eq!(st.players[1].chips, [0, 0, 0, 1, 0]);
    assert_eq!(st.players[1].coats.len(), 2);
}

#[test]
fn s12_l17_swaps_a_chip_for_a_crown_and_l19_exchanges_missions_a14() {
    let mut st = quiet(3);
    let l17 = mission(&st, "L17");
    let l19 = mission(&st, "L19");
    let m02 = mission(&st, "M02");
    st.players[0].completed = cards(&[l17, l19]);
    st.players[0].missions = cards(&[m02]);
    for d in &mut st.mission_decks {
        d.retain(|&m| m != m02);
    }
    st.players[0].chips = [0, 0, 1, 0, 0];
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, 2000 + l17 as u32]);
    pick(&mut st, 2000 + l17 as u32);
    pick(&mut st, Chip::Scroll as u32);
    assert_eq!(st.players[0].chips, [1, 0, 0, 0, 0]);
    assert_eq!(st.players[0].money, 8);
    // L17 is used and nothing can be completed: the turn ends by itself, L19 comes.
    assert!(matches!(st.decision, Some(Decision::ReturnMissions { .. })));
    assert_eq!(ids(&st), [STOP, MISSION + m02 as u32]);
    pick(&mut st, MISSION + m02 as u32);
    assert_eq!(ids(&st), [STOP]);
    pick(&mut st, STOP);
    assert_eq!(
        st.mission_decks[Deck::Medium as usize][0],
        m02,
        "under its own deck"
    );
    pick(&mut st, Deck::Light as u32);
    assert_eq!(st.players[0].missions.len(), 1);
    assert!(!st.players[0].missions.contains(&m02));
}

// ---------------- §11 end and scoring ----------------

#[test]
fn s11_conversions_kind_majorities_and_scores_a13() {
    let mut st = quiet(3);
    for p in &mut st.players {
        p.money = 0;
        p.own = 16;
        p.common = 0;
    }
    // Kind I (0..10) majority shared by seats 0 and 1, kind II (10..20) by seat 2.
    st.players[0].coats = vec![0, 1];
    st.players[1].coats = vec![2, 3, PLAIN_COAT];
    st.players[2].coats = vec![10];
    st.players[2].money = 7; // 2 coats, 1 Louisdor stays
    st.players[2].own = 15;
    st.tiles[3].stones[2] = 1; // a stone left on a tile
    st.players[1].completed = cards(&[mission(&st, "L03")]);
    st.coat_pile = vec![50, 51, 52, 53, 54, 55, 56, 57]; // kind VI only: no effect on I, II
    run(&mut st, [Task::Final]);
    let r = st.result.clone().unwrap();
    assert_eq!(r.conversions[2], [0, 0, 0, 1, 2]);
    assert_eq!(st.players[2].money, 1);
    assert_eq!(r.majorities[0], (2, vec![0, 1]));
    assert_eq!(r.majorities[1], (1, vec![2]));
    assert_eq!(
        r.majorities[5],
        (3, vec![2]),
        "converted coats count, bonus coats don't"
    );
    // Seat 0: 2 + bonus I = 3. Seat 1: 3 + bonus I + 5 = 9. Seat 2: 1 + 3 + bonus II + bonus VI = 6.
    assert_eq!(r.scores, [3, 9, 6]);
    assert_eq!(r.places, [3, 1, 2]);
    assert_eq!(st.tiles[3].stones[2], 0);
}

#[test]
fn s11_tie_break_by_own_supply_then_shared_victory_a20() {
    let mut st = quiet(3);
    for p in &mut st.players {
        p.money = 0;
        p.coats = vec![PLAIN_COAT; 4];
    }
    st.players[0].own = 12;
    st.players[1].own = 12;
    st.players[2].own = 9;
    run(&mut st, [Task::Final]);
    let out = LouisXiv::outcome(&st).unwrap();
    assert_eq!(out.places, [1, 1, 3]);
    assert_eq!(out.winners(), [0, 1]);

    let mut st = quiet(2);
    for p in &mut st.players {
        p.money = 0;
        p.coats = vec![PLAIN_COAT; 4];
    }
    st.players[1].own = 13;
    run(&mut st, [Task::Final]);
    assert_eq!(LouisXiv::outcome(&st).unwrap().places, [2, 1]);
}

// ---------------- §13 information ----------------

#[test]
fn s13_views_show_own_coat_kinds_only() {
    let mut st = quiet(3);
    st.players[0].coats = vec![7];
    st.players[1].coats = vec![17];
    let me = serde_json::to_string(&LouisXiv::view(&st, crate::Viewer::Seat(0))).unwrap();
    assert!(me.contains("\"coat-7\"") && !me.contains("\"coat-17\""));
    let spectator = serde_json::to_string(&LouisXiv::view(&st, crate::Viewer::Spectator)).unwrap();
    assert!(!spectator.contains("coat-"));
    assert!(LouisXiv::secrets(&st, 0).contains(&"coat-17".to_string()));
}

#[test]
fn s14_menus_are_small_in_every_state_of_random_games() {
    let mut buf = Vec::new();
    for seed in 0..20 {
        let mut st = game(2 + (seed % 3) as usize, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while let Some(d) = st.decision.clone() {
            let menu = LouisXiv::menu(&st, Actor::Seat(d.seat())).unwrap();
            assert!((1..=25).contains(&menu.choices.len()));
            let c =
                random_player::choose::<LouisXiv>(&st, Actor::Seat(d.seat()), &mut rng, &mut buf)
                    .unwrap();
            LouisXiv::apply(&mut st, Actor::Seat(d.seat()), c, &mut Vec::new()).unwrap();
        }
    }
}

#[test]
fn a1_a2_a5_inferred_tables_are_the_spec_values() {
    let d = Data::default_data();
    let backs: Vec<Condition> = d.tile.iter().map(|t| t.back).collect();
    use Condition::*;
    assert_eq!(
        backs,
        [
            First,
            First,
            First,
            First,
            Money { price: 4 },
            First,
            Stones { threshold: 3 },
            Stones { threshold: 2 },
            Money { price: 4 },
            First,
            Stones { threshold: 2 },
            Stones { threshold: 3 },
        ]
    );
    let incomes: Vec<(u32, u8)> = d.money_card.iter().map(|m| (m.income, m.king)).collect();
    assert_eq!(
        incomes,
        [
            (3, 1),
            (6, 1),
            (4, 2),
            (5, 2),
            (4, 3),
            (5, 3),
            (3, 4),
            (6, 4)
        ]
    );
    // A5: per colour, each plain chip type is demanded equally often.
    for (deck, per_type) in [(Deck::Light, 5), (Deck::Medium, 6), (Deck::Dark, 4)] {
        for chip in [
            super::data::Symbol::Sceptre,
            super::data::Symbol::Scroll,
            super::data::Symbol::Ring,
            super::data::Symbol::Helmet,
        ] {
            let n: usize = d
                .mission
                .iter()
                .filter(|m| m.deck == deck)
                .map(|m| m.requires.iter().filter(|&&s| s == chip).count())
                .sum();
            assert_eq!(n, per_type, "{deck:?} {chip:?}");
        }
    }
}

#[test]
fn a12_an_empty_coat_pile_gives_plain_coats_that_score_but_have_no_kind() {
    let mut st = quiet(2);
    for p in &mut st.players {
        p.money = 0;
    }
    st.coat_pile.clear();
    st.players[0].chips = [0, 1, 0, 0, 0];
    run(&mut st, [Task::Final]);
    assert_eq!(st.players[0].coats, [PLAIN_COAT]);
    let r = st.result.clone().unwrap();
    assert_eq!(r.scores, [1, 0]);
    assert!(
        r.majorities.iter().all(|(n, h)| *n == 0 && h.is_empty()),
        "A13: a kind nobody holds gives no bonus"
    );
}

#[test]
fn a18_maintenon_places_zero_one_or_two_on_tile_5() {
    let mut st = quiet(3);
    st.tiles[7].stones = [1, 0, 0, 0, 0];
    evaluate(&mut st, 8);
    assert_eq!(ids(&st), [0, 1, 2]);
    pick(&mut st, 1);
    assert_eq!(st.decision, Some(Decision::Retrieve { seat: 0, max: 1 }));
    assert_eq!(ids(&st), [0, 1]);
}

#[test]
fn a24_an_empty_mission_deck_is_skipped_and_no_decks_means_no_draw() {
    let mut st = quiet(3);
    st.mission_decks[0].clear();
    st.mission_decks[1].clear();
    let ev = run(&mut st, [Task::DrawMission(0)]);
    assert!(ev.contains(&Ev::MissionTaken {
        seat: 0,
        deck: Deck::Dark
    }));
    st.mission_decks[2].clear();
    let ev = run(&mut st, [Task::DrawMission(0)]);
    assert!(ev.is_empty() && st.decision.is_none());
}

#[test]
fn a19_a22_two_player_neutral_comes_before_start_placements_and_compensation_follows_the_money_card(
) {
    let mut st = quiet(2);
    st.round = 2;
    st.money_deck.truncate(1);
    st.neutral_pool = 8;
    st.players[0].completed = cards(&[mission(&st, "M08")]);
    run(&mut st, [Task::Round]);
    // Deal done, neutral placed, then seat 0's M08 asks.
    let king = st.king.unwrap();
    assert!(matches!(st.decision, Some(Decision::StartPlace { seat: 0, tile }) if tile == king));
    assert!(st.tiles[king as usize].stones[NEUTRAL] >= 2);
    let mut st = quiet(3);
    st.round = 4;
    st.money_deck.truncate(1);
    let ev = run(&mut st, [Task::Round]);
    let money = ev
        .iter()
        .position(|e| matches!(e, Ev::MoneyCard { .. }))
        .unwrap();
    assert!(matches!(ev[money + 1], Ev::Compensation { seat: 0 }));
}

#[test]
fn a23_the_host_may_name_the_start_player_and_the_deal_stays_the_same() {
    let drawn = game(3, 21);
    for named in 1..=3u8 {
        let opts = LouisOptions {
            start_player: named,
        };
        let st = LouisXiv::new(&opts, 3, 21).unwrap();
        assert_eq!(st.start, named - 1);
        // The seed still draws the same decks; only the stone split follows the start.
        assert_eq!(st.influence_deck, drawn.influence_deck);
        assert_eq!(st.mission_decks, drawn.mission_decks);
        assert_eq!(st.money_deck, drawn.money_deck);
    }
    let too_far = LouisOptions { start_player: 4 };
    assert!(matches!(
        LouisXiv::new(&too_far, 3, 21),
        Err(SetupError::BadOption { key, .. }) if key == "start_player"
    ));
    // Through the registry the option is a published lobby option, 0 (random) by default.
    let kind = registry::find("louis-xiv").unwrap();
    let mut values = OptionValues::new();
    values.insert("start_player".into(), crate::options::OptionValue::Int(2));
    let named = kind.new_game(&values, 2, 21).unwrap();
    assert_eq!(
        named.view_json(crate::contract::Viewer::Spectator)["start"],
        1
    );
    let default = kind.new_game(&OptionValues::new(), 2, 21).unwrap();
    assert_eq!(
        default.to_json(),
        registry::find("louis-xiv")
            .unwrap()
            .load(&serde_json::to_string(&game(2, 21)).unwrap())
            .unwrap()
            .to_json()
    );
}

#[test]
fn s11_the_revealed_coats_beside_a_majority_are_the_counts_it_was_decided_on_issue17() {
    use crate::contract::Viewer;
    let mut st = quiet(2);
    for p in &mut st.players {
        p.money = 0;
    }
    st.players[0].coats = vec![0, 1];
    st.players[1].coats = vec![10];
    // The bonus coats come from kind I: seat 0 ends with three coats of kind I.
    st.coat_pile = vec![2, 3, 4];
    run(&mut st, [Task::Final]);
    assert_eq!(st.players[0].coats.iter().filter(|&&c| c < 10).count(), 3);
    let panel = LouisXiv::panel(&LouisXiv::view(&st, Viewer::Spectator));
    let names = |s: u8| ["Petr", "Jana"][s as usize].to_string();
    let result: Vec<String> = panel
        .sections
        .iter()
        .find(|s| s.heading.key == "lx-sec-result")
        .expect("a result section")
        .lines
        .iter()
        .map(|l| crate::Lang::En.text(l, &names))
        .collect();
    assert_eq!(result[0], "Petr: 2× coat I");
    assert_eq!(result[1], "Jana: 1× coat II");
    assert!(
        result.contains(&"Most of coat I (2): Petr — a bonus coat each.".to_string()),
        "{result:?}"
    );
}
