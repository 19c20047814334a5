//! A player's time zone and quiet hours, and the turn notices held while they are quiet:
//! stored, so a restarted bot (or a second process) delivers each one once.

use vliv_engine::Actor;

use super::{
    quiet::{self, PlayerTime, QuietHours},
    GameId, GameRecord, Platform, SeatHolder, Service, ServiceError, ServiceResult, Status, UserId,
};
use super::{HeldNotice, TimeSettings};

/// How long a taken notice is kept from other takers: its delivery is over by then, or
/// the process that took it is gone (or its delivery failed and is tried again).
pub const NOTICE_LEASE_MS: i64 = 60_000;

/// What `/vliv settings` changes about a player's time.
#[derive(Clone, Debug, Default)]
pub struct TimeChange<'a> {
    /// An IANA zone name.
    pub zone: Option<&'a str>,
    /// `22-08`, or `off` for none.
    pub quiet: Option<&'a str>,
}

/// A player's time as stored, if its zone is known to the database.
pub(super) fn player_time(stored: &TimeSettings) -> Option<PlayerTime> {
    quiet::zone(&stored.zone).map(|zone| PlayerTime {
        zone,
        quiet: stored.quiet.map(|(start, end)| QuietHours { start, end }),
    })
}

/// The words that turn quiet hours off.
const QUIET_OFF: [&str; 4] = ["off", "none", "vypnout", "žádné"];

impl Service {
    /// The player's zone and quiet hours, if they set a zone.
    pub async fn player_time(&self, user: UserId) -> ServiceResult<Option<PlayerTime>> {
        Ok(self
            .store
            .time_settings(user)
            .await?
            .as_ref()
            .and_then(player_time))
    }

    /// The player's stored zone and quiet hours.
    pub async fn player_time_settings(&self, user: UserId) -> ServiceResult<Option<TimeSettings>> {
        Ok(self.store.time_settings(user).await?)
    }

    /// Changes a player's zone or quiet hours (quiet hours without a zone count in UTC).
    pub async fn set_player_time(
        &self,
        user: UserId,
        change: TimeChange<'_>,
    ) -> ServiceResult<TimeSettings> {
        let mut settings = self
            .store
            .time_settings(user)
            .await?
            .unwrap_or_else(|| TimeSettings {
                zone: "UTC".into(),
                quiet: None,
            });
        if let Some(name) = change.zone {
            let name = name.trim();
            let known = quiet::zone_names()
                .iter()
                .find(|n| n.eq_ignore_ascii_case(name))
                .ok_or_else(|| ServiceError::UnknownZone(name.into()))?;
            settings.zone = known.clone();
        }
        if let Some(text) = change.quiet {
            settings.quiet = match QUIET_OFF.contains(&text.trim().to_lowercase().as_str()) {
                true => None,
                false => {
                    let q = QuietHours::parse(text)
                        .ok_or_else(|| ServiceError::BadQuietHours(text.into()))?;
                    Some((q.start, q.end))
                }
            };
        }
        self.store.put_time_settings(user, &settings).await?;
        tracing::info!(%user, "player time changed");
        Ok(settings)
    }

    /// When the player's quiet hours end, if they are quiet now.
    pub async fn quiet_until(&self, user: UserId) -> ServiceResult<Option<i64>> {
        let now = self.now_ms();
        Ok(self
            .player_time(user)
            .await?
            .and_then(|t| t.quiet_until(now)))
    }

    /// Keeps a turn ping and DM for the end of the player's quiet hours.
    pub async fn hold_notice(
        &self,
        game: GameId,
        user: UserId,
        seat: u8,
        due_ms: i64,
    ) -> ServiceResult<()> {
        self.store
            .hold_notice(&HeldNotice {
                game,
                user,
                seat,
                due_ms,
            })
            .await?;
        tracing::debug!(game, seat, "turn notice held for quiet hours");
        Ok(())
    }

    /// The held notices due now, each taken once (for [`NOTICE_LEASE_MS`]), with its game;
    /// a notice whose turn has passed meanwhile is dropped. Whoever takes a notice says
    /// when it is delivered ([`Service::notice_delivered`]), and only then is it deleted: a
    /// process that dies before leaves it to be taken again once its claim runs out
    /// (issue 50), and one whose delivery may yet succeed tries again then. Two processes
    /// never take the same notice at once.
    pub async fn due_notices(&self) -> ServiceResult<Vec<(GameRecord, HeldNotice)>> {
        self.due_notices_for(&Platform::ALL).await
    }

    /// The same for the games of `platforms` only (another platform's wait for a process
    /// that serves it).
    pub async fn due_notices_for(
        &self,
        platforms: &[Platform],
    ) -> ServiceResult<Vec<(GameRecord, HeldNotice)>> {
        let mut out = Vec::new();
        let now = self.now_ms();
        let taken = self
            .store
            .take_due_notices(now, now + NOTICE_LEASE_MS, platforms)
            .await?;
        for notice in taken {
            match self.still_due(&notice).await {
                Ok(Some(rec)) => out.push((rec, notice)),
                Ok(None) => self.notice_delivered(&notice).await?,
                Err(e) => {
                    tracing::warn!(game = notice.game, error = %e, "held notice kept for later")
                }
            }
        }
        Ok(out)
    }

    /// A notice taken by [`Service::due_notices`] was delivered (or will never be): it is
    /// deleted.
    pub async fn notice_delivered(&self, notice: &HeldNotice) -> ServiceResult<()> {
        Ok(self.store.notice_delivered(notice).await?)
    }

    /// The notice's game, if the notice's seat still has to decide there.
    async fn still_due(&self, notice: &HeldNotice) -> ServiceResult<Option<GameRecord>> {
        let rec = self.game(notice.game).await?;
        if rec.status != Status::Running
            || rec.seats.get(notice.seat as usize) != Some(&SeatHolder::User(notice.user))
        {
            return Ok(None);
        }
        let waits = self
            .live(&rec)?
            .pending()
            .iter()
            .any(|p| p.actor == Actor::Seat(notice.seat));
        Ok(waits.then_some(rec))
    }

    /// The earliest held notice, for the scheduler's sleep.
    pub async fn next_notice(&self) -> ServiceResult<Option<i64>> {
        self.next_notice_for(&Platform::ALL).await
    }

    /// The earliest held notice among the games of `platforms`.
    pub async fn next_notice_for(&self, platforms: &[Platform]) -> ServiceResult<Option<i64>> {
        Ok(self.store.next_held_notice(platforms).await?)
    }

    /// A game's held notices (the tests read them).
    pub async fn held_notices(&self, game: GameId) -> ServiceResult<Vec<HeldNotice>> {
        Ok(self.store.held_notices(game).await?)
    }
}
