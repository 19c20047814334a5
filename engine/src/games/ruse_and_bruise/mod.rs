//! Ruse & Bruise (Kabale und Hiebe, Lutz Stepponat), 2–6 players: spec
//! `shared/rules/ruse-and-bruise.md`, Czech rulebook seed 000.
//!
//! Choice ids encode their content so that a choice keeps its id in every menu:
//! a play is `character × 8 + column`, a hidden card `200 + character` (`250`: none),
//! a Traitor swap `300 + column` (`350`: none), a colour `400 + colour`, the start player
//! `500` (the seeded one) or `501 + seat`.

mod card_texts;
pub mod cards;
mod determinize;
pub mod evaluation;
mod explain;
pub mod infer;
pub mod pile;
mod playout;
mod present;
pub mod rules;
mod scene;
pub mod scoring;
pub mod view;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::{
    contract::{
        Actor, Audience, Choice, ChoiceId, DecisionKind, Game, Menu, Outcome, Pending, Refused,
        RuleError, Seat, SetupError, Viewer,
    },
    i18n::Lang,
    options::{OptionKind, OptionSpec},
    panel::Panel,
    text::Text,
};
use cards::{Character, Colour};
use rules::{Decision, Log, Phase, RbEvent, RbState, HAND_SIZE};
use view::RbView;

pub struct RuseAndBruise;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RbOptions {
    /// Spec §7.3: a player with all six symbols may double one card of each.
    #[serde(default = "yes")]
    pub six_symbol_doubling: bool,
}

fn yes() -> bool {
    true
}

impl Default for RbOptions {
    fn default() -> Self {
        RbOptions {
            six_symbol_doubling: true,
        }
    }
}

const PLAY_STRIDE: u32 = 8;
const HIDE: u32 = 200;
const HIDE_NOTHING: u32 = 250;
const SWAP: u32 = 300;
const NO_SWAP: u32 = 350;
const COLOUR: u32 = 400;
const START_RANDOM: u32 = 500;

fn play_id(character: Character, column: u8) -> ChoiceId {
    ChoiceId(character.index() as u32 * PLAY_STRIDE + column as u32)
}

/// The one seat the game waits for, if any.
fn decider(state: &RbState) -> Option<Seat> {
    match state.phase {
        Phase::Colours => state.choosing_colour(),
        Phase::StartPlayer => Some(0),
        Phase::Play => state.to_decide(),
        Phase::Over => None,
    }
}

/// Whether `id` is in `seat`'s menu, without building it (the fast path of `apply`).
fn is_legal(state: &RbState, seat: Seat, id: u32) -> bool {
    let in_hand = |c: u32| {
        c < Character::COUNT as u32
            && state.players[seat as usize]
                .hand
                .contains(&Character::from_index(c as u8))
    };
    match (state.phase, state.decision) {
        (Phase::Colours, _) => {
            (COLOUR..COLOUR + 6).contains(&id)
                && !state
                    .colours
                    .contains(&Some(Colour::ALL[(id - COLOUR) as usize]))
        }
        (Phase::StartPlayer, _) => (START_RANDOM..=START_RANDOM + state.seats as u32).contains(&id),
        (Phase::Play, Some(Decision::Disguise { .. })) => {
            id == HIDE_NOTHING || (id >= HIDE && in_hand(id - HIDE))
        }
        (Phase::Play, Some(Decision::Traitor { column, .. })) => {
            id == NO_SWAP
                || (id >= SWAP && id - SWAP < state.seats as u32 && id - SWAP != column as u32)
        }
        (Phase::Play, None) => {
            let column = (id % PLAY_STRIDE) as usize;
            id < HIDE
                && column < state.columns.len()
                && !state.columns[column].closed
                && in_hand(id / PLAY_STRIDE)
        }
        (Phase::Over, _) => false,
    }
}

