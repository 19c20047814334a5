//! Fantasy Realms ("Tajuplné říše", Bruce Glassco), 2–7 players: spec
//! `shared/rules/fantasy-realms.md`, Czech rulebook seed 003.
//!
//! Card choices use the printed numbers 1–53 as ids; the other ids are in `rules::ids`.
//! All scoring choices (wild cards, Book of Changes, Island, the Necromancer's pick) are made
//! by the exact scorer (`search.rs`, spec §11, D17), never asked.

mod ai;
pub mod calculator;
mod card_texts;
pub mod cards;
mod determinize;
mod estimate;
mod explain;
mod infer;
pub mod learned;
mod learned_weights;
pub mod live;
pub mod present;
pub mod rules;
mod scene;
pub mod score;
pub mod search;
pub mod view;

#[cfg(test)]
mod tests_cards;
#[cfg(test)]
mod tests_game;
#[cfg(test)]
mod tests_scoring;
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
    options::{OptionKind, OptionSpec},
    panel::Panel,
    text::Text,
};
use cards::{Card, Suit};
use rules::{ids, FrEvent, FrState, Partial, Step, Variant};
use view::FrView;

pub struct FantasyRealms;

/// The lobby's choice of variant; `auto` picks by seat count (2: two-player, 3–6: base,
/// 7: Chaotic Realms).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum VariantOption {
    #[default]
    Auto,
    Base,
    TwoPlayer,
    Chaotic,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FrOptions {
    pub variant: VariantOption,
    /// Chaotic Realms' time limit in minutes (§7.1, 5 recommended).
    pub time_limit: u8,
}

impl Default for FrOptions {
    fn default() -> Self {
        FrOptions {
            variant: VariantOption::Auto,
            time_limit: 5,
        }
    }
}

impl FrOptions {
    pub fn resolve(&self, seats: usize) -> Result<Variant, SetupError> {
        let variant = match self.variant {
            VariantOption::Auto => match seats {
                2 => Variant::TwoPlayer,
                7 => Variant::Chaotic,
                _ => Variant::Base,
            },
            VariantOption::Base => Variant::Base,
            VariantOption::TwoPlayer => Variant::TwoPlayer,
            VariantOption::Chaotic => Variant::Chaotic,
        };
        let (min, max) = variant.seat_range();
        if !(min..=max).contains(&seats) {
            return Err(SetupError::SeatCount {
                min,
                max,
                got: seats,
            });
        }
        Ok(variant)
    }
}

fn card_choice(c: Card) -> Choice {
    Choice {
        id: ChoiceId(c.0 as u32),
        label: c.text(),
    }
}

impl FantasyRealms {
    fn label(state: &FrState, seat: Seat, id: u32) -> Text {
        let offer_of = |s: Seat| state.offers.iter().find(|o| o.from == s).copied();
        let answer_from = |s: Seat| {
            state
                .answers
                .iter()
                .find(|a| a.from == s && a.to == seat)
                .copied()
        };
        match id {
            1..=53 => Card(id as u8).text(),
            ids::DECK if state.step == Step::Draft => Text::new("fr-choice-draw-two"),
            ids::DECK => Text::new("fr-choice-deck"),
            ids::BACK => Text::new("fr-choice-back"),
            ids::OFFER => Text::new("fr-choice-offer"),
            ids::WAIT => Text::new("fr-choice-wait"),
            ids::CANCEL_OFFER => Text::new("fr-choice-cancel-offer").arg(
                "card",
                offer_of(seat).map_or(Text::new("fr-wish-none"), |o| o.card.text()),
            ),
            ids::EVERYONE => Text::new("fr-choice-everyone"),
            ids::NO_WISH => Text::new("fr-choice-no-wish"),
            ids::WISH_ANY => match state.partial[seat as usize] {
                Some(Partial::OfferWishCard { suit, .. }) => {
                    Text::new("fr-choice-wish-any").arg("suit", suit.text())
                }
                _ => Text::new("fr-choice-no-wish"),
            },
            ids::TIME_UP => Text::new("fr-choice-time-up"),
            i if (ids::TO_SEAT..ids::TO_SEAT + 7).contains(&i) => {
                Text::new("fr-player").seat("player", (i - ids::TO_SEAT) as Seat)
            }
            i if (ids::WISH_SUIT..ids::WISH_SUIT + 11).contains(&i) => {
                Suit::ALL[(i - ids::WISH_SUIT) as usize].text()
            }
            i if (ids::ANSWER..ids::ANSWER + 7).contains(&i) => {
                let from = (i - ids::ANSWER) as Seat;
                let card = offer_of(from).map(|o| o.card).unwrap_or(Card::MIRAGE);
                Text::new("fr-choice-answer")
                    .seat("player", from)
                    .arg("card", card.text())
            }
            i if (ids::WITHDRAW..ids::WITHDRAW + 7).contains(&i) => {
                Text::new("fr-choice-withdraw").seat("player", (i - ids::WITHDRAW) as Seat)
            }
            i if (ids::CONFIRM..ids::CONFIRM + 7).contains(&i) => {
                let from = (i - ids::CONFIRM) as Seat;
                let theirs = answer_from(from).map(|a| a.card.text());
                let mine = offer_of(seat).map(|o| o.card.text());
                Text::new("fr-choice-confirm")
                    .seat("player", from)
                    .arg("theirs", theirs.unwrap_or(Text::new("fr-wish-none")))
                    .arg("mine", mine.unwrap_or(Text::new("fr-wish-none")))
            }
            i if (ids::DECLINE..ids::DECLINE + 7).contains(&i) => {
                let from = (i - ids::DECLINE) as Seat;
                let theirs = answer_from(from).map(|a| a.card.text());
                Text::new("fr-choice-decline")
                    .seat("player", from)
                    .arg("card", theirs.unwrap_or(Text::new("fr-wish-none")))
            }
            _ => Text::new("fr-choice-back"),
        }
    }

