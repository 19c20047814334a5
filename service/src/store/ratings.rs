//! Results of finished games, and the ratings they move. A game's result is written in the
//! transaction that stores its end, with the ratings it changes; `seq` numbers the results
//! in the order they committed, and a rebuild replays them in that order. The store knows
//! rows, not the rating rule: the service hands it in as a [`RateFn`].

use std::collections::HashMap;

use sqlx::{AssertSqlSafe, Row};
use vliv_engine::Seat;

use super::{
    game_from_row, Backend, GameId, GameRecord, GuildId, Store, StoreResult, Tx, UserId,
    GAME_COLUMNS,
};

/// A player's skill: the rating `mu` and its uncertainty `sigma`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Skill {
    pub mu: f64,
    pub sigma: f64,
}

impl Skill {
    /// The conservative estimate a leaderboard orders by: 99.7 % of the belief lies above.
    pub fn ordinal(self) -> f64 {
        self.mu - 3.0 * self.sigma
    }
}

/// The rating rule: the players' skills before a game (`None`: no rated game yet) and
/// their places (1 = first, equal places tie), in seat order, to the skills after it.
pub type RateFn = fn(&[(Option<Skill>, u8)]) -> Vec<Skill>;

/// How a player seat of a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    pub seat: Seat,
    pub user: UserId,
    pub place: u8,
    pub won: bool,
}

/// A finished game's result: its players (user seats only), and the rule that rates it, if
/// it is rated.
#[derive(Clone, Debug)]
pub struct GameResult {
    pub game: GameId,
    pub guild: GuildId,
    pub kind: String,
    pub finished_at: i64,
    pub players: Vec<PlayerResult>,
    pub rate: Option<RateFn>,
}

impl GameResult {
    pub(super) fn users(&self) -> Vec<UserId> {
        self.players.iter().map(|p| p.user).collect()
    }
}

/// A player's rating in one game on one server.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    pub user: UserId,
    pub skill: Skill,
    /// Rated games played and won.
    pub games: u64,
    pub wins: u64,
}

/// What a player finished of one game in a server, rated or not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindStats {
    pub kind: String,
    pub games: u64,
    pub wins: u64,
    /// The newest of these games (the favourite game's tie-break).
    pub last_game: GameId,
}

/// One rating of the whole store (the rebuild and its tests compare these).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardRating {
    pub guild: GuildId,
    pub kind: String,
    pub rating: PlayerRating,
}

/// Keeps the advisory locks of ratings apart from any other use of advisory locks.
const RATING_LOCK_SPACE: i64 = 0x5_6C69_7652_0000;

/// Every rating write holds this lock shared, a rebuild holds it alone.
const REBUILD_LOCK: i64 = RATING_LOCK_SPACE;

/// One leaderboard's lock: FNV-1a of the server and the game.
fn board_lock(guild: GuildId, kind: &str) -> i64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in guild.0.to_le_bytes().iter().chain(kind.as_bytes()) {
        h ^= *b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    (h as i64) ^ RATING_LOCK_SPACE
}

/// Records a finished game's result and moves its players' ratings, inside the transaction
/// that stores the game's end. Recording a result twice changes nothing.
pub(super) async fn record_result(
    tx: &mut Tx<'_>,
    backend: Backend,
    result: &GameResult,
) -> StoreResult<()> {
    if result.rate.is_some() && backend == Backend::Postgres {
        // Endings of one leaderboard queue here, so each reads the ratings the one before
        // wrote and `seq` follows that order. (SQLite: the game row's UPDATE holds its
        // write lock already.)
        sqlx::query(
            "SELECT 1 FROM (SELECT pg_advisory_xact_lock_shared($1), \
             pg_advisory_xact_lock($2)) AS held",
        )
        .bind(REBUILD_LOCK)
        .bind(board_lock(result.guild, &result.kind))
        .execute(&mut **tx)
        .await?;
    }
    if !insert_result(tx, result).await? {
        return Ok(());
    }
    let Some(rate) = result.rate else {
        return Ok(());
    };
    let mut before = Vec::with_capacity(result.players.len());
    for p in &result.players {
        let stored = sqlx::query(
            "SELECT user_id, mu, sigma, games, wins FROM ratings \
             WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
        )
        .bind(result.guild)
        .bind(result.kind.clone())
        .bind(p.user)
        .fetch_optional(&mut **tx)
        .await?;
        before.push(match stored {
            Some(row) => Some(rating_from_row(&row)?),
            None => None,
        });
    }
    for rating in rated(rate, &result.players, &before) {
        put_rating(tx, result.guild, &result.kind, &rating).await?;
    }
    Ok(())
}

