//! The hint's and the review's own properties on Claim (the cheapest game) and, for the
//! flat search, Fantasy Realms: they agree with the move the search makes, their figures are
//! chances, and the review's turning points are its largest drops.

use super::*;
use crate::{
    games::{claim::Claim, fantasy_realms::FantasyRealms},
    Actor, Lang,
};

fn to_move<G: Game>(state: &G::State) -> Option<Seat> {
    let mut pending = Vec::new();
    G::pending(state, &mut pending);
    pending.iter().find_map(|p| match p.actor {
        Actor::Seat(s) => Some(s),
        Actor::System => None,
    })
}

/// A hint's choices are the search's favourites, listed by their chance to win.
fn assert_shown_by_chance(hint: &[hint::HintChoice], estimates: &[ChoiceEstimate]) {
    assert!(hint.windows(2).all(|w| w[0].win_chance >= w[1].win_chance));
    let favourites: Vec<ChoiceId> = estimates
        .iter()
        .take(hint.len())
        .map(|e| e.choice)
        .collect();
    for h in hint {
        assert!(
            favourites.contains(&h.choice),
            "{h:?} not in {favourites:?}"
        );
    }
}

#[test]
fn a_hint_names_the_search_s_move_and_at_most_three_by_their_chances() {
    for seed in 0..4 {
        let state = Claim::new(&Default::default(), 2, seed).unwrap();
        let seat = to_move::<Claim>(&state).unwrap();
        let cfg = SearchConfig::iterations::<Claim>(600);
        let hint = hint::hint::<Claim>(&state, seat, &cfg, 7);
        assert!(!hint.is_empty() && hint.len() <= hint::HINT_CHOICES);
        let chosen = choose::<Claim>(&state, seat, &cfg, 7).unwrap();
        assert!(hint.iter().any(|h| h.choice == chosen), "{hint:?}");
        assert_shown_by_chance(&hint, &evaluate::<Claim>(&state, seat, &cfg, 7, None));
        let menu = Claim::menu(&state, Actor::Seat(seat)).unwrap();
        for h in &hint {
            assert!((0.0..=1.0).contains(&h.win_chance), "{h:?}");
            assert!(menu
                .choices
                .iter()
                .any(|c| c.id == h.choice && c.label == h.label));
        }
        assert!(hint::hint::<Claim>(&state, 1 - seat, &cfg, 7).is_empty());
    }
}

#[test]
fn a_flat_hint_names_the_flat_search_s_move_by_its_chance() {
    let mut state = FantasyRealms::new(&Default::default(), 2, 3).unwrap();
    let mut events = Vec::new();
    // A few moves in, past the opening's single choices.
    for mv in 0..6 {
        let seat = to_move::<FantasyRealms>(&state).unwrap();
        let id = greedy_choice::<FantasyRealms>(&state, seat, mv).unwrap();
        FantasyRealms::apply(&mut state, Actor::Seat(seat), id, &mut events).unwrap();
    }
    let seat = to_move::<FantasyRealms>(&state).unwrap();
    let cfg = SearchConfig::iterations::<FantasyRealms>(200);
    let hint = hint::hint::<FantasyRealms>(&state, seat, &cfg, 5);
    assert!(!hint.is_empty());
    let chosen = choose::<FantasyRealms>(&state, seat, &cfg, 5).unwrap();
    assert!(hint.iter().any(|h| h.choice == chosen), "{hint:?}");
    assert_shown_by_chance(
        &hint,
        &evaluate::<FantasyRealms>(&state, seat, &cfg, 5, None),
    );
}

/// Where the search's favourite is not the likeliest win, the likeliest is listed first:
/// the order a player reads agrees with the percentages (seeds where they differ exist).
#[test]
fn a_hint_lists_a_likelier_win_above_the_search_s_favourite() {
    let mut disagreed = 0;
    for seed in 0..12 {
        let state = Claim::new(&Default::default(), 2, seed).unwrap();
        let seat = to_move::<Claim>(&state).unwrap();
        let cfg = SearchConfig::iterations::<Claim>(300);
        let estimates = evaluate::<Claim>(&state, seat, &cfg, seed, None);
        let hint = hint::hint::<Claim>(&state, seat, &cfg, seed);
        assert_shown_by_chance(&hint, &estimates);
        let top = &estimates[..hint.len()];
        if top.windows(2).any(|w| w[0].win_chance < w[1].win_chance) {
            disagreed += 1;
            let likeliest = top.iter().map(|e| e.win_chance).fold(0.0, f64::max);
            assert_eq!(hint[0].win_chance, likeliest);
        }
    }
    assert!(
        disagreed > 0,
        "no seed where the search's order and the chances differ"
    );
}

#[test]
fn the_move_made_gets_a_figure_on_enough_playouts() {
    let state = Claim::new(&Default::default(), 2, 11).unwrap();
    let seat = to_move::<Claim>(&state).unwrap();
    let cfg = SearchConfig::iterations::<Claim>(300);
    let best = evaluate::<Claim>(&state, seat, &cfg, 3, None);
    // The least tried choice, searched further.
    let least = best.iter().min_by_key(|e| e.samples).unwrap().clone();
    let topped = evaluate::<Claim>(&state, seat, &cfg, 3, Some((least.choice, 200)));
    let made = topped.iter().find(|e| e.choice == least.choice).unwrap();
    assert!(made.samples >= 200, "{made:?} (was {least:?})");
}