    fn prompt(state: &FrState, seat: Seat) -> Text {
        match (
            &state.step,
            state.partial.get(seat as usize).copied().flatten(),
        ) {
            (Step::Take, _) => Text::new("fr-prompt-take"),
            (Step::Discard { taken }, _) => {
                Text::new("fr-prompt-discard").arg("card", taken.text())
            }
            (Step::Draft, _) => Text::new("fr-prompt-draft"),
            (Step::Keep { .. }, _) => Text::new("fr-prompt-keep"),
            (_, Some(Partial::OfferCard)) => Text::new("fr-prompt-offer-card"),
            (_, Some(Partial::OfferTo { card })) => {
                Text::new("fr-prompt-offer-to").arg("card", card.text())
            }
            (_, Some(Partial::OfferWish { card, .. })) => {
                Text::new("fr-prompt-offer-wish").arg("card", card.text())
            }
            (_, Some(Partial::OfferWishCard { suit, .. })) => {
                Text::new("fr-prompt-offer-wish-card").arg("suit", suit.text())
            }
            (_, Some(Partial::AnswerCard { offerer })) => {
                let card = state
                    .offers
                    .iter()
                    .find(|o| o.from == offerer)
                    .map(|o| o.card)
                    .unwrap_or(Card::MIRAGE);
                Text::new("fr-prompt-answer-card")
                    .seat("player", offerer)
                    .arg("card", card.text())
            }
            _ => Text::new("fr-prompt-trade"),
        }
    }
}

/// Takes from the discard area after which the AI only draws (see `stalls`).
pub const AI_TAKES: u32 = 24;

impl Game for FantasyRealms {
    const ID: &'static str = "fantasy-realms";
    const RULES_VERSION: u32 = 1;
    const MIN_SEATS: usize = 2;
    const MAX_SEATS: usize = 7;
    /// A random playout says little about a Fantasy Realms move (the hand it ends with is
    /// random junk) and loses to the greedy player (1 of 20 games); the search scores its
    /// leaves by the heuristic instead: 4 of 10 against greedy, and a `normal` move of 1,500
    /// iterations in a median 52 ms where whole playouts took 665 ms (arena, load 10–16).
    /// `easy` is greedy: the flat search plays alike from 1 estimate a choice to 6,000
    /// (docs/ai-measurements.md, "What the budget buys"), and `normal` beats greedy in
    /// about 70 % of the games.
    const AI_TUNING: crate::contract::Tuning = crate::contract::Tuning {
        iterations: [100, 1_500, 6_000],
        rollout_depth: Some(0),
        easy_is_greedy: true,
    };
    const AI_SEARCH: crate::contract::SearchKind = crate::contract::SearchKind::Flat;

    type Options = FrOptions;
    type State = FrState;
    type Event = FrEvent;
    type View = FrView;

    /// A snapshot stored before `takes` or `turns` existed reads them as 0 and empty; the
    /// replay supplies them.
    fn resumes(replayed: &FrState, stored: &FrState) -> bool {
        replayed == stored
            || ((stored.takes == 0 || stored.takes == replayed.takes)
                && (stored.turns.is_empty() || stored.turns == replayed.turns)
                && &FrState {
                    takes: stored.takes,
                    turns: stored.turns.clone(),
                    ..replayed.clone()
                } == stored)
    }

