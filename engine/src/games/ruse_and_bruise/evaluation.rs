//! End-of-round evaluation of one column (spec §6.2–§6.5): Musketeers, Magician, Witch,
//! Prince + Squire, the other effects, then the winner. Values are half-points.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Character, Symbol};
use crate::contract::Seat;

/// One card in the column as the evaluation sees it (spec §1, D-8): a card hidden under a
/// Disguise is its own entry sharing the Disguise's position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Entry {
    pub owner: Seat,
    pub card: Card,
    /// 1 = directly under the point card.
    pub position: u8,
    /// Was hidden under the Disguise at this position.
    pub hidden: bool,
}

/// How the winner was found (spec §6.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// Musketeers cancelled every effect; highest printed total wins.
    Musketeers,
    /// A Prince and Squire of one owner took the column.
    PrinceAndSquire,
    Highest,
    /// A Beggar: the lowest total wins.
    Lowest,
}

/// A card taken out by a Magician or Witch (spec §6.4.2, §6.4.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Removal {
    pub card: Entry,
    pub by: Entry,
    /// The removed card's base value, in half-points (`None` never happens: ⊥ stays).
    pub base: i32,
}

/// A card that stayed, with its final value (`None`: a Doppelganger without value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Valued {
    pub entry: Entry,
    pub value: Option<i32>,
}

/// Several Magicians or Witches that cancelled each other (spec §6.3 B, C; D-4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cancelled {
    pub character: Character,
    pub count: u8,
}

/// The breakdown the round report shows and the tests check (spec §10).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnReport {
    pub mode: Mode,
    pub cancelled: Vec<Cancelled>,
    pub removals: Vec<Removal>,
    /// The cards left after removals, top-down; values absent under Prince + Squire.
    pub cards: Vec<Valued>,
    /// Each contender's total (half-points), in seat order.
    pub sums: Vec<(Seat, i32)>,
    pub winner: Option<Seat>,
    /// The card whose position broke a tie (§6.5), or the winning pair's higher card.
    pub deciding_card: Option<Entry>,
}

/// Sets the base value of every card (sorted top-down): a Doppelganger copies the first
/// card still in the column at a lower position (§6.2, D-6), ⊥ when there is none.
fn set_base_values(cards: &mut [Valued], symbol: Symbol) {
    for i in (0..cards.len()).rev() {
        let e = cards[i].entry;
        cards[i].value = if e.card.character == Character::Doppelganger {
            cards[i + 1..]
                .iter()
                .find(|below| below.entry.position > e.position)
                .and_then(|below| below.value)
        } else {
            e.card.character.printed(symbol)
        };
    }
}

/// `c`'s bit in a set of characters (25 of them fit a `u32`).
fn bit(c: Character) -> u32 {
    1 << c.index()
}

/// Step B or C: with exactly one `remover` in the column, removes every card whose base
/// value `hits`, all at once (D-29); two or more cancel each other (D-4).
fn remove_by(
    cards: &mut Vec<Valued>,
    symbol: Symbol,
    remover: Character,
    hits: impl Fn(i32) -> bool,
    report: &mut ColumnReport,
) {
    let mut with = cards.iter().filter(|v| v.entry.card.character == remover);
    let by = match (with.next(), with.next()) {
        (None, _) => return,
        (Some(v), None) => v.entry,
        (Some(_), Some(_)) => {
            let count = 2 + with.count();
            report.cancelled.push(Cancelled {
                character: remover,
                count: count as u8,
            });
            return;
        }
    };
    set_base_values(cards, symbol);
    cards.retain(|v| match v.value {
        Some(base) if v.entry != by && hits(base) => {
            report.removals.push(Removal {
                card: v.entry,
                by,
                base,
            });
            false
        }
        _ => true,
    });
}

/// Evaluates one column whose cards are `entries`, top-down (hidden cards right after
/// their Disguise), under a point card of `symbol`.
pub fn evaluate(entries: Vec<Entry>, symbol: Symbol) -> ColumnReport {
    evaluate_cards(
        entries
            .into_iter()
            .map(|entry| Valued { entry, value: None })
            .collect(),
        symbol,
    )
}

