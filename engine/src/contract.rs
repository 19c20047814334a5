//! The one contract every game implements (see `shared/design/engine.md`).

use std::fmt::Debug;

use rand::RngCore;
use serde::{de::DeserializeOwned, Deserialize, Serialize};

use crate::{
    i18n::Lang,
    observed::Observations,
    options::OptionSpec,
    panel::Panel,
    scene::{CardFace, Scene},
    text::Text,
};

pub use crate::{seat::Seat, setup::SetupError};

/// Discord's select menus hold at most 25 options; every menu fits in one.
pub const MAX_MENU_CHOICES: usize = 25;

/// A stable id of one choice, unique within the menu it belongs to. Games encode it
/// (a card index, a column number…) so that the same choice keeps the same id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct ChoiceId(pub u32);

/// Who applies a choice: a seated player, or the system when a clock runs out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Actor {
    Seat(Seat),
    System,
}

/// Who looks at the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Viewer {
    Seat(Seat),
    Spectator,
}

/// Who may see an event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Audience {
    Public,
    Seat(Seat),
}

impl Audience {
    pub fn shown_to(self, viewer: Viewer) -> bool {
        match (self, viewer) {
            (Audience::Public, _) => true,
            (Audience::Seat(a), Viewer::Seat(v)) => a == v,
            (Audience::Seat(_), Viewer::Spectator) => false,
        }
    }
}

/// What kind of decision is pending; the session picks timers and prompts by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionKind {
    /// Before play: a colour, a start player.
    Setup,
    /// The ordinary move of the seat whose turn it is (or a step of it).
    Move,
    /// A decision inside another seat's turn (Ovlivnění's reactions, a flipped card's owner).
    Reaction,
    /// Simultaneous trading (Fantasy Realms' chaotic variant).
    Trade,
    /// An option chosen at scoring time.
    Scoring,
    /// A system decision that the session applies when a clock runs out.
    Clock,
}

/// One decision the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pending {
    pub actor: Actor,
    pub kind: DecisionKind,
}

/// One labelled choice of a menu.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub id: ChoiceId,
    pub label: Text,
}

/// The choices open to one actor now: at most [`MAX_MENU_CHOICES`], a prompt saying what
/// is being decided. A move with parts is a chain of menus; the state keeps the partial move.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Menu {
    pub actor: Actor,
    pub kind: DecisionKind,
    pub prompt: Text,
    pub choices: Vec<Choice>,
}

/// Why a choice was refused. The state is unchanged. Never carries hidden cards.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
pub enum RuleError {
    #[error("the game is over")]
    GameOver,
    #[error("this decision is not yours now")]
    NotYourDecision,
    #[error("that choice is not offered now")]
    IllegalChoice,
}

impl RuleError {
    /// The localizable message for the player who tried the choice.
    pub fn text(&self) -> Text {
        Text::new(match self {
            RuleError::GameOver => "error-game-over",
            RuleError::NotYourDecision => "error-not-your-decision",
            RuleError::IllegalChoice => "error-illegal-choice",
        })
    }
}

/// A choice a seat may mean but may not make now, and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Refused {
    /// The label a menu would give the choice.
    pub label: Text,
    /// The rule, read from that seat's view only: never another seat's hidden cards.
    pub rule: Text,
}

/// The most characters a card's short text may have in either language: Discord's limit
/// on a select option's description, where the short text is shown beside a card's name.
pub const MAX_SHORT_CARD_TEXT: usize = 100;

/// One card (or tile) of a game and what it does, for a player without the box at hand:
/// public rules, never a hidden card of a game in progress.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardText {
    /// Stable within the game (`hydra`, `L01`, `tile-3`): what [`Game::card_of`] returns.
    pub key: String,
    /// The printed number a player may type instead of the name (Fantasy Realms' 1–53).
    pub number: Option<u32>,
    pub name: Text,
    /// The card's whole rule.
    pub full: Text,
    /// The rule in at most [`MAX_SHORT_CARD_TEXT`] characters: select menus, pictures.
    pub short: Text,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Outcome {
    /// Place of each seat, 1 = first; equal places are ties (all 1 = a draw).
    pub places: Vec<u8>,
    /// The game's score per seat (points, votes…), where it has one.
    pub scores: Vec<i64>,
    /// How the result came about, including any tie-break, one line each.
    pub explanation: Vec<Text>,
}

