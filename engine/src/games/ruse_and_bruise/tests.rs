//! Ruse & Bruise rules tests, named after the spec sections and decisions they check.

use super::{
    cards::{Card, Character, Colour, PointCard, Symbol, POINT_CARDS},
    evaluation::{evaluate, ColumnReport, Entry, Mode},
    rules::{Column, Decision, Phase, Placed, RbEvent, RbState},
    scoring::{final_scores, score},
    RbOptions, RuseAndBruise,
};
use crate::{
    contract::{Actor, ChoiceId, DecisionKind, Game, Pending, Seat, Viewer},
    random_player,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const BLUE: Seat = 1;
const WHITE: Seat = 4;

fn ch(id: &str) -> Character {
    Character::all()
        .find(|c| c.info().id == id)
        .unwrap_or_else(|| panic!("no character {id}"))
}

fn pt(id: &str) -> PointCard {
    PointCard::from_id(id).unwrap_or_else(|| panic!("no point card {id}"))
}

fn card(seat: Seat, id: &str) -> Card {
    Card {
        colour: Colour::ALL[seat as usize],
        character: ch(id),
    }
}

fn apply(s: &mut RbState, seat: Seat, id: u32) -> Vec<RbEvent> {
    let mut events = Vec::new();
    RuseAndBruise::apply(s, Actor::Seat(seat), ChoiceId(id), &mut events)
        .unwrap_or_else(|e| panic!("seat {seat} choice {id}: {e}"));
    events
}

fn pending(s: &RbState) -> Vec<Pending> {
    let mut out = Vec::new();
    RuseAndBruise::pending(s, &mut out);
    out
}

fn ids(s: &RbState, seat: Seat) -> Vec<u32> {
    let mut out = Vec::new();
    RuseAndBruise::legal_ids(s, Actor::Seat(seat), &mut out);
    out.iter().map(|c| c.0).collect()
}

/// A game of `n` seats in play: colours in seat order, seat 0 starts round 1.
fn game(n: usize, seed: u64) -> RbState {
    let mut s = RuseAndBruise::new(&RbOptions::default(), n, seed).unwrap();
    while let Some(seat) = s.choosing_colour() {
        let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(seat)).unwrap();
        apply(&mut s, seat, t.0);
    }
    apply(&mut s, 0, 501);
    s
}

fn up(owner: Seat, id: &str) -> Placed {
    Placed {
        owner,
        character: ch(id),
        face_up: true,
        hidden: None,
        moved: 0,
        known: false,
    }
}

fn down(owner: Seat, id: &str) -> Placed {
    Placed {
        face_up: false,
        ..up(owner, id)
    }
}

/// A game of `n` seats with the given columns; seat 0 to play.
fn table(n: usize, columns: Vec<(&str, Vec<Placed>)>) -> RbState {
    let mut s = game(n, 1);
    s.columns = columns
        .into_iter()
        .map(|(point, cards)| Column {
            point: pt(point),
            closed: false,
            cards,
        })
        .collect();
    s.active = 0;
    s
}

fn set_hand(s: &mut RbState, seat: Seat, cards: &[&str]) {
    let mut hand: Vec<Character> = cards.iter().map(|c| ch(c)).collect();
    hand.sort();
    s.players[seat as usize].hand = hand.into_iter().collect();
}

fn play(s: &mut RbState, seat: Seat, id: &str, column: u8) -> Vec<RbEvent> {
    apply(s, seat, ch(id).index() as u32 * 8 + column as u32)
}

fn column_ids(s: &RbState, column: usize) -> Vec<(&'static str, bool)> {
    s.columns[column]
        .cards
        .iter()
        .map(|p| (p.character.info().id, p.face_up))
        .collect()
}

/// Evaluates a column of (owner, character, card hidden under it) top-down.
fn eval(symbol: Symbol, cards: &[(Seat, &str, Option<&str>)]) -> ColumnReport {
    let mut entries = Vec::new();
    for (i, &(owner, id, hidden)) in cards.iter().enumerate() {
        let position = i as u8 + 1;
        entries.push(Entry {
            owner,
            card: card(owner, id),
            position,
            hidden: false,
        });
        if let Some(h) = hidden {
            entries.push(Entry {
                owner,
                card: card(owner, h),
                position,
                hidden: true,
            });
        }
    }
    evaluate(entries, symbol)
}

fn value_of(r: &ColumnReport, owner: Seat, id: &str) -> Option<i32> {
    r.cards
        .iter()
        .find(|v| v.entry.owner == owner && v.entry.card.character == ch(id))
        .unwrap_or_else(|| panic!("{id} of {owner} is not in the column"))
        .value
}

fn removed(r: &ColumnReport) -> Vec<&'static str> {
    r.removals
        .iter()
        .map(|x| x.card.card.character.info().id)
        .collect()
}

fn sum_of(r: &ColumnReport, seat: Seat) -> Option<i32> {
    r.sums.iter().find(|(s, _)| *s == seat).map(|&(_, v)| v)
}

// §3, §9: setup.

#[test]
fn spec_3_setup_deals_three_cards_each_and_6n_point_cards_for_every_player_count() {
    for n in 2..=6 {
        let s = game(n, 5);
        assert_eq!(s.phase, Phase::Play);
        for p in &s.players {
            assert_eq!(p.hand.len(), 3);
            assert_eq!(p.deck.len(), 22);
        }
        assert_eq!(s.boxed.len(), 36 - 6 * n, "returned to the box");
        assert_eq!(s.columns.len(), n, "columns per round");
        assert_eq!(s.point_deck.len(), 6 * n - n);
        assert_eq!(s.round, 1);
    }
}

