//! The custom ids of buttons and select menus: what a click means, in at most 100 bytes
//! (Discord's limit). A move carries its seat's decision counter, so a click on an old
//! panel is recognised as stale or as already applied.

use std::{fmt, str::FromStr};

use vliv_engine::{ChoiceId, Seat};

use super::{error::ServiceError, GameId};

/// Discord's limit on a custom id.
pub const MAX_CUSTOM_ID: usize = 100;

/// One choice clicked for a seat, valid while that seat's counter is `counter`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Click {
    pub game: GameId,
    pub seat: Seat,
    pub counter: u32,
    pub choice: ChoiceId,
}

/// Everything a component can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    /// is a `Menu` and [`ComponentAction::with_value`] completes it.
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
}

impl fmt::Display for ComponentAction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ComponentAction::Join(g) => write!(f, "vj:{g}"),
            ComponentAction::Start(g) => write!(f, "vs:{g}"),
            ComponentAction::Hand(g) => write!(f, "vh:{g}"),
            ComponentAction::CardTexts(g) => write!(f, "vc:{g}"),
            ComponentAction::Rematch(g) => write!(f, "vr:{g}"),
            ComponentAction::ConfirmLeave(g) => write!(f, "vl:{g}"),
            ComponentAction::ConfirmAbandon(g) => write!(f, "va:{g}"),
            ComponentAction::Move(c) => {
                write!(f, "vm:{}:{}:{}:{}", c.game, c.seat, c.counter, c.choice.0)
            }
            ComponentAction::Menu {
                game,
                seat,
                counter,
            } => write!(f, "vM:{game}:{seat}:{counter}"),
            ComponentAction::HistoryPage(page) => write!(f, "vP:{page}"),
            ComponentAction::Replay { game, step, slot } => write!(f, "vR:{game}:{step}:{slot}"),
        }
    }
}

impl FromStr for ComponentAction {
    type Err = ServiceError;
    fn from_str(s: &str) -> Result<Self, ServiceError> {
        if s.len() > MAX_CUSTOM_ID {
            return Err(ServiceError::MalformedId);
        }
        let mut parts = s.split(':');
        let tag = parts.next().ok_or(ServiceError::MalformedId)?;
        let nums: Vec<&str> = parts.collect();
        let num = |i: usize| -> Result<u64, ServiceError> {
            let part = nums.get(i).ok_or(ServiceError::MalformedId)?;
            // Digits only: no signs, no spaces, no leading `+`.
            if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
                return Err(ServiceError::MalformedId);
            }
            part.parse().map_err(|_| ServiceError::MalformedId)
        };
        let game = |i| -> Result<GameId, ServiceError> {
            GameId::try_from(num(i)?).map_err(|_| ServiceError::MalformedId)
        };
        let seat = |i| -> Result<Seat, ServiceError> {
            Seat::try_from(num(i)?).map_err(|_| ServiceError::MalformedId)
        };
        let small = |i| -> Result<u32, ServiceError> {
            u32::try_from(num(i)?).map_err(|_| ServiceError::MalformedId)
        };
        let arity = match tag {
            "vj" | "vs" | "vh" | "vc" | "vr" | "vl" | "va" | "vP" => 1,
            "vm" => 4,
            "vM" | "vR" => 3,
            _ => return Err(ServiceError::MalformedId),
        };
        if nums.len() != arity {
            return Err(ServiceError::MalformedId);
        }
        Ok(match tag {
            "vj" => ComponentAction::Join(game(0)?),
            "vs" => ComponentAction::Start(game(0)?),
            "vh" => ComponentAction::Hand(game(0)?),
            "vc" => ComponentAction::CardTexts(game(0)?),
            "vr" => ComponentAction::Rematch(game(0)?),
            "vl" => ComponentAction::ConfirmLeave(game(0)?),
            "va" => ComponentAction::ConfirmAbandon(game(0)?),
            "vm" => ComponentAction::Move(Click {
                game: game(0)?,
                seat: seat(1)?,
                counter: small(2)?,
                choice: ChoiceId(small(3)?),
            }),
            "vP" => ComponentAction::HistoryPage(small(0)?),
            "vR" => ComponentAction::Replay {
                game: game(0)?,
                step: small(1)?,
                slot: seat(2)?,
            },
            _ => ComponentAction::Menu {
                game: game(0)?,
                seat: seat(1)?,
                counter: small(2)?,
            },
        })
    }
}

impl ComponentAction {
    /// A select menu's id plus the value the user picked.
    pub fn with_value(self, value: &str) -> Result<ComponentAction, ServiceError> {
        match self {
            ComponentAction::Menu {
                game,
                seat,
                counter,
            } => {
                if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(ServiceError::MalformedId);
                }
                let choice = value.parse().map_err(|_| ServiceError::MalformedId)?;
                Ok(ComponentAction::Move(Click {
                    game,
                    seat,
                    counter,
                    choice: ChoiceId(choice),
                }))
            }
            other => Ok(other),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_action_round_trips_within_discords_limit() {
        let big = Click {
            game: GameId::MAX,
            seat: Seat::MAX,
            counter: u32::MAX,
            choice: ChoiceId(u32::MAX),
        };
        let actions = [
            ComponentAction::Join(1),
            ComponentAction::Start(2),
            ComponentAction::Hand(3),
            ComponentAction::CardTexts(GameId::MAX),
            ComponentAction::Rematch(4),
            ComponentAction::ConfirmLeave(5),
            ComponentAction::ConfirmAbandon(6),
            ComponentAction::Move(big),
            ComponentAction::Menu {
                game: GameId::MAX,
                seat: 3,
                counter: u32::MAX,
            },
            ComponentAction::HistoryPage(u32::MAX),
            ComponentAction::Replay {
                game: GameId::MAX,
                step: u32::MAX,
                slot: u8::MAX,
            },
        ];
        for a in actions {
            let id = a.to_string();
            assert!(id.len() <= MAX_CUSTOM_ID, "{id}");
            assert_eq!(id.parse::<ComponentAction>().unwrap(), a);
        }
    }

    #[test]
    fn malformed_ids_are_refused() {
        for bad in [
            "",
            "vm",
            "vm:1:2:3",
            "vm:1:2:3:4:5",
            "vm:1:x:3:4",
            "vm:-1:0:0:0",
            "vm:1:256:0:0",
            "vm:+1:0:0:0",
            "vj: 1",
            "zz:1",
            "vm:99999999999999999999:0:0:0",
            "vP",
            "vP:1:2",
            "vR:1:2",
            "vR:1:2:256",
            &format!("vj:{}", "1".repeat(120)),
        ] {
            assert!(
                matches!(
                    bad.parse::<ComponentAction>(),
                    Err(ServiceError::MalformedId)
                ),
                "{bad:?} was accepted"
            );
        }
        let menu: ComponentAction = "vM:1:0:2".parse().unwrap();
        assert!(menu.with_value("x").is_err());
        assert_eq!(
            menu.with_value("7").unwrap(),
            ComponentAction::Move(Click {
                game: 1,
                seat: 0,
                counter: 2,
                choice: ChoiceId(7)
            })
        );
    }
}