    fn option_schema() -> Vec<OptionSpec> {
        let value = |key: &'static str| (key, Text::new(format!("fr-option-variant-{key}")));
        vec![
            OptionSpec {
                key: "variant",
                label: Text::new("fr-option-variant"),
                kind: OptionKind::Choice {
                    values: vec![
                        value("auto"),
                        value("base"),
                        value("two-player"),
                        value("chaotic"),
                    ],
                    default: "auto",
                },
            },
            OptionSpec {
                key: "time_limit",
                label: Text::new("fr-option-time-limit"),
                kind: OptionKind::Int {
                    min: 1,
                    max: 30,
                    default: 5,
                },
            },
        ]
    }

    fn new(options: &FrOptions, seats: usize, seed: u64) -> Result<FrState, SetupError> {
        let variant = options.resolve(seats)?;
        if !(1..=30).contains(&options.time_limit) {
            return Err(SetupError::BadOption {
                key: "time_limit".into(),
                reason: "must be between 1 and 30".into(),
            });
        }
        Ok(FrState::new(variant, seats, options.time_limit, seed))
    }

    fn seat_count(state: &FrState) -> usize {
        state.seats()
    }

    fn pending(state: &FrState, out: &mut Vec<Pending>) {
        match state.step {
            Step::Over => {}
            Step::Trading => {
                out.extend(
                    (0..state.seats() as Seat)
                        .filter(|&s| !state.waiting[s as usize])
                        .map(|s| Pending {
                            actor: Actor::Seat(s),
                            kind: DecisionKind::Trade,
                        }),
                );
                out.push(Pending {
                    actor: Actor::System,
                    kind: DecisionKind::Clock,
                });
            }
            _ => out.push(Pending {
                actor: Actor::Seat(state.to_move),
                kind: DecisionKind::Move,
            }),
        }
    }

    fn menu(state: &FrState, actor: Actor) -> Option<Menu> {
        let mut legal = Vec::new();
        match actor {
            Actor::System => {
                state.system_legal(&mut legal);
                (!legal.is_empty()).then(|| Menu {
                    actor,
                    kind: DecisionKind::Clock,
                    prompt: Text::new("fr-prompt-clock").arg("minutes", state.time_limit as i64),
                    choices: vec![Choice {
                        id: ChoiceId(ids::TIME_UP),
                        label: Text::new("fr-choice-time-up"),
                    }],
                })
            }
            Actor::Seat(seat) => {
                state.legal(seat, &mut legal);
                if legal.is_empty() {
                    return None;
                }
                let kind = if state.step == Step::Trading {
                    DecisionKind::Trade
                } else {
                    DecisionKind::Move
                };
                Some(Menu {
                    actor,
                    kind,
                    prompt: Self::prompt(state, seat),
                    choices: legal
                        .into_iter()
                        .map(|id| match id {
                            1..=53 => card_choice(Card(id as u8)),
                            _ => Choice {
                                id: ChoiceId(id),
                                label: Self::label(state, seat, id),
                            },
                        })
                        .collect(),
                })
            }
        }
    }

    /// §5.2: taking a card that is not in the discard area (or already in hand), and
    /// discarding a card that is not in hand. Only the seat's own hand and the open
    /// discard area are read.
    fn refused(state: &FrState, seat: Seat, out: &mut Vec<Refused>) {
        if state.to_move != seat {
            return;
        }
        let hand = &state.hands[seat as usize];
        let in_area = |c: Card| state.discard.iter().any(|d| d.card == c);
        let taking = matches!(state.step, Step::Take | Step::Draft);
        let discarding = matches!(state.step, Step::Discard { .. });
        if !taking && !discarding {
            return;
        }
        for card in (1..=53).map(Card) {
            let rule = match (taking, hand.contains(&card), in_area(card)) {
                (true, true, _) => "fr-refused-in-hand",
                (true, false, false) => "fr-refused-not-in-area",
                (false, false, _) => "fr-refused-not-in-hand",
                _ => continue,
            };
            out.push(Refused {
                label: card.text(),
                rule: Text::new(rule),
            });
        }
    }

    fn legal_ids(state: &FrState, actor: Actor, out: &mut Vec<ChoiceId>) {
        let mut legal = Vec::new();
        match actor {
            Actor::System => state.system_legal(&mut legal),
            Actor::Seat(seat) => state.legal(seat, &mut legal),
        }
        out.extend(legal.into_iter().map(ChoiceId));
    }

    fn apply(
        state: &mut FrState,
        actor: Actor,
        choice: ChoiceId,
        events: &mut Vec<FrEvent>,
    ) -> Result<(), RuleError> {
        match actor {
            Actor::System => state.apply_system(choice.0, events),
            Actor::Seat(seat) => state.apply_seat(seat, choice.0, events),
        }
    }