/// A seeded Claim game between the greedy player (seat 0) and a small search.
fn claim_game(seed: u64) -> (<Claim as Game>::State, Vec<(Actor, ChoiceId)>) {
    let start = Claim::new(&Default::default(), 2, seed).unwrap();
    let mut state = start.clone();
    let (mut moves, mut events) = (Vec::new(), Vec::new());
    let search = Strategy::Search(SearchConfig::iterations::<Claim>(100));
    while let Some(seat) = to_move::<Claim>(&state) {
        let strategy = if seat == 0 {
            &Strategy::Greedy
        } else {
            &search
        };
        let id = choose_by::<Claim>(&state, seat, strategy, moves.len() as u64).unwrap();
        Claim::apply(&mut state, Actor::Seat(seat), id, &mut events).unwrap();
        moves.push((Actor::Seat(seat), id));
    }
    (start, moves)
}

#[test]
fn a_review_judges_each_decision_of_its_seat_and_names_the_largest_drops() {
    let (start, moves) = claim_game(4);
    let cfg = SearchConfig::iterations::<Claim>(300);
    let review = review::review_game::<Claim>(&start, &moves, 0, &cfg, 9).unwrap();
    assert_eq!(
        review,
        review::review_game::<Claim>(&start, &moves, 0, &cfg, 9).unwrap()
    );
    assert!(!review.decisions.is_empty());
    for d in &review.decisions {
        assert_eq!(moves[d.move_index], (Actor::Seat(0), d.made));
        assert!((0.0..=1.0).contains(&d.win_made) && (0.0..=1.0).contains(&d.win_best));
        assert!(d.cost() >= 0.0);
    }
    let costs: Vec<i64> = review
        .turning_points
        .iter()
        .map(|&i| review.decisions[i].cost_percent())
        .collect();
    assert!(costs.len() <= review::TURNING_POINTS);
    assert!(costs.windows(2).all(|w| w[0] >= w[1]) && costs.iter().all(|&c| c >= 1));
    let largest = review
        .decisions
        .iter()
        .map(|d| d.cost_percent())
        .max()
        .unwrap();
    if largest >= 1 {
        assert_eq!(costs[0], largest);
    }
    for text in review.turning_point_texts() {
        for lang in Lang::ALL {
            lang.try_text(&text, &|s| format!("P{s}")).unwrap();
        }
    }
}

#[test]
fn a_turning_point_reads_in_czech_and_english() {
    let label = |n: &str| {
        crate::Text::new("outcome-place")
            .arg("place", 1)
            .arg("player", n)
    };
    let d = review::DecisionReview {
        move_index: 8,
        made: ChoiceId(1),
        made_label: label("A"),
        best: ChoiceId(2),
        best_label: label("B"),
        win_made: 0.30,
        win_best: 0.48,
        why: None,
    };
    let names = |_| String::new();
    assert_eq!(
        Lang::En.try_text(&d.text(), &names).unwrap(),
        "Move 9: choosing “1. A” instead of “1. B” cost an estimated 18% chance to win."
    );
    assert_eq!(
        Lang::Cs.try_text(&d.text(), &names).unwrap(),
        "Tah 9: volba „1. A“ místo „1. B“ vás stála odhadem 18 % šance na výhru."
    );
}

#[test]
fn a_turning_point_says_what_both_choices_do_in_the_learning_modes_words() {
    let (start, moves) = claim_game(4);
    let cfg = SearchConfig::iterations::<Claim>(300);
    let review = review::review_game::<Claim>(&start, &moves, 0, &cfg, 9).unwrap();
    let explained = review.turning_points_explained();
    let (point, why) = explained
        .iter()
        .find(|(_, why)| !why.is_empty())
        .expect("a turning point the learning mode explains");
    let names = |s| format!("P{s}");
    let say = |lang: Lang, t: &crate::Text| lang.try_text(t, &names).unwrap();
    assert!(say(Lang::En, point).starts_with("Move "));
    assert_eq!(why.len(), 2);
    assert!(say(Lang::En, &why[0]).starts_with("Your choice: "));
    assert!(say(Lang::En, &why[1]).starts_with("The better one: "));
    assert!(say(Lang::Cs, &why[0]).starts_with("Vaše volba: "));
    assert!(say(Lang::Cs, &why[1]).starts_with("Lepší volba: "));
    assert_ne!(say(Lang::En, &why[0]), say(Lang::En, &why[1]));
    // The lines are the game's own learning-mode lines of the two choices.
    let d = review
        .decisions
        .iter()
        .find(|d| d.text() == *point)
        .unwrap();
    let state = review::positions::<Claim>(&start, &moves, 0)
        .unwrap()
        .into_iter()
        .find(|p| p.move_index == d.move_index)
        .unwrap()
        .state;
    let menu = Claim::menu(&state, Actor::Seat(0)).unwrap();
    let lines = Claim::explain_choices(&state, 0, &menu);
    let line = |id| lines[menu.choices.iter().position(|c| c.id == id).unwrap()].clone();
    assert_eq!(d.why, Some((line(d.made), line(d.best))));
    // A choice that was the best has nothing to explain.
    assert!(review
        .decisions
        .iter()
        .filter(|d| d.made == d.best)
        .all(|d| d.why.is_none() && d.why_texts().is_empty()));
}

#[test]
fn a_move_list_that_does_not_apply_is_refused() {
    let (start, mut moves) = claim_game(2);
    moves.insert(3, moves[3]);
    let err =
        review::review_game::<Claim>(&start, &moves, 0, &SearchConfig::iterations::<Claim>(10), 1)
            .unwrap_err();
    assert!(err.at >= 3, "{err}");
}
