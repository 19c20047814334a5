//! Claim: setup (§3), who may play what (§6) and who wins a trick (§7).

use super::*;

#[test]
fn spec_3_setup_deals_13_each_and_reveals_a_prize_from_26() {
    let s = Claim::new(&Default::default(), 2, 42).unwrap();
    assert_eq!(s.hands[0].len(), 13);
    assert_eq!(s.hands[1].len(), 13);
    assert_eq!(s.deck.len(), 25);
    assert!(s.prize.is_some());
    let all = s.hands[0]
        .union(s.hands[1])
        .union(s.deck.iter().copied().collect())
        .union(s.prize.into_iter().collect());
    assert_eq!(all, CardSet::ALL);
    assert_eq!(
        Claim::new(&Default::default(), 3, 42),
        Err(crate::SetupError::SeatCount {
            min: 2,
            max: 2,
            got: 3
        })
    );
}

#[test]
fn spec_12_d1_first_leader_is_random_but_fixed_by_the_seed() {
    let leaders: Vec<u8> = (0..64)
        .map(|seed| Claim::new(&Default::default(), 2, seed).unwrap().leader)
        .collect();
    assert!(leaders.contains(&0) && leaders.contains(&1));
    assert_eq!(
        Claim::new(&Default::default(), 2, 9).unwrap(),
        Claim::new(&Default::default(), 2, 9).unwrap()
    );
}

#[test]
fn spec_6_leader_may_play_any_card() {
    let s = table(
        Phase::Recruiting,
        0,
        [&["GOB-3", "KNI-5", "DOP-1"], &["GOB-4"]],
    );
    assert_eq!(s.legal(0), set(&["GOB-3", "KNI-5", "DOP-1"]));
    assert_eq!(
        s.legal(1),
        CardSet::EMPTY,
        "the follower waits for the lead"
    );
}

#[test]
fn spec_6_follower_must_follow_the_led_faction() {
    let hand = set(&["DWA-2", "DWA-8", "UND-9", "KNI-4"]);
    assert_eq!(legal_follow(hand, Faction::Dwarf), set(&["DWA-2", "DWA-8"]));
}

#[test]
fn spec_6_doppelganger_may_follow_even_when_holding_the_led_faction() {
    let hand = set(&["DWA-2", "DOP-5", "UND-9"]);
    assert_eq!(legal_follow(hand, Faction::Dwarf), set(&["DWA-2", "DOP-5"]));
}

#[test]
fn spec_6_knight_on_led_goblin_only_when_void_in_goblins() {
    let with_goblin = set(&["GOB-1", "KNI-9", "DOP-0"]);
    assert_eq!(
        legal_follow(with_goblin, Faction::Goblin),
        set(&["GOB-1", "DOP-0"])
    );
    let void = set(&["KNI-9", "UND-3"]);
    assert_eq!(legal_follow(void, Faction::Goblin), void);
    // Through the engine: the knight is refused while a goblin is held.
    let mut s = table(
        Phase::Recruiting,
        0,
        [&["GOB-9", "UND-0"], &["GOB-1", "KNI-9"]],
    );
    play(&mut s, 0, "GOB-9");
    let before = s.clone();
    let err = Claim::apply(
        &mut s,
        Actor::Seat(1),
        ChoiceId(card("KNI-9").0 as u32),
        &mut Vec::new(),
    );
    assert_eq!(err, Err(RuleError::IllegalChoice));
    assert_eq!(s, before, "a refused card changes nothing");
}

#[test]
fn spec_6_led_doppelganger_forces_a_doppelganger() {
    let hand = set(&["DOP-1", "GOB-9", "KNI-9"]);
    assert_eq!(legal_follow(hand, Faction::Doppelganger), set(&["DOP-1"]));
    let none = set(&["GOB-9", "KNI-9"]);
    assert_eq!(legal_follow(none, Faction::Doppelganger), none);
}

#[test]
fn spec_6_a_void_follower_may_play_anything() {
    let hand = set(&["GOB-2", "KNI-3", "UND-4"]);
    assert_eq!(legal_follow(hand, Faction::Dwarf), hand);
}

#[test]
fn spec_7_trick_winner_case_table() {
    let w = |l: &str, f: &str| trick_winner(card(l), card(f));
    assert_eq!(
        w("DWA-3", "DWA-5"),
        Winner::Follower,
        "same faction, higher follower"
    );
    assert_eq!(w("DWA-5", "DWA-3"), Winner::Leader);
    assert_eq!(
        w("GOB-0a", "GOB-0b"),
        Winner::Leader,
        "a tie goes to the leader"
    );
    assert_eq!(
        w("UND-4", "DOP-7"),
        Winner::Follower,
        "a doppelganger counts as following"
    );
    assert_eq!(
        w("UND-7", "DOP-7"),
        Winner::Leader,
        "doppelganger tie goes to the leader"
    );
    assert_eq!(w("DOP-2", "DOP-8"), Winner::Follower);
    assert_eq!(
        w("GOB-9", "KNI-2"),
        Winner::Follower,
        "a knight beats a led goblin whatever the values"
    );
    assert_eq!(
        w("KNI-2", "GOB-9"),
        Winner::Leader,
        "D6: knight led, goblin followed: off-faction"
    );
    assert_eq!(
        w("DOP-1", "KNI-9"),
        Winner::Leader,
        "D8: a knight does nothing on a led doppelganger"
    );
    assert_eq!(
        w("UND-0", "DWA-9"),
        Winner::Leader,
        "an off-faction card never wins"
    );
}
