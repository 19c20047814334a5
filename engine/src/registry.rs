//! The games Vliv knows, behind a type-erased wrapper, so the bot and the store never
//! match on a game kind. Adding a game: one folder under `games/` and one line in [`all`].

use std::{fmt::Debug, marker::PhantomData};

use serde::{Deserialize, Serialize};

use rand::{rngs::SmallRng, SeedableRng};

use crate::{
    ai::{self, HintChoice, Level, Review, ReviewError, SearchConfig, Strategy},
    conformance,
    contract::{
        Actor, Audience, CardText, ChoiceId, Game, Menu, Outcome, Pending, Refused, RuleError,
        Seat, SetupError, Viewer,
    },
    games,
    i18n::Lang,
    options::{resolve_options, OptionSpec, OptionValues},
    panel::Panel,
    scene::{CardFace, Scene},
    text::{Arg, Text},
};

/// Every registered game.
pub fn all() -> &'static [&'static dyn GameKind] {
    static ALL: &[&dyn GameKind] = &[
        &Kind::<games::claim::Claim>(PhantomData),
        &Kind::<games::fantasy_realms::FantasyRealms>(PhantomData),
        &Kind::<games::louis_xiv::LouisXiv>(PhantomData),
        &Kind::<games::ruse_and_bruise::RuseAndBruise>(PhantomData),
        &Kind::<games::ovlivneni::Ovlivneni>(PhantomData),
        // One line per game.
    ];
    ALL
}

pub fn find(id: &str) -> Option<&'static dyn GameKind> {
    all().iter().copied().find(|g| g.id() == id)
}

/// One game kind: creates and loads games.
pub trait GameKind: Send + Sync {
    fn id(&self) -> &'static str;
    fn rules_version(&self) -> u32;
    /// Whether a game stored under rules version `version` replays under the current rules
    /// ([`Game::REPLAYS_FROM`]; the current version itself: yes).
    fn replays_from(&self, version: u32) -> bool;
    fn seat_range(&self) -> (usize, usize);
    fn option_schema(&self) -> Vec<OptionSpec>;
    /// Per-player preferences (see [`Game::preference_schema`]).
    fn preference_schema(&self) -> Vec<OptionSpec>;
    /// The game's name (`game-<id>-name`) and short rules (`game-<id>-rules`) are fluent messages.
    fn name(&self) -> Text;
    fn rules_summary(&self) -> Text;
    fn ftl(&self, lang: Lang) -> &'static str;
    /// Every card face its pictures may draw with a rule ([`Game::faces`]).
    fn faces(&self) -> Vec<CardFace>;
    /// Every card (and tile) of the game with its texts ([`Game::cards`]).
    fn cards(&self) -> Vec<CardText>;
    /// The card that `label` (a menu choice, a panel line) names, looking through its
    /// arguments too: the first one found, `None` if it names none.
    fn card_in(&self, label: &Text) -> Option<CardText> {
        self.cards_in(label).into_iter().next()
    }
    /// Whether `label` names a card ([`GameKind::card_in`] without copying the card).
    fn names_a_card(&self, label: &Text) -> bool {
        self.card_in(label).is_some()
    }
    /// Every card `label` names (a hand line lists several), each once, in order.
    fn cards_in(&self, label: &Text) -> Vec<CardText>;
    fn new_game(
        &self,
        options: &OptionValues,
        seats: usize,
        seed: u64,
    ) -> Result<Box<dyn GameState>, SetupError>;
    /// The embedded default component data, for games with a data file.
    fn default_data(&self) -> Option<&'static str>;
    /// Validates a component data text and returns its hash (compare with
    /// [`GameState::data_hash`] before replaying a stored game).
    fn data_hash(&self, data: &str) -> Result<String, SetupError>;
    /// A new game from a component data text (the override file's contents).
    fn new_game_with_data(
        &self,
        options: &OptionValues,
        seats: usize,
        seed: u64,
        data: &str,
    ) -> Result<Box<dyn GameState>, SetupError>;
    /// A stored state (from [`GameState::to_json`]).
    fn load(&self, json: &str) -> Result<Box<dyn GameState>, serde_json::Error>;
    /// How an AI seat at `level` plays this game ([`Strategy::level`]): its search under the
    /// level's time cap, or the greedy player for an `easy` the game's tuning makes greedy.
    fn strategy(&self, level: Level) -> Strategy;
    /// A reproducible search of `iterations` iterations with this game's playout settings.
    fn search_iterations(&self, iterations: u32) -> SearchConfig;
    /// The search a hint runs ([`ai::hint::config`]: `hard`'s budget and time cap).
    fn hint_config(&self) -> SearchConfig;
    /// The search a review runs per decision ([`ai::review::config`]: `normal`'s).
    fn review_config(&self) -> SearchConfig;
    /// Runs the shared conformance suite on this game.
    fn conformance(
        &self,
        cfg: &conformance::Config,
    ) -> Result<conformance::Report, conformance::Failure>;
}

