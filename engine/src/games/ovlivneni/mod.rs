//! Ovlivnění (a home-made mafia card game), exactly 2 players: spec
//! `shared/rules/ovlivneni.md`, Czech rules document seed 002.
//!
//! Reactions (§7) are decisions of the non-active seat inside the active seat's turn, with
//! [`DecisionKind::Reaction`] and the game's own clock (`reaction_secs`, see
//! [`Game::deadline_secs`]); their timeout is a pass, also from the middle of a Licence
//! copy's parameter menus. A responder who holds no legal reaction is offered exactly one
//! choice, [`menu::id::PASS`]: the session can tell "this seat can only pass" from
//! `legal_ids` being `[PASS]` (or [`only_pass`]) without reading the hand.
//!
//! Choice ids encode their content (see [`menu::id`]): a play is `100 + card × 2 + half`,
//! an invest `200 + resource × 5 + slot`, a country `500 + country`, a card `800 + card`…

mod card_texts;
pub mod cards;
mod determinize;
mod effects;
pub mod events;
mod explain;
pub mod infer;
pub mod menu;
pub mod params;
mod present;
mod reactions;
mod scene;
mod standing;
pub mod state;
mod turn;
pub mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_ai;
#[cfg(test)]
mod tests_clock;

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
use cards::CardRef;
use events::OvEvent;
use menu::{decider, id, is_reaction, Decision};
use state::{other, OvState, Phase, PromptKind};
use view::OvView;

pub struct Ovlivneni;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OvOptions {
    /// §14.1 Nedoplňování zemí.
    #[serde(default)]
    pub no_refill: bool,
    /// §14.2 Obtížnější země.
    #[serde(default)]
    pub strict_thresholds: bool,
    /// Not in the rules: after this many turns the game is a draw (0 = never), so that
    /// random and abandoned games end.
    #[serde(default)]
    pub turn_limit: u32,
    /// §7.4 item 4: seconds a reaction window waits before it passes.
    #[serde(default = "default_reaction_secs")]
    pub reaction_secs: u64,
    /// §7.4 item 8 / O-D38 `move_timeout`: minutes a move (an action, a declaration, an
    /// end-of-turn or resolution question) may take, 1 min – 72 h, default 10 min. Games
    /// stored before the option was renamed carry `move_minutes`, where 0 meant "the
    /// server's timeout": they load with the spec's default.
    #[serde(default = "default_move_timeout", alias = "move_minutes")]
    pub move_timeout: u32,
}

/// O-D38: 1 minute – 72 hours.
const MOVE_TIMEOUT_MINUTES: std::ops::RangeInclusive<u32> = 1..=72 * 60;

fn default_move_timeout() -> u32 {
    10
}

fn default_reaction_secs() -> u64 {
    60
}

impl Default for OvOptions {
    fn default() -> Self {
        OvOptions {
            no_refill: false,
            strict_thresholds: false,
            turn_limit: 0,
            reaction_secs: default_reaction_secs(),
            move_timeout: default_move_timeout(),
        }
    }
}

/// Whether `seat` is in a reaction window with nothing to play but the pass.
pub fn only_pass(state: &OvState, seat: Seat) -> bool {
    let mut ids = Vec::new();
    Ovlivneni::legal_ids(state, Actor::Seat(seat), &mut ids);
    ids == [ChoiceId(id::PASS)]
}

impl Game for Ovlivneni {
    const ID: &'static str = "ovlivneni";
    /// 2: a declaration waits for its confirm (§6.1, §13).
    const RULES_VERSION: u32 = 2;
    /// A game stored under 1 goes on: its moves replay with each confirm inserted
    /// (`upgrade_move`).
    const REPLAYS_FROM: &'static [u32] = &[1];
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;

    /// A snapshot stored before the record of passed reaction windows (`passes`) has none:
    /// it resumes if it equals the replayed state in everything else.
    fn resumes(replayed: &OvState, stored: &OvState) -> bool {
        replayed == stored
            || (stored.passes.is_empty()
                && &OvState {
                    passes: Vec::new(),
                    ..replayed.clone()
                } == stored)
    }
    /// A random game is ~250 steps, and random play captures almost by accident: playouts
    /// stop after about two turns and the standing heuristic scores them.
    const AI_TUNING: crate::contract::Tuning = crate::contract::Tuning {
        iterations: [200, 2_000, 8_000],
        rollout_depth: Some(60),
        easy_is_greedy: false,
    };

