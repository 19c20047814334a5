//! The best score of a hand (spec §11): every scoring-time option chosen to maximise the
//! total, exactly, by enumeration in the fixed order of §11 with only the safe prunings.
//! The first assignment that reaches the maximum is kept, so the result is deterministic.

use serde::{Deserialize, Serialize};

use super::{
    cards::{Card, Suit},
    score::{clears, evaluate, Declarations, Eval, Identity, Slot, MAX_CARDS},
};

/// The slots of `hand` after steps 1–2 with `decl` (D2 order: Doppelgänger, Mirage,
/// Shapeshifter, Book of Changes). Choices naming cards not in the hand are ignored.
pub(crate) fn slots_for(hand: &[Card], decl: &Declarations) -> Vec<Slot> {
    let mut slots: Vec<Slot> = hand.iter().map(|&c| Slot::printed(c)).collect();
    let at = |c: Card| hand.iter().position(|&h| h == c);
    if let (Some(d), Some(t)) = (at(Card::DOPPELGANGER), decl.doppelganger) {
        if t != Card::DOPPELGANGER && at(t).is_some() {
            slots[d] = slots[d].copy_of(t);
        }
    }
    if let (Some(m), Some(id)) = (at(Card::MIRAGE), decl.mirage) {
        slots[m] = slots[m].declared(id);
    }
    if let (Some(s), Some(id)) = (at(Card::SHAPESHIFTER), decl.shapeshifter) {
        slots[s] = slots[s].declared(id);
    }
    if let (Some(_), Some((t, suit))) = (at(Card::BOOK_OF_CHANGES), decl.book) {
        if let Some(i) = at(t).filter(|_| t != Card::BOOK_OF_CHANGES) {
            slots[i].suit = suit;
        }
    }
    slots
}

/// The hand's cards: the Necromancer's extra card appended when chosen.
pub fn with_extra(hand: &[Card], decl: &Declarations) -> Vec<Card> {
    let mut cards = hand.to_vec();
    if let Some(extra) = decl.necromancer {
        if hand.contains(&Card::NECROMANCER) && !hand.contains(&extra) {
            cards.push(extra);
        }
    }
    cards
}

/// One evaluation with fixed choices: the total only (the fast path benchmarks measure).
pub fn total_with(hand: &[Card], decl: &Declarations) -> i32 {
    let cards = with_extra(hand, decl);
    let slots = slots_for(&cards, decl);
    let island = decl.island.and_then(|t| cards.iter().position(|&c| c == t));
    evaluate(&slots, island).total
}

/// A scoring-time change shown on the card that made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Declaration {
    /// Doppelgänger copies this card.
    Copies(Card),
    /// Mirage or Shapeshifter becomes this.
    Becomes(Identity),
    /// Book of Changes turns this card into this suit.
    Changes(Card, Suit),
    /// Island clears this card's penalty.
    Clears(Card),
    /// Necromancer took this card from the discard area (or the deck, chaotic).
    Takes(Card),
}

/// One card's part of a score (§10.8).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardScore {
    pub card: Card,
    /// The name it bears (`None` for a suit-only declaration).
    #[serde(with = "super::cards::as_name::option")]
    pub name: Option<Card>,
    /// Its current suit.
    pub suit: Suit,
    pub base: i32,
    pub bonus: i32,
    pub penalty: i32,
    pub blanked: bool,
    /// The cards that cleared its penalty (only for a card that has one).
    pub cleared_by: Vec<Card>,
    /// The cards that cleared the word "Army" from its penalty.
    pub army_cleared_by: Vec<Card>,
    pub declaration: Option<Declaration>,
    pub total: i32,
}

/// A hand's score with the choices that reach it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scored {
    pub total: i32,
    pub declarations: Declarations,
    /// In hand order, the Necromancer's extra card last.
    pub cards: Vec<CardScore>,
}

/// Texts with the word "Army" in their penalty (§4), for showing Rangers/Warship clears.
fn penalty_mentions_army(penalty: Card) -> bool {
    matches!(
        penalty,
        Card::SWAMP
            | Card::GREAT_FLOOD
            | Card::BLIZZARD
            | Card::DWARVISH_INFANTRY
            | Card::BASILISK
            | Card::WAR_DIRIGIBLE
    )
}

/// The per-card breakdown of one evaluation with fixed choices.
pub fn score_with(hand: &[Card], decl: &Declarations) -> Scored {
    let cards = with_extra(hand, decl);
    let slots = slots_for(&cards, decl);
    let island = decl.island.and_then(|t| cards.iter().position(|&c| c == t));
    let eval = evaluate(&slots, island);
    breakdown(&cards, &slots, decl, &eval)
}