#[test]
fn spec_9_colours_are_chosen_in_seat_order_and_time_out_to_the_first_free_one() {
    let mut s = RuseAndBruise::new(&RbOptions::default(), 3, 9).unwrap();
    assert_eq!(
        pending(&s),
        vec![Pending {
            actor: Actor::Seat(0),
            kind: DecisionKind::Setup
        }]
    );
    assert_eq!(ids(&s, 0), (400..406).collect::<Vec<_>>());
    apply(&mut s, 0, 400 + Colour::White as u32);
    assert_eq!(s.choosing_colour(), Some(1));
    assert!(!ids(&s, 1).contains(&(400 + Colour::White as u32)));
    let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(1)).unwrap();
    assert_eq!(
        t.0,
        400 + Colour::Red as u32,
        "join order: the first free colour"
    );
    apply(&mut s, 1, t.0);
    apply(&mut s, 2, 400 + Colour::Black as u32);
    assert_eq!(s.phase, Phase::StartPlayer);
    assert_eq!(
        s.colours,
        vec![Some(Colour::White), Some(Colour::Red), Some(Colour::Black)]
    );
}

#[test]
fn spec_3_5_d19_the_start_player_is_drawn_from_the_seed_unless_the_host_picks_one() {
    let start = |seed: u64, choice: Option<u32>| {
        let mut s = RuseAndBruise::new(&RbOptions::default(), 4, seed).unwrap();
        while let Some(seat) = s.choosing_colour() {
            let first = ids(&s, seat)[0];
            apply(&mut s, seat, first);
        }
        assert_eq!(pending(&s)[0].kind, DecisionKind::Setup);
        let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(0)).unwrap();
        assert_eq!(t.0, 500, "the timeout keeps the seeded start player");
        apply(&mut s, 0, choice.unwrap_or(t.0));
        (s.random_start, s.active)
    };
    let (random, active) = start(3, None);
    assert_eq!(random, active);
    assert_eq!(
        start(3, None),
        (random, active),
        "the same seed, the same start"
    );
    let starts: std::collections::BTreeSet<Seat> = (0..40).map(|k| start(k, None).1).collect();
    assert_eq!(starts.len(), 4, "every seat can be drawn");
    assert_eq!(start(3, Some(503)).1, 2, "the host picked seat 2");
}

#[test]
fn spec_3_d24_two_players_use_12_point_cards_in_two_columns_without_special_rules() {
    let s = game(2, 4);
    assert_eq!(s.point_deck.len() + s.columns.len(), 12);
    assert_eq!(s.boxed.len(), 24);
}

// §4: turns.

