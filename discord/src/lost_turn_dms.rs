//! At start, the turn DMs a killed process owed: in each game that moved just before the
//! start, every player whose turn it is and whose DM for the game's last move is not
//! recorded gets it now. Nobody looks at a panel of a process that just started, so that
//! is everyone the turn's announcement would DM, also a player who saw the turn on a panel
//! before the kill (recording that would cost every move a write). The channel's ping is
//! not posted again: the last process may have posted it, and a second one pings twice.

use poise::serenity_prelude as serenity;

use super::{
    publish,
    turn_shown::{dm_turn, turn_on_panel, Shown},
    Error,
};
use vliv_service::service::{GameId, Service};

/// Sends the turn DMs owed in `games` (those that moved lately), logging what it found.
pub async fn send_owed(http: &serenity::Http, service: &Service, games: &[GameId]) {
    let mut owed = 0;
    for &game in games {
        match send_owed_in(http, service, game).await {
            Ok(n) => owed += n,
            Err(e) => tracing::warn!(game, error = %e, "owed turn DMs not sent"),
        }
    }
    tracing::info!(
        games = games.len(),
        owed,
        "turn DMs a kill lost sent at start"
    );
}

/// Under the game's publishing lock: a move made since the start announces its own turn
/// first, and its DM is then recorded.
async fn send_owed_in(
    http: &serenity::Http,
    service: &Service,
    game: GameId,
) -> Result<usize, Error> {
    let _publishing = publish::publishing(game).await;
    let rec = service.game(game).await?;
    let owed = service.turn_notices_owed(&rec).await?;
    for &(seat, user) in &owed {
        // In quiet hours the notice waits for their end, as a turn's would.
        match service.quiet_until(user).await? {
            Some(until) => service.hold_notice(rec.id, user, seat, until).await?,
            None => {
                if turn_on_panel(http, service, &rec, user).await == Shown::Nowhere {
                    dm_turn(http, service, &rec, seat, user).await?;
                }
            }
        }
    }
    Ok(owed.len())
}