/// The choices of `seat` now, as (id, label) pairs; labels only when `labels` is set.
fn choices(state: &RbState, seat: Seat, mut push: impl FnMut(ChoiceId, &dyn Fn() -> Text)) {
    match state.phase {
        Phase::Colours if state.choosing_colour() == Some(seat) => {
            for colour in state.free_colours() {
                push(ChoiceId(COLOUR + colour as u32), &|| colour.text());
            }
        }
        Phase::StartPlayer if seat == 0 => {
            push(ChoiceId(START_RANDOM), &|| {
                Text::new("rb-choice-start-random")
            });
            for s in 0..state.seats {
                push(ChoiceId(START_RANDOM + 1 + s as u32), &|| {
                    Text::new("rb-choice-start").seat("player", s)
                });
            }
        }
        Phase::Play => match state.decision {
            Some(Decision::Disguise { owner, .. }) if owner == seat => {
                for &c in &state.players[seat as usize].hand {
                    push(ChoiceId(HIDE + c.index() as u32), &|| {
                        Text::new("rb-choice-hide").arg("card", state.card(seat, c).text())
                    });
                }
                push(ChoiceId(HIDE_NOTHING), &|| {
                    Text::new("rb-choice-hide-nothing")
                });
            }
            Some(Decision::Traitor { owner, column }) if owner == seat => {
                for other in (0..state.seats).filter(|&o| o != column) {
                    push(ChoiceId(SWAP + other as u32), &|| {
                        Text::new("rb-choice-swap")
                            .arg("column", other as i64 + 1)
                            .arg("point", state.columns[other as usize].point.text())
                    });
                }
                push(ChoiceId(NO_SWAP), &|| Text::new("rb-choice-no-swap"));
            }
            None if state.active == seat => {
                for &c in &state.players[seat as usize].hand {
                    for column in state.open_columns() {
                        push(play_id(c, column), &|| {
                            let col = &state.columns[column as usize];
                            Text::new("rb-choice-play")
                                .arg("card", state.card(seat, c).text())
                                .arg("column", column as i64 + 1)
                                .arg("point", col.point.text())
                                .arg("count", col.count())
                        });
                    }
                }
            }
            _ => {}
        },
        _ => {}
    }
}

/// [`Game::apply`], telling what happened to `events`.
fn apply(
    state: &mut RbState,
    actor: Actor,
    choice: ChoiceId,
    events: &mut Log,
) -> Result<(), RuleError> {
    if state.phase == Phase::Over {
        return Err(RuleError::GameOver);
    }
    let Actor::Seat(seat) = actor else {
        return Err(RuleError::NotYourDecision);
    };
    if decider(state) != Some(seat) {
        return Err(RuleError::NotYourDecision);
    }
    if !is_legal(state, seat, choice.0) {
        return Err(RuleError::IllegalChoice);
    }
    let id = choice.0;
    state.shuffled_in.clear();
    match state.phase {
        Phase::Colours => state.choose_colour(seat, Colour::ALL[(id - COLOUR) as usize], events),
        Phase::StartPlayer => {
            let start = (id > START_RANDOM).then(|| (id - START_RANDOM - 1) as Seat);
            state.begin(start, events)
        }
        Phase::Play => match state.decision {
            Some(Decision::Disguise { .. }) => state.resolve_disguise(
                (id != HIDE_NOTHING).then(|| Character::from_index((id - HIDE) as u8)),
                events,
            ),
            Some(Decision::Traitor { .. }) => {
                state.resolve_traitor((id != NO_SWAP).then(|| (id - SWAP) as u8), events)
            }
            None => state.play(
                seat,
                Character::from_index((id / PLAY_STRIDE) as u8),
                (id % PLAY_STRIDE) as u8,
                events,
            ),
        },
        Phase::Over => unreachable!("refused above"),
    }
    Ok(())
}

impl Game for RuseAndBruise {
    const ID: &'static str = "ruse-and-bruise";
    const RULES_VERSION: u32 = 1;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 6;
    /// A search iteration runs at 120,000–150,000/s with 2 players and about 50,000/s with 4
    /// (`benches/ai.rs`, `examples/determinized_playouts.rs`; busy machine). The playout
    /// policy of three and four seats (`playout.rs`) makes a four-seat search take about 1.8×
    /// as long: `hard` thinks 330 / 650 ms (median / p99), within its cap.
    const AI_TUNING: crate::contract::Tuning = crate::contract::Tuning {
        iterations: [200, 4_000, 16_000],
        rollout_depth: None,
        easy_is_greedy: false,
    };

    type Options = RbOptions;
    type State = RbState;
    type Event = RbEvent;
    type View = RbView;

