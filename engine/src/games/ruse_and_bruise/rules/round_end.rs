//! The end of a round (§4.4, §6): every column is revealed and evaluated, its point card
//! won or left unclaimed; then the next round (§4.6) or the end of the game (§7).

use super::{Log, Phase, RbEvent, RbState, ROUNDS};
use crate::games::ruse_and_bruise::evaluation::{evaluate_cards, ColumnResult, Valued};

impl RbState {
    /// §6: reveal, evaluate each column, hand out point cards, clear the table (§6.6),
    /// then the next round (§4.6) or the end of the game (§7).
    pub(super) fn end_round(&mut self, events: &mut Log) {
        events.push(|| RbEvent::RoundEnded {
            round: self.round,
            by: self.last_player,
        });
        self.decision = None;
        let columns = std::mem::take(&mut self.columns);
        for (i, column) in columns.iter().enumerate() {
            // The evaluation's list is built at its exact length, the revealed cards only
            // where events are kept (round ends were allocation-bound).
            let count = column.count();
            let mut cards = Vec::with_capacity(count);
            self.for_each_entry(column, |entry| cards.push(Valued { entry, value: None }));
            events.push(|| RbEvent::Revealed {
                column: i as u8,
                cards: cards.iter().map(|v| v.entry.card).collect(),
            });
            let report = evaluate_cards(cards, column.point.symbol());
            match report.winner {
                Some(winner) => self.players[winner as usize].won.push(column.point),
                None => self.unclaimed.push(column.point),
            }
            if self.round == ROUNDS || events.kept() {
                let result = ColumnResult {
                    column: i as u8,
                    point: column.point,
                    report,
                };
                if self.round == ROUNDS {
                    self.last_round.push(result.clone());
                }
                result.for_each_line(|line| {
                    events.push(|| RbEvent::Evaluation {
                        column: i as u8,
                        line,
                    })
                });
            }
            for p in &column.cards {
                let discard = &mut self.players[p.owner as usize].discard;
                discard.push(p.character);
                if let Some(h) = p.hidden {
                    discard.push(h);
                }
            }
        }
        if self.round >= ROUNDS {
            // The table stays empty at the end of the game (§6.6).
            self.phase = Phase::Over;
            events.push(|| RbEvent::GameOver);
        } else {
            // Handed back for `start_round` to empty and reuse.
            self.columns = columns;
            self.start_round(events);
        }
    }
}
