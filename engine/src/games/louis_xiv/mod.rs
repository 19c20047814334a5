//! Louis XIV (Rüdiger Dorn), 2–4 players: spec `shared/rules/louis-xiv.md`, Czech rulebook
//! seed 001. Component data lives in `components.toml` (embedded) or in an override text.
//!
//! The course of the game is a stack of tasks (its types in `course.rs`, run by `flow.rs`,
//! automatic steps in `round.rs`); every decision is one small menu (spec §14): ids
//! documented in `flow.rs`, offered and applied in `decisions.rs`, labelled in `menu.rs`.
//!
//! Override data, through the registry: `kind.data_hash(&text)` validates a data text (the
//! error names the entry) and gives its hash; `kind.new_game_with_data(&options, seats, seed,
//! &text)` starts a game with it; `state.data_hash()` is the hash a game started with. A
//! stored game whose hash differs from the configured data's is frozen, not replayed.

mod card_texts;
pub mod course;
pub mod data;
mod decisions;
mod determinize;
pub mod events;
mod explain;
pub mod flow;
pub mod infer;
mod menu;
mod present;
pub mod refs;
mod round;
mod scene;
mod scoring;
pub mod state;
pub mod view;

#[cfg(test)]
mod tests;

use std::sync::{Arc, OnceLock};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use crate::{
    contract::{
        Actor, Audience, ChoiceId, DecisionKind, Game, Menu, Outcome, Pending, Refused, RuleError,
        Seat, SetupError, Viewer,
    },
    i18n::Lang,
    options::{OptionKind, OptionSpec},
    panel::Panel,
    text::Text,
};
use course::{Decision, Phase};
use data::{Data, TILES};
use events::LouisEvent;
use state::{Cards, InfluencePlay, LouisState, Player, TileState};
use view::LouisView;

pub struct LouisXiv;

/// No variants. §16 A23: the host may name the start player (1-based seat); 0 draws it
/// from the seed, as the bot cannot know who is oldest.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LouisOptions {
    #[serde(default)]
    pub start_player: u8,
}

impl LouisOptions {
    fn start(&self, seats: usize) -> Result<Option<Seat>, SetupError> {
        match self.start_player {
            0 => Ok(None),
            n if n as usize <= seats => Ok(Some(n - 1)),
            n => Err(SetupError::BadOption {
                key: "start_player".into(),
                reason: format!("seat {n} does not exist at a table of {seats}"),
            }),
        }
    }
}

impl LouisXiv {
    /// A new game from validated data.
    pub fn with_data(data: Data, seats: usize, seed: u64) -> Result<LouisState, SetupError> {
        let hash = data.hash();
        Self::with_shared_data(Arc::new(data), hash, seats, seed, None)
    }

    /// The embedded data, parsed and hashed once per process.
    fn default_shared() -> (Arc<Data>, String) {
        static DEFAULT: OnceLock<(Arc<Data>, String)> = OnceLock::new();
        DEFAULT
            .get_or_init(|| {
                let data = Data::default_data();
                let hash = data.hash();
                (Arc::new(data), hash)
            })
            .clone()
    }

    fn with_shared_data(
        data: Arc<Data>,
        data_hash: String,
        seats: usize,
        seed: u64,
        start: Option<Seat>,
    ) -> Result<LouisState, SetupError> {
        if !(2..=4).contains(&seats) {
            return Err(SetupError::SeatCount {
                min: 2,
                max: 4,
                got: seats,
            });
        }
        let player = Player {
            own: 0,
            common: 0,
            money: 0,
            chips: [0; 5],
            coats: Vec::new(),
            influence: Cards::default(),
            intrigue: Cards::default(),
            missions: Cards::default(),
            completed: Cards::default(),
            used: Cards::default(),
        };
        let mut st = LouisState {
            data_hash,
            adj: data.adjacency(),
            rng: ChaCha8Rng::seed_from_u64(seed),
            seats: seats as u8,
            round: 1,
            phase: Phase::Supply,
            start: 0,
            tiles: [TileState::default(); TILES],
            king: None,
            money_card: None,
            money_deck: Vec::new(),
            money_removed: Vec::new(),
            influence_deck: Vec::new(),
            discard: Vec::new(),
            intrigue_deck: Vec::new(),
            mission_decks: Default::default(),
            coat_pile: Vec::new(),
            neutral_pool: if seats == 2 {
                data.setup.neutral_stones
            } else {
                0
            },
            players: vec![player; seats],
            turn: 0,
            supply_left: Vec::new(),
            eval: Default::default(),
            tasks: Vec::new(),
            decision: None,
            result: None,
            plays: Vec::new(),
            data,
        };
        flow::setup(&mut st, start);
        st.run(&mut Vec::new());
        Ok(st)
    }
}