    fn option_schema() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "six_symbol_doubling",
            label: Text::new("rb-option-doubling"),
            kind: OptionKind::Bool { default: true },
        }]
    }

    fn new(options: &RbOptions, seats: usize, seed: u64) -> Result<RbState, SetupError> {
        if !(Self::MIN_SEATS..=Self::MAX_SEATS).contains(&seats) {
            return Err(SetupError::SeatCount {
                min: Self::MIN_SEATS,
                max: Self::MAX_SEATS,
                got: seats,
            });
        }
        Ok(RbState::new(seats, seed, options.six_symbol_doubling))
    }

    fn seat_count(state: &RbState) -> usize {
        state.n()
    }

    fn pending(state: &RbState, out: &mut Vec<Pending>) {
        let kind = match (state.phase, state.decision) {
            (Phase::Colours | Phase::StartPlayer, _) => DecisionKind::Setup,
            // A flipped card's owner decides inside the active seat's turn (§4.2).
            (_, Some(d)) if d.owner() != state.active => DecisionKind::Reaction,
            _ => DecisionKind::Move,
        };
        if let Some(seat) = decider(state) {
            out.push(Pending {
                actor: Actor::Seat(seat),
                kind,
            });
        }
    }

    fn menu(state: &RbState, actor: Actor) -> Option<Menu> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        let mut list = Vec::new();
        choices(state, seat, |id, label| {
            list.push(Choice { id, label: label() })
        });
        if list.is_empty() {
            return None;
        }
        let mut pending = Vec::new();
        Self::pending(state, &mut pending);
        let kind = pending.first().map_or(DecisionKind::Move, |p| p.kind);
        Some(Menu {
            actor,
            kind,
            prompt: present::prompt(state, seat),
            choices: list,
        })
    }

    /// §4.2: a hand card into a column a Storm closed.
    fn refused(state: &RbState, seat: Seat, out: &mut Vec<Refused>) {
        if (state.phase, state.decision) != (Phase::Play, None) || state.active != seat {
            return;
        }
        for &c in &state.players[seat as usize].hand {
            for (column, col) in (0..).zip(&state.columns) {
                if col.closed {
                    out.push(Refused {
                        label: Text::new("rb-choice-play")
                            .arg("card", state.card(seat, c).text())
                            .arg("column", column as i64 + 1)
                            .arg("point", col.point.text())
                            .arg("count", col.count()),
                        rule: Text::new("rb-refused-closed").arg("column", column as i64 + 1),
                    });
                }
            }
        }
    }

    fn legal_ids(state: &RbState, actor: Actor, out: &mut Vec<ChoiceId>) {
        let Actor::Seat(seat) = actor else {
            return;
        };
        // The ordinary move is nearly every decision of a game: list it directly, in the
        // order of `choices` (hand cards, then open columns), with the open columns found
        // once rather than once per hand card. The conformance suite checks that these
        // ids equal the menu's.
        if (state.phase, state.decision) == (Phase::Play, None) {
            if state.active == seat {
                // At most 3 cards × 6 columns: built on the stack, then copied in one go.
                let mut ids = [ChoiceId(0); HAND_SIZE * 6];
                let mut n = 0;
                for &c in &state.players[seat as usize].hand {
                    for (column, col) in (0..).zip(&state.columns) {
                        if !col.closed {
                            ids[n] = play_id(c, column);
                            n += 1;
                        }
                    }
                }
                out.extend_from_slice(&ids[..n]);
            }
            return;
        }
        choices(state, seat, |id, _| out.push(id));
    }

    fn apply(
        state: &mut RbState,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<RbEvent>,
    ) -> Result<(), RuleError> {
        apply(state, actor, choice, &mut Log::to(events))
    }

    fn apply_unlogged(
        state: &mut RbState,
        actor: Actor,
        choice: ChoiceId,
        _scratch: &mut Vec<RbEvent>,
    ) -> Result<(), RuleError> {
        apply(state, actor, choice, &mut Log::nowhere())
    }

    fn audience(event: &RbEvent) -> Audience {
        match event {
            RbEvent::PlayedCard { seat, .. }
            | RbEvent::HidCard { seat, .. }
            | RbEvent::Drew { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Public,
        }
    }

    /// Spec §9: colour → the first free one (join order); start player → the seeded one;
    /// Disguise and Traitor → decline (D-25). The spec gives none for the ordinary move;
    /// Vliv plays the first menu entry so that a silent player cannot stall the table.
    fn timeout_choice(state: &RbState, actor: Actor) -> Option<ChoiceId> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        match (state.phase, state.decision) {
            (Phase::StartPlayer, _) if seat == 0 => Some(ChoiceId(START_RANDOM)),
            (Phase::Play, Some(Decision::Disguise { owner, .. })) if owner == seat => {
                Some(ChoiceId(HIDE_NOTHING))
            }
            (Phase::Play, Some(Decision::Traitor { owner, .. })) if owner == seat => {
                Some(ChoiceId(NO_SWAP))
            }
            _ => {
                let mut first = None;
                choices(state, seat, |id, _| {
                    first.get_or_insert(id);
                });
                first
            }
        }
    }

    fn view(state: &RbState, viewer: Viewer) -> RbView {
        RbView::new(state, viewer)
    }

    fn outcome(state: &RbState) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| present::outcome(state))
    }

    fn standing(state: &RbState, places: &mut Vec<u8>, scores: &mut Vec<i64>) -> bool {
        if state.phase != Phase::Over {
            return false;
        }
        let first = scores.len();
        scores.extend(
            state
                .players
                .iter()
                .map(|p| scoring::final_score(p.won.as_slice(), state.doubling) as i64),
        );
        let mine = &scores[first..];
        // D-18: tied players share the place.
        places.extend(
            mine.iter()
                .map(|s| 1 + mine.iter().filter(|&o| o > s).count() as u8),
        );
        true
    }

    fn determinize(state: &RbState, observer: Seat, rng: &mut dyn rand::RngCore) -> RbState {
        determinize::determinize(state, observer, rng)
    }

    fn rollout_choice(
        state: &RbState,
        actor: Actor,
        ids: &[ChoiceId],
        rng: &mut dyn rand::RngCore,
    ) -> Option<ChoiceId> {
        playout::rollout_choice(state, actor, ids, rng)
    }

    fn heuristic(state: &RbState, seat: Seat) -> f64 {
        determinize::heuristic(state, seat)
    }

    fn observed_decisions(
        world: &RbState,
        observer: Seat,
        out: &mut crate::observed::Observations,
    ) {
        infer::observed_decisions(world, observer, out)
    }

    const INFERENCE_TEMPERATURE: f64 = infer::TEMPERATURE;

    /// Spec §8: other seats' hands, every deck, face-down cards of others (a moved
    /// Explorer excepted), cards hidden under others' Disguises, the point deck and box.
    /// Cards just shuffled in from a face-up discard pile (D-30) were public when this
    /// choice's events named them, so they are left out until the next choice.
    fn secrets(state: &RbState, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        for (s, p) in state.players.iter().enumerate() {
            let s = s as Seat;
            if s != seat {
                out.extend(p.hand.iter().map(|&c| state.card(s, c).id()));
            }
            out.extend(p.deck.iter().map(|&c| state.card(s, c).id()));
        }
        for column in &state.columns {
            for p in column.cards.iter().filter(|p| p.owner != seat) {
                if !p.face_up && !p.known {
                    out.push(state.card(p.owner, p.character).id());
                }
                if let Some(h) = p.hidden {
                    out.push(state.card(p.owner, h).id());
                }
            }
        }
        if !state.shuffled_in.is_empty() {
            let public: Vec<String> = state.shuffled_in.iter().map(|c| c.id()).collect();
            out.retain(|id| !public.contains(id));
        }
        out.extend(state.point_deck.iter().map(|p| p.id()));
        out.extend(state.boxed.iter().map(|p| p.id()));
        out
    }

    fn explain_choices(state: &RbState, seat: Seat, menu: &Menu) -> Vec<Text> {
        explain::choices(state, seat, menu)
    }
    fn explain_event(event: &RbEvent) -> Vec<Text> {
        explain::event(event)
    }

    fn describe(event: &RbEvent) -> Text {
        present::describe(event)
    }

    fn panel(view: &RbView) -> Panel {
        present::panel(view)
    }

    fn scene(view: &RbView) -> crate::scene::Scene {
        scene::scene(view)
    }

    fn ftl(lang: Lang) -> &'static str {
        // The card texts live in files of their own (`cards-*.ftl`), one resource with the rest.
        match lang {
            Lang::Cs => concat!(
                include_str!("i18n/cs.ftl"),
                "\n",
                include_str!("i18n/learn/cs.ftl"),
                "\n",
                include_str!("i18n/cards-cs.ftl")
            ),
            Lang::En => concat!(
                include_str!("i18n/en.ftl"),
                "\n",
                include_str!("i18n/learn/en.ftl"),
                "\n",
                include_str!("i18n/cards-en.ftl")
            ),
        }
    }

    fn faces() -> Vec<crate::scene::CardFace> {
        scene::faces()
    }

    fn cards() -> Vec<crate::contract::CardText> {
        card_texts::cards()
    }

    fn card_of(label: &crate::text::Text) -> Option<String> {
        card_texts::card_of(label)
    }

    fn conformance_setups() -> Vec<(RbOptions, usize)> {
        (Self::MIN_SEATS..=Self::MAX_SEATS)
            .flat_map(|n| {
                [true, false].map(|d| {
                    (
                        RbOptions {
                            six_symbol_doubling: d,
                        },
                        n,
                    )
                })
            })
            .collect()
    }
}