/// One game in progress, whatever its kind.
pub trait GameState: Send + Sync + Debug {
    fn kind(&self) -> &'static dyn GameKind;
    fn seat_count(&self) -> usize;
    fn pending(&self) -> Vec<Pending>;
    fn menu(&self, actor: Actor) -> Option<Menu>;
    fn legal_ids(&self, actor: Actor, out: &mut Vec<ChoiceId>);
    fn apply(&mut self, actor: Actor, choice: ChoiceId) -> Result<Vec<Event>, RuleError>;
    /// The deal's events (see [`crate::Game::opening`]); call it on the game as dealt.
    fn opening(&self) -> Vec<Event>;
    fn timeout_choice(&self, actor: Actor) -> Option<ChoiceId>;
    /// Replaying a game stored under rules version `from`: the move to insert before the
    /// next stored move, made by `next` (`None`: the end of the list) ([`Game::upgrade_move`]).
    fn upgrade_move(&self, from: u32, next: Option<Actor>) -> Option<(Actor, ChoiceId)>;
    /// Choices `seat` may mean but may not make now, with their rules ([`Game::refused`]).
    fn refused(&self, seat: Seat) -> Vec<Refused>;
    /// The game's own clock for `pending` in seconds (see [`Game::deadline_secs`]).
    fn deadline_secs(&self, pending: Pending) -> Option<u64>;
    /// What `seat` answers at once under its player's preferences; values that no longer
    /// fit the schema count as unset.
    fn auto_choice(&self, seat: Seat, prefs: &OptionValues) -> Option<ChoiceId>;
    fn panel(&self, viewer: Viewer) -> Panel;
    /// The table as layout data for a picture (see [`Game::scene`]).
    fn scene(&self, viewer: Viewer) -> Scene;
    /// Learning mode: one line per choice of `seat`'s menu, in its order, saying what the
    /// choice does here ([`Game::explain_choices`]); `None` when nothing is pending for
    /// `seat` or the game explains nothing.
    fn explain_choices(&self, seat: Seat) -> Option<Vec<Text>>;

    /// The card ids `seat` may not know now (see [`Game::secrets`]): for leak tests.
    fn secrets(&self, seat: Seat) -> Vec<String>;
    /// The viewer's view as JSON: what a leak check or an API client sees.
    fn view_json(&self, viewer: Viewer) -> serde_json::Value;
    fn outcome(&self) -> Option<Outcome>;
    fn to_json(&self) -> String;
    /// Whether the stored snapshot `json` is this state's position (this state rebuilt from
    /// the moves): [`Game::resumes`]. The bot then keeps this state's JSON.
    fn resumes_from(&self, json: &str) -> bool;
    /// The hash of the component data this game started with (`None`: no data file).
    fn data_hash(&self) -> Option<String>;
    fn clone_box(&self) -> Box<dyn GameState>;

    // The AI (`crate::ai`): it reads the state only through determinizations for its seat.