fn kind_of(d: &Decision) -> DecisionKind {
    match d {
        Decision::Intrigue { .. }
        | Decision::OnceFirst { .. }
        | Decision::Buy { .. }
        | Decision::PlaceAny { .. }
        | Decision::PlaceOn { .. }
        | Decision::Retrieve { .. } => DecisionKind::Reaction,
        _ => DecisionKind::Move,
    }
}

impl Game for LouisXiv {
    const ID: &'static str = "louis-xiv";
    const RULES_VERSION: u32 = 1;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 4;

    /// A snapshot stored before the record of the phase's influence plays (`plays`) has
    /// none, and one stored before the record of returned cards has plays without it: it
    /// resumes if it equals the replayed state in everything else.
    fn resumes(replayed: &LouisState, stored: &LouisState) -> bool {
        let unflagged = |plays: &[InfluencePlay]| -> Vec<InfluencePlay> {
            plays
                .iter()
                .map(|&p| InfluencePlay {
                    returned: false,
                    ..p
                })
                .collect()
        };
        let older = |plays: Vec<InfluencePlay>| {
            &LouisState {
                plays,
                ..replayed.clone()
            } == stored
        };
        replayed == stored
            || (stored.plays.is_empty() && older(Vec::new()))
            || (stored.plays.iter().all(|p| !p.returned) && older(unflagged(&replayed.plays)))
    }
    /// A search iteration runs at 23,000–50,000/s from mid-game with 2 players, about
    /// 7,000/s from the first round and 10,000/s with 4 (`benches/ai.rs`, the arena,
    /// `examples/determinized_playouts.rs`; busy machine): `normal` 1,500 gave a p99 of 321 ms.
    const AI_TUNING: crate::contract::Tuning = crate::contract::Tuning {
        iterations: [100, 1_000, 4_000],
        rollout_depth: None,
        easy_is_greedy: false,
    };

    type Options = LouisOptions;
    type State = LouisState;
    type Event = LouisEvent;
    type View = LouisView;

    fn option_schema() -> Vec<OptionSpec> {
        vec![OptionSpec {
            key: "start_player",
            label: Text::new("lx-option-start-player"),
            kind: OptionKind::Int {
                min: 0,
                max: Self::MAX_SEATS as i64,
                default: 0,
            },
        }]
    }

    fn new(options: &LouisOptions, seats: usize, seed: u64) -> Result<LouisState, SetupError> {
        let start = options.start(seats)?;
        let (data, hash) = Self::default_shared();
        Self::with_shared_data(data, hash, seats, seed, start)
    }

