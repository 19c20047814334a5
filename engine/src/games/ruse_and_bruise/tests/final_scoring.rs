//! Ruse & Bruise: the final scoring (§7) and whole random games (§2.4, §7).

use super::*;

// §7: final scoring.

#[test]
fn spec_7_final_scoring_example_honza_radka_iveta() {
    // Honza: one of each symbol worth 13 → 26.
    let honza = [
        "alchemy-1",
        "military-1",
        "agriculture-1",
        "trade-2",
        "religion-3a",
        "art-5",
    ];
    // Radka: four cards worth 20, not all symbols → 20.
    let radka = ["alchemy-5", "military-5", "trade-5", "agriculture-5"];
    // Iveta: six symbols worth 15 plus one more card → 29.
    let iveta = [
        "alchemy-2",
        "military-2",
        "agriculture-2",
        "trade-3a",
        "religion-3b",
        "art-3a",
        "art-1",
    ];
    let cards = |ids: &[&str]| ids.iter().map(|i| pt(i)).collect::<Vec<_>>();
    assert_eq!(score(&cards(&honza), true), (13, Some(26)));
    assert_eq!(score(&cards(&radka), true), (20, None));
    assert_eq!(score(&cards(&iveta), true), (16, Some(29)));
    let finals = final_scores(&[cards(&honza), cards(&radka), cards(&iveta)], true);
    let scores: Vec<i32> = finals.iter().map(|f| f.score).collect();
    assert_eq!(scores, vec![26, 20, 29]);
    assert_eq!(
        finals.iter().map(|f| f.place).collect::<Vec<_>>(),
        vec![2, 3, 1]
    );
}

#[test]
fn spec_7_d17_doubling_is_optional_the_better_score_counts_and_the_option_can_turn_it_off() {
    // Six 1s plus six 5s of the same symbol: doubled 2 × (5 + 1·5) − 6 = 14 < plain 35.
    let mut cards: Vec<PointCard> = (0..6).map(|s| PointCard(s * 6)).collect();
    cards.extend(
        (0..POINT_CARDS)
            .filter(|i| i % 6 == 5)
            .map(PointCard)
            .take(1),
    );
    cards.extend([
        pt("alchemy-4"),
        pt("alchemy-3a"),
        pt("alchemy-3b"),
        pt("alchemy-2"),
    ]);
    let (plain, doubled) = score(&cards, true);
    assert_eq!(plain, 6 + 5 + 4 + 3 + 3 + 2);
    assert_eq!(doubled, Some(2 * (5 + 5) - 5));
    let finals = final_scores(std::slice::from_ref(&cards), true);
    assert_eq!(finals[0].score, plain as i32);
    let honza: Vec<PointCard> = (0..6).map(|s| PointCard(s * 6)).collect();
    assert_eq!(
        final_scores(std::slice::from_ref(&honza), true)[0].score,
        12
    );
    assert_eq!(
        final_scores(&[honza], false)[0].score,
        6,
        "option off: plain sum"
    );
}

#[test]
fn spec_7_d18_tied_players_share_the_victory() {
    let finals = final_scores(&[vec![pt("art-5")], vec![pt("trade-5")], vec![]], true);
    assert_eq!(
        finals.iter().map(|f| f.place).collect::<Vec<_>>(),
        vec![1, 1, 3]
    );
}

// Whole games: invariants.

fn check_invariants(s: &RbState) {
    if s.phase == Phase::Colours || s.phase == Phase::StartPlayer {
        return;
    }
    for seat in 0..s.n() {
        let p = &s.players[seat];
        assert!(p.hand.len() <= 3);
        let mut all: Vec<Character> = p
            .deck
            .iter()
            .chain(&p.hand)
            .chain(&p.discard)
            .copied()
            .collect();
        for c in &s.columns {
            for placed in c.cards.iter().filter(|x| x.owner as usize == seat) {
                all.push(placed.character);
                all.extend(placed.hidden);
            }
        }
        all.sort();
        assert_eq!(
            all,
            Character::all().collect::<Vec<_>>(),
            "25 cards of seat {seat}"
        );
    }
    let mut points: Vec<PointCard> = s
        .point_deck
        .iter()
        .chain(&s.boxed)
        .chain(&s.unclaimed)
        .copied()
        .chain(s.columns.iter().map(|c| c.point))
        .chain(s.players.iter().flat_map(|p| p.won.iter().copied()))
        .collect();
    points.sort();
    assert_eq!(points, (0..POINT_CARDS).map(PointCard).collect::<Vec<_>>());
    for c in &s.columns {
        let face_down = c.cards.iter().filter(|p| !p.face_up).count();
        assert!(
            face_down <= 2,
            "at most the bottom card and one under a Storm"
        );
    }
}

#[test]
fn spec_2_4_and_7_random_games_keep_every_card_and_end_after_six_rounds() {
    let cases: usize = std::env::var("VLIV_CASES_RUSE_AND_BRUISE")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    let mut rng = ChaCha8Rng::seed_from_u64(17);
    let mut buf = Vec::new();
    for seed in 0..cases as u64 {
        let n = 2 + (seed % 5) as usize;
        let mut s = RuseAndBruise::new(&RbOptions::default(), n, seed).unwrap();
        let mut rounds = 0;
        let mut steps = 0;
        loop {
            let p = pending(&s);
            let Some(first) = p.first() else { break };
            let choice =
                random_player::choose::<RuseAndBruise>(&s, first.actor, &mut rng, &mut buf)
                    .expect("a pending seat has a choice");
            let mut events = Vec::new();
            let mut unlogged = s.clone();
            RuseAndBruise::apply(&mut s, first.actor, choice, &mut events).unwrap();
            // What the search plays by: the same state, no events built.
            let mut scratch = Vec::new();
            RuseAndBruise::apply_unlogged(&mut unlogged, first.actor, choice, &mut scratch)
                .unwrap();
            assert!(unlogged == s && scratch.is_empty(), "seed {seed}");
            rounds += events
                .iter()
                .filter(|e| matches!(e, RbEvent::RoundStarted { .. }))
                .count();
            check_invariants(&s);
            steps += 1;
            assert!(steps < 10_000, "seed {seed} does not end");
        }
        assert_eq!(rounds, 6, "seed {seed}: six rounds");
        assert_eq!(s.phase, Phase::Over);
        assert!(s.point_deck.is_empty());
        let outcome = RuseAndBruise::outcome(&s).expect("a result");
        assert_eq!(outcome.places.len(), n);
        // The search's reading of the end, without the explanation.
        let (mut places, mut scores) = (Vec::new(), Vec::new());
        assert!(RuseAndBruise::standing(&s, &mut places, &mut scores));
        assert_eq!(
            (places, scores),
            (outcome.places.clone(), outcome.scores.clone())
        );
        assert!(outcome.places.contains(&1));
        let won: usize = s.players.iter().map(|p| p.won.len()).sum();
        assert_eq!(
            won + s.unclaimed.len(),
            6 * n,
            "every point card in play was handed out"
        );
    }
}