#[test]
fn spec_4_2_a_card_is_played_face_down_at_the_bottom_and_flips_the_card_above() {
    let mut s = table(
        3,
        vec![
            ("trade-3a", vec![down(1, "king")]),
            ("art-2", vec![]),
            ("alchemy-1", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    let events = play(&mut s, 0, "queen", 0);
    assert_eq!(column_ids(&s, 0), vec![("king", true), ("queen", false)]);
    assert!(events.contains(&RbEvent::Flipped {
        column: 0,
        card: card(1, "king")
    }));
    assert!(events.contains(&RbEvent::Played { seat: 0, column: 0 }));
    assert_eq!(s.players[0].hand.len(), 3, "the draw step refills the hand");
    assert_eq!(s.active, 1);
    // Own cards flip too.
    set_hand(&mut s, 1, &["witch", "hermit", "squire"]);
    play(&mut s, 1, "witch", 0);
    assert_eq!(column_ids(&s, 0)[1], ("queen", true));
}

#[test]
fn spec_4_2_full_columns_stay_legal_and_stormed_columns_are_not() {
    let mut s = table(2, vec![("trade-1", vec![up(1, "king")]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    assert!(s.columns[0].full());
    assert_eq!(
        ids(&s, 0).len(),
        6,
        "3 cards × 2 columns, the full one included"
    );
    s.columns[1].closed = true;
    let legal = ids(&s, 0);
    assert_eq!(legal.len(), 3);
    assert!(legal.iter().all(|id| id % 8 == 0));
}

#[test]
fn spec_4_3_d30_an_empty_deck_is_rebuilt_from_the_discard_pile_when_a_draw_needs_it() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    s.players[0].deck.clear();
    s.players[0].discard = [ch("king"), ch("witch")].into_iter().collect();
    let events = play(&mut s, 0, "queen", 0);
    assert!(events.contains(&RbEvent::Reshuffled { seat: 0, count: 2 }));
    assert_eq!(s.players[0].hand.len(), 3);
    assert_eq!(s.players[0].deck.len(), 1);
    assert!(s.players[0].discard.is_empty());
}

#[test]
fn spec_4_3_d27_the_draw_step_tops_a_short_hand_up_to_three() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["queen"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(s.players[0].hand.len(), 3);
    // Deck and discard empty: nothing is drawn, the hand shrinks.
    set_hand(&mut s, 1, &["king", "witch"]);
    s.players[1].deck.clear();
    s.players[1].discard.clear();
    play(&mut s, 1, "king", 1);
    assert_eq!(s.players[1].hand.len(), 1);
}

#[test]
fn spec_4_4_the_round_ends_when_every_column_is_full_after_the_turn_and_4_6_the_left_neighbour_starts_next(
) {
    let mut s = table(
        3,
        vec![
            ("trade-1", vec![up(1, "king")]),
            ("art-2", vec![up(2, "queen"), down(2, "hermit")]),
            ("alchemy-1", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 2);
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 0 }));
    assert_eq!(s.round, 2);
    assert_eq!(s.active, 1, "the left neighbour of who ended the round");
    assert_eq!(s.players[1].won.as_slice(), &[pt("trade-1")]);
    assert_eq!(s.players[2].won.as_slice(), &[pt("art-2")]);
    assert_eq!(s.players[0].won.as_slice(), &[pt("alchemy-1")]);
    // §6.6: every influence card goes to its owner's discard pile.
    assert!(s.players[0].discard.contains(&ch("juliet")));
    assert!(s.players[2].discard.contains(&ch("hermit")));
    // D-10: the ender drew before the evaluation.
    assert_eq!(s.players[0].hand.len(), 3);
}

#[test]
fn spec_4_4_d12_an_assassin_flipped_by_the_last_card_kills_it_and_the_round_goes_on() {
    let mut s = table(
        2,
        vec![
            ("trade-1", vec![up(1, "king")]),
            ("art-3a", vec![up(1, "queen"), down(1, "assassin")]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 1);
    assert!(events.contains(&RbEvent::Killed {
        card: card(0, "juliet"),
        by: card(1, "assassin"),
        column: 1
    }));
    assert_eq!(column_ids(&s, 1), vec![("queen", true), ("assassin", true)]);
    assert_eq!(s.round, 1, "the killed card no longer fills the column");
    assert!(s.players[0].discard.contains(&ch("juliet")));
    // §5.2: a card placed under a face-up Assassin flips nothing.
    set_hand(&mut s, 1, &["witch", "hermit", "squire"]);
    let events = play(&mut s, 1, "witch", 1);
    assert!(!events.iter().any(|e| matches!(e, RbEvent::Flipped { .. })));
    assert_eq!(s.round, 2, "now the column is full and the round is over");
}

#[test]
fn spec_4_5_d16_a_player_without_cards_is_skipped_and_nobody_able_to_play_ends_the_round() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![]),
            ("art-5", vec![]),
            ("alchemy-5", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["king"]);
    for seat in 0..3 {
        s.players[seat].deck.clear();
        s.players[seat].discard.clear();
    }
    set_hand(&mut s, 1, &[]);
    set_hand(&mut s, 2, &["queen"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Skipped { seat: 1 }));
    assert_eq!(s.active, 2);
    let events = play(&mut s, 2, "queen", 1);
    assert!(events.contains(&RbEvent::NobodyCanPlay));
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 2 }));
    // D-14: the empty column had no contender; its point card left the game.
    assert!(s.unclaimed.contains(&pt("alchemy-5")));
    assert_eq!(s.players[0].won.as_slice(), &[pt("trade-5")]);
}

// §5: immediate effects.

#[test]
fn spec_5_1_the_explorer_moves_face_down_to_the_next_open_column_and_flips_the_card_above() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![up(2, "king")]),
            ("alchemy-5", vec![up(2, "queen"), down(2, "witch")]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 0);
    assert!(events.contains(&RbEvent::ExplorerMoved {
        card: card(1, "explorer"),
        from: 0,
        to: 2
    }));
    assert_eq!(
        column_ids(&s, 0),
        vec![("juliet", false)],
        "the flipper stays face down"
    );
    assert_eq!(
        column_ids(&s, 2),
        vec![("queen", true), ("witch", true), ("explorer", false)],
        "the stormed column was skipped; the Explorer flipped the Witch"
    );
    assert!(
        s.columns[2].cards[2].known,
        "its identity stays public (D-11)"
    );
    // Wrapping from the last column to the first.
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "hermit")]),
            ("art-5", vec![down(1, "explorer")]),
        ],
    );
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    play(&mut s, 0, "juliet", 1);
    assert_eq!(
        column_ids(&s, 0),
        vec![("hermit", true), ("explorer", false)]
    );
}

#[test]
fn spec_5_1_d11_an_explorer_with_every_other_column_closed_stays_face_up() {
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-1", vec![up(1, "storm")]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["juliet", "romeo", "beggar"]);
    let events = play(&mut s, 0, "juliet", 0);
    assert!(events.contains(&RbEvent::ExplorerStays {
        card: card(1, "explorer"),
        column: 0
    }));
    assert_eq!(
        column_ids(&s, 0),
        vec![("explorer", true), ("juliet", false)]
    );
}

#[test]
fn spec_5_1_d11_an_explorer_moves_at_most_once_per_turn_so_chains_end() {
    // Three Explorers over two open columns would loop for ever without the guard.
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![down(2, "explorer")]),
            ("alchemy-1", vec![up(2, "storm")]),
        ],
    );
    s.columns[2].closed = true;
    set_hand(&mut s, 0, &["explorer", "romeo", "beggar"]);
    let events = play(&mut s, 0, "explorer", 0);
    let moves = events
        .iter()
        .filter(|e| matches!(e, RbEvent::ExplorerMoved { .. }))
        .count();
    assert_eq!(moves, 3, "each Explorer moved once");
    assert!(events.contains(&RbEvent::ExplorerStays {
        card: card(1, "explorer"),
        column: 1
    }));
    assert_eq!(column_ids(&s, 0), vec![("explorer", false)]);
    assert_eq!(s.columns[0].cards[0].owner, 2);
    assert_eq!(
        column_ids(&s, 1),
        vec![("explorer", true), ("explorer", false)]
    );
    assert_eq!(s.columns[1].cards[1].owner, 0);
    // A later turn may move it again (§5.1).
    set_hand(&mut s, 1, &["king", "queen", "witch"]);
    let events = play(&mut s, 1, "king", 1);
    assert!(events.contains(&RbEvent::ExplorerMoved {
        card: card(0, "explorer"),
        from: 1,
        to: 0
    }));
}

