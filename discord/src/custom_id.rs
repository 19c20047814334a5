//! The custom ids of Discord's buttons and select menus: what a click means
//! ([`ComponentAction`]), written in at most 100 bytes and read back from what the client
//! sends. An id is only a string the client returns, so reading it refuses anything but the
//! exact forms written here; whether the click may reach its game is the service's check.

use vliv_engine::{registry, ChoiceId};
use vliv_service::service::GuildId;
use vliv_service::service::{BoardPage, Click, ComponentAction, ServiceError};

/// Discord's limit on a custom id ("custom_id: Developer-defined identifier for the
/// button; max 100 characters",
/// https://discord.com/developers/docs/components/reference#button).
pub const MAX_CUSTOM_ID: usize = 100;

/// The custom id of `action`.
pub fn encode(action: &ComponentAction) -> String {
    match action {
        ComponentAction::Join(g) => format!("vj:{g}"),
        ComponentAction::Start(g) => format!("vs:{g}"),
        ComponentAction::Hand(g) => format!("vh:{g}"),
        ComponentAction::CardTexts(g) => format!("vc:{g}"),
        ComponentAction::Rematch(g) => format!("vr:{g}"),
        ComponentAction::ConfirmLeave(g) => format!("vl:{g}"),
        ComponentAction::ConfirmAbandon(g) => format!("va:{g}"),
        ComponentAction::Move(c) => {
            format!("vm:{}:{}:{}:{}", c.game, c.seat, c.counter, c.choice.0)
        }
        ComponentAction::Menu {
            game,
            seat,
            counter,
        } => format!("vM:{game}:{seat}:{counter}"),
        ComponentAction::HistoryPage(page) => format!("vP:{page}"),
        ComponentAction::Replay { game, step, slot } => format!("vR:{game}:{step}:{slot}"),
        ComponentAction::Board(b) => format!("vL:{}:{}:{}", b.guild, b.kind, b.page),
    }
}

/// Whether a custom id is meant as a leaderboard page (it may still be malformed).
pub fn is_board(custom_id: &str) -> bool {
    custom_id.starts_with("vL:")
}

/// What a custom id the client sent means; anything not written by [`encode`] is
/// refused as malformed.
pub fn decode(s: &str) -> Result<ComponentAction, ServiceError> {
    let bad = || ServiceError::MalformedId;
    if s.len() > MAX_CUSTOM_ID {
        return Err(bad());
    }
    let mut parts = s.split(':');
    let tag = parts.next().ok_or_else(bad)?;
    let rest: Vec<&str> = parts.collect();
    let num = |i: usize| -> Result<u64, ServiceError> {
        let part = rest.get(i).ok_or_else(bad)?;
        // Digits only: no signs, no spaces, no leading `+`.
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        part.parse().map_err(|_| bad())
    };
    let game = |i| i64::try_from(num(i)?).map_err(|_| bad());
    let seat = |i| u8::try_from(num(i)?).map_err(|_| bad());
    let small = |i| u32::try_from(num(i)?).map_err(|_| bad());
    let arity = match tag {
        "vj" | "vs" | "vh" | "vc" | "vr" | "vl" | "va" | "vP" => 1,
        "vm" => 4,
        "vM" | "vR" | "vL" => 3,
        _ => return Err(bad()),
    };
    if rest.len() != arity {
        return Err(bad());
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
        "vL" => ComponentAction::Board(BoardPage {
            guild: GuildId(num(0)?),
            kind: registry::find(rest[1]).ok_or_else(bad)?.id(),
            page: num(2)?,
        }),
        _ => ComponentAction::Menu {
            game: game(0)?,
            seat: seat(1)?,
            counter: small(2)?,
        },
    })
}

/// A select menu's action completed by the value the user picked: a menu's id stands for
/// the move of the choice picked.
pub fn with_value(action: ComponentAction, value: &str) -> Result<ComponentAction, ServiceError> {
    match action {
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

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_engine::Seat;
    use vliv_service::service::GameId;

    #[test]
    fn every_action_round_trips_within_discords_limit() {
        let big = Click {
            game: GameId::MAX,
            seat: Seat::MAX,
            counter: u32::MAX,
            choice: ChoiceId(u32::MAX),
        };
        let longest_kind = registry::all()
            .iter()
            .map(|k| k.id())
            .max_by_key(|id| id.len())
            .unwrap();
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
            ComponentAction::Board(BoardPage {
                guild: GuildId(u64::MAX),
                kind: longest_kind,
                page: u64::MAX,
            }),
        ];
        for a in actions {
            let id = encode(&a);
            assert!(id.len() <= MAX_CUSTOM_ID, "{id}");
            assert_eq!(decode(&id).unwrap(), a);
            assert_eq!(is_board(&id), matches!(a, ComponentAction::Board(_)));
        }
    }

    #[test]
    fn malformed_ids_are_refused() {
        for bad in [
            "",
            "??",
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
            "vL",
            "vL:1:claim",
            "vL:1:claim:2:3",
            "vL:x:claim:0",
            "vL:1:chess:0",
            "vL:1:claim:-1",
            "vL:1:claim:+1",
            "vL:1:claim:99999999999999999999999",
            &format!("vj:{}", "1".repeat(120)),
        ] {
            assert!(
                matches!(decode(bad), Err(ServiceError::MalformedId)),
                "{bad:?} was accepted"
            );
        }
        let menu = decode("vM:1:0:2").unwrap();
        assert!(with_value(menu, "x").is_err());
        assert_eq!(
            with_value(menu, "7").unwrap(),
            ComponentAction::Move(Click {
                game: 1,
                seat: 0,
                counter: 2,
                choice: ChoiceId(7)
            })
        );
    }
}
