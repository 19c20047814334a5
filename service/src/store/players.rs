//! A player's time (zone and quiet hours) and the turn notices held while they are quiet.

use sqlx::{any::AnyRow, AssertSqlSafe, Row};

use super::{cache::Fact, identities::Platform, GameId, GuildId, Store, StoreResult, UserId};

/// A player's time zone (an IANA name) and quiet hours, minutes after local midnight.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeSettings {
    pub zone: String,
    pub quiet: Option<(u16, u16)>,
}

/// A turn ping and DM held until the player's quiet hours end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HeldNotice {
    pub game: GameId,
    pub user: UserId,
    pub seat: u8,
    pub due_ms: i64,
}

impl Store {
    /// A player's time (kept in memory by the sole writer: read on every move).
    pub async fn time_settings(&self, user: UserId) -> StoreResult<Option<TimeSettings>> {
        let load = async {
            let row = sqlx::query(
                "SELECT zone, quiet_start, quiet_end FROM player_time WHERE user_id = $1",
            )
            .bind(user)
            .fetch_optional(&self.pool)
            .await?;
            row.map(|r| time_from_row(&r)).transpose()
        };
        self.cached_fact(
            Fact::Times,
            |f| f.times.get(&user).cloned(),
            load,
            |f, t| {
                f.times.insert(user, t);
            },
        )
        .await
    }

    /// Reads the times of those `users` this process does not know yet in one round trip
    /// (a game's start: each is read again on their turns, from memory then).
    pub async fn warm_time_settings(&self, users: &[UserId]) -> StoreResult<()> {
        if !self.keeps_facts() || users.is_empty() {
            return Ok(());
        }
        let load = async {
            let marks: Vec<String> = (1..=users.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "SELECT user_id, zone, quiet_start, quiet_end FROM player_time \
                 WHERE user_id IN ({})",
                marks.join(", ")
            );
            let mut query = sqlx::query(AssertSqlSafe(sql));
            for &u in users {
                query = query.bind(u);
            }
            let rows = query.fetch_all(&self.pool).await?;
            let mut times: Vec<(UserId, Option<TimeSettings>)> =
                users.iter().map(|&u| (u, None)).collect();
            for r in &rows {
                let user = r.try_get::<UserId, _>("user_id")?;
                let time = time_from_row(r)?;
                for (_, t) in times.iter_mut().filter(|(u, _)| *u == user) {
                    *t = Some(time.clone());
                }
            }
            Ok(times)
        };
        self.cached_fact(
            Fact::Times,
            |f| users.iter().all(|u| f.times.contains_key(u)).then(Vec::new),
            load,
            |f, times| f.times.extend(times),
        )
        .await?;
        Ok(())
    }

    pub async fn put_time_settings(&self, user: UserId, t: &TimeSettings) -> StoreResult<()> {
        let written = sqlx::query(
            "INSERT INTO player_time (user_id, zone, quiet_start, quiet_end) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (user_id) DO UPDATE SET \
             zone = excluded.zone, quiet_start = excluded.quiet_start, \
             quiet_end = excluded.quiet_end",
        )
        .bind(user)
        .bind(t.zone.clone())
        .bind(t.quiet.map(|q| q.0 as i64))
        .bind(t.quiet.map(|q| q.1 as i64))
        .execute(&self.pool)
        .await;
        self.fact_written(Fact::Times, |f| {
            f.times.remove(&user);
        });
        written?;
        Ok(())
    }

    /// What a player's turn clock depends on, in one round trip (it is read on every
    /// move): when their vacation in this server running at `now_ms` ends, and their time.
    pub async fn pace_facts(
        &self,
        guild: GuildId,
        user: UserId,
        now_ms: i64,
    ) -> StoreResult<(Option<i64>, Option<TimeSettings>)> {
        if self.keeps_facts() {
            let until = self
                .open_vacations(guild, user, now_ms)
                .await?
                .iter()
                .filter(|v| v.starts_at <= now_ms)
                .map(|v| v.ends_at)
                .max();
            return Ok((until, self.time_settings(user).await?));
        }
        let row = sqlx::query(
            "SELECT (SELECT MAX(ends_at) FROM vacations WHERE guild_id = $1 AND user_id = $2 \
             AND ended_at IS NULL AND starts_at <= $3 AND ends_at > $3) AS vacation_until, \
             p.zone, p.quiet_start, p.quiet_end \
             FROM (SELECT 1 AS one) AS o LEFT JOIN player_time p ON p.user_id = $2",
        )
        .bind(guild)
        .bind(user)
        .bind(now_ms)
        .fetch_one(&self.pool)
        .await?;
        let until: Option<i64> = row.try_get("vacation_until")?;
        let time = match row.try_get::<Option<String>, _>("zone")? {
            Some(_) => Some(time_from_row(&row)?),
            None => None,
        };
        Ok((until, time))
    }