#[test]
fn spec_5_2_the_assassin_sends_the_card_that_flipped_it_to_its_owners_discard_pile() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "assassin")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Killed {
        card: card(0, "king"),
        by: card(1, "assassin"),
        column: 0
    }));
    assert_eq!(column_ids(&s, 0), vec![("assassin", true)]);
    assert_eq!(s.players[0].discard.as_slice(), &[ch("king")]);
    // An arriving Explorer is killed the same way.
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![down(1, "explorer")]),
            ("art-5", vec![down(1, "assassin")]),
        ],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::Killed {
        card: card(1, "explorer"),
        by: card(1, "assassin"),
        column: 1
    }));
}

#[test]
fn spec_5_3_a_storm_closes_its_column_which_counts_as_full() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "storm")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::StormClosed {
        card: card(1, "storm"),
        column: 0
    }));
    assert!(s.columns[0].closed && s.columns[0].full());
    assert_eq!(s.columns[0].count(), 2);
    assert!(
        ids(&s, 1).iter().all(|id| id % 8 == 1),
        "only column 2 is legal"
    );
}

#[test]
fn spec_5_4_the_disguise_owner_hides_a_hand_card_as_a_reaction_and_refills() {
    let mut s = table(
        3,
        vec![
            ("trade-3a", vec![down(1, "disguise")]),
            ("art-5", vec![]),
            ("alchemy-5", vec![]),
        ],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    set_hand(&mut s, 1, &["prince", "witch", "queen"]);
    let events = play(&mut s, 0, "king", 0);
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, RbEvent::Drew { seat: 0, .. })),
        "the turn pauses before the draw"
    );
    assert_eq!(
        s.decision,
        Some(Decision::Disguise {
            owner: 1,
            column: 0,
            position: 0
        })
    );
    assert_eq!(
        pending(&s),
        vec![Pending {
            actor: Actor::Seat(1),
            kind: DecisionKind::Reaction
        }]
    );
    let menu = RuseAndBruise::menu(&s, Actor::Seat(1)).unwrap();
    assert_eq!(menu.choices.len(), 4, "three hand cards or nothing");
    assert_eq!(
        RuseAndBruise::timeout_choice(&s, Actor::Seat(1)),
        Some(ChoiceId(250)),
        "D-25: the timeout hides nothing"
    );
    let events = apply(&mut s, 1, 200 + ch("prince").index() as u32);
    assert!(events.contains(&RbEvent::Hid { seat: 1, column: 0 }));
    assert_eq!(s.columns[0].cards[0].hidden, Some(ch("prince")));
    assert_eq!(
        s.players[1].hand.len(),
        3,
        "D-9: the owner refilled at once"
    );
    assert_eq!(
        s.columns[0].count(),
        3,
        "D-8: the hidden card counts for fullness"
    );
    assert!(s.columns[0].full());
    assert_eq!(s.active, 1, "then the turn ended as usual");
    assert_eq!(s.players[0].hand.len(), 3);
}