/// The ratings after one game; `before` in seat order, `None` for a first rated game.
fn rated(
    rate: RateFn,
    players: &[PlayerResult],
    before: &[Option<PlayerRating>],
) -> Vec<PlayerRating> {
    let skills: Vec<(Option<Skill>, u8)> = players
        .iter()
        .zip(before)
        .map(|(p, r)| (r.map(|r| r.skill), p.place))
        .collect();
    rate(&skills)
        .into_iter()
        .zip(players.iter().zip(before))
        .map(|(skill, (p, r))| PlayerRating {
            user: p.user,
            skill,
            games: r.map_or(0, |r| r.games) + 1,
            wins: r.map_or(0, |r| r.wins) + p.won as u64,
        })
        .collect()
}

/// Writes the result rows; false if the game's result was recorded before.
async fn insert_result(tx: &mut Tx<'_>, result: &GameResult) -> StoreResult<bool> {
    let inserted = sqlx::query(
        "INSERT INTO game_results (game_id, guild_id, kind, finished_at, rated) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game_id) DO NOTHING",
    )
    .bind(result.game)
    .bind(result.guild)
    .bind(result.kind.clone())
    .bind(result.finished_at)
    .bind(result.rate.is_some() as i64)
    .execute(&mut **tx)
    .await?;
    if inserted.rows_affected() == 0 {
        return Ok(false);
    }
    for p in &result.players {
        sqlx::query(
            "INSERT INTO player_results (game_id, seat, user_id, guild_id, kind, place, won, \
             rated) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(result.game)
        .bind(p.seat as i64)
        .bind(p.user)
        .bind(result.guild)
        .bind(result.kind.clone())
        .bind(p.place as i64)
        .bind(p.won as i64)
        .bind(result.rate.is_some() as i64)
        .execute(&mut **tx)
        .await?;
    }
    Ok(true)
}

async fn put_rating(
    tx: &mut Tx<'_>,
    guild: GuildId,
    kind: &str,
    r: &PlayerRating,
) -> StoreResult<()> {
    sqlx::query(
        "INSERT INTO ratings (guild_id, kind, user_id, mu, sigma, ordinal, games, wins) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (guild_id, kind, user_id) DO UPDATE SET mu = excluded.mu, \
         sigma = excluded.sigma, ordinal = excluded.ordinal, games = excluded.games, \
         wins = excluded.wins",
    )
    .bind(guild)
    .bind(kind.to_owned())
    .bind(r.user)
    .bind(r.skill.mu)
    .bind(r.skill.sigma)
    .bind(r.skill.ordinal())
    .bind(r.games as i64)
    .bind(r.wins as i64)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

fn rating_from_row(r: &sqlx::any::AnyRow) -> StoreResult<PlayerRating> {
    Ok(PlayerRating {
        user: r.try_get("user_id")?,
        skill: Skill {
            mu: r.try_get("mu")?,
            sigma: r.try_get("sigma")?,
        },
        games: r.try_get::<i64, _>("games")?.max(0) as u64,
        wins: r.try_get::<i64, _>("wins")?.max(0) as u64,
    })
}

impl Store {
    /// A player's rating in one game on one server, if they played a rated game of it.
    pub async fn rating(
        &self,
        guild: GuildId,
        kind: &str,
        user: UserId,
    ) -> StoreResult<Option<PlayerRating>> {
        let row = sqlx::query(
            "SELECT user_id, mu, sigma, games, wins FROM ratings \
             WHERE guild_id = $1 AND kind = $2 AND user_id = $3",
        )
        .bind(guild)
        .bind(kind.to_owned())
        .bind(user)
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map(rating_from_row).transpose()
    }

    /// A page of a leaderboard, best first (the `ratings_by_board` index).
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        kind: &str,
        offset: u64,
        limit: u64,
    ) -> StoreResult<Vec<PlayerRating>> {
        let rows = sqlx::query(
            "SELECT user_id, mu, sigma, games, wins FROM ratings \
             WHERE guild_id = $1 AND kind = $2 ORDER BY ordinal DESC, user_id LIMIT $3 OFFSET $4",
        )
        .bind(guild)
        .bind(kind.to_owned())
        .bind(limit.min(i64::MAX as u64) as i64)
        .bind(offset.min(i64::MAX as u64) as i64)
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(rating_from_row).collect()
    }

    /// How many players a leaderboard has.
    pub async fn leaderboard_size(&self, guild: GuildId, kind: &str) -> StoreResult<u64> {
        let row = sqlx::query("SELECT COUNT(*) FROM ratings WHERE guild_id = $1 AND kind = $2")
            .bind(guild)
            .bind(kind.to_owned())
            .fetch_one(&self.pool)
            .await?;
        Ok(row.try_get::<i64, _>(0)?.max(0) as u64)
    }

    /// The games a player finished in a server, per game, rated or not.
    pub async fn player_stats(&self, guild: GuildId, user: UserId) -> StoreResult<Vec<KindStats>> {
        let rows = sqlx::query(
            "SELECT kind, COUNT(*) AS games, SUM(CASE WHEN won = 1 THEN 1 ELSE 0 END) AS wins, MAX(game_id) AS last_game \
             FROM player_results WHERE guild_id = $1 AND user_id = $2 GROUP BY kind ORDER BY kind",
        )
        .bind(guild)
        .bind(user)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(KindStats {
                    kind: r.try_get("kind")?,
                    games: r.try_get::<i64, _>("games")?.max(0) as u64,
                    wins: r.try_get::<Option<i64>, _>("wins")?.unwrap_or(0).max(0) as u64,
                    last_game: r.try_get("last_game")?,
                })
            })
            .collect()
    }

    /// Finished games without a recorded result (stored before results were kept).
    pub async fn games_without_result(&self) -> StoreResult<Vec<GameRecord>> {
        let rows = sqlx::query(AssertSqlSafe(format!(
            "SELECT {GAME_COLUMNS} FROM games WHERE status = 'finished' \
             AND NOT EXISTS (SELECT 1 FROM game_results r WHERE r.game_id = games.id) \
             ORDER BY finished_at, id"
        )))
        .fetch_all(&self.pool)
        .await?;
        rows.iter().map(game_from_row).collect()
    }

    /// Rebuilds every rating from the recorded results, in the order they were recorded;
    /// `missing` (results of older games) are recorded first, after the others. Returns how
    /// many rated games were replayed.
    pub async fn rebuild_ratings(&self, missing: &[GameResult], rate: RateFn) -> StoreResult<u64> {
        let mut tx = self.pool.begin().await?;
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT 1 FROM (SELECT pg_advisory_xact_lock($1)) AS held")
                .bind(REBUILD_LOCK)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query("DELETE FROM ratings").execute(&mut *tx).await?;
        for result in missing {
            insert_result(&mut tx, result).await?;
        }
        let rows = sqlx::query(
            "SELECT r.seq, r.guild_id, r.kind, p.seat, p.user_id, p.place, p.won \
             FROM game_results r JOIN player_results p ON p.game_id = r.game_id \
             WHERE r.rated = 1 ORDER BY r.seq, p.seat",
        )
        .fetch_all(&mut *tx)
        .await?;
        let mut boards: HashMap<(GuildId, String), HashMap<UserId, PlayerRating>> = HashMap::new();
        let mut games = 0;
        let mut i = 0;
        while i < rows.len() {
            let seq: i64 = rows[i].try_get("seq")?;
            let guild: GuildId = rows[i].try_get("guild_id")?;
            let kind: String = rows[i].try_get("kind")?;
            let mut players = Vec::new();
            while i < rows.len() && rows[i].try_get::<i64, _>("seq")? == seq {
                let r = &rows[i];
                players.push(PlayerResult {
                    seat: r.try_get::<i64, _>("seat")? as Seat,
                    user: r.try_get("user_id")?,
                    place: r.try_get::<i64, _>("place")? as u8,
                    won: r.try_get::<i64, _>("won")? != 0,
                });
                i += 1;
            }
            let board = boards.entry((guild, kind)).or_default();
            let before: Vec<Option<PlayerRating>> = players
                .iter()
                .map(|p| board.get(&p.user).copied())
                .collect();
            for r in rated(rate, &players, &before) {
                board.insert(r.user, r);
            }
            games += 1;
        }
        for ((guild, kind), board) in &boards {
            for r in board.values() {
                put_rating(&mut tx, *guild, kind, r).await?;
            }
        }
        tx.commit().await?;
        Ok(games)
    }

    /// Every rating of the store, in a fixed order.
    pub async fn all_ratings(&self) -> StoreResult<Vec<BoardRating>> {
        let rows = sqlx::query(
            "SELECT guild_id, kind, user_id, mu, sigma, games, wins FROM ratings \
             ORDER BY guild_id, kind, user_id",
        )
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
                Ok(BoardRating {
                    guild: r.try_get::<GuildId, _>("guild_id")?,
                    kind: r.try_get("kind")?,
                    rating: rating_from_row(r)?,
                })
            })
            .collect()
    }
}
