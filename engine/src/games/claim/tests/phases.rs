//! Claim: where a trick's cards go in phase 1 (§4) and phase 2 (§5), the Doppelgänger (§8).

use super::*;

#[test]
fn spec_4_prize_to_winner_and_top_deck_card_to_loser_blind() {
    let mut s = table(Phase::Recruiting, 0, [&["DWA-3"], &["DWA-5"]]);
    let prize = s.prize.unwrap();
    let top = *s.deck.last().unwrap();
    play(&mut s, 0, "DWA-3");
    let events = play(&mut s, 1, "DWA-5");
    assert!(s.followers[1].contains(prize), "the winner takes the prize");
    assert!(
        s.followers[0].contains(top),
        "the loser takes the top deck card"
    );
    assert!(s.blind[0].contains(top));
    assert!(events.contains(&ClaimEvent::TookTopCard { seat: 0 }));
    let drew = events
        .iter()
        .find(|e| matches!(e, ClaimEvent::DrewBlind { .. }))
        .unwrap();
    assert_eq!(
        Claim::audience(drew),
        Audience::Seat(0),
        "only the loser learns the card"
    );
    assert!(s.discard.contains(card("DWA-3")) && s.discard.contains(card("DWA-5")));
    assert_eq!(s.leader, 1, "the winner leads next");
}

#[test]
fn spec_4_undead_of_both_players_go_to_the_winners_score_pile_in_phase_1() {
    let mut s = table(Phase::Recruiting, 0, [&["UND-2"], &["UND-6"]]);
    play(&mut s, 0, "UND-2");
    play(&mut s, 1, "UND-6");
    assert_eq!(s.scores[1], set(&["UND-2", "UND-6"]));
    assert!(s.discard.is_empty());
}

#[test]
fn spec_12_d9_an_undead_thrown_off_faction_still_goes_to_the_winner() {
    let mut s = table(Phase::Recruiting, 0, [&["GOB-4"], &["UND-9"]]);
    play(&mut s, 0, "GOB-4");
    play(&mut s, 1, "UND-9");
    assert_eq!(
        s.scores[0],
        set(&["UND-9"]),
        "the leader won; the undead goes to them"
    );
    assert_eq!(s.discard, set(&["GOB-4"]));
}

#[test]
fn spec_12_d10_an_undead_prize_goes_to_the_follower_pile() {
    let mut s = table(Phase::Recruiting, 0, [&["GOB-9"], &["GOB-1"]]);
    s.prize = Some(card("UND-5"));
    s.deck.retain(|c| *c != card("UND-5"));
    play(&mut s, 0, "GOB-9");
    play(&mut s, 1, "GOB-1");
    assert!(s.followers[0].contains(card("UND-5")));
    assert!(!s.scores[0].contains(card("UND-5")));
}

#[test]
fn spec_8_a_doppelganger_following_an_undead_is_discarded_in_phase_1() {
    let mut s = table(Phase::Recruiting, 0, [&["UND-1"], &["DOP-9"]]);
    play(&mut s, 0, "UND-1");
    play(&mut s, 1, "DOP-9");
    assert_eq!(s.scores[1], set(&["UND-1"]));
    assert!(s.discard.contains(card("DOP-9")));
}

#[test]
fn spec_5_dwarves_go_to_the_loser_in_phase_2() {
    let mut s = table(
        Phase::Factions,
        0,
        [&["DWA-3", "GOB-1"], &["DWA-7", "GOB-2"]],
    );
    play(&mut s, 0, "DWA-3");
    play(&mut s, 1, "DWA-7");
    assert_eq!(
        s.scores[0],
        set(&["DWA-3", "DWA-7"]),
        "both dwarves to the loser (seat 0)"
    );
    assert!(s.scores[1].is_empty());
}

#[test]
fn spec_8_a_doppelganger_following_a_dwarf_goes_to_the_winner_in_phase_2() {
    let mut s = table(Phase::Factions, 0, [&["DWA-3"], &["DOP-8"]]);
    play(&mut s, 0, "DWA-3");
    play(&mut s, 1, "DOP-8");
    assert_eq!(
        s.scores[0],
        set(&["DWA-3"]),
        "the led dwarf goes to the loser"
    );
    assert_eq!(s.scores[1], set(&["DOP-8"]), "the doppelganger is no dwarf");
}

#[test]
fn spec_5_undead_have_no_power_in_phase_2() {
    let mut s = table(Phase::Factions, 1, [&["UND-2"], &["UND-5"]]);
    play(&mut s, 1, "UND-5");
    play(&mut s, 0, "UND-2");
    assert_eq!(s.scores[1], set(&["UND-2", "UND-5"]));
}

#[test]
fn spec_5_d2_the_winner_of_trick_13_leads_phase_2() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for seed in 0..50 {
        let mut s = Claim::new(&Default::default(), 2, seed).unwrap();
        let mut last_events = Vec::new();
        while s.phase == Phase::Recruiting {
            let seat = s.to_move().unwrap();
            let legal: Vec<Card> = s.legal(seat).iter().collect();
            let c = legal[rng.random_range(0..legal.len())];
            last_events.clear();
            s.play(seat, c, &mut last_events).unwrap();
        }
        let winner = match last_events
            .iter()
            .find(|e| matches!(e, ClaimEvent::TrickWon { .. }))
        {
            Some(ClaimEvent::TrickWon { winner, .. }) => *winner,
            _ => unreachable!(),
        };
        assert_eq!(s.leader, winner);
        assert_eq!(s.trick, 1);
        assert!(last_events.contains(&ClaimEvent::PhaseTwo { leader: winner }));
        assert_eq!(
            s.hands[0].len(),
            13,
            "§5.1: the 13 followers become the hand"
        );
        assert_eq!(s.hands[1].len(), 13);
    }
}
