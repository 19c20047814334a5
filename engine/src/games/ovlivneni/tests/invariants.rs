//! §15 invariants.

use super::*;

fn cases() -> u64 {
    ["VLIV_CASES_OVLIVNENI", "VLIV_CASES"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
        .unwrap_or(300)
}

fn check_invariants(s: &OvState) {
    for p in 0..2 {
        assert_eq!(s.card_count(p), 27, "§15: seat {p} has 27 cards");
        // Above five only while a draw-then-discard question is open (11B, 14B).
        assert!(s.players[p as usize].hand.len() <= 5 || s.prompt.is_some());
    }
    let countries = s.displayed()
        + s.country_deck.len()
        + s.removed.len()
        + s.players.iter().map(|p| p.captured.len()).sum::<usize>();
    assert_eq!(countries, 18, "§15: 18 countries");
    let mut ids = Vec::new();
    for seat in 0..2 {
        ids.clear();
        Ovlivneni::legal_ids(s, Actor::Seat(seat), &mut ids);
        assert!(ids.len() <= 25);
    }
}

#[test]
fn s15_invariants_hold_in_seeded_random_games_which_end_with_a_winner_or_the_turn_limit() {
    let mut scratch = Vec::new();
    let mut events = Vec::new();
    let (mut wins, mut draws) = (0u64, 0u64);
    for seed in 0..cases() {
        let options = OvOptions {
            turn_limit: [0, 40][seed as usize % 2],
            no_refill: seed % 3 == 0,
            strict_thresholds: seed % 5 == 0,
            ..OvOptions::default()
        };
        let mut s = Ovlivneni::new(&options, 2, seed).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut steps = 0;
        while let Some(p) = pending(&s).first() {
            check_invariants(&s);
            let choice = random_player::choose::<Ovlivneni>(&s, p.actor, &mut rng, &mut scratch)
                .expect("a pending seat has a choice");
            events.clear();
            Ovlivneni::apply(&mut s, p.actor, choice, &mut events).unwrap();
            steps += 1;
            assert!(steps < 200_000, "seed {seed} does not end");
        }
        check_invariants(&s);
        let outcome = Ovlivneni::outcome(&s).unwrap();
        match s.winner {
            Some(w) => {
                assert!(s.players[w as usize].captured.len() >= 3);
                assert_eq!(outcome.places[w as usize], 1);
                wins += 1;
            }
            None => {
                assert!(options.turn_limit > 0 && s.turn == options.turn_limit);
                assert!(outcome.is_draw());
                draws += 1;
            }
        }
    }
    assert!(wins > 0);
    assert_eq!(wins + draws, cases());
}