#[test]
fn spec_5_4_declining_or_an_empty_hand_hides_nothing_and_the_active_owner_decides_as_a_move() {
    let mut s = table(
        2,
        vec![("trade-5", vec![down(0, "disguise")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    play(&mut s, 0, "king", 0);
    assert_eq!(pending(&s)[0].kind, DecisionKind::Move);
    let events = apply(&mut s, 0, 250);
    assert!(events.contains(&RbEvent::HidNothing { seat: 0, column: 0 }));
    assert_eq!(s.columns[0].cards[0].hidden, None);

    let mut s = table(
        2,
        vec![("trade-5", vec![down(1, "disguise")]), ("art-5", vec![])],
    );
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    set_hand(&mut s, 1, &[]);
    let events = play(&mut s, 0, "king", 0);
    assert!(events.contains(&RbEvent::DisguiseEmptyHand { seat: 1, column: 0 }));
    assert_eq!(s.decision, None);
}

#[test]
fn spec_5_5_d21_the_traitor_swaps_point_cards_with_any_column_and_the_storm_stays() {
    let mut s = table(
        3,
        vec![
            ("trade-5", vec![down(1, "traitor")]),
            ("art-1", vec![up(2, "storm"), down(2, "king")]),
            ("alchemy-3a", vec![]),
        ],
    );
    s.columns[1].closed = true;
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(pending(&s)[0].kind, DecisionKind::Reaction);
    assert_eq!(
        ids(&s, 1),
        vec![301, 302, 350],
        "the closed column is a target too"
    );
    assert_eq!(
        RuseAndBruise::timeout_choice(&s, Actor::Seat(1)),
        Some(ChoiceId(350)),
        "D-25: the timeout swaps nothing"
    );
    let events = apply(&mut s, 1, 301);
    assert!(events.contains(&RbEvent::Swapped {
        seat: 1,
        column: 0,
        other: 1,
        now: [pt("art-1"), pt("trade-5")]
    }));
    assert!(
        s.columns[1].closed,
        "the closure stays with the column's place"
    );
    assert!(!s.columns[0].closed);
    assert_eq!(s.columns[0].point, pt("art-1"));
    assert!(s.columns[0].full(), "two cards under a 1 now");
}

#[test]
fn spec_5_5_d28_a_swap_that_fills_the_last_column_ends_the_round_for_the_active_player() {
    let mut s = table(
        2,
        vec![
            ("trade-3a", vec![down(1, "traitor")]),
            (
                "art-1",
                vec![up(1, "king"), up(1, "hermit"), up(1, "witch")],
            ),
        ],
    );
    set_hand(&mut s, 0, &["queen", "romeo", "beggar"]);
    play(&mut s, 0, "queen", 0);
    assert_eq!(s.round, 1);
    let events = apply(&mut s, 1, 301);
    assert!(events.contains(&RbEvent::RoundEnded { round: 1, by: 0 }));
    assert_eq!(
        s.active, 1,
        "the ender was seat 0; its left neighbour starts"
    );
}

#[test]
fn spec_5_d23_immediate_effects_do_not_fire_at_the_end_of_round_reveal() {
    // The last card of a column is a Storm and a hidden Assassin: only values count.
    let r = eval(
        Symbol::Trade,
        &[
            (0, "king", None),
            (1, "disguise", Some("assassin")),
            (2, "storm", None),
        ],
    );
    assert_eq!(value_of(&r, 2, "storm"), Some(18));
    assert_eq!(sum_of(&r, 1), Some(19), "Disguise 0 + Assassin 9½");
    assert_eq!(r.winner, Some(0));
}

// §6: evaluation.

#[test]
fn spec_6_7_example_1_equal_totals_go_to_the_player_whose_card_lies_higher() {
    let r = eval(
        Symbol::Art,
        &[
            (BLUE, "queen", None),
            (WHITE, "alchemist", None),
            (WHITE, "merchant", None),
        ],
    );
    assert_eq!(sum_of(&r, BLUE), Some(32));
    assert_eq!(sum_of(&r, WHITE), Some(32));
    assert_eq!(r.winner, Some(BLUE));
    assert_eq!(r.deciding_card.unwrap().card, card(BLUE, "queen"));
}

#[test]
fn spec_6_7_example_2_whites_magician_removes_blues_king_and_white_wins() {
    let r = eval(
        Symbol::Art,
        &[(BLUE, "king", None), (WHITE, "magician", None)],
    );
    assert_eq!(removed(&r), vec!["king"]);
    assert_eq!(r.removals[0].by.card, card(WHITE, "magician"));
    assert_eq!(r.winner, Some(WHITE));
    let text = crate::i18n::Lang::En.text(
        &super::present::eval_text(0, &super::evaluation::EvalLine::Removed(r.removals[0])),
        &|s| format!("P{s}"),
    );
    assert_eq!(
        text,
        "Column 1: Magician (White) removes King (Blue) (value 20)."
    );
}

#[test]
fn spec_6_4_1_d3_musketeers_cancel_every_effect_but_the_symbol_12() {
    let r = eval(
        Symbol::Trade,
        &[
            (0, "musketeers", None),
            (1, "magician", None),
            (1, "merchant", None),
            (2, "doppelganger", None),
            (2, "king", None),
            (3, "tom-thumb", None),
            (3, "beggar", None),
        ],
    );
    assert_eq!(r.mode, Mode::Musketeers);
    assert!(r.removals.is_empty());
    assert_eq!(
        value_of(&r, 1, "merchant"),
        Some(24),
        "12 under its own symbol"
    );
    assert_eq!(
        value_of(&r, 2, "doppelganger"),
        None,
        "no value under Musketeers"
    );
    assert_eq!(value_of(&r, 3, "tom-thumb"), Some(4));
    assert_eq!(
        r.winner,
        Some(2),
        "highest total even with a Beggar: King 20"
    );
    // A hidden Musketeers counts too.
    let r = eval(
        Symbol::Trade,
        &[
            (0, "disguise", Some("musketeers")),
            (1, "magician", None),
            (2, "king", None),
        ],
    );
    assert_eq!(r.mode, Mode::Musketeers);
    assert_eq!(r.winner, Some(2));
}

#[test]
fn spec_6_4_2_d5_the_magician_removes_base_values_of_10_or_more_hidden_cards_and_copies_included() {
    let r = eval(
        Symbol::Alchemy,
        &[
            (0, "hermit", None),
            (1, "doppelganger", None),
            (1, "queen", None),
            (2, "alchemist", None),
            (2, "swordsman", None),
            (3, "disguise", Some("explorer")),
            (3, "assassin", None),
            (0, "magician", None),
        ],
    );
    // Hermit goes by its base 12 (its final value would be lower), the Alchemist is 12 in
    // its own column, the Swordsman 8 stays, the Assassin 9½ stays.
    assert_eq!(
        removed(&r),
        vec!["hermit", "doppelganger", "queen", "alchemist", "explorer"]
    );
    assert!(r.removals.iter().all(|x| x.by.card == card(0, "magician")));
    assert_eq!(
        r.winner,
        Some(3),
        "Disguise 0 + Assassin 9½ beat Swordsman 8 and Magician 7"
    );
}

#[test]
fn spec_6_3_d4_two_or_more_magicians_or_witches_cancel_each_other() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "magician", None),
            (1, "king", None),
            (2, "magician", None),
            (2, "magician", None),
        ],
    );
    assert!(r.removals.is_empty());
    assert_eq!(r.cancelled.len(), 1);
    assert_eq!(r.winner, Some(1));
    let r = eval(
        Symbol::Art,
        &[(0, "witch", None), (1, "romeo", None), (2, "witch", None)],
    );
    assert!(r.removals.is_empty());
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_4_3_d5_the_witch_removes_base_values_of_9_or_less_but_itself_and_spares_the_assassin() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "witch", None),
            (1, "tom-thumb", None),
            (1, "romeo", None),
            (1, "juliet", None),
            (2, "assassin", None),
            (2, "doppelganger", None),
            (3, "disguise", Some("beggar")),
            (3, "doppelganger", None),
            (0, "cardinal", None),
        ],
    );
    // Tom Thumb by base 2, Romeo by base 5 although Juliet is there, the Disguise and the
    // Beggar under it separately, a Doppelganger copying the Cardinal's 8; the lower
    // Doppelganger copying the Cardinal too. The upper one copies the Disguise (0).
    assert_eq!(
        removed(&r),
        vec![
            "tom-thumb",
            "romeo",
            "doppelganger",
            "disguise",
            "beggar",
            "doppelganger",
            "cardinal"
        ]
    );
    assert_eq!(value_of(&r, 2, "assassin"), Some(19));
    assert_eq!(r.mode, Mode::Highest, "the Beggar was removed");
    assert_eq!(r.winner, Some(1), "Juliet 14");
}