    type Options = OvOptions;
    type State = OvState;
    type Event = OvEvent;
    type View = OvView;

    fn option_schema() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "no_refill",
                label: Text::new("ov-option-no-refill"),
                kind: OptionKind::Bool { default: false },
            },
            OptionSpec {
                key: "strict_thresholds",
                label: Text::new("ov-option-strict"),
                kind: OptionKind::Bool { default: false },
            },
            OptionSpec {
                key: "turn_limit",
                label: Text::new("ov-option-turn-limit"),
                kind: OptionKind::Int {
                    min: 0,
                    max: 10_000,
                    default: 0,
                },
            },
            OptionSpec {
                key: "reaction_secs",
                label: Text::new("ov-option-reaction-secs"),
                kind: OptionKind::Int {
                    min: 10,
                    max: 86_400,
                    default: 60,
                },
            },
            OptionSpec {
                key: "move_timeout",
                label: Text::new("ov-option-move-timeout"),
                kind: OptionKind::Int {
                    min: *MOVE_TIMEOUT_MINUTES.start() as i64,
                    max: *MOVE_TIMEOUT_MINUTES.end() as i64,
                    default: default_move_timeout() as i64,
                },
            },
        ]
    }

    fn new(options: &OvOptions, seats: usize, seed: u64) -> Result<OvState, SetupError> {
        if seats != 2 {
            return Err(SetupError::SeatCount {
                min: 2,
                max: 2,
                got: seats,
            });
        }
        if !(10..=86_400).contains(&options.reaction_secs) {
            return Err(SetupError::BadOption {
                key: "reaction_secs".into(),
                reason: "must be between 10 and 86400".into(),
            });
        }
        if !MOVE_TIMEOUT_MINUTES.contains(&options.move_timeout) {
            return Err(SetupError::BadOption {
                key: "move_timeout".into(),
                reason: format!(
                    "must be between {} and {}",
                    MOVE_TIMEOUT_MINUTES.start(),
                    MOVE_TIMEOUT_MINUTES.end()
                ),
            });
        }
        Ok(OvState::new(options.clone(), seed, &mut Vec::new()))
    }

    fn seat_count(_state: &OvState) -> usize {
        2
    }

    fn pending(state: &OvState, out: &mut Vec<Pending>) {
        if let Some((seat, decision)) = decider(state) {
            out.push(Pending {
                actor: Actor::Seat(seat),
                kind: if menu::reaction_decision(state, decision) {
                    DecisionKind::Reaction
                } else {
                    DecisionKind::Move
                },
            });
        }
    }

    fn menu(state: &OvState, actor: Actor) -> Option<Menu> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        let mut list = Vec::new();
        menu::choices(state, seat, &mut |id, label| {
            list.push(Choice {
                id: ChoiceId(id),
                label: label(),
            })
        });
        if list.is_empty() {
            return None;
        }
        Some(Menu {
            actor,
            kind: if is_reaction(state) {
                DecisionKind::Reaction
            } else {
                DecisionKind::Move
            },
            prompt: present::prompt(state, seat),
            choices: list,
        })
    }

    /// §5.3 / O-D12 and §6.2: a reaction effect as a main-phase action, or an effect that
    /// names an object the table lacks.
    fn refused(state: &OvState, seat: Seat, out: &mut Vec<Refused>) {
        if decider(state) != Some((seat, Decision::Root)) {
            return;
        }
        for &card in &state.players[seat as usize].hand {
            for half in [false, true] {
                let effect = cards::Effect::new(card, half);
                if state.main_play_legal(seat, effect) {
                    continue;
                }
                let rule = match effect.kind() {
                    cards::Kind::Reaction => "ov-refused-reaction",
                    _ => "ov-refused-no-object",
                };
                out.push(Refused {
                    label: Text::new("ov-choice-play")
                        .arg("card", cards::card_text(card))
                        .arg("effect", effect.text()),
                    rule: Text::new(rule),
                });
            }
        }
    }

    fn legal_ids(state: &OvState, actor: Actor, out: &mut Vec<ChoiceId>) {
        if let Actor::Seat(seat) = actor {
            menu::choices(state, seat, &mut |id, _| out.push(ChoiceId(id)));
        }
    }

    fn apply(
        state: &mut OvState,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<OvEvent>,
    ) -> Result<(), RuleError> {
        if state.phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        let Actor::Seat(seat) = actor else {
            return Err(RuleError::NotYourDecision);
        };
        let decision = decider(state);
        let Some((_, d)) = decision.filter(|&(s, _)| s == seat) else {
            return Err(RuleError::NotYourDecision);
        };
        if !menu::offered(state, seat, decision, choice.0) {
            return Err(RuleError::IllegalChoice);
        }
        state.shuffled_in.clear();
        menu::apply(state, seat, d, choice.0, events);
        Ok(())
    }

    /// The deal again from its seed and options: the lot and the first turn's start.
    fn opening(state: &OvState) -> Vec<OvEvent> {
        let mut events = Vec::new();
        OvState::new(state.options.clone(), state.seed, &mut events);
        events
    }

    fn audience(event: &OvEvent) -> Audience {
        match event {
            OvEvent::Drew { seat, .. } | OvEvent::Looked { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Public,
        }
    }

    /// §7.4 and O-D38: a reaction window (or an unfinished reaction) passes; the main phase,
    /// an unconfirmed declaration or invest and the end-of-turn choice end the turn at once
    /// keeping the hand (one expiry, not a cancel and a fresh clock); a resolution question
    /// takes all its defaults at once.
    fn timeout_choice(state: &OvState, actor: Actor) -> Option<ChoiceId> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        menu::timeout(state, seat).map(ChoiceId)
    }

    /// §7.4 items 4 and 8: reaction decisions run on `reaction_secs`, every other decision
    /// on `move_timeout` (a stored game's legacy 0 on the spec's default).
    fn deadline_secs(state: &OvState, pending: Pending) -> Option<u64> {
        match pending.kind {
            DecisionKind::Reaction => Some(state.options.reaction_secs),
            _ => {
                let minutes = match state.options.move_timeout {
                    0 => default_move_timeout(),
                    m => m,
                };
                Some(minutes as u64 * 60)
            }
        }
    }

    /// §7.4 item 5: each player's standing reaction policy.
    fn preference_schema() -> Vec<OptionSpec> {
        let value = |key: &'static str| (key, Text::new(format!("ov-pref-reactions-{key}")));
        vec![OptionSpec {
            key: "reactions",
            label: Text::new("ov-pref-reactions"),
            kind: OptionKind::Choice {
                values: vec![value("ask"), value("ask_when_able"), value("auto_pass")],
                default: "ask",
            },
        }]
    }

    /// §7.4 item 5: `auto_pass` passes every window at once; `ask_when_able` passes at once
    /// only a window with no legal reaction in hand (which the opponent can infer from the
    /// speed); `ask` always asks. A reaction already begun is never passed for the player.
    fn auto_choice(
        state: &OvState,
        seat: Seat,
        prefs: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<ChoiceId> {
        let opens_window = matches!(decider(state), Some((s, Decision::Window)) if s == seat);
        if !opens_window {
            return None;
        }
        match prefs.get("reactions").and_then(|v| v.as_str()) {
            Some("auto_pass") => Some(ChoiceId(id::PASS)),
            Some("ask_when_able") if only_pass(state, seat) => Some(ChoiceId(id::PASS)),
            _ => None,
        }
    }

    fn view(state: &OvState, viewer: Viewer) -> OvView {
        OvView::new(state, viewer)
    }

    fn outcome(state: &OvState) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| present::outcome(state))
    }

    /// §12: the opponent's hand (except cards it took openly from its discard pile), every
    /// deck card whose place the seat does not know, and what the opponent is looking at.
    fn determinize(state: &OvState, observer: Seat, rng: &mut dyn rand::RngCore) -> OvState {
        determinize::determinize(state, observer, rng)
    }

    /// Cancel and back in the invest and declaration menus: without them out of the search,
    /// a search cut off after 60 steps went round invest → cancel for ever, since a turn
    /// that never ends keeps the opponent from playing within its horizon.
    fn undoes(state: &OvState, actor: Actor, choice: ChoiceId) -> bool {
        matches!(actor, Actor::Seat(seat) if menu::undoes(state, seat, choice.0))
    }

    /// Version 1 had no confirm: the last parameter (or the effect, for a play without
    /// parameters) put the card on the stack, and the next move was the other seat's
    /// window answer. So a declaration waiting for its confirm is confirmed unless its
    /// declarer makes the next stored move: that is a move of this version (moves stored
    /// after the upgrade are), since under 1 the declarer never moved next. At the end of
    /// a list (`next` none) the game under 1 was never waiting for a confirm either.
    fn upgrade_move(from: u32, state: &OvState, next: Option<Actor>) -> Option<(Actor, ChoiceId)> {
        if from != 1 {
            return None;
        }
        let (seat, Decision::Confirm) = decider(state)? else {
            return None;
        };
        (next != Some(Actor::Seat(seat))).then_some((Actor::Seat(seat), ChoiceId(id::CONFIRM)))
    }

    /// §6.1, §13: the confirm of a declaration whose parameters are all fixed. The AI
    /// takes it with the last parameter (or the effect, for a play without parameters), so
    /// its search and the greedy player never stop at the confirm, never step back from it
    /// and never drop a play they have built; a person still gets the confirm and back.
    fn confirms(state: &OvState, actor: Actor) -> Option<ChoiceId> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        (decider(state) == Some((seat, Decision::Confirm))).then_some(ChoiceId(id::CONFIRM))
    }

    /// Captured countries plus the ones on the way (see `standing.rs`).
    fn heuristic(state: &OvState, seat: Seat) -> f64 {
        standing::heuristic(state, seat)
    }

    fn observed_decisions(
        world: &OvState,
        observer: Seat,
        out: &mut crate::observed::Observations,
    ) {
        infer::observed_decisions(world, observer, out)
    }

    const INFERENCE_TEMPERATURE: f64 = infer::TEMPERATURE;

    fn secrets(state: &OvState, seat: Seat) -> Vec<String> {
        let mut out = Vec::new();
        let opp = other(seat);
        let o = &state.players[opp as usize];
        out.extend(
            o.hand
                .iter()
                .filter(|c| !o.public_hand.contains(c))
                .map(|&c| CardRef::new(opp, c).token()),
        );
        for (s, known) in [
            (seat, state.players[seat as usize].known_top),
            (opp, o.public_top),
        ] {
            let deck = &state.players[s as usize].deck;
            let hidden = deck.len().saturating_sub(known as usize);
            out.extend(deck[..hidden].iter().map(|&c| CardRef::new(s, c).token()));
        }
        if let Some(p) = &state.prompt {
            if let (true, PromptKind::Look { looked, kept }) = (p.item.owner == opp, &p.kind) {
                out.extend(
                    looked
                        .iter()
                        .chain(kept)
                        .map(|&c| CardRef::new(opp, c).token()),
                );
            }
        }
        if !state.shuffled_in.is_empty() {
            out.retain(|t| {
                !state
                    .shuffled_in
                    .iter()
                    .any(|&(s, c)| CardRef::new(s, c).token() == *t)
            });
        }
        out
    }

    fn explain_choices(state: &OvState, seat: Seat, menu: &Menu) -> Vec<Text> {
        explain::choices(state, seat, menu)
    }
    fn explain_event(event: &OvEvent) -> Vec<Text> {
        explain::event(event)
    }

    fn describe(event: &OvEvent) -> Text {
        present::describe(event)
    }

    fn panel(view: &OvView) -> Panel {
        present::panel(view)
    }

    fn scene(view: &OvView) -> crate::scene::Scene {
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

    fn cards() -> Vec<crate::contract::CardText> {
        card_texts::cards()
    }

    fn card_of(label: &crate::text::Text) -> Option<String> {
        card_texts::card_of(label)
    }

    /// Random games need the turn limit to be sure to end; every variant is covered.
    fn conformance_setups() -> Vec<(OvOptions, usize)> {
        let base = OvOptions {
            turn_limit: 80,
            ..OvOptions::default()
        };
        vec![
            (base.clone(), 2),
            (
                OvOptions {
                    no_refill: true,
                    ..base.clone()
                },
                2,
            ),
            (
                OvOptions {
                    strict_thresholds: true,
                    ..base.clone()
                },
                2,
            ),
            (
                OvOptions {
                    no_refill: true,
                    strict_thresholds: true,
                    turn_limit: 30,
                    ..base
                },
                2,
            ),
        ]
    }
}
