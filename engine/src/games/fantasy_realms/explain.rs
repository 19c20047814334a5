//! Learning mode for Fantasy Realms: under each choice, what it does to the mover's best
//! hand score (the exact scorer of §11, `search::best`), and a word on how the game ends.
//! Read from the mover's view only: their hand, the card just taken or drawn, the discard
//! area and their own trade chain; never another hand or the deck.

use super::{
    cards::Card,
    rules::{ids, FrEvent, FrState, Partial, Step, Variant},
    search::best,
    view::FrView,
};
use crate::{
    contract::{Menu, Seat, Viewer},
    text::Text,
};

/// One line per choice of `menu`.
pub fn choices(state: &FrState, seat: Seat, menu: &Menu) -> Vec<Text> {
    let view = FrView::new(state, Viewer::Seat(seat));
    let Some(me) = &view.me else {
        return Vec::new();
    };
    let hand = &me.hand;
    let now = me.score.total;
    let scorer = Scorer { view: &view };
    // The seat's own partial trade (its chain of menus): known to it alone, and it.
    let partial = state.partial.get(seat as usize).copied().flatten();
    menu.choices
        .iter()
        .map(|choice| {
            let id = choice.id.0;
            let card = (1..=53).contains(&id).then_some(Card(id as u8));
            match (&state.step, card) {
                (Step::Take, None) => Text::new("fr-learn-deck").arg("now", now as i64),
                (Step::Take, Some(c)) => {
                    let mut eight = hand.clone();
                    eight.push(c);
                    let total = scorer.best_seven(&eight, Some(c));
                    scored("fr-learn-take", total, now)
                }
                (Step::Discard { .. }, Some(c)) => {
                    let rest: Vec<Card> = hand.iter().copied().filter(|&h| h != c).collect();
                    let total = scorer.total(&rest, None, Some(c));
                    scored("fr-learn-discard", total, now)
                }
                (Step::Draft, None) => Text::new("fr-learn-draw-two"),
                (Step::Draft, Some(c)) => {
                    let mut more = hand.clone();
                    more.push(c);
                    let total = scorer.total(&more, Some(c), None);
                    scored("fr-learn-draft-take", total, now)
                }
                (Step::Keep { .. }, Some(c)) => {
                    let mut more = hand.clone();
                    more.push(c);
                    let other = me.drawn.and_then(|d| d.into_iter().find(|&o| o != c));
                    let total = scorer.total(&more, None, other);
                    scored("fr-learn-keep", total, now)
                }
                (Step::Trading, Some(c)) => match partial {
                    Some(Partial::OfferWishCard { .. }) => {
                        Text::new("fr-learn-wish-card").arg("card", c.text())
                    }
                    _ => {
                        let rest: Vec<Card> = hand.iter().copied().filter(|&h| h != c).collect();
                        scored("fr-learn-give", scorer.total(&rest, None, None), now)
                    }
                },
                (Step::Trading, None) => trading(state, seat, id, hand, now, &scorer),
                _ => Text::new("fr-learn-back"),
            }
        })
        .collect()
}

/// A score line with the change against the hand's score now.
fn scored(key: &'static str, total: i32, now: i32) -> Text {
    let delta = total - now;
    let delta = match delta {
        0 => "±0".to_owned(),
        d if d > 0 => format!("+{d}"),
        d => format!("−{}", -d),
    };
    Text::new(key)
        .arg("total", total as i64)
        .arg("delta", delta.as_str())
}

/// The trade menus' other choices (§7, D21).
fn trading(state: &FrState, seat: Seat, id: u32, hand: &[Card], now: i32, scorer: &Scorer) -> Text {
    let in_range = |base: u32| (base..base + 7).contains(&id).then(|| (id - base) as Seat);
    if let Some(from) = in_range(ids::CONFIRM) {
        // Both cards of this trade are shown to the two seats in it (events `OfferMade`,
        // `Answered`), so the mover may score the hand it would get.
        let mine = state.offers.iter().find(|o| o.from == seat).map(|o| o.card);
        let theirs = state
            .answers
            .iter()
            .find(|a| a.from == from && a.to == seat)
            .map(|a| a.card);
        if let (Some(mine), Some(theirs)) = (mine, theirs) {
            let mut after: Vec<Card> = hand.iter().copied().filter(|&h| h != mine).collect();
            after.push(theirs);
            return scored("fr-learn-confirm", scorer.total(&after, None, None), now)
                .seat("player", from);
        }
    }
    let key = match id {
        ids::OFFER => "fr-learn-offer",
        ids::CANCEL_OFFER => "fr-learn-cancel-offer",
        ids::WAIT => "fr-learn-wait",
        ids::EVERYONE => "fr-learn-everyone",
        ids::NO_WISH => "fr-learn-no-wish",
        ids::WISH_ANY => "fr-learn-wish-any",
        ids::BACK => "fr-learn-back",
        _ if in_range(ids::TO_SEAT).is_some() => "fr-learn-to-seat",
        _ if in_range(ids::ANSWER).is_some() => "fr-learn-answer",
        _ if in_range(ids::WITHDRAW).is_some() => "fr-learn-withdraw",
        _ if in_range(ids::DECLINE).is_some() => "fr-learn-decline",
        _ if in_range(ids::CONFIRM).is_some() => "fr-learn-confirm-plain",
        i if (ids::WISH_SUIT..ids::WISH_SUIT + 11).contains(&i) => "fr-learn-wish-suit",
        _ => "fr-learn-back",
    };
    Text::new(key)
}

/// The exact best score of hands the mover could hold, with the Necromancer's choices from
/// the discard area as it would be then (§5.3; Chaotic Realms has no discard area).
struct Scorer<'a> {
    view: &'a FrView,
}

impl Scorer<'_> {
    /// `hand`'s best score after `taken` leaves the discard area and `added` joins it.
    fn total(&self, hand: &[Card], taken: Option<Card>, added: Option<Card>) -> i32 {
        let extras: Vec<Card> =
            if hand.contains(&Card::NECROMANCER) && self.view.variant != Variant::Chaotic {
                self.view
                    .discard
                    .iter()
                    .map(|d| d.card)
                    .filter(|&c| Some(c) != taken)
                    .chain(added)
                    .filter(|c| c.suit().necromancer_eligible())
                    .collect()
            } else {
                Vec::new()
            };
        best(hand, &extras).total
    }

    /// The best 7 of 8 cards: the best over which card to discard.
    fn best_seven(&self, eight: &[Card], taken: Option<Card>) -> i32 {
        eight
            .iter()
            .map(|&out| {
                let seven: Vec<Card> = eight.iter().copied().filter(|&c| c != out).collect();
                self.total(&seven, taken, Some(out))
            })
            .max()
            .unwrap_or(0)
    }
}

/// How the game's end is scored (§5.3, §11).
pub fn event(event: &FrEvent) -> Vec<Text> {
    match event {
        FrEvent::GameOver => vec![Text::new("fr-learn-over")],
        FrEvent::NecromancerTook { seat, card } => vec![Text::new("fr-learn-necromancer")
            .seat("player", *seat)
            .arg("card", card.text())],
        _ => Vec::new(),
    }
}