#[test]
fn spec_6_4_3_a_doppelganger_copying_the_witch_is_removed_by_it() {
    let r = eval(
        Symbol::Art,
        &[(0, "doppelganger", None), (1, "witch", None)],
    );
    assert_eq!(removed(&r), vec!["doppelganger"]);
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_4_2_and_6_4_3_the_magician_acts_before_the_witch() {
    // The Witch removes the Magician only after the Magician removed the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "king", None),
            (1, "magician", None),
            (2, "witch", None),
            (3, "assassin", None),
        ],
    );
    assert_eq!(removed(&r), vec!["king", "magician"]);
    assert_eq!(r.winner, Some(3));
}

#[test]
fn spec_6_4_4_d22_prince_and_squire_of_one_owner_win_even_a_beggar_column() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "king", None),
            (1, "squire", None),
            (2, "prince", None),
            (3, "beggar", None),
            (2, "disguise", Some("squire")),
            (1, "prince", None),
        ],
    );
    assert_eq!(r.mode, Mode::PrinceAndSquire);
    assert_eq!(
        r.winner,
        Some(1),
        "blue's Squire lies highest of both pairs"
    );
    assert!(r.sums.is_empty(), "no sums are computed");
    // Different owners do nothing; a Witch breaks a pair.
    let r = eval(Symbol::Art, &[(0, "prince", None), (1, "squire", None)]);
    assert_eq!(r.mode, Mode::Highest);
    let r = eval(
        Symbol::Art,
        &[
            (0, "prince", None),
            (0, "squire", None),
            (1, "witch", None),
            (1, "queen", None),
        ],
    );
    assert_eq!(removed(&r), vec!["squire"]);
    assert_eq!(r.winner, Some(1), "Queen 16 + Witch 1 beat the lone Prince");
}

#[test]
fn spec_6_4_5_d8_the_hermit_loses_one_per_other_card_counting_disguise_and_hidden_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "hermit", None),
            (1, "disguise", Some("romeo")),
            (2, "doppelganger", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "hermit"), Some(24 - 2 * 3));
    assert_eq!(
        value_of(&r, 2, "doppelganger"),
        None,
        "bottom Doppelganger, no value"
    );
}

#[test]
fn spec_6_4_10_tom_thumb_gains_three_per_other_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "tom-thumb", None),
            (1, "disguise", Some("romeo")),
            (2, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "tom-thumb"), Some(4 + 6 * 3));
}

#[test]
fn spec_6_4_6_d6_the_doppelganger_copies_the_base_value_below_it_recomputed_after_removals() {
    // A copied Hermit is 12, a copied Romeo 5 even with Juliet.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "hermit", None),
            (1, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(24));
    let r = eval(
        Symbol::Art,
        &[
            (0, "juliet", None),
            (0, "doppelganger", None),
            (0, "romeo", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(10));
    assert_eq!(value_of(&r, 0, "romeo"), Some(30));
    // Two Doppelgangers: the upper copies the lower, which copies the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "doppelganger", None),
            (2, "king", None),
        ],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(40));
    // Copying the Queen, it goes with her when the Magician acts.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "queen", None),
            (2, "magician", None),
        ],
    );
    assert_eq!(removed(&r), vec!["doppelganger", "queen"]);
    // A Disguise below is copied as 0, not the card under it.
    let r = eval(
        Symbol::Art,
        &[(0, "doppelganger", None), (1, "disguise", Some("king"))],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(0));
    // D-6: a Doppelganger hidden under a Disguise copies the next position below.
    let r = eval(
        Symbol::Art,
        &[(0, "disguise", Some("doppelganger")), (1, "queen", None)],
    );
    assert_eq!(value_of(&r, 0, "doppelganger"), Some(32));
}

#[test]
fn spec_6_3_d29_magician_and_witch_remove_simultaneously() {
    // Doppelganger above a Storm above a King: the Witch tests the Doppelganger as a copy
    // of the Storm (9) and removes both at once; it does not re-copy the King.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "storm", None),
            (2, "king", None),
            (3, "witch", None),
        ],
    );
    assert_eq!(removed(&r), vec!["doppelganger", "storm"]);
    assert_eq!(r.winner, Some(2));
}

#[test]
fn spec_6_4_7_d7_dragons_take_two_from_other_players_cards_stacking_with_one_floor() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "dragon", None),
            (1, "dragon", None),
            (2, "tom-thumb", None),
            (2, "witch", None),
            (0, "squire", None),
        ],
    );
    // Witch alone removes the Squire and Tom Thumb (base ≤ 9).
    assert_eq!(removed(&r), vec!["tom-thumb", "squire"]);
    assert_eq!(value_of(&r, 0, "dragon"), Some(22 - 4));
    assert_eq!(value_of(&r, 1, "dragon"), Some(22 - 4));
    assert_eq!(value_of(&r, 2, "witch"), Some(0), "1 − 4, floored at 0");
    // D-7: Tom Thumb under two enemy Dragons with 3 other cards: 2 + 9 − 4 = 7.
    let r = eval(
        Symbol::Art,
        &[
            (0, "dragon", None),
            (1, "dragon", None),
            (2, "tom-thumb", None),
            (2, "queen", None),
        ],
    );
    assert_eq!(value_of(&r, 2, "tom-thumb"), Some(4 + 18 - 8));
    assert_eq!(value_of(&r, 2, "queen"), Some(32 - 8));
}

