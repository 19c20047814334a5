//! End-of-round evaluation of one column (spec §6.2–§6.5): Musketeers, Magician, Witch,
//! Prince + Squire, the other effects, then the winner. Values are half-points.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Character, Symbol, OWN_SYMBOL_VALUE};
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

/// The printed value used by §6.3 A and as the base value of every card but the
/// Doppelganger (§6.2).
fn printed(card: Card, symbol: Symbol) -> Option<i32> {
    match card.character.symbol() {
        Some(s) if s == symbol => Some(OWN_SYMBOL_VALUE),
        _ => card.character.info().value,
    }
}

/// Base values of `entries` (sorted top-down): a Doppelganger copies the first card still
/// in the column at a lower position (§6.2, D-6), ⊥ when there is none.
fn base_values(entries: &[Entry], symbol: Symbol) -> Vec<Option<i32>> {
    let mut out = vec![None; entries.len()];
    for i in (0..entries.len()).rev() {
        out[i] = if entries[i].card.character == Character::Doppelganger {
            let below = (i + 1..entries.len()).find(|&j| entries[j].position > entries[i].position);
            below.and_then(|j| out[j])
        } else {
            printed(entries[i].card, symbol)
        };
    }
    out
}

/// Step B or C: with exactly one `remover` in the column, removes every card whose base
/// value `hits`, all at once (D-29); two or more cancel each other (D-4).
fn remove_by(
    entries: &mut Vec<Entry>,
    symbol: Symbol,
    remover: Character,
    hits: impl Fn(i32) -> bool,
    report: &mut ColumnReport,
) {
    let count = entries
        .iter()
        .filter(|e| e.card.character == remover)
        .count();
    if count >= 2 {
        report.cancelled.push(Cancelled {
            character: remover,
            count: count as u8,
        });
        return;
    }
    let Some(by) = entries
        .iter()
        .copied()
        .find(|e| e.card.character == remover)
    else {
        return;
    };
    let values = base_values(entries, symbol);
    let mut kept = Vec::with_capacity(entries.len());
    for (e, v) in entries.iter().zip(values) {
        match v {
            Some(base) if *e != by && hits(base) => {
                report.removals.push(Removal { card: *e, by, base })
            }
            _ => kept.push(*e),
        }
    }
    *entries = kept;
}

