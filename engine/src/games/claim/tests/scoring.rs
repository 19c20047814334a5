//! Claim: the votes and the winner (§9), invariants of whole random games (§4, §5).

use super::*;

#[test]
fn spec_9_most_cards_win_a_faction_and_a_tie_goes_to_the_highest_card() {
    let a = set(&["GOB-1", "GOB-2", "DWA-9", "UND-3", "KNI-2"]);
    let b = set(&["GOB-9", "DWA-4", "UND-8", "KNI-3", "KNI-4"]);
    let r = result([a, b]);
    let vote = |f: Faction| r.votes.iter().find(|v| v.faction == f).unwrap();
    assert_eq!(vote(Faction::Goblin).winner, Some(0), "2 goblins beat 1");
    assert_eq!(
        vote(Faction::Dwarf).winner,
        Some(0),
        "1–1, dwarf 9 beats dwarf 4"
    );
    assert_eq!(
        vote(Faction::Dwarf).compared,
        Some([card("DWA-9"), card("DWA-4")])
    );
    assert_eq!(
        vote(Faction::Undead).winner,
        Some(1),
        "1–1, undead 8 beats undead 3"
    );
    assert_eq!(vote(Faction::Knight).winner, Some(1));
    assert_eq!(
        vote(Faction::Doppelganger).winner,
        None,
        "D3: nobody has any"
    );
    assert_eq!(r.totals, [2, 2]);
    assert_eq!(r.winner, None, "D4: equal votes draw");
}

#[test]
fn spec_9_d3_equal_goblin_zeros_award_the_faction_to_nobody() {
    let r = result([set(&["GOB-0a"]), set(&["GOB-0b"])]);
    assert_eq!(r.votes[0].winner, None);
    assert!(r.votes[0].compared.is_some());
}

#[test]
fn spec_9_three_votes_win_the_game() {
    let a = set(&["GOB-1", "DWA-1", "UND-1"]);
    let b = set(&["DOP-1", "KNI-2"]);
    let r = result([a, b]);
    assert_eq!(r.totals, [3, 2]);
    assert_eq!(r.winner, Some(0));
    let o = crate::games::claim::present::outcome(&r);
    assert_eq!(o.places, vec![1, 2]);
    assert_eq!(o.winners(), vec![0]);
}

#[test]
fn spec_9_d4_more_votes_win_when_nobody_has_three() {
    let a = set(&["GOB-1", "DWA-1"]);
    let b = set(&["UND-1"]);
    let r = result([a, b]);
    assert_eq!(r.winner, Some(0));
}

/// §4/§5 invariants after every trick, and the 52 cards always accounted for.
fn check_invariants(s: &ClaimState) {
    let zones = [
        s.hands[0],
        s.hands[1],
        s.followers[0],
        s.followers[1],
        s.scores[0],
        s.scores[1],
        s.discard,
        s.deck.iter().copied().collect(),
        s.prize.into_iter().collect(),
        s.led.into_iter().collect(),
    ];
    let total: usize = zones.iter().map(|z| z.len()).sum();
    assert_eq!(total, 52, "every card in exactly one zone: {s:?}");
    assert_eq!(
        zones.iter().fold(CardSet::EMPTY, |a, z| a.union(*z)),
        CardSet::ALL
    );
    if s.led.is_some() {
        return; // mid-trick; the counts below hold between tricks
    }
    let done = s.trick as usize - 1; // completed tricks in this phase
    match s.phase {
        Phase::Recruiting => {
            assert_eq!(s.deck.len() + s.prize.iter().count(), 26 - 2 * done);
            for p in 0..2 {
                assert_eq!(s.hands[p].len(), 13 - done);
                assert_eq!(
                    s.followers[p].len(),
                    done,
                    "§4: each player adds one follower per trick"
                );
            }
        }
        Phase::Factions => {
            assert!(s.deck.is_empty() && s.prize.is_none());
            assert_eq!(s.hands[0].len(), 13 - done);
            assert_eq!(s.hands[1].len(), 13 - done);
        }
        Phase::Over => {
            assert!(s.hands[0].is_empty() && s.hands[1].is_empty());
        }
    }
}

#[test]
fn spec_4_and_5_invariants_hold_after_every_trick() {
    let games: u64 = std::env::var("VLIV_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2_000);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for seed in 0..games {
        let mut s = Claim::new(&Default::default(), 2, seed).unwrap();
        let mut undead_played_in_phase_1 = 0;
        check_invariants(&s);
        while let Some(seat) = s.to_move() {
            let legal: Vec<Card> = s.legal(seat).iter().collect();
            let c = legal[rng.random_range(0..legal.len())];
            if s.phase == Phase::Recruiting && c.faction() == Faction::Undead {
                undead_played_in_phase_1 += 1;
            }
            s.play(seat, c, &mut Vec::new()).unwrap();
            check_invariants(&s);
        }
        // §5: score piles hold 26 + U, the discard 26 − U.
        assert_eq!(
            s.scores[0].len() + s.scores[1].len(),
            26 + undead_played_in_phase_1
        );
        assert_eq!(s.discard.len(), 26 - undead_played_in_phase_1);
        let outcome = Claim::outcome(&s).unwrap();
        let r = result(s.scores);
        assert_eq!(outcome.scores, vec![r.totals[0] as i64, r.totals[1] as i64]);
    }
}

#[test]
fn spec_9_the_final_winner_is_announced_after_26_tricks() {
    let mut s = Claim::new(&Default::default(), 2, 3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let steps = random_player::playout::<Claim>(&mut s, &mut rng, 1_000, &mut Default::default());
    assert_eq!(steps, 52, "26 tricks of 2 cards");
    assert_eq!(s.phase, Phase::Over);
    let outcome = Claim::outcome(&s).unwrap();
    let r = result(s.scores);
    match r.winner {
        Some(w) => assert_eq!(outcome.winners(), vec![w]),
        None => assert!(outcome.is_draw()),
    }
    assert_eq!(
        outcome.explanation.len(),
        6,
        "five faction lines and the result"
    );
    let mut pending = Vec::new();
    Claim::pending(&s, &mut pending);
    assert!(pending.is_empty());
    assert_eq!(
        Claim::apply(&mut s, Actor::Seat(0), ChoiceId(0), &mut Vec::new()),
        Err(RuleError::GameOver)
    );
}