#[test]
fn spec_6_4_8_romeo_is_15_with_his_owners_juliet() {
    let r = eval(Symbol::Art, &[(0, "romeo", None), (1, "juliet", None)]);
    assert_eq!(value_of(&r, 0, "romeo"), Some(10));
    let r = eval(
        Symbol::Art,
        &[(0, "romeo", None), (0, "disguise", Some("juliet"))],
    );
    assert_eq!(value_of(&r, 0, "romeo"), Some(30));
}

#[test]
fn spec_6_4_9_the_beggar_gives_the_column_to_the_lowest_total_ties_to_the_lower_card() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "beggar", None),
            (1, "king", None),
            (2, "disguise", None),
            (3, "doppelganger", None),
        ],
    );
    assert_eq!(r.mode, Mode::Lowest);
    assert_eq!(r.winner, Some(2), "a lone Disguise wins with 0");
    assert_eq!(
        sum_of(&r, 3),
        None,
        "a valueless Doppelganger is no contender"
    );
    let r = eval(
        Symbol::Art,
        &[
            (0, "beggar", None),
            (1, "squire", None),
            (1, "squire", None),
            (0, "disguise", None),
        ],
    );
    // Red: Beggar 4 + Disguise 0 = 4, Blue: 2 + 2 = 4: red's Disguise lies lowest.
    assert_eq!(r.winner, Some(0));
}

#[test]
fn spec_6_5_d13_ties_ignore_valueless_doppelgangers() {
    // Musketeers: the Doppelganger at position 1 has no value; red 11 and blue 11 tie.
    let r = eval(
        Symbol::Art,
        &[
            (0, "doppelganger", None),
            (1, "musketeers", None),
            (0, "musketeers", None),
            (1, "disguise", None),
        ],
    );
    assert_eq!(sum_of(&r, 0), Some(22));
    assert_eq!(sum_of(&r, 1), Some(22));
    assert_eq!(
        r.deciding_card.unwrap().card,
        card(1, "musketeers"),
        "the highest eligible card decides"
    );
    assert_eq!(r.winner, Some(1));
}

#[test]
fn spec_6_5_d14_a_column_without_contenders_is_won_by_nobody() {
    let r = eval(Symbol::Art, &[(0, "doppelganger", None)]);
    assert_eq!(r.winner, None);
    let r = eval(Symbol::Art, &[]);
    assert_eq!(r.winner, None);
}

#[test]
fn spec_6_6_d15_removed_and_hidden_cards_go_to_their_owners_discard_piles() {
    let mut s = table(
        2,
        vec![
            ("trade-1", vec![up(1, "king"), up(0, "magician")]),
            ("art-1", vec![up(1, "disguise")]),
        ],
    );
    s.columns[1].cards[0].hidden = Some(ch("queen"));
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    // Red's Romeo fills nothing new; every column is already full: the round ends.
    play(&mut s, 0, "romeo", 0);
    assert!(s.players[1].discard.contains(&ch("king")));
    assert!(s.players[1].discard.contains(&ch("queen")));
    assert!(s.players[1].discard.contains(&ch("disguise")));
    assert!(s.players[0].discard.contains(&ch("magician")));
}

#[test]
fn spec_6_2_half_points_the_assassin_is_9_and_a_half() {
    let r = eval(
        Symbol::Art,
        &[
            (0, "assassin", None),
            (1, "storm", None),
            (1, "witch", None),
        ],
    );
    assert_eq!(removed(&r), vec!["storm"]);
    assert_eq!(sum_of(&r, 0), Some(19));
    assert_eq!(sum_of(&r, 1), Some(2));
}

#[test]
fn spec_6_1_d26_the_last_card_of_a_column_keeps_its_end_of_round_effect() {
    let r = eval(Symbol::Art, &[(0, "king", None), (1, "magician", None)]);
    assert_eq!(removed(&r), vec!["king"], "the bottom Magician acts");
}

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

// §8: information.

#[test]
fn spec_8_views_hide_hands_face_down_cards_and_the_card_under_a_disguise() {
    let mut s = table(
        2,
        vec![
            ("trade-5", vec![up(1, "disguise"), down(1, "king")]),
            ("art-5", vec![down(0, "explorer")]),
        ],
    );
    s.columns[0].cards[0].hidden = Some(ch("queen"));
    s.columns[1].cards[0].known = true;
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    let red = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(0))).unwrap();
    let blue = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(1))).unwrap();
    let spectator = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Spectator)).unwrap();
    for view in [&red, &spectator] {
        assert!(!view.contains("\"blue-king\""), "a face-down card");
        assert!(
            !view.contains("\"blue-queen\""),
            "the card under the Disguise"
        );
        assert!(
            view.contains("\"red-explorer\""),
            "a moved Explorer is public"
        );
        assert!(view.contains("\"hides\":true"));
    }
    assert!(red.contains("\"red-romeo\""), "one's own hand");
    assert!(!blue.contains("\"red-romeo\"") && !spectator.contains("\"red-romeo\""));
    assert!(blue.contains("\"blue-king\"") && blue.contains("\"blue-queen\""));
    for seat in 0..2 {
        let secrets = RuseAndBruise::secrets(&s, seat);
        let deck_card = s.card(seat, s.players[seat as usize].deck.as_slice()[0]);
        assert!(secrets.contains(&deck_card.id()), "deck cards are secret");
    }
    // D-20: won point cards show as a count.
    s.players[1].won.push(pt("art-3a"));
    let red = serde_json::to_string(&RuseAndBruise::view(&s, Viewer::Seat(0))).unwrap();
    assert!(!red.contains("art-3a"));
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
            RuseAndBruise::apply(&mut s, first.actor, choice, &mut events).unwrap();
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
        assert!(outcome.places.contains(&1));
        let won: usize = s.players.iter().map(|p| p.won.len()).sum();
        assert_eq!(
            won + s.unclaimed.len(),
            6 * n,
            "every point card in play was handed out"
        );
    }
}

