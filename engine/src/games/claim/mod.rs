//! Claim (Scott Almes), 2 players: spec `shared/rules/claim.md`, Czech rulebook seed 004.
//!
//! Choice ids are card indices (0..52), so a card keeps its id in every menu.

mod card_texts;
pub mod cards;
mod determinize;
mod explain;
pub(crate) mod infer;
mod present;
pub mod rules;
mod scene;
pub mod view;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_upgrade;

use serde::{Deserialize, Serialize};

use crate::{
    contract::{
        Actor, Audience, Choice, ChoiceId, DecisionKind, Game, Menu, Outcome, Pending, Refused,
        RuleError, Seat, SetupError, Viewer,
    },
    i18n::Lang,
    observed::Observations,
    panel::Panel,
    text::Text,
};
use cards::{Card, DECK_SIZE};
use rules::{ClaimEvent, ClaimState, Phase};
use view::ClaimView;

pub struct Claim;

/// Tricks left (the one under way included) from which a search solves the rest exactly: at
/// most (3·3)·(2·2) lines, fewer with alpha-beta.
pub const ENDGAME_TRICKS: u8 = 3;

/// Claim has no variants.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClaimOptions {}

impl Game for Claim {
    const ID: &'static str = "claim";
    const RULES_VERSION: u32 = 1;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 2;
    /// A playout is a whole game in ~2 µs and a search runs at ~200,000 iterations/s
    /// (`benches/ai.rs`): `hard` has room for 40,000 within its second even on a busy core.
    const AI_TUNING: crate::contract::Tuning = crate::contract::Tuning {
        iterations: [300, 3_000, 40_000],
        rollout_depth: None,
        easy_is_greedy: false,
    };

    type Options = ClaimOptions;
    type State = ClaimState;
    type Event = ClaimEvent;
    type View = ClaimView;

    fn new(_: &ClaimOptions, seats: usize, seed: u64) -> Result<ClaimState, SetupError> {
        if seats != 2 {
            return Err(SetupError::SeatCount {
                min: 2,
                max: 2,
                got: seats,
            });
        }
        Ok(ClaimState::new(seed, &mut Vec::new()))
    }

    /// A snapshot stored before `voids` or `tricks` existed reads back without them; the
    /// replay, which saw every card played, supplies them (the bot then keeps the replayed
    /// state).
    fn resumes(replayed: &ClaimState, stored: &ClaimState) -> bool {
        let voids_missing = stored.voids.iter().all(|v| v.is_empty());
        replayed == stored
            || ((voids_missing || stored.voids == replayed.voids)
                && (stored.tricks.is_empty() || stored.tricks == replayed.tricks)
                && &ClaimState {
                    voids: stored.voids,
                    tricks: stored.tricks.clone(),
                    ..replayed.clone()
                } == stored)
    }
    fn seat_count(_: &ClaimState) -> usize {
        2
    }

    fn pending(state: &ClaimState, out: &mut Vec<Pending>) {
        if let Some(seat) = state.to_move() {
            out.push(Pending {
                actor: Actor::Seat(seat),
                kind: DecisionKind::Move,
            });
        }
    }

