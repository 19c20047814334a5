//! Claim: what a seat sees (§10), its menus (§11), refused moves and the timeout.

use super::*;

#[test]
fn spec_10_a_seats_view_and_events_never_show_what_is_hidden_from_it() {
    let mut rng = ChaCha8Rng::seed_from_u64(10);
    for seed in 0..300 {
        let mut s = Claim::new(&Default::default(), 2, seed).unwrap();
        while let Some(seat) = s.to_move() {
            let legal: Vec<Card> = s.legal(seat).iter().collect();
            let mut events = Vec::new();
            s.play(seat, legal[rng.random_range(0..legal.len())], &mut events)
                .unwrap();
            for a in 0..2u8 {
                let hidden = s.hidden_from(a);
                let b = 1 - a as usize;
                if s.phase == Phase::Recruiting {
                    assert!(
                        s.hands[b].iter().all(|c| hidden.contains(c)),
                        "§10: the opponent's hand"
                    );
                }
                assert!(
                    s.blind[b].iter().all(|c| hidden.contains(c)),
                    "§10: blind draws"
                );
                assert!(s.deck.iter().all(|c| hidden.contains(*c)), "§10: the deck");
                let mut shown = serde_json::to_string(&Claim::view(&s, Viewer::Seat(a))).unwrap();
                for e in events
                    .iter()
                    .filter(|e| Claim::audience(e).shown_to(Viewer::Seat(a)))
                {
                    shown.push_str(&serde_json::to_string(e).unwrap());
                }
                for c in hidden.iter() {
                    assert!(
                        !shown.contains(&format!("\"{}\"", c.id())),
                        "seat {a} sees {c:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn spec_11_menus_list_legal_cards_by_faction_then_value() {
    let s = table(
        Phase::Recruiting,
        0,
        [&["KNI-2", "GOB-7", "DWA-0", "GOB-1"], &["UND-3"]],
    );
    let menu = Claim::menu(&s, Actor::Seat(0)).unwrap();
    let ids: Vec<String> = menu
        .choices
        .iter()
        .map(|c| Card(c.id.0 as u8).id())
        .collect();
    assert_eq!(ids, vec!["GOB-1", "GOB-7", "DWA-0", "KNI-2"]);
    let en: Vec<String> = menu
        .choices
        .iter()
        .map(|c| crate::Lang::En.text(&c.label, &|_| String::new()))
        .collect();
    assert_eq!(en[0], "Goblin 1");
    let cs = crate::Lang::Cs.text(&menu.choices[3].label, &|_| String::new());
    assert_eq!(cs, "Rytíř 2");
    assert!(Claim::menu(&s, Actor::Seat(1)).is_none());
}

#[test]
fn a_move_out_of_turn_or_by_the_system_is_refused() {
    let mut s = table(Phase::Recruiting, 0, [&["GOB-3"], &["GOB-4"]]);
    let before = s.clone();
    let id = ChoiceId(card("GOB-4").0 as u32);
    assert_eq!(
        Claim::apply(&mut s, Actor::Seat(1), id, &mut Vec::new()),
        Err(RuleError::NotYourDecision)
    );
    assert_eq!(
        Claim::apply(&mut s, Actor::System, id, &mut Vec::new()),
        Err(RuleError::NotYourDecision)
    );
    assert_eq!(
        Claim::apply(&mut s, Actor::Seat(0), ChoiceId(999), &mut Vec::new()),
        Err(RuleError::IllegalChoice)
    );
    assert_eq!(s, before);
}

#[test]
fn the_timeout_plays_the_lowest_legal_card() {
    let mut s = table(
        Phase::Recruiting,
        0,
        [&["KNI-9", "DWA-4"], &["DWA-1", "DWA-8", "DOP-0"]],
    );
    assert_eq!(
        Claim::timeout_choice(&s, Actor::Seat(0)),
        Some(ChoiceId(card("DWA-4").0 as u32))
    );
    play(&mut s, 0, "DWA-4");
    assert_eq!(
        Claim::timeout_choice(&s, Actor::Seat(1)),
        Some(ChoiceId(card("DWA-1").0 as u32))
    );
    assert_eq!(Claim::timeout_choice(&s, Actor::Seat(0)), None);
}
