//! Louis XIV: what each player sees (§13), menu sizes (§14) and the inferred decisions (A..).

use super::*;

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
            crate::games::louis_xiv::data::Symbol::Sceptre,
            crate::games::louis_xiv::data::Symbol::Scroll,
            crate::games::louis_xiv::data::Symbol::Ring,
            crate::games::louis_xiv::data::Symbol::Helmet,
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

// ---------------- the record of influence plays (issue 48) ----------------

/// A two-seat game `seed` played at random, the stored game beside it, until `until` holds;
/// `None` if the game ended first.
fn played_until(
    seed: u64,
    until: impl Fn(&LouisState) -> bool,
) -> Option<(Box<dyn crate::registry::GameState>, LouisState)> {
    let kind = registry::find(LouisXiv::ID).unwrap();
    let mut live = kind.new_game(&OptionValues::new(), 2, seed).unwrap();
    let mut st = game(2, seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    while !until(&st) {
        let d = st.decision.clone()?;
        let actor = Actor::Seat(d.seat());
        let c = random_player::choose::<LouisXiv>(&st, actor, &mut rng, &mut buf).unwrap();
        LouisXiv::apply(&mut st, actor, c, &mut Vec::new()).unwrap();
        live.apply(actor, c).unwrap();
    }
    Some((live, st))
}

#[test]
fn a_snapshot_stored_before_the_influence_record_resumes_and_one_that_differs_does_not() {
    let mut checked = 0;
    for seed in 0..10 {
        // Random play until an influence card has been played this phase.
        let Some((live, st)) = played_until(seed, |s| !s.plays.is_empty()) else {
            continue;
        };
        // The plays are public: every seat's view could tell them, and the record says who.
        assert_eq!(st.plays.last().map(|p| p.exchange), Some(false));
        let old = |s: &LouisState| {
            let mut json = serde_json::to_value(s).unwrap();
            json.as_object_mut().unwrap().remove("plays");
            json.to_string()
        };
        assert_ne!(live.to_json(), old(&st), "the replay writes the record");
        assert!(live.resumes_from(&old(&st)), "seed {seed}: a frozen game");
        let mut other = st.clone();
        other.round += 1;
        assert!(!live.resumes_from(&old(&other)), "seed {seed}");
        checked += 1;
    }
    assert!(checked > 5, "{checked}");
}

#[test]
fn a_snapshot_stored_before_returned_cards_were_recorded_resumes_and_one_that_differs_does_not() {
    let mut checked = 0;
    for seed in 0..10 {
        // Random play until a last card has gone back unplayed this phase (§6.2).
        let Some((live, st)) = played_until(seed, |s| s.plays.iter().any(|p| p.returned)) else {
            continue;
        };
        let at = st.plays.iter().position(|p| p.returned).unwrap();
        // The seat that sent its last card back has played its last card of the phase.
        let seat = st.plays[at].seat;
        assert!(
            st.players[seat as usize].influence.is_empty(),
            "seed {seed}"
        );
        assert_eq!(st.returned_cards(), vec![(seat, 0)], "seed {seed}");
        let old = |s: &LouisState| {
            let mut json = serde_json::to_value(s).unwrap();
            for play in json["plays"].as_array_mut().unwrap() {
                play.as_object_mut().unwrap().remove("returned");
            }
            json.to_string()
        };
        assert_ne!(live.to_json(), old(&st), "the replay writes the flag");
        assert!(live.resumes_from(&old(&st)), "seed {seed}: a frozen game");
        let mut other = st.clone();
        other.plays[at].kind ^= 1;
        assert!(!live.resumes_from(&old(&other)), "seed {seed}");
        checked += 1;
    }
    assert!(checked > 5, "{checked}");
}