impl Outcome {
    pub fn winners(&self) -> Vec<Seat> {
        (0..self.places.len() as Seat)
            .filter(|&s| self.places[s as usize] == 1)
            .collect()
    }

    pub fn is_draw(&self) -> bool {
        self.places.len() > 1 && self.places.iter().all(|&p| p == 1)
    }
}

/// A game's settings for the AI's search (`crate::ai`), set where the game lives
/// ([`Game::AI_TUNING`]): part of the contract, so the search sits above every game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Tuning {
    /// Iterations of an `easy`, `normal` and `hard` move.
    pub iterations: [u32; 3],
    /// Playout steps after which [`Game::heuristic`] scores the state instead of playing
    /// to the end; `None` plays every playout out (right where playouts are cheap).
    pub rollout_depth: Option<u32>,
    /// `easy` is the greedy player ([`crate::ai::Strategy::Greedy`]) instead of a small
    /// search: for a game whose search plays alike at every budget, so that `easy` is an
    /// easier opponent and not only a quicker one.
    pub easy_is_greedy: bool,
}

impl Tuning {
    /// Budgets that fit a game whose search runs at ≥ 20,000 iterations/s within the levels'
    /// time caps.
    pub const DEFAULT: Tuning = Tuning {
        iterations: [200, 4_000, 16_000],
        rollout_depth: None,
        easy_is_greedy: false,
    };
}

/// Which search the AI runs on a game ([`Game::AI_SEARCH`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// ISMCTS: one tree over every seat's decisions.
    Tree,
    /// Flat Monte Carlo over the searching seat's choices, all judged on the same sampled
    /// determinizations and playouts (common random numbers), the weaker halved away.
    Flat,
}