    fn audience(event: &FrEvent) -> Audience {
        match *event {
            FrEvent::Drew { seat, .. }
            | FrEvent::DrewTwoCards { seat, .. }
            | FrEvent::Kept { seat, .. }
            | FrEvent::TradedCards { seat, .. } => Audience::Seat(seat),
            FrEvent::OfferMade { viewer, .. }
            | FrEvent::OfferWithdrawn { viewer, .. }
            | FrEvent::Answered { viewer, .. }
            | FrEvent::AnswerWithdrawn { viewer, .. }
            | FrEvent::AnswerDeclined { viewer, .. } => Audience::Seat(viewer),
            _ => Audience::Public,
        }
    }

    /// §7/D21: the trading period lasts the lobby's time limit; the session ends it then.
    fn deadline_secs(state: &FrState, pending: Pending) -> Option<u64> {
        (matches!(state.step, Step::Trading) && pending.actor == Actor::System)
            .then(|| state.time_limit as u64 * 60)
    }

    /// §9: a missed turn takes from the deck and discards the card just taken (drafting:
    /// draw two, keep the first); the clock ends Chaotic Realms' trading. Trading seats have
    /// no deadline of their own.
    fn timeout_choice(state: &FrState, actor: Actor) -> Option<ChoiceId> {
        let mut legal = Vec::new();
        Self::legal_ids(state, actor, &mut legal);
        let wanted = match (&state.step, actor) {
            (Step::Trading, Actor::System) => ids::TIME_UP,
            (Step::Take | Step::Draft, Actor::Seat(_)) => ids::DECK,
            (Step::Discard { taken }, Actor::Seat(_)) => taken.0 as u32,
            (Step::Keep { drawn }, Actor::Seat(_)) => drawn[0].0 as u32,
            _ => return None,
        };
        // Without a deck (D19 guard) the first offered choice stands in.
        legal
            .iter()
            .copied()
            .find(|c| c.0 == wanted)
            .or(legal.first().copied())
    }

    fn view(state: &FrState, viewer: Viewer) -> FrView {
        FrView::new(state, viewer)
    }

    fn outcome(state: &FrState) -> Option<Outcome> {
        state.is_over().then(|| present::outcome(state))
    }

    fn determinize(state: &FrState, observer: Seat, rng: &mut dyn rand::RngCore) -> FrState {
        determinize::determinize(state, observer, rng)
    }

    fn observed_decisions(world: &FrState, observer: Seat, out: &mut Observations) {
        infer::observed_decisions(world, observer, out)
    }
    /// In points of a hand's score: a card worth 5 more is taken about e (2.7) times as
    /// often (`examples/inference_weights.rs`: sharper finds more of the real cards and
    /// narrows the pool more).
    const INFERENCE_TEMPERATURE: f64 = infer::TEMPERATURE;

    fn heuristic(state: &FrState, seat: Seat) -> f64 {
        determinize::heuristic(state, seat)
    }

    fn estimate(state: &FrState, seat: Seat, rng: &mut dyn rand::RngCore) -> f64 {
        estimate::estimate(state, seat, rng)
    }

    fn learned_estimate(state: &FrState, seat: Seat, rng: &mut dyn rand::RngCore) -> f64 {
        learned::learned_estimate(state, seat, rng)
    }

    /// Two searching seats may take a card from the discard area and throw it back for ever
    /// (a take leaves the end as far away as it was); after `AI_TAKES` such turns the AI only
    /// draws, and the end comes within 12 turns. Against the greedy player a game has ~6
    /// (at most 16 in 60 games).
    fn stalls(state: &FrState, _actor: Actor, choice: ChoiceId) -> bool {
        state.step == Step::Take && choice.0 != ids::DECK && state.takes >= AI_TAKES
    }

    fn rollout_choice(
        state: &FrState,
        actor: Actor,
        ids: &[ChoiceId],
        rng: &mut dyn rand::RngCore,
    ) -> Option<ChoiceId> {
        ai::rollout_choice(state, actor, ids, rng)
    }

    fn secrets(state: &FrState, seat: Seat) -> Vec<String> {
        state.hidden_from(seat).iter().map(|c| c.id()).collect()
    }

    fn explain_choices(state: &FrState, seat: Seat, menu: &Menu) -> Vec<Text> {
        explain::choices(state, seat, menu)
    }
    fn explain_event(event: &FrEvent) -> Vec<Text> {
        explain::event(event)
    }

    fn describe(event: &FrEvent) -> Text {
        present::describe(event)
    }

    fn panel(view: &FrView) -> Panel {
        present::panel(view)
    }

    fn scene(view: &FrView) -> crate::scene::Scene {
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

    fn conformance_setups() -> Vec<(FrOptions, usize)> {
        let with = |variant| FrOptions {
            variant,
            ..FrOptions::default()
        };
        let mut setups: Vec<(FrOptions, usize)> =
            (2..=7).map(|n| (FrOptions::default(), n)).collect();
        setups.extend([3, 5].map(|n| (with(VariantOption::Chaotic), n)));
        setups
    }
}