/// [`evaluate`] over entries already wrapped as [`Valued`] (values unset): the end of a
/// round builds this list straight from the column, without an `Entry` list in between.
pub fn evaluate_cards(mut cards: Vec<Valued>, symbol: Symbol) -> ColumnReport {
    let mut report = ColumnReport {
        mode: Mode::Highest,
        cancelled: Vec::new(),
        removals: Vec::new(),
        cards: Vec::new(),
        sums: Vec::new(),
        winner: None,
        deciding_card: None,
    };
    let has = |cards: &[Valued], c: Character| cards.iter().any(|v| v.entry.card.character == c);
    // The characters in the column before any removal, one bit each: a step whose
    // characters are absent is skipped without scanning the cards again (removals only
    // take cards away, so a character absent here stays absent).
    let present = cards
        .iter()
        .fold(0u32, |m, v| m | bit(v.entry.card.character));
    let may_have = |c: Character| present & bit(c) != 0;

    // A. Musketeers: printed values only, the Doppelganger has none (§6.4.1).
    if may_have(Character::Musketeers) {
        report.mode = Mode::Musketeers;
        for v in &mut cards {
            v.value = v.entry.card.character.printed(symbol);
        }
        report.cards = cards;
        decide_by_sums(&mut report);
        return report;
    }

    // B, C. Magician (removes ≥ 10) then Witch (removes ≤ 9 but itself).
    if may_have(Character::Magician) {
        remove_by(
            &mut cards,
            symbol,
            Character::Magician,
            |v| v >= 20,
            &mut report,
        );
    }
    if may_have(Character::Witch) {
        remove_by(
            &mut cards,
            symbol,
            Character::Witch,
            |v| v <= 18,
            &mut report,
        );
    }

    // D. Prince + Squire of one owner win; the highest-lying pair among several (§6.4.4).
    let pair_top = |owner: Seat| -> Option<Entry> {
        let find = |c: Character| {
            cards
                .iter()
                .map(|v| v.entry)
                .find(|e| e.owner == owner && e.card.character == c)
        };
        let (prince, squire) = (find(Character::Prince)?, find(Character::Squire)?);
        Some(if prince.position <= squire.position {
            prince
        } else {
            squire
        })
    };
    let best_pair = (may_have(Character::Prince) && may_have(Character::Squire))
        .then(|| {
            cards
                .iter()
                .filter(|v| v.entry.card.character == Character::Prince)
                .filter_map(|v| pair_top(v.entry.owner))
                .min_by_key(|e| e.position)
        })
        .flatten();
    if let Some(top) = best_pair {
        report.mode = Mode::PrinceAndSquire;
        for v in &mut cards {
            v.value = None;
        }
        report.cards = cards;
        report.winner = Some(top.owner);
        report.deciding_card = Some(top);
        return report;
    }

    // E. The other effects, summed, floored once at 0 (D-7).
    set_base_values(&mut cards, symbol);
    let others = cards.len() as i32 - 1;
    // Per owner: Dragons of other players, and whether their Juliet is here.
    let mut dragons_total = 0;
    let mut own_dragons = [0i32; 8];
    let mut juliet = [false; 8];
    if may_have(Character::Dragon) || may_have(Character::Juliet) {
        for v in &cards {
            let owner = v.entry.owner as usize;
            match v.entry.card.character {
                Character::Dragon => {
                    dragons_total += 1;
                    own_dragons[owner] += 1;
                }
                Character::Juliet => juliet[owner] = true,
                _ => {}
            }
        }
    }
    for v in &mut cards {
        let e = v.entry;
        let owner = e.owner as usize;
        v.value = v.value.map(|bv| {
            let modifier = match e.card.character {
                Character::Hermit => -2 * others,
                Character::TomThumb => 6 * others,
                Character::Romeo if juliet[owner] => 20,
                _ => 0,
            };
            (bv + modifier - 4 * (dragons_total - own_dragons[owner])).max(0)
        });
    }
    if may_have(Character::Beggar) && has(&cards, Character::Beggar) {
        report.mode = Mode::Lowest;
    }
    report.cards = cards;
    decide_by_sums(&mut report);
    report
}