/// Evaluates one column whose cards are `entries`, top-down (hidden cards right after
/// their Disguise), under a point card of `symbol`.
pub fn evaluate(mut entries: Vec<Entry>, symbol: Symbol) -> ColumnReport {
    let mut report = ColumnReport {
        mode: Mode::Highest,
        cancelled: Vec::new(),
        removals: Vec::new(),
        cards: Vec::new(),
        sums: Vec::new(),
        winner: None,
        deciding_card: None,
    };
    let has = |entries: &[Entry], c: Character| entries.iter().any(|e| e.card.character == c);

    // A. Musketeers: printed values only, the Doppelganger has none (§6.4.1).
    if has(&entries, Character::Musketeers) {
        report.mode = Mode::Musketeers;
        report.cards = entries
            .iter()
            .map(|&e| Valued {
                entry: e,
                value: printed(e.card, symbol),
            })
            .collect();
        decide_by_sums(&mut report);
        return report;
    }

    // B, C. Magician (removes ≥ 10) then Witch (removes ≤ 9 but itself).
    remove_by(
        &mut entries,
        symbol,
        Character::Magician,
        |v| v >= 20,
        &mut report,
    );
    remove_by(
        &mut entries,
        symbol,
        Character::Witch,
        |v| v <= 18,
        &mut report,
    );

    // D. Prince + Squire of one owner win; the highest-lying pair among several (§6.4.4).
    let pair_top = |owner: Seat| -> Option<Entry> {
        let find = |c: Character| {
            entries
                .iter()
                .copied()
                .find(|e| e.owner == owner && e.card.character == c)
        };
        let (prince, squire) = (find(Character::Prince)?, find(Character::Squire)?);
        Some(if prince.position <= squire.position {
            prince
        } else {
            squire
        })
    };
    let best_pair = entries
        .iter()
        .filter_map(|e| pair_top(e.owner))
        .min_by_key(|e| e.position);
    if let Some(top) = best_pair {
        report.mode = Mode::PrinceAndSquire;
        report.cards = entries
            .iter()
            .map(|&e| Valued {
                entry: e,
                value: None,
            })
            .collect();
        report.winner = Some(top.owner);
        report.deciding_card = Some(top);
        return report;
    }

    // E. The other effects, summed, floored once at 0 (D-7).
    let base = base_values(&entries, symbol);
    let others = entries.len() as i32 - 1;
    report.cards = entries
        .iter()
        .zip(&base)
        .map(|(&e, &bv)| {
            let value = bv.map(|bv| {
                let mut raw = bv;
                match e.card.character {
                    Character::Hermit => raw -= 2 * others,
                    Character::TomThumb => raw += 6 * others,
                    Character::Romeo
                        if entries.iter().any(|j| {
                            j.owner == e.owner && j.card.character == Character::Juliet
                        }) =>
                    {
                        raw += 20
                    }
                    _ => {}
                }
                for dragon in entries
                    .iter()
                    .filter(|d| d.card.character == Character::Dragon)
                {
                    if dragon.owner != e.owner {
                        raw -= 4;
                    }
                }
                raw.max(0)
            });
            Valued { entry: e, value }
        })
        .collect();
    if has(&entries, Character::Beggar) {
        report.mode = Mode::Lowest;
    }
    decide_by_sums(&mut report);
    report
}

/// F. The contender with the highest (or, with a Beggar, lowest) total; a tie goes to the
/// tied contender with the highest (lowest) eligible card (§6.5, D-13). No contender: no
/// winner (D-14).
fn decide_by_sums(report: &mut ColumnReport) {
    let mut sums: Vec<(Seat, i32)> = Vec::new();
    for v in &report.cards {
        let Some(value) = v.value else { continue };
        match sums.iter_mut().find(|(s, _)| *s == v.entry.owner) {
            Some((_, sum)) => *sum += value,
            None => sums.push((v.entry.owner, value)),
        }
    }
    sums.sort_by_key(|&(s, _)| s);
    let lowest = report.mode == Mode::Lowest;
    let target = if lowest {
        sums.iter().map(|&(_, v)| v).min()
    } else {
        sums.iter().map(|&(_, v)| v).max()
    };
    report.sums = sums.clone();
    let Some(target) = target else { return };
    let tied: Vec<Seat> = sums
        .iter()
        .filter(|&&(_, v)| v == target)
        .map(|&(s, _)| s)
        .collect();
    if tied.len() == 1 {
        report.winner = Some(tied[0]);
        return;
    }
    let mut eligible = report
        .cards
        .iter()
        .filter(|v| v.value.is_some() && tied.contains(&v.entry.owner))
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
        let r = &self.report;
        let mut out = vec![EvalLine::Mode {
            point: self.point,
            mode: r.mode,
        }];
        out.extend(r.cancelled.iter().copied().map(EvalLine::Cancelled));
        out.extend(r.removals.iter().copied().map(EvalLine::Removed));
        if r.mode != Mode::PrinceAndSquire && !r.cards.is_empty() {
            out.push(EvalLine::Values {
                cards: r.cards.clone(),
            });
            if !r.sums.is_empty() {
                out.push(EvalLine::Sums {
                    sums: r.sums.clone(),
                });
            }
        }
        out.push(match r.winner {
            Some(seat) => EvalLine::Won {
                seat,
                point: self.point,
                mode: r.mode,
                deciding_card: r.deciding_card,
            },
            None => EvalLine::Nobody { point: self.point },
        });
        out
    }
}