/// The rules of one game. Everything is a pure function of the state; all randomness
/// comes from the seed kept in the state, so (seed, choices) replays to the same state.
pub trait Game: Sized + Send + Sync + 'static {
    /// The id used in commands and in the store, e.g. `claim`.
    const ID: &'static str;
    /// Stored with every game; a stored game with another version is not replayed, unless
    /// the version is one of [`Game::REPLAYS_FROM`].
    const RULES_VERSION: u32;
    /// Older rules versions whose stored move lists still replay under these rules, with the
    /// moves of [`Game::upgrade_move`] inserted where the new rules ask for them. Default:
    /// none.
    const REPLAYS_FROM: &'static [u32] = &[];
    const MIN_SEATS: usize;
    const MAX_SEATS: usize;

    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Send + Sync;
    /// Everything, hidden parts included.
    type State: Serialize + DeserializeOwned + Clone + PartialEq + Debug + Send + Sync;
    type Event: Serialize + Clone + Debug + Send + Sync;
    /// What one viewer may know: hidden cards are absent, not flagged.
    type View: Serialize + Debug;

    /// The options the lobby offers; `Options` deserializes from the resolved values.
    fn option_schema() -> Vec<OptionSpec> {
        Vec::new()
    }
    fn new(options: &Self::Options, seats: usize, seed: u64) -> Result<Self::State, SetupError>;

    // Component data (tiles, card tables) kept as text so owners can correct it without code.
    // Games without a data file keep these defaults.

    /// The embedded default data text (e.g. TOML), if the game has a data file.
    fn default_data() -> Option<&'static str> {
        None
    }
    /// Validates a data text (an override file's contents) and returns its hash.
    fn hash_data(_data: &str) -> Result<String, SetupError> {
        Err(SetupError::NoData)
    }
    /// A new game built from `data` instead of the default; the state keeps what it needs.
    fn new_with_data(
        _options: &Self::Options,
        _seats: usize,
        _seed: u64,
        _data: &str,
    ) -> Result<Self::State, SetupError> {
        Err(SetupError::NoData)
    }
    /// The hash of the data `state` started with: a stored game whose hash differs from the
    /// configured data's is frozen rather than replayed differently.
    fn data_hash(_state: &Self::State) -> Option<String> {
        None
    }
    /// Whether `stored`, a snapshot read back, holds the position that `replayed` (the game
    /// rebuilt from its seed and moves) reached. Equality by default; a state that gained a
    /// field may accept snapshots stored before it, the replay supplying the field.
    fn resumes(replayed: &Self::State, stored: &Self::State) -> bool {
        replayed == stored
    }
    fn seat_count(state: &Self::State) -> usize;

    /// Who must decide now; empty exactly when the game is over.
    fn pending(state: &Self::State, out: &mut Vec<Pending>);
    /// The labelled menu for `actor`, `None` if nothing is pending for it.
    fn menu(state: &Self::State, actor: Actor) -> Option<Menu>;
    /// The ids of `menu` without labels: the fast path for random players and search.
    fn legal_ids(state: &Self::State, actor: Actor, out: &mut Vec<ChoiceId>);
    /// Applies a choice, all or nothing, pushing what happened to `events`.
    fn apply(
        state: &mut Self::State,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError>;
    /// [`Game::apply`] where nobody reads the events (the search's tree and playouts): a game
    /// whose events cost time to build may leave them out of `scratch`; the state must come
    /// out the same. Default: `apply` into `scratch`.
    fn apply_unlogged(
        state: &mut Self::State,
        actor: Actor,
        choice: ChoiceId,
        scratch: &mut Vec<Self::Event>,
    ) -> Result<(), RuleError> {
        Self::apply(state, actor, choice, scratch)
    }
    /// Choices `seat` may mean but may not make now, each with its rule (a card that does
    /// not follow the led faction, a closed column): a typed choice naming one is refused
    /// with it; anything else not offered is "That choice is not available now.".
    fn refused(_state: &Self::State, _seat: Seat, _out: &mut Vec<Refused>) {}
    fn audience(event: &Self::Event) -> Audience;
    /// What the deal told the table (the first leader, the lot, the first round's start),
    /// for a front end to show before the first move; `state` is the game as dealt.
    fn opening(_state: &Self::State) -> Vec<Self::Event> {
        Vec::new()
    }
    /// What the game does when `actor`'s deadline passes (from the game's spec).
    fn timeout_choice(state: &Self::State, actor: Actor) -> Option<ChoiceId>;
    /// A clock the game itself sets for `pending`, in seconds (a trading period, a reaction
    /// window). The session applies [`Game::timeout_choice`] when it runs out, whatever the
    /// server's turn timeout. `None`: a `System` decision is applied at once and a seat gets
    /// the server's turn timeout.
    fn deadline_secs(_state: &Self::State, _pending: Pending) -> Option<u64> {
        None
    }
    /// Preferences each player may set for this game (a policy for reaction windows…);
    /// the bot shows them in its settings, the values reach [`Game::auto_choice`].
    fn preference_schema() -> Vec<OptionSpec> {
        Vec::new()
    }
    /// A choice the session takes at once for `seat` instead of asking, given that player's
    /// preferences (resolved against [`Game::preference_schema`], defaults filled in).
    fn auto_choice(
        _state: &Self::State,
        _seat: Seat,
        _prefs: &serde_json::Map<String, serde_json::Value>,
    ) -> Option<ChoiceId> {
        None
    }
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;
    fn outcome(state: &Self::State) -> Option<Outcome>;
    /// [`Game::outcome`]'s places and scores appended to `places` and `scores`, without its
    /// explanation; `false` (nothing appended) while the game is not over. The search reads
    /// them at every playout's end, where building the explanation's text and lists cost
    /// Ruse & Bruise a sixth of its search's time. Default: from the outcome.
    fn standing(state: &Self::State, places: &mut Vec<u8>, scores: &mut Vec<i64>) -> bool {
        let Some(outcome) = Self::outcome(state) else {
            return false;
        };
        places.extend_from_slice(&outcome.places);
        scores.extend_from_slice(&outcome.scores);
        true
    }

    /// Tokens (card ids) that `seat` may not know now: the conformance suite checks that
    /// nothing shown to `seat` contains them.
    fn secrets(state: &Self::State, seat: Seat) -> Vec<String>;

    // AI support (`crate::ai`): the search reads a game only through these and the fast path.

    /// A full state in which everything hidden from `observer` (other hands, the deck order,
    /// face-down piles, choices not yet revealed, the state's own random stream) is re-dealt
    /// from `rng`, consistently with all that `observer` has seen: its own cards, the public
    /// piles and events, and what play has proved (a seat that did not follow a faction holds
    /// none of it). It depends only on what `observer` knows: two states `observer` cannot
    /// tell apart give the same result for the same `rng`. The conformance suite checks this;
    /// it is what keeps the AI from peeking.
    fn determinize(state: &Self::State, observer: Seat, rng: &mut dyn RngCore) -> Self::State;

    /// A quick estimate of how well `seat` stands, in the game's own points (higher is
    /// better), read on a determinized state: the greedy player's yardstick and the search's
    /// cut-off where a playout to the end is slow. Default: the final score, else 0.
    fn heuristic(state: &Self::State, seat: Seat) -> f64 {
        Self::outcome(state)
            .and_then(|o| o.scores.get(seat as usize).copied())
            .map_or(0.0, |s| s as f64)
    }

    /// One sampled estimate of `seat`'s final points from here, drawn with `rng` on a
    /// determinized state: the search's value of a playout cut off before the end, where
    /// the present (the heuristic, the default) says too little of what a position can
    /// become. The same state and random numbers give the same estimate.
    fn estimate(state: &Self::State, seat: Seat, _rng: &mut dyn RngCore) -> f64 {
        Self::heuristic(state, seat)
    }

    /// [`Game::estimate`] corrected by a model learned from self-play, where the game has
    /// one (Fantasy Realms): the search's leaf value unless its settings ask for the plain
    /// estimate ([`crate::ai::SearchConfig::learned`]). It takes one number from `rng`, as
    /// the estimate does. Default: the estimate.
    fn learned_estimate(state: &Self::State, seat: Seat, rng: &mut dyn RngCore) -> f64 {
        Self::estimate(state, seat, rng)
    }

    /// The decisions other seats made that `observer` saw (a card taken from or left in a
    /// discard area, a card played to a trick), each with its alternatives valued as the
    /// deciding seat would value them in `world`, a [`Game::determinize`] for `observer`: the
    /// search weights each sampled world by how likely its hidden cards make those decisions
    /// ([`crate::ai::SearchConfig::infer`]). It must read only `world` (its public history and
    /// the hidden cards it was dealt), so that it peeks no more than the determinization.
    /// Default: none (every world equally likely).
    fn observed_decisions(_world: &Self::State, _observer: Seat, _out: &mut Observations) {}

    /// The opponent model's temperature for [`Game::observed_decisions`], in the values'
    /// points: a seat takes an alternative with probability ∝ `exp(value / temperature)`.
    const INFERENCE_TEMPERATURE: f64 = 1.0;

    /// What is left of the game from `state` is small and free of chance (two seats, one
    /// deciding at a time, no card still to be drawn): a search's playout then finds each
    /// seat's best play on its sample by minimax instead of playing at random
    /// ([`crate::ai::SearchConfig::exact_endgame`]). It runs at the start of every playout,
    /// so it must be cheap, and the tree it opens small (a few hundred leaves). Default:
    /// never.
    fn solvable(_state: &Self::State) -> bool {
        false
    }

    /// A playout's move for `actor` among `ids` (legal, not empty) on a determinized state,
    /// where uniform random play says too little about a position; `None` (the default):
    /// uniform. It runs at every playout step, so it must be cheap.
    fn rollout_choice(
        _state: &Self::State,
        _actor: Actor,
        _ids: &[ChoiceId],
        _rng: &mut dyn RngCore,
    ) -> Option<ChoiceId> {
        None
    }

    /// Whether `choice` only takes back the menu step before it (a "cancel" or "back" that
    /// leaves the state as it was two steps ago). The search never takes such a choice when
    /// another is legal: it makes nothing happen, and a cut-off search that goes round in it
    /// can postpone the end of its turn for ever. Default: none.
    fn undoes(_state: &Self::State, _actor: Actor, _choice: ChoiceId) -> bool {
        false
    }

    /// Replaying a move list stored under rules version `from` (one of
    /// [`Game::REPLAYS_FROM`]): the move the current rules ask for here that `from` never
    /// made, to be applied before the next stored move, whose actor is `next` (`None`: the
    /// list has ended; its last state under `from`). Called again after each inserted move.
    /// Default: none.
    fn upgrade_move(
        _from: u32,
        _state: &Self::State,
        _next: Option<Actor>,
    ) -> Option<(Actor, ChoiceId)> {
        None
    }

    /// The choice that only confirms what `actor` has just finished building (a
    /// declaration's final confirm: a step that lets a person take a mis-click back and
    /// changes nothing else), when one is pending for `actor`. The AI takes it together with
    /// the choice before, as one move: its search, playouts and greedy look-ahead never stop
    /// at it, so a confirm adds no decision level and the AI never steps back from it.
    /// Default: none.
    fn confirms(_state: &Self::State, _actor: Actor) -> Option<ChoiceId> {
        None
    }

    /// Whether `choice` would let two searching seats keep the end away for ever (a move that
    /// leaves the game where it was, once it has been made often enough to be counted in the
    /// state). The search treats it as [`Game::undoes`]. Default: none.
    fn stalls(_state: &Self::State, _actor: Actor, _choice: ChoiceId) -> bool {
        false
    }

    /// The search's budgets per level and its playout cut-off for this game.
    const AI_TUNING: Tuning = Tuning::DEFAULT;
    /// The levels (`easy`, `normal`, `hard`) whose search weights its sampled worlds by the
    /// other seats' observed choices ([`Game::observed_decisions`]): on only where the arena
    /// measured it to help within the levels' think times. Default: none.
    const AI_INFERENCE: [bool; 3] = [false; 3];
    /// Which search the AI runs on this game.
    const AI_SEARCH: SearchKind = SearchKind::Tree;

    // Learning mode: a new player's first game of a kind explains each choice and each
    // scoring (the issue "a first game that teaches"). Games without it keep the defaults.

    /// One line per choice of `menu` (the menu of `seat` now), in the menu's order, saying
    /// what that choice does here. It must depend only on what `seat` may know: on two
    /// states `seat` cannot tell apart (a state and its [`Game::determinize`] for `seat`)
    /// it gives the same lines; the learning tests check this. Default: none.
    fn explain_choices(_state: &Self::State, _seat: Seat, _menu: &Menu) -> Vec<Text> {
        Vec::new()
    }

    /// Why an event scored as it did (a trick's winner, a round's points), for a new
    /// player; shown to the event's own audience. Default: none.
    fn explain_event(_event: &Self::Event) -> Vec<Text> {
        Vec::new()
    }

    // Presentation: neutral, localizable text; the fluent messages live beside the game.
    fn describe(event: &Self::Event) -> Text;
    fn panel(view: &Self::View) -> Panel;
    /// The table as layout data for a picture, from the view only; by default the panel's
    /// lines, so a new game has a picture before it has a layout.
    fn scene(view: &Self::View) -> Scene {
        Scene::from_panel(&Self::panel(view))
    }
    fn ftl(lang: Lang) -> &'static str;
    /// Every card face [`Game::scene`] may draw with a rule on it, with each effect line it
    /// may carry, so that the pictures' tests can check every card text stays legible.
    /// Default: none.
    fn faces() -> Vec<CardFace> {
        Vec::new()
    }

    /// Every card (and tile) with its texts, in the rulebook's order; the same for every
    /// game of this kind (a game with a data file lists its default data's cards).
    fn cards() -> Vec<CardText> {
        Vec::new()
    }
    /// The key of the card (of [`Game::cards`]) that `label`, one message of a menu label or
    /// a panel line (not its arguments: the registry walks those), names; `None` if none.
    fn card_of(_label: &Text) -> Option<String> {
        None
    }

    /// Option sets and seat counts the conformance suite cycles through.
    fn conformance_setups() -> Vec<(Self::Options, usize)> {
        (Self::MIN_SEATS..=Self::MAX_SEATS)
            .map(|n| (Self::Options::default(), n))
            .collect()
    }
}
