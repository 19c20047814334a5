//! `/game clocks`: the reminders and time limits of the games in a conversation outside any
//! server (a DM or group DM), which its members set themselves; a server's are its admins'
//! (`/vliv-admin reminder` and `timeout`).

use super::super::{admin::TimeoutChoice, run, Context, Error};
use vliv_service::{
    app::{ClockChange, Request},
    service::TimeoutAction,
};

/// Reminders and time limits of the games in this conversation
#[poise::command(
    slash_command,
    name_localized("cs", "časy"),
    description_localized("cs", "Připomínky a časové limity her v této konverzaci")
)]
pub(super) async fn clocks(
    ctx: Context<'_>,
    #[description = "Minutes before a waiting player is reminded (0: never)"]
    #[name_localized("cs", "připomínka")]
    #[description_localized(
        "cs",
        "Po kolika minutách připomenout hráči, na kterého se čeká (0: nikdy)"
    )]
    #[max = 43200]
    reminder: Option<u32>,
    #[description = "Minutes before a waiting player's time runs out"]
    #[name_localized("cs", "časový-limit")]
    #[description_localized("cs", "Po kolika minutách vyprší čas hráči, na kterého se čeká")]
    #[min = 1]
    #[max = 43200]
    timeout: Option<u32>,
    #[description = "What happens when the time runs out"]
    #[name_localized("cs", "akce")]
    #[description_localized("cs", "Co se stane, když čas vyprší")]
    action: Option<TimeoutChoice>,
) -> Result<(), Error> {
    let change = ClockChange {
        reminder,
        timeout,
        action: action.map(TimeoutAction::from),
    };
    run(ctx, Request::ConversationClocks(change)).await
}
