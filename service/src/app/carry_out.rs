//! A [`Plan`] carried out: the order of its steps is decided here, once; each front end
//! supplies only its primitives ([`Publisher`]).

use std::future::Future;

use vliv_engine::Text;

use super::{Error, Plan};
use crate::service::{GameId, GameRecord, HandOver, Rematch, Report, UserId};

/// What a front end can do in its place and in private messages; nothing else of
/// publishing is its to decide.
pub trait Publisher: Sync {
    /// The game's table brought up to date, or posted anew at the bottom when `repost`.
    fn table(&self, game: GameId, repost: bool) -> impl Future<Output = Result<(), Error>> + Send;
    /// A short public note in the game's place.
    fn note(
        &self,
        game: &GameRecord,
        text: &Text,
    ) -> impl Future<Output = Result<(), Error>> + Send;
    /// After a change: the table, the turn's ping and the hands of whoever decides next
    /// (every player's when the game `started`).
    fn report(
        &self,
        report: &Report,
        started: bool,
    ) -> impl Future<Output = Result<(), Error>> + Send;
    /// A seat changed hands: the place is told and the new player gets their hand. The
    /// caller holds the game's publishing lock.
    fn hand_over(&self, done: &HandOver) -> impl Future<Output = Result<(), Error>> + Send;
    /// A rematch's lobby shown, its former players invited.
    fn rematch(&self, rematch: &Rematch) -> impl Future<Output = Result<(), Error>> + Send;
    /// The table sent privately to a new spectator: `false` when nothing reaches them.
    fn welcome(
        &self,
        game: &GameRecord,
        user: UserId,
    ) -> impl Future<Output = Result<bool, Error>> + Send;
}

/// What a plan's carrying out came to.
#[derive(Debug, PartialEq, Eq)]
pub enum Carried {
    Done,
    /// A spectator's private messages do not reach them.
    Unreached,
}

pub async fn carry_out<P: Publisher>(to: &P, plan: Plan) -> Result<Carried, Error> {
    match plan {
        Plan::Nothing => {}
        Plan::Table { game, repost } => to.table(game, repost).await?,
        Plan::Report {
            report,
            started,
            note,
        } => {
            if let Some(note) = note {
                to.note(&report.game, &note).await?;
            }
            to.report(&report, started).await?;
        }
        Plan::Note { game, text } => to.note(&game, &text).await?,
        Plan::HandOver { done, held } => {
            let published = to.hand_over(&done).await;
            drop(held);
            published?;
        }
        Plan::Rematch(rematch) => to.rematch(&rematch).await?,
        Plan::Welcome { game, user } => {
            if !to.welcome(&game, user).await? {
                return Ok(Carried::Unreached);
            }
        }
        Plan::Tables(games) => {
            // One that cannot be edited now is brought up to date by its game's next change.
            for game in games {
                if let Err(e) = to.table(game, false).await {
                    tracing::warn!(game, error = %e, "table not refreshed after a vacation change");
                }
            }
        }
    }
    Ok(Carried::Done)
}