fn breakdown(cards: &[Card], slots: &[Slot], decl: &Declarations, eval: &Eval) -> Scored {
    let who = |mask: u8| -> Vec<Card> {
        (0..cards.len())
            .filter(|&i| mask & (1 << i) != 0)
            .map(|i| cards[i])
            .collect()
    };
    let lines = slots
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let blanked = eval.blanked & (1 << i) != 0;
            let penalty = (s.penalty != 0).then_some(Card(s.penalty));
            let declaration = match s.card {
                Card::DOPPELGANGER => decl
                    .doppelganger
                    .filter(|_| s.name != Card::DOPPELGANGER.0)
                    .map(Declaration::Copies),
                Card::MIRAGE => decl.mirage.map(Declaration::Becomes),
                Card::SHAPESHIFTER => decl.shapeshifter.map(Declaration::Becomes),
                Card::BOOK_OF_CHANGES => decl
                    .book
                    .filter(|(t, _)| cards.contains(t))
                    .map(|(t, suit)| Declaration::Changes(t, suit)),
                Card::ISLAND => decl
                    .island
                    .filter(|t| cards.contains(t))
                    .map(Declaration::Clears),
                Card::NECROMANCER => decl
                    .necromancer
                    .filter(|t| cards.contains(t))
                    .map(Declaration::Takes),
                _ => None,
            };
            let base = if blanked { 0 } else { s.base as i32 };
            CardScore {
                card: s.card,
                name: (s.name != 0).then_some(Card(s.name)),
                suit: s.suit,
                base: s.base as i32,
                bonus: eval.bonus[i],
                penalty: eval.penalty[i],
                blanked,
                cleared_by: if penalty.is_some() {
                    who(eval.cleared_by[i])
                } else {
                    Vec::new()
                },
                army_cleared_by: if penalty.is_some_and(penalty_mentions_army) {
                    who(eval.army_cleared_by[i])
                } else {
                    Vec::new()
                },
                declaration,
                total: base + eval.bonus[i] + eval.penalty[i],
            }
        })
        .collect();
    Scored {
        total: eval.total,
        declarations: *decl,
        cards: lines,
    }
}

/// A hand longer than the search scores (at most 8 cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a hand of {0} cards cannot be scored: at most {MAX_CARDS}")]
pub struct TooManyCards(pub usize);

/// The best score of `hand` (7 cards, or 8 given directly), trying each of `extras` as the
/// Necromancer's extra card when the hand holds the Necromancer (§10.2, D17). The game's
/// hands never hold more than 8 cards; [`try_best`] answers any hand.
pub fn best(hand: &[Card], extras: &[Card]) -> Scored {
    try_best(hand, extras).unwrap_or_else(|e| unreachable!("a game hand: {e}"))
}

/// [`best`], or a typed error for a hand of more than 8 cards.
pub fn try_best(hand: &[Card], extras: &[Card]) -> Result<Scored, TooManyCards> {
    let (total, decl) = best_choices(hand, extras)?;
    let scored = score_with(hand, &decl);
    debug_assert_eq!(scored.total, total);
    Ok(scored)
}

/// The maximum total and the first declarations (§11 order) that reach it. The
/// Necromancer's extra is an eighth card (§10.2): a hand that already holds 8 (mid-turn,
/// before its discard) is scored as it is.
pub fn best_choices(hand: &[Card], extras: &[Card]) -> Result<(i32, Declarations), TooManyCards> {
    if hand.len() > MAX_CARDS {
        return Err(TooManyCards(hand.len()));
    }
    let mut best = search(hand, None);
    if hand.contains(&Card::NECROMANCER) && hand.len() < MAX_CARDS {
        let mut picks: Vec<Card> = extras
            .iter()
            .copied()
            .filter(|c| !hand.contains(c))
            .collect();
        picks.sort();
        picks.dedup();
        for pick in picks {
            let mut cards = hand.to_vec();
            cards.push(pick);
            let (total, mut decl) = search(&cards, Some(pick));
            decl.necromancer = Some(pick);
            // Equal totals: the lowest printed base wins (it helps the tie-break); none stays.
            let better = match best.1.necromancer {
                _ if total != best.0 => total > best.0,
                None => false,
                Some(cur) => (pick.base(), pick.0) < (cur.base(), cur.0),
            };
            if better {
                best = (total, decl);
            }
        }
    }
    Ok(best)
}