    fn default_data() -> Option<&'static str> {
        Some(data::DEFAULT_TOML)
    }

    fn hash_data(text: &str) -> Result<String, SetupError> {
        Data::parse(text)
            .map(|d| d.hash())
            .map_err(|e| SetupError::BadData(e.to_string()))
    }

    fn new_with_data(
        options: &LouisOptions,
        seats: usize,
        seed: u64,
        text: &str,
    ) -> Result<LouisState, SetupError> {
        let start = options.start(seats)?;
        let data = Data::parse(text).map_err(|e| SetupError::BadData(e.to_string()))?;
        let hash = data.hash();
        Self::with_shared_data(Arc::new(data), hash, seats, seed, start)
    }

    fn data_hash(state: &LouisState) -> Option<String> {
        Some(state.data_hash.clone())
    }

    fn seat_count(state: &LouisState) -> usize {
        state.n()
    }

    fn pending(state: &LouisState, out: &mut Vec<Pending>) {
        if let Some(d) = &state.decision {
            out.push(Pending {
                actor: Actor::Seat(d.seat()),
                kind: kind_of(d),
            });
        }
    }

    fn menu(state: &LouisState, actor: Actor) -> Option<Menu> {
        let d = state.decision.as_ref()?;
        if actor != Actor::Seat(d.seat()) {
            return None;
        }
        let mut ids = Vec::new();
        decisions::choices(state, d, &mut ids);
        Some(Menu {
            actor,
            kind: kind_of(d),
            prompt: menu::prompt(state, d),
            choices: ids
                .into_iter()
                .map(|id| crate::contract::Choice {
                    id,
                    label: menu::label(state, d, id.0),
                })
                .collect(),
        })
    }

    /// §6: an influence card the seat does not hold (its own hand only).
    fn refused(state: &LouisState, seat: Seat, out: &mut Vec<Refused>) {
        if state.decision != Some(Decision::Turn { seat }) {
            return;
        }
        let held = state.hand_kinds(seat);
        for kind in (0..=state::JOKER).filter(|&k| held & (1 << k) == 0) {
            out.push(Refused {
                label: Text::new("lx-choice-play").arg("card", menu::card(state, kind)),
                rule: Text::new("lx-refused-card-not-in-hand"),
            });
        }
    }

    fn legal_ids(state: &LouisState, actor: Actor, out: &mut Vec<ChoiceId>) {
        if let Some(d) = &state.decision {
            if actor == Actor::Seat(d.seat()) {
                decisions::choices(state, d, out);
            }
        }
    }

    fn apply(
        state: &mut LouisState,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<LouisEvent>,
    ) -> Result<(), RuleError> {
        let Some(d) = &state.decision else {
            return Err(RuleError::GameOver);
        };
        if actor != Actor::Seat(d.seat()) {
            return Err(RuleError::NotYourDecision);
        }
        let mut ids = Vec::with_capacity(16);
        decisions::choices(state, d, &mut ids);
        if !ids.contains(&choice) {
            return Err(RuleError::IllegalChoice);
        }
        decisions::decide(state, choice.0, events);
        Ok(())
    }

    /// Round 1's start player and money card, revealed by the deal (§3, §5).
    fn opening(state: &LouisState) -> Vec<LouisEvent> {
        let mut events = vec![LouisEvent::RoundStarted {
            round: state.round,
            start: state.start,
        }];
        if let (Some(card), Some(king)) = (state.money_card, state.king) {
            let mc = &state.data.money_card[card as usize];
            events.push(LouisEvent::MoneyCard {
                id: mc.id.clone(),
                income: mc.income,
                king,
            });
        }
        events
    }

    fn audience(event: &LouisEvent) -> Audience {
        event.audience()
    }

    /// The spec leaves timeouts to the session; Vliv takes the first entry of the menu,
    /// which is the cautious one wherever there is one (decline, no stone, stop).
    fn timeout_choice(state: &LouisState, actor: Actor) -> Option<ChoiceId> {
        let mut ids = Vec::new();
        Self::legal_ids(state, actor, &mut ids);
        ids.first().copied()
    }

    fn view(state: &LouisState, viewer: Viewer) -> LouisView {
        LouisView::new(state, viewer)
    }

    fn outcome(state: &LouisState) -> Option<Outcome> {
        state.result.as_ref().map(present::outcome)
    }

    fn determinize(state: &LouisState, observer: Seat, rng: &mut dyn rand::RngCore) -> LouisState {
        determinize::determinize(state, observer, rng)
    }

    fn heuristic(state: &LouisState, seat: Seat) -> f64 {
        determinize::heuristic(state, seat)
    }

    fn observed_decisions(
        world: &LouisState,
        observer: Seat,
        out: &mut crate::observed::Observations,
    ) {
        infer::observed_decisions(world, observer, out)
    }

    const INFERENCE_TEMPERATURE: f64 = infer::TEMPERATURE;

    fn secrets(state: &LouisState, seat: Seat) -> Vec<String> {
        view::secrets(state, seat)
    }

    fn explain_choices(state: &LouisState, seat: Seat, menu: &Menu) -> Vec<Text> {
        explain::choices(state, seat, menu)
    }
    fn explain_event(event: &LouisEvent) -> Vec<Text> {
        explain::event(event)
    }

    fn describe(event: &LouisEvent) -> Text {
        present::describe(event)
    }

    fn panel(view: &LouisView) -> Panel {
        present::panel(view)
    }

    fn scene(view: &LouisView) -> crate::scene::Scene {
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
}