    /// The state with everything hidden from `observer` re-dealt from `seed`
    /// ([`Game::determinize`]).
    fn determinize(&self, observer: Seat, seed: u64) -> Box<dyn GameState>;
    /// `seat`'s choice by `strategy` with randomness from `seed` (the bot passes one derived
    /// from the game's seed and the move number); `None` when `seat` has nothing to decide.
    fn ai_choice(&self, seat: Seat, strategy: &Strategy, seed: u64) -> Option<ChoiceId>;
    /// The choice of an AI seat at `level`: [`GameState::ai_choice`] with
    /// [`GameKind::strategy`].
    fn ai_level_choice(&self, seat: Seat, level: Level, seed: u64) -> Option<ChoiceId> {
        self.ai_choice(seat, &self.kind().strategy(level), seed)
    }
    /// [`Game::heuristic`]: how well `seat` stands, in the game's own points.
    fn heuristic(&self, seat: Seat) -> f64;
    /// The best three choices of `seat` with their estimated chances to win, by `cfg`'s
    /// search on determinizations for `seat` ([`ai::hint()`]); empty when `seat` has nothing to
    /// decide.
    fn ai_hint_with(&self, seat: Seat, cfg: &SearchConfig, seed: u64) -> Vec<HintChoice>;
    /// A hint within about a second: [`GameState::ai_hint_with`] with
    /// [`GameKind::hint_config`].
    fn ai_hint(&self, seat: Seat, seed: u64) -> Vec<HintChoice> {
        self.ai_hint_with(seat, &self.kind().hint_config(), seed)
    }
    /// This state taken as a game's start: the review of `seat`'s decisions in `moves` (as
    /// the engine applies them, upgrade moves included), each judged by `cfg`'s search on
    /// determinizations for `seat` ([`ai::review_game`]).
    fn ai_review_with(
        &self,
        moves: &[(Actor, ChoiceId)],
        seat: Seat,
        cfg: &SearchConfig,
        seed: u64,
    ) -> Result<Review, ReviewError>;
    /// [`GameState::ai_review_with`] with [`GameKind::review_config`]: a whole game within
    /// about 25 s of one core.
    fn ai_review(
        &self,
        moves: &[(Actor, ChoiceId)],
        seat: Seat,
        seed: u64,
    ) -> Result<Review, ReviewError> {
        self.ai_review_with(moves, seat, &self.kind().review_config(), seed)
    }

    fn same_state(&self, other: &dyn GameState) -> bool {
        self.kind().id() == other.kind().id() && self.to_json() == other.to_json()
    }
}

impl Clone for Box<dyn GameState> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

/// What happened in one applied choice, for the log and for whom it may be shown.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Event {
    pub audience: Audience,
    pub text: Text,
    /// Learning mode: why the event scored as it did ([`Game::explain_event`]), for the
    /// same audience; empty for most events.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub explanation: Vec<Text>,
}

struct Kind<G>(PhantomData<G>);

struct Live<G: Game> {
    state: G::State,
}

impl<G: Game> Debug for Live<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Only the kind: a state holds hidden cards, and debug output ends up in logs.
        write!(f, "Live<{}>", G::ID)
    }
}

