//! Vacations: a player's clocks paused in a server's games, and their early end.

use vliv_engine::Text;

use super::{Done, Why};
use crate::{
    app::{Origin, Outcome, Plan},
    mark::{self, instant, InstantStyle},
    service::{Service, UserId, VacationReport},
};

pub(super) async fn vacation(service: &Service, origin: &Origin, days: u32) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
    let report = service.start_vacation(guild, origin.user, days).await?;
    let text = Text::new("vacation-started")
        .arg(
            "time",
            instant(report.vacation.ends_at, InstantStyle::DateTime),
        )
        .arg("n", report.days_left as i64);
    Ok(Outcome::said(text, tables(&report)))
}

/// The asker's vacation ends now, or (an admin asking) another person's.
pub(super) async fn back(service: &Service, origin: &Origin, who: Option<UserId>) -> Done {
    if origin.private {
        return Err(Why::Private);
    }
    let guild = origin.place.scope();
    let user = who.unwrap_or(origin.user);
    let report = service.end_vacation(guild, origin.caller(), user).await?;
    let text = match user == origin.user {
        true => Text::new("vacation-ended").arg("n", report.days_left as i64),
        false => Text::new("vacation-ended-by-admin").arg("user", mark::user(user)),
    };
    Ok(Outcome::said(text, tables(&report)))
}

/// The tables of the player's games say who is on vacation until when.
fn tables(report: &VacationReport) -> Plan {
    Plan::Tables(report.games.iter().map(|g| g.id).collect())
}