    /// Holds a notice; a second one for the same game and player keeps the first (one
    /// delivery when the quiet hours end).
    pub async fn hold_notice(&self, n: &HeldNotice) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO held_notices (game_id, user_id, seat, due_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (game_id, user_id) DO NOTHING",
        )
        .bind(n.game)
        .bind(n.user)
        .bind(n.seat as i64)
        .bind(n.due_ms)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Takes the notices of `platforms`' games due at `now_ms` until `lease_until`: each
    /// row's due time moves to `lease_until` only if no one moved it meanwhile, so two
    /// processes never take the same notice. The taker deletes it once delivered
    /// ([`Store::notice_delivered`]); a taker that dies first leaves it due again when the
    /// lease ends. The notices come back with their lease as their due time.
    pub async fn take_due_notices(
        &self,
        now_ms: i64,
        lease_until: i64,
        platforms: &[Platform],
    ) -> StoreResult<Vec<HeldNotice>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT game_id, user_id, seat, due_ms FROM held_notices WHERE due_ms <= $1 \
             AND {} ORDER BY due_ms, game_id",
            Platform::games_sql(platforms)
        )))
        .bind(now_ms)
        .fetch_all(&self.pool)
        .await?;
        let mut taken = Vec::new();
        for r in &rows {
            let n = notice_from_row(r)?;
            let took = sqlx::query(
                "UPDATE held_notices SET due_ms = $1 \
                 WHERE game_id = $2 AND user_id = $3 AND due_ms = $4",
            )
            .bind(lease_until)
            .bind(n.game)
            .bind(n.user)
            .bind(n.due_ms)
            .execute(&self.pool)
            .await?;
            if took.rows_affected() == 1 {
                taken.push(HeldNotice {
                    due_ms: lease_until,
                    ..n
                });
            }
        }
        Ok(taken)
    }

    /// Deletes a notice taken by [`Store::take_due_notices`], once delivered (unless its
    /// lease ran out and another process took it since).
    pub async fn notice_delivered(&self, n: &HeldNotice) -> StoreResult<()> {
        sqlx::query("DELETE FROM held_notices WHERE game_id = $1 AND user_id = $2 AND due_ms = $3")
            .bind(n.game)
            .bind(n.user)
            .bind(n.due_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    pub async fn held_notices(&self, game: GameId) -> StoreResult<Vec<HeldNotice>> {
        let rows = sqlx::query(
            "SELECT game_id, user_id, seat, due_ms FROM held_notices WHERE game_id = $1 \
             ORDER BY user_id",
        )
        .bind(game)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(notice_from_row).collect()
    }

    /// The earliest held notice, for the scheduler's sleep.
    pub async fn next_held_notice(&self, platforms: &[Platform]) -> StoreResult<Option<i64>> {
        let row = sqlx::query(AssertSqlSafe(format!(
            "SELECT MIN(due_ms) FROM held_notices WHERE {}",
            Platform::games_sql(platforms)
        )))
        .fetch_one(&self.pool)
        .await?;
        Ok(row.try_get::<Option<i64>, _>(0)?)
    }
}

fn time_from_row(r: &AnyRow) -> StoreResult<TimeSettings> {
    let start: Option<i64> = r.try_get("quiet_start")?;
    let end: Option<i64> = r.try_get("quiet_end")?;
    Ok(TimeSettings {
        zone: r.try_get("zone")?,
        quiet: start.zip(end).map(|(s, e)| (s as u16, e as u16)),
    })
}

fn notice_from_row(r: &AnyRow) -> StoreResult<HeldNotice> {
    Ok(HeldNotice {
        game: r.try_get("game_id")?,
        user: r.try_get::<UserId, _>("user_id")?,
        seat: r.try_get::<i64, _>("seat")? as u8,
        due_ms: r.try_get("due_ms")?,
    })
}