/// F. The contender with the highest (or, with a Beggar, lowest) total; a tie goes to the
/// tied contender with the highest (lowest) eligible card (§6.5, D-13). No contender: no
/// winner (D-14).
fn decide_by_sums(report: &mut ColumnReport) {
    // Totals per seat (at most 6 seats) and the set of contenders as bits, so that the
    // list below comes out in seat order and is allocated once at its exact length.
    let mut totals = [0i32; 8];
    let mut contenders = 0u8;
    for v in &report.cards {
        let Some(value) = v.value else { continue };
        totals[v.entry.owner as usize] += value;
        contenders |= 1 << v.entry.owner;
    }
    let mut sums: Vec<(Seat, i32)> = Vec::with_capacity(contenders.count_ones() as usize);
    while contenders != 0 {
        let seat = contenders.trailing_zeros() as Seat;
        sums.push((seat, totals[seat as usize]));
        contenders &= contenders - 1;
    }
    let lowest = report.mode == Mode::Lowest;
    let target = if lowest {
        sums.iter().map(|&(_, v)| v).min()
    } else {
        sums.iter().map(|&(_, v)| v).max()
    };
    report.sums = sums;
    let Some(target) = target else { return };
    let tied = |seat: Seat| report.sums.contains(&(seat, target));
    let mut at_target = report.sums.iter().filter(|&&(_, v)| v == target);
    if let (Some(&(only, _)), None) = (at_target.next(), at_target.next()) {
        report.winner = Some(only);
        return;
    }
    let mut eligible = report
        .cards
        .iter()
        .filter(|v| v.value.is_some() && tied(v.entry.owner))
        .map(|v| v.entry);
    let deciding = if lowest {
        eligible.next_back()
    } else {
        eligible.next()
    };
    report.winner = deciding.map(|e| e.owner);
    report.deciding_card = deciding;
}

/// One evaluated column of a finished round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ColumnResult {
    pub column: u8,
    pub point: super::cards::PointCard,
    pub report: ColumnReport,
}

/// One line of the round report of a column (spec §8: mode, removals and their cause,
/// values, totals, winner).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "line")]
pub enum EvalLine {
    Mode {
        point: super::cards::PointCard,
        mode: Mode,
    },
    Cancelled(Cancelled),
    Removed(Removal),
    Values {
        cards: Vec<Valued>,
    },
    Sums {
        sums: Vec<(Seat, i32)>,
    },
    Won {
        seat: Seat,
        point: super::cards::PointCard,
        mode: Mode,
        deciding_card: Option<Entry>,
    },
    Nobody {
        point: super::cards::PointCard,
    },
}

impl ColumnResult {
    pub fn lines(&self) -> Vec<EvalLine> {
        self.clone().into_lines()
    }

    pub fn into_lines(self) -> Vec<EvalLine> {
        let mut out =
            Vec::with_capacity(4 + self.report.cancelled.len() + self.report.removals.len());
        self.for_each_line(|line| out.push(line));
        out
    }

    /// The lines of [`ColumnResult::into_lines`] handed to `out` one by one, so that the end
    /// of a round turns them into events without a list in between.
    pub fn for_each_line(self, mut out: impl FnMut(EvalLine)) {
        let r = self.report;
        out(EvalLine::Mode {
            point: self.point,
            mode: r.mode,
        });
        r.cancelled
            .iter()
            .copied()
            .map(EvalLine::Cancelled)
            .for_each(&mut out);
        r.removals
            .iter()
            .copied()
            .map(EvalLine::Removed)
            .for_each(&mut out);
        if r.mode != Mode::PrinceAndSquire && !r.cards.is_empty() {
            out(EvalLine::Values { cards: r.cards });
            if !r.sums.is_empty() {
                out(EvalLine::Sums { sums: r.sums });
            }
        }
        out(match r.winner {
            Some(seat) => EvalLine::Won {
                seat,
                point: self.point,
                mode: r.mode,
                deciding_card: r.deciding_card,
            },
            None => EvalLine::Nobody { point: self.point },
        });
    }
}