impl<G: Game> GameKind for Kind<G> {
    fn id(&self) -> &'static str {
        G::ID
    }
    fn rules_version(&self) -> u32 {
        G::RULES_VERSION
    }
    fn replays_from(&self, version: u32) -> bool {
        version == G::RULES_VERSION || G::REPLAYS_FROM.contains(&version)
    }
    fn seat_range(&self) -> (usize, usize) {
        (G::MIN_SEATS, G::MAX_SEATS)
    }
    fn option_schema(&self) -> Vec<OptionSpec> {
        G::option_schema()
    }
    fn preference_schema(&self) -> Vec<OptionSpec> {
        G::preference_schema()
    }
    fn name(&self) -> Text {
        Text::new(format!("game-{}-name", G::ID))
    }
    fn rules_summary(&self) -> Text {
        Text::new(format!("game-{}-rules", G::ID))
    }
    fn ftl(&self, lang: Lang) -> &'static str {
        G::ftl(lang)
    }
    fn faces(&self) -> Vec<CardFace> {
        G::faces()
    }
    fn cards(&self) -> Vec<CardText> {
        G::cards()
    }
    fn card_in(&self, label: &Text) -> Option<CardText> {
        let mut keys = Vec::new();
        card_keys_in::<G>(label, &mut keys);
        let cards = cached_cards(G::ID);
        keys.iter()
            .find_map(|key| cards.iter().find(|c| c.key == *key))
            .cloned()
    }
    fn names_a_card(&self, label: &Text) -> bool {
        let mut keys = Vec::new();
        card_keys_in::<G>(label, &mut keys);
        let cards = cached_cards(G::ID);
        keys.iter().any(|key| cards.iter().any(|c| c.key == *key))
    }
    fn cards_in(&self, label: &Text) -> Vec<CardText> {
        let mut keys = Vec::new();
        card_keys_in::<G>(label, &mut keys);
        if keys.is_empty() {
            return Vec::new();
        }
        let cards = cached_cards(G::ID);
        let mut out: Vec<CardText> = Vec::new();
        for key in keys {
            if let Some(card) = cards.iter().find(|c| c.key == key) {
                if !out.iter().any(|c| c.key == key) {
                    out.push(card.clone());
                }
            }
        }
        out
    }
    fn new_game(
        &self,
        options: &OptionValues,
        seats: usize,
        seed: u64,
    ) -> Result<Box<dyn GameState>, SetupError> {
        let options = typed_options::<G>(options)?;
        Ok(Box::new(Live::<G> {
            state: G::new(&options, seats, seed)?,
        }))
    }
    fn default_data(&self) -> Option<&'static str> {
        G::default_data()
    }
    fn data_hash(&self, data: &str) -> Result<String, SetupError> {
        G::hash_data(data)
    }
    fn new_game_with_data(
        &self,
        options: &OptionValues,
        seats: usize,
        seed: u64,
        data: &str,
    ) -> Result<Box<dyn GameState>, SetupError> {
        let options = typed_options::<G>(options)?;
        Ok(Box::new(Live::<G> {
            state: G::new_with_data(&options, seats, seed, data)?,
        }))
    }
    fn load(&self, json: &str) -> Result<Box<dyn GameState>, serde_json::Error> {
        Ok(Box::new(Live::<G> {
            state: serde_json::from_str(json)?,
        }))
    }
    fn strategy(&self, level: Level) -> Strategy {
        Strategy::level::<G>(level)
    }
    fn search_iterations(&self, iterations: u32) -> SearchConfig {
        SearchConfig::iterations::<G>(iterations)
    }
    fn hint_config(&self) -> SearchConfig {
        ai::hint::config::<G>()
    }
    fn review_config(&self) -> SearchConfig {
        ai::review::config::<G>()
    }
    fn conformance(
        &self,
        cfg: &conformance::Config,
    ) -> Result<conformance::Report, conformance::Failure> {
        conformance::check::<G>(cfg)
    }
}

