//! What a button or a select menu of a game's messages means, as a value: each front end
//! writes it its own way (Discord as a custom id, `vliv_discord::custom_id`; Matrix as the
//! command a reader types) and reads it back. A move carries its seat's decision counter,
//! so a click on an old panel is recognised as stale or as already applied.

use vliv_engine::{ChoiceId, Seat};

use super::{error::ServiceError, GameId, GuildId};

/// One choice clicked for a seat, valid while that seat's counter is `counter`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Click {
    pub game: GameId,
    pub seat: Seat,
    pub counter: u32,
    pub choice: ChoiceId,
}

/// A leaderboard page: the server and game it lists, and the page it turns to. Anyone
/// may turn the pages of their own server's board; the server is checked against the
/// asker's (a forged or copied button of another server is refused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BoardPage {
    pub guild: GuildId,
    /// The game's id in the registry.
    pub kind: &'static str,
    pub page: u64,
}

/// Everything a component can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ComponentAction {
    Join(GameId),
    Start(GameId),
    Hand(GameId),
    /// What the cards of the clicker's hand do (the hand panel's "Card texts").
    CardTexts(GameId),
    Rematch(GameId),
    ConfirmLeave(GameId),
    ConfirmAbandon(GameId),
    /// A button with its choice; a select menu sends the choice as its value, so its id
    /// is a `Menu` and the front end completes it with the value picked.
    Move(Click),
    Menu {
        game: GameId,
        seat: Seat,
        counter: u32,
    },
    /// A page (from 0) of the channel's `/game history`.
    HistoryPage(u32),
    /// A game's replay at `step` moves. `slot` tells the buttons of one message apart (two
    /// may lead to the same step); slot 0 opens a new replay, the others turn its pages.
    Replay {
        game: GameId,
        step: u32,
        slot: u8,
    },
    /// A page of a game's leaderboard.
    Board(BoardPage),
}

impl Click {
    /// The click as the inbox stores it beside a typed command, so that a command read
    /// again after a restart replays the move it resolved to (the format of the rows
    /// stored so far).
    pub fn stored(&self) -> String {
        format!(
            "vm:{}:{}:{}:{}",
            self.game, self.seat, self.counter, self.choice.0
        )
    }

    /// [`Click::stored`] read back.
    pub fn from_stored(text: &str) -> Result<Click, ServiceError> {
        let bad = || ServiceError::MalformedId;
        let parts: Vec<&str> = text.split(':').collect();
        let ["vm", game, seat, counter, choice] = parts[..] else {
            return Err(bad());
        };
        let digits = |p: &str| p.bytes().all(|b| b.is_ascii_digit()) && !p.is_empty();
        if ![game, seat, counter, choice].into_iter().all(digits) {
            return Err(bad());
        }
        Ok(Click {
            game: game.parse().map_err(|_| bad())?,
            seat: seat.parse().map_err(|_| bad())?,
            counter: counter.parse().map_err(|_| bad())?,
            choice: ChoiceId(choice.parse().map_err(|_| bad())?),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_click_reads_back_and_a_malformed_one_is_refused() {
        let click = Click {
            game: GameId::MAX,
            seat: Seat::MAX,
            counter: u32::MAX,
            choice: ChoiceId(7),
        };
        assert_eq!(Click::from_stored(&click.stored()).unwrap(), click);
        assert_eq!(
            click.stored(),
            format!("vm:{}:255:{}:7", GameId::MAX, u32::MAX)
        );
        for bad in [
            "",
            "vm:1:2:3",
            "vm:1:2:3:4:5",
            "vm:-1:0:0:0",
            "vm:1:256:0:0",
            "vj:1",
        ] {
            assert!(Click::from_stored(bad).is_err(), "{bad:?}");
        }
    }
}