    fn menu(state: &ClaimState, actor: Actor) -> Option<Menu> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        let legal = state.legal(seat);
        if legal.is_empty() {
            return None;
        }
        let prompt = match (state.led, state.prize) {
            (Some(led), _) => Text::new("claim-prompt-follow")
                .seat("player", state.leader)
                .arg("card", led.text()),
            (None, Some(prize)) => Text::new("claim-prompt-lead-prize").arg("card", prize.text()),
            (None, None) => Text::new("claim-prompt-lead"),
        };
        Some(Menu {
            actor,
            kind: DecisionKind::Move,
            prompt,
            choices: legal
                .iter()
                .map(|c| Choice {
                    id: ChoiceId(c.0 as u32),
                    label: c.text(),
                })
                .collect(),
        })
    }

    /// §6: a card of the hand that does not follow the led faction.
    fn refused(state: &ClaimState, seat: Seat, out: &mut Vec<Refused>) {
        let Some(led) = state.led.filter(|_| state.to_move() == Some(seat)) else {
            return;
        };
        let legal = state.legal(seat);
        let faction = Text::new(format!("claim-faction-{}", led.faction().key()));
        for card in state.hands[seat as usize].iter() {
            if !legal.contains(card) {
                out.push(Refused {
                    label: card.text(),
                    rule: Text::new("claim-refused-follow").arg("faction", faction.clone()),
                });
            }
        }
    }

    fn legal_ids(state: &ClaimState, actor: Actor, out: &mut Vec<ChoiceId>) {
        if let Actor::Seat(seat) = actor {
            out.extend(state.legal(seat).iter().map(|c| ChoiceId(c.0 as u32)));
        }
    }

    fn apply(
        state: &mut ClaimState,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<ClaimEvent>,
    ) -> Result<(), RuleError> {
        let Actor::Seat(seat) = actor else {
            return Err(if state.phase == Phase::Over {
                RuleError::GameOver
            } else {
                RuleError::NotYourDecision
            });
        };
        if choice.0 >= DECK_SIZE as u32 {
            return Err(RuleError::IllegalChoice);
        }
        state.play(seat, Card(choice.0 as u8), events)
    }

    /// The deal again from its seed: who leads first (by lot) and the first prize.
    fn opening(state: &ClaimState) -> Vec<ClaimEvent> {
        let mut events = Vec::new();
        ClaimState::new(state.seed, &mut events);
        events
    }

    fn audience(event: &ClaimEvent) -> Audience {
        match event {
            ClaimEvent::DrewBlind { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Public,
        }
    }

    /// The spec leaves timeouts to the session (D14); Vliv plays the lowest legal card,
    /// the first entry of the menu, so a silent player cannot stall the game.
    fn timeout_choice(state: &ClaimState, actor: Actor) -> Option<ChoiceId> {
        let Actor::Seat(seat) = actor else {
            return None;
        };
        state
            .legal(seat)
            .iter()
            .next()
            .map(|c| ChoiceId(c.0 as u32))
    }

    fn view(state: &ClaimState, viewer: Viewer) -> ClaimView {
        ClaimView::new(state, viewer)
    }

    fn outcome(state: &ClaimState) -> Option<Outcome> {
        (state.phase == Phase::Over).then(|| present::outcome(&rules::result(state.scores)))
    }

    /// The exact endgame reads a standing at every leaf it solves: without the outcome's
    /// explanation lines.
    fn standing(state: &ClaimState, places: &mut Vec<u8>, scores: &mut Vec<i64>) -> bool {
        if state.phase != Phase::Over {
            return false;
        }
        let result = rules::result(state.scores);
        places.extend_from_slice(&result.places());
        scores.extend(result.totals.iter().map(|&t| t as i64));
        true
    }

    fn determinize(state: &ClaimState, observer: Seat, rng: &mut dyn rand::RngCore) -> ClaimState {
        determinize::determinize(state, observer, rng)
    }

    /// The last tricks of phase two: no card is drawn any more, so the rest is the two
    /// hands played out, solved exactly on each determinization.
    fn solvable(state: &ClaimState) -> bool {
        state.phase == Phase::Factions && state.trick > rules::TRICKS_PER_PHASE - ENDGAME_TRICKS
    }

    fn observed_decisions(world: &ClaimState, observer: Seat, out: &mut Observations) {
        infer::observed_decisions(world, observer, out)
    }
    const INFERENCE_TEMPERATURE: f64 = infer::TEMPERATURE;

    fn heuristic(state: &ClaimState, seat: Seat) -> f64 {
        match state.phase {
            // The votes won: the outcome's score, without building its explanation.
            Phase::Over => rules::result(state.scores).totals[seat as usize & 1] as f64,
            _ => determinize::heuristic(state, seat),
        }
    }

    fn secrets(state: &ClaimState, seat: Seat) -> Vec<String> {
        state.hidden_from(seat).iter().map(|c| c.id()).collect()
    }

    fn explain_choices(state: &ClaimState, seat: Seat, menu: &Menu) -> Vec<Text> {
        explain::choices(state, seat, menu)
    }
    fn explain_event(event: &ClaimEvent) -> Vec<Text> {
        explain::event(event)
    }

    fn describe(event: &ClaimEvent) -> Text {
        present::describe(event)
    }

    fn panel(view: &ClaimView) -> Panel {
        present::panel(view)
    }

    fn scene(view: &ClaimView) -> crate::scene::Scene {
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
}