impl<G: Game> GameState for Live<G> {
    fn kind(&self) -> &'static dyn GameKind {
        static_kind::<G>()
    }
    fn seat_count(&self) -> usize {
        G::seat_count(&self.state)
    }
    fn pending(&self) -> Vec<Pending> {
        let mut out = Vec::new();
        G::pending(&self.state, &mut out);
        out
    }
    fn menu(&self, actor: Actor) -> Option<Menu> {
        G::menu(&self.state, actor)
    }
    fn legal_ids(&self, actor: Actor, out: &mut Vec<ChoiceId>) {
        G::legal_ids(&self.state, actor, out)
    }
    fn apply(&mut self, actor: Actor, choice: ChoiceId) -> Result<Vec<Event>, RuleError> {
        let mut events = Vec::new();
        G::apply(&mut self.state, actor, choice, &mut events)?;
        Ok(events
            .iter()
            .map(|e| Event {
                audience: G::audience(e),
                text: G::describe(e),
                explanation: G::explain_event(e),
            })
            .collect())
    }
    fn opening(&self) -> Vec<Event> {
        G::opening(&self.state)
            .iter()
            .map(|e| Event {
                audience: G::audience(e),
                text: G::describe(e),
                explanation: G::explain_event(e),
            })
            .collect()
    }
    fn timeout_choice(&self, actor: Actor) -> Option<ChoiceId> {
        G::timeout_choice(&self.state, actor)
    }
    fn upgrade_move(&self, from: u32, next: Option<Actor>) -> Option<(Actor, ChoiceId)> {
        G::upgrade_move(from, &self.state, next)
    }
    fn refused(&self, seat: Seat) -> Vec<Refused> {
        let mut out = Vec::new();
        G::refused(&self.state, seat, &mut out);
        out
    }
    fn deadline_secs(&self, pending: Pending) -> Option<u64> {
        G::deadline_secs(&self.state, pending)
    }
    fn auto_choice(&self, seat: Seat, prefs: &OptionValues) -> Option<ChoiceId> {
        let schema = G::preference_schema();
        if schema.is_empty() {
            return None;
        }
        let resolved = resolve_options(&schema, prefs)
            .or_else(|_| resolve_options(&schema, &OptionValues::new()))
            .ok()?;
        G::auto_choice(&self.state, seat, &resolved)
    }
    fn panel(&self, viewer: Viewer) -> Panel {
        G::panel(&G::view(&self.state, viewer))
    }
    fn scene(&self, viewer: Viewer) -> Scene {
        G::scene(&G::view(&self.state, viewer))
    }
    fn explain_choices(&self, seat: Seat) -> Option<Vec<Text>> {
        let menu = G::menu(&self.state, Actor::Seat(seat))?;
        let lines = G::explain_choices(&self.state, seat, &menu);
        // A game's explanations either cover every choice or none: a half-explained menu
        // would put lines under the wrong choices.
        (lines.len() == menu.choices.len()).then_some(lines)
    }
    fn secrets(&self, seat: Seat) -> Vec<String> {
        G::secrets(&self.state, seat)
    }
    fn view_json(&self, viewer: Viewer) -> serde_json::Value {
        serde_json::to_value(G::view(&self.state, viewer)).unwrap_or(serde_json::Value::Null)
    }
    fn outcome(&self) -> Option<Outcome> {
        G::outcome(&self.state)
    }
    fn to_json(&self) -> String {
        serde_json::to_string(&self.state).expect("game states serialize")
    }
    fn resumes_from(&self, json: &str) -> bool {
        self.to_json() == json
            || serde_json::from_str::<G::State>(json).is_ok_and(|s| G::resumes(&self.state, &s))
    }
    fn data_hash(&self) -> Option<String> {
        G::data_hash(&self.state)
    }
    fn clone_box(&self) -> Box<dyn GameState> {
        Box::new(Live::<G> {
            state: self.state.clone(),
        })
    }
    fn determinize(&self, observer: Seat, seed: u64) -> Box<dyn GameState> {
        let mut rng = SmallRng::seed_from_u64(seed);
        Box::new(Live::<G> {
            state: G::determinize(&self.state, observer, &mut rng),
        })
    }
    fn ai_choice(&self, seat: Seat, strategy: &Strategy, seed: u64) -> Option<ChoiceId> {
        ai::choose_by::<G>(&self.state, seat, strategy, seed)
    }
    fn heuristic(&self, seat: Seat) -> f64 {
        G::heuristic(&self.state, seat)
    }
    fn ai_hint_with(&self, seat: Seat, cfg: &SearchConfig, seed: u64) -> Vec<HintChoice> {
        ai::hint::<G>(&self.state, seat, cfg, seed)
    }
    fn ai_review_with(
        &self,
        moves: &[(Actor, ChoiceId)],
        seat: Seat,
        cfg: &SearchConfig,
        seed: u64,
    ) -> Result<Review, ReviewError> {
        ai::review_game::<G>(&self.state, moves, seat, cfg, seed)
    }
}