// Presentation.

fn english_panel(s: &RbState, viewer: Viewer) -> String {
    let panel = RuseAndBruise::panel(&RuseAndBruise::view(s, viewer));
    panel
        .localize(crate::i18n::Lang::En, &|seat| format!("P{seat}"))
        .unwrap()
        .to_plain()
}

#[test]
fn spec_2_2_the_name_table_matches_both_languages() {
    use crate::i18n::Lang;
    for c in Character::all() {
        let none = |_: Seat| String::new();
        assert_eq!(Lang::Cs.try_text(&c.text(), &none).unwrap(), c.info().cs);
        assert_eq!(Lang::En.try_text(&c.text(), &none).unwrap(), c.info().en);
    }
}

#[test]
fn spec_8_the_panel_shows_columns_top_down_with_owners_face_state_fullness_and_point_card() {
    let mut s = table(
        2,
        vec![
            (
                "trade-3a",
                vec![up(1, "king"), up(0, "disguise"), down(1, "queen")],
            ),
            ("art-5", vec![down(0, "explorer")]),
        ],
    );
    s.columns[0].cards[1].hidden = Some(ch("romeo"));
    s.columns[1].cards[0].known = true;
    s.players[1].discard = [ch("witch"), ch("storm")].into_iter().collect();
    let red = english_panel(&s, Viewer::Seat(0));
    assert!(
        red.contains("-- Column 1 — Trade 3 — 4/3 · full --"),
        "{red}"
    );
    assert!(red.contains("  1. King (Blue)\n  2. Disguise (Red)\n     └ hidden: Romeo (Red)\n  3. face down (Blue)\n"), "{red}");
    assert!(red.contains("-- Column 2 — Art 5 — 1/5 --"));
    assert!(red.contains("1. face down: Explorer (Red)"));
    assert!(
        red.contains("P1's discard pile: Witch, Storm"),
        "D-31: the whole pile"
    );
    let blue = english_panel(&s, Viewer::Seat(1));
    assert!(blue.contains("     └ a hidden card (Red)"));
    assert!(
        blue.contains("  3. face down: Queen (Blue)"),
        "one's own face-down card"
    );
    assert!(!blue.contains("Romeo"));
    s.columns[1].closed = true;
    assert!(english_panel(&s, Viewer::Spectator).contains("1/5 · closed by a Storm (full)"));
}

#[test]
fn spec_9_d25_every_pending_decision_has_a_timeout_choice_on_its_menu() {
    let mut s = table(2, vec![("trade-5", vec![]), ("art-5", vec![])]);
    set_hand(&mut s, 0, &["king", "romeo", "beggar"]);
    let t = RuseAndBruise::timeout_choice(&s, Actor::Seat(0)).unwrap();
    assert_eq!(
        t.0,
        ids(&s, 0)[0],
        "an idle move plays the first menu entry"
    );
    assert_eq!(RuseAndBruise::timeout_choice(&s, Actor::Seat(1)), None);
}

#[test]
fn spec_6_the_round_report_names_each_removal_value_sum_and_winner_in_both_languages() {
    let mut s = table(
        2,
        vec![
            (
                "trade-1",
                vec![up(1, "king"), up(0, "magician"), up(0, "queen")],
            ),
            ("art-1", vec![up(1, "beggar"), up(0, "squire")]),
        ],
    );
    set_hand(&mut s, 0, &["romeo", "juliet", "beggar"]);
    let events = play(&mut s, 0, "romeo", 1);
    let lines: Vec<String> = events
        .iter()
        .map(|e| {
            crate::i18n::Lang::En.text(&RuseAndBruise::describe(e), &|seat| format!("P{seat}"))
        })
        .collect();
    let expect = [
        "Round 1 is over (P0 ended it). All cards are revealed.",
        "Column 1: King (Blue), Magician (Red), Queen (Red).",
        "Column 1 (Trade 1): highest total wins.",
        "Column 1: Magician (Red) removes King (Blue) (value 20).",
        "Column 1: Magician (Red) removes Queen (Red) (value 16).",
        "Column 1 values: Magician (Red) 7.",
        "Column 1 totals: P0 7.",
        "Column 1: P0 wins Trade 1.",
        "Column 2 (Art 1): a Beggar is here, the lowest total wins.",
        "Column 2 values: Beggar (Blue) 4, Squire (Red) 2, Romeo (Red) 5.",
        "Column 2 totals: P0 7, P1 4.",
        "Column 2: P1 wins Art 1.",
    ];
    for line in expect {
        assert!(
            lines.iter().any(|l| l == line),
            "missing {line:?} in {lines:#?}"
        );
    }
    let cs: Vec<String> = events
        .iter()
        .map(|e| {
            crate::i18n::Lang::Cs.text(&RuseAndBruise::describe(e), &|seat| format!("P{seat}"))
        })
        .collect();
    assert!(
        cs.iter()
            .any(|l| l == "Sloupec 1: Mág (červená) odstraňuje kartu Král (modrá) (hodnota 20)."),
        "{cs:#?}"
    );
}