/// The options of one wild card in §11 order: none, the mentioned names by number, suits.
fn wild_options(cards: &[Card], suits: &[Suit; 5]) -> Vec<Option<Identity>> {
    let mut names: Vec<Card> = cards
        .iter()
        .flat_map(|c| c.mentions().iter().copied())
        .filter(|c| suits.contains(&c.suit()))
        .collect();
    names.sort();
    names.dedup();
    let mut sorted_suits = *suits;
    sorted_suits.sort();
    std::iter::once(None)
        .chain(names.into_iter().map(|c| Some(Identity::Named(c))))
        .chain(
            sorted_suits
                .into_iter()
                .map(|s| Some(Identity::SuitOnly(s))),
        )
        .collect()
}

/// The search over wild cards, Book of Changes and Island for one fixed card list.
fn search(cards: &[Card], necromancer: Option<Card>) -> (i32, Declarations) {
    let n = cards.len();
    debug_assert!(n <= MAX_CARDS, "checked by best_choices");
    let at = |c: Card| cards.iter().position(|&h| h == c);
    let base: Vec<Slot> = cards.iter().map(|&c| Slot::printed(c)).collect();

    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| cards[i]);

    // Doppelgänger: none, or another card; copying an undeclared wild card is never better
    // than none (same suit, base and penalty; a duplicate name only lowers Collector).
    let dopp_options: Vec<Option<usize>> = match at(Card::DOPPELGANGER) {
        None => vec![None],
        Some(_) => std::iter::once(None)
            .chain(
                order
                    .iter()
                    .copied()
                    .filter(|&i| !cards[i].is_wild())
                    .map(Some),
            )
            .collect(),
    };
    let mirage = at(Card::MIRAGE);
    let mirage_options = match mirage {
        None => vec![None],
        Some(_) => wild_options(cards, &Suit::MIRAGE),
    };
    let shifter = at(Card::SHAPESHIFTER);
    let shifter_options = match shifter {
        None => vec![None],
        Some(_) => wild_options(cards, &Suit::SHAPESHIFTER),
    };
    let book = at(Card::BOOK_OF_CHANGES);
    let island = at(Card::ISLAND);
    let dopp = at(Card::DOPPELGANGER);

    let mut best_total = i32::MIN;
    let mut best_decl = Declarations {
        necromancer,
        ..Declarations::default()
    };
    let mut slots = base.clone();
    for &d in &dopp_options {
        if let Some(di) = dopp {
            slots[di] = match d {
                Some(t) => base[di].copy_of(cards[t]),
                None => base[di],
            };
        }
        for &m in &mirage_options {
            if let Some(mi) = mirage {
                slots[mi] = m.map_or(base[mi], |id| base[mi].declared(id));
            }
            for &s in &shifter_options {
                if let Some(si) = shifter {
                    slots[si] = s.map_or(base[si], |id| base[si].declared(id));
                }
                let declared = slots.clone();
                let mut try_book = |target: Option<(usize, Suit)>, slots: &mut Vec<Slot>| {
                    let islands = island_options(slots, island);
                    for &i in &islands {
                        let total = evaluate(slots, i).total;
                        if total > best_total {
                            best_total = total;
                            best_decl = Declarations {
                                necromancer,
                                doppelganger: d.map(|t| cards[t]),
                                mirage: m,
                                shapeshifter: s,
                                book: target.map(|(t, suit)| (cards[t], suit)),
                                island: i.map(|t| cards[t]),
                            };
                        }
                    }
                };
                try_book(None, &mut slots);
                if let Some(bi) = book {
                    for &t in order.iter().filter(|&&t| t != bi) {
                        for suit in Suit::REAL {
                            // The card's own suit is the same as not using the Book.
                            if declared[t].suit == suit {
                                continue;
                            }
                            slots[t].suit = suit;
                            try_book(Some((t, suit)), &mut slots);
                            slots[t].suit = declared[t].suit;
                        }
                    }
                }
            }
        }
    }
    (best_total, best_decl)
}

/// Island: none, or a Flood or Flame whose penalty is not already cleared wholly (clearing
/// it again changes nothing), by card number.
fn island_options(slots: &[Slot], island: Option<usize>) -> Vec<Option<usize>> {
    let mut out = vec![None];
    if let Some(holder) = island {
        if !slots[holder].bonus {
            return out;
        }
        let (cleared, _) = clears(slots, None);
        let mut targets: Vec<usize> = (0..slots.len())
            .filter(|&x| {
                matches!(slots[x].suit, Suit::Flood | Suit::Flame)
                    && slots[x].penalty != 0
                    && cleared[x] == 0
            })
            .collect();
        targets.sort_by_key(|&x| slots[x].card);
        out.extend(targets.into_iter().map(Some));
    }
    out
}