/// The card keys that `label` and its argument texts name, depth first.
fn card_keys_in<G: Game>(label: &Text, out: &mut Vec<String>) {
    if let Some(key) = G::card_of(label) {
        out.push(key);
    }
    for (_, arg) in &label.args {
        match arg {
            Arg::Text(t) => card_keys_in::<G>(t, out),
            Arg::List(list) => list.iter().for_each(|t| card_keys_in::<G>(t, out)),
            _ => {}
        }
    }
}

/// Every kind's cards, built once: a hand view looks up the cards its lines name on every
/// turn, and building a kind's card list allocates each card's texts.
fn cached_cards(id: &str) -> &'static [CardText] {
    static CARDS: std::sync::OnceLock<std::collections::HashMap<&'static str, Vec<CardText>>> =
        std::sync::OnceLock::new();
    CARDS
        .get_or_init(|| all().iter().map(|k| (k.id(), k.cards())).collect())
        .get(id)
        .map_or(&[], Vec::as_slice)
}

fn typed_options<G: Game>(options: &OptionValues) -> Result<G::Options, SetupError> {
    let resolved = resolve_options(&G::option_schema(), options)?;
    serde_json::from_value(serde_json::Value::Object(resolved)).map_err(|e| SetupError::BadOption {
        key: "options".into(),
        reason: e.to_string(),
    })
}

fn static_kind<G: Game>() -> &'static dyn GameKind {
    all()
        .iter()
        .copied()
        .find(|k| k.id() == G::ID)
        .expect("every game with a live state is registered")
}

/// Uniform over an erased game's legal choices (the random player of tests and benches):
/// here, above the registry, so that `random_player` stays below the conformance suite.
pub fn random_choice(
    state: &dyn GameState,
    actor: Actor,
    rng: &mut dyn rand::RngCore,
) -> Option<ChoiceId> {
    let mut buf = Vec::new();
    state.legal_ids(actor, &mut buf);
    crate::random_player::pick(&buf, rng)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_unique_and_found() {
        for g in all() {
            assert_eq!(find(g.id()).unwrap().id(), g.id());
            assert_eq!(all().iter().filter(|h| h.id() == g.id()).count(), 1);
        }
        assert!(find("chess").is_none());
    }

    #[test]
    fn every_option_and_preference_label_exists_in_both_languages() {
        use crate::options::OptionKind;
        for g in all() {
            for spec in g.option_schema().iter().chain(&g.preference_schema()) {
                let mut labels = vec![&spec.label];
                if let OptionKind::Choice { values, .. } = &spec.kind {
                    labels.extend(values.iter().map(|(_, l)| l));
                }
                for label in labels {
                    for lang in Lang::ALL {
                        assert!(
                            lang.try_text(label, &|_| String::new()).is_ok(),
                            "{} {}: {label:?} in {lang:?}",
                            g.id(),
                            spec.key
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn the_deal_is_told_in_both_languages_where_it_draws_a_lot_or_opens_a_round() {
        for g in all() {
            let (min, max) = g.seat_range();
            for seats in [min.max(2), max] {
                let state = g.new_game(&OptionValues::new(), seats, 7).unwrap();
                let opening = state.opening();
                if ["claim", "ovlivneni", "louis-xiv"].contains(&g.id()) {
                    assert!(!opening.is_empty(), "{} tells its deal", g.id());
                }
                for e in &opening {
                    assert_eq!(e.audience, Audience::Public, "{}: {:?}", g.id(), e.text);
                    for lang in Lang::ALL {
                        assert!(lang.try_text(&e.text, &|_| String::new()).is_ok());
                    }
                }
            }
        }
    }

    #[test]
    fn every_game_has_a_name_and_rules_in_both_languages() {
        for g in all() {
            for lang in Lang::ALL {
                assert!(lang.try_text(&g.name(), &|_| String::new()).is_ok());
                assert!(lang
                    .try_text(&g.rules_summary(), &|_| String::new())
                    .is_ok());
            }
        }
    }
}
