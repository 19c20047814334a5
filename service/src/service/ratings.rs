//! Ratings: which finished games are rated, the rating rule, and what `/stats` and
//! `/leaderboard` read. A player's rating is kept per game and per server.
//!
//! The rule is Weng-Lin's Bradley-Terry model with full pairing (OpenSkill), from the
//! `skillratings` crate with its default constants (a new player is 25 ± 25/3, beta 25/6):
//! each seat is a team of one, ranked by its place, equal places tie. A game is rated only
//! when people played every seat to the end: a seat the AI held (added, or handed to it
//! after a timeout or a leave), a hint asked of the AI or an abandoned game leaves every
//! rating as it was.

use std::collections::HashMap;

use skillratings::{
    weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating},
    MultiTeamOutcome,
};

use super::error::read_only;
use super::{
    find_kind, GameRecord, GuildId, SeatHolder, Service, ServiceError, ServiceResult, Status,
    UserId,
};
use crate::store::{GameResult, PlayerResult};
pub use crate::store::{KindStats, PlayerRating, Skill, StorageUse};

/// Players on one page of a leaderboard.
pub const LEADERBOARD_PAGE: u64 = 10;

/// Why an ended game leaves the ratings as they were.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unrated {
    /// Abandoned (by its host, an admin, or the server's timeout action).
    Abandoned,
    /// The AI held a seat at the end (added to the table, or after a timeout or a leave).
    AiSeat,
    /// One person held more than one seat.
    SharedSeat,
    /// A player asked the AI for a hint.
    Hinted,
}

impl Unrated {
    /// The line the game's result shows (`service/locales`).
    pub fn key(self) -> &'static str {
        match self {
            Unrated::Abandoned => "rating-unrated-abandoned",
            Unrated::AiSeat => "rating-unrated-ai",
            Unrated::SharedSeat => "rating-unrated-shared-seat",
            Unrated::Hinted => "rating-unrated-hinted",
        }
    }
}

/// Whether an ended game is rated: `Ok` if it is, else why not. Lobbies (also closed ones),
/// running and frozen games are neither (`None`).
pub fn rating_of(rec: &GameRecord) -> Option<Result<(), Unrated>> {
    match rec.status {
        // A lobby that closed never was a game.
        Status::Abandoned if rec.snapshot.is_some() => return Some(Err(Unrated::Abandoned)),
        Status::Finished if rec.outcome.is_some() => {}
        _ => return None,
    }
    let users: Vec<UserId> = rec.users().collect();
    if users.len() < rec.seats.len() {
        return Some(Err(Unrated::AiSeat));
    }
    let mut distinct = users.clone();
    distinct.sort_unstable();
    distinct.dedup();
    if distinct.len() < users.len() {
        return Some(Err(Unrated::SharedSeat));
    }
    if super::hinted(&rec.options) {
        return Some(Err(Unrated::Hinted));
    }
    Some(Ok(()))
}

/// The result a finished game records: its user seats' places, and the rule if it is rated.
pub fn result_of(rec: &GameRecord) -> Option<GameResult> {
    let rated = rating_of(rec)?.is_ok();
    let outcome = rec.outcome.as_ref()?;
    let finished_at = rec.finished_at?;
    let all_first = outcome.places.iter().all(|&p| p == 1);
    let players = rec
        .seats
        .iter()
        .enumerate()
        .filter_map(|(seat, holder)| match holder {
            SeatHolder::User(user) => {
                let place = *outcome.places.get(seat)?;
                Some(PlayerResult {
                    seat: seat as u8,
                    user: *user,
                    place,
                    // A draw everyone shares is no one's win.
                    won: place == 1 && !all_first,
                })
            }
            SeatHolder::Ai { .. } => None,
        })
        .collect();
    Some(GameResult {
        game: rec.id,
        guild: rec.guild,
        kind: rec.kind.clone(),
        finished_at,
        players,
        rate: rated.then_some(rate as crate::store::RateFn),
    })
}

/// The rating rule: skills before a game (`None`: a new player) and places, in seat order,
/// to skills after it.
pub fn rate(players: &[(Option<Skill>, u8)]) -> Vec<Skill> {
    let before: Vec<WengLinRating> = players
        .iter()
        .map(|(skill, _)| match skill {
            Some(s) => WengLinRating {
                rating: s.mu,
                uncertainty: s.sigma,
            },
            None => WengLinRating::new(),
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
        .iter()
        .zip(players)
        .map(|(r, (_, place))| {
            (
                std::slice::from_ref(r),
                MultiTeamOutcome::new(*place as usize),
            )
        })
        .collect();
    weng_lin_multi_team(&teams, &WengLinConfig::new())
        .into_iter()
        .zip(&before)
        .map(|(team, old)| {
            let r = team.first().unwrap_or(old);
            Skill {
                mu: r.rating,
                sigma: r.uncertainty,
            }
        })
        .collect()
}

/// What `/stats` shows of a player in a server.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerStats {
    pub user: UserId,
    /// Finished games (rated or not) and wins, over `games` below.
    pub games: u64,
    pub wins: u64,
    /// The game played most (the newest played of equals).
    pub favourite: Option<String>,
    /// Per game, most played first: what was finished, and the rating if any was rated.
    pub kinds: Vec<(KindStats, Option<PlayerRating>)>,
}

/// One page of a leaderboard.
#[derive(Clone, Debug, PartialEq)]
pub struct LeaderboardPage {
    pub kind: String,
    /// 0-based, and how many pages there are (at least 1: an empty board has one page).
    pub page: u64,
    pub pages: u64,
    pub players: u64,
    /// Rank (1-based) and rating, best first.
    pub rows: Vec<(u64, PlayerRating)>,
    /// The display names known of the rows' players (public; see
    /// [`Service::display_names`]): for a front end that cannot write a mention.
    pub names: HashMap<UserId, String>,
}

impl Service {
    /// A player's games, wins and ratings in a server, in one game or in all.
    pub async fn stats(
        &self,
        guild: GuildId,
        user: UserId,
        kind: Option<&str>,
    ) -> ServiceResult<PlayerStats> {
        read_only(
            async {
                let kind = kind.map(find_kind).transpose()?.map(|k| k.id());
                let mut played = self.store.player_stats(guild, user).await?;
                played.retain(|k| kind.is_none_or(|id| k.kind == id));
                played.sort_by(|a, b| {
                    (b.games, b.last_game)
                        .cmp(&(a.games, a.last_game))
                        .then(a.kind.cmp(&b.kind))
                });
                let mut kinds = Vec::with_capacity(played.len());
                for k in played {
                    let rating = self.store.rating(guild, &k.kind, user).await?;
                    kinds.push((k, rating));
                }
                Ok(PlayerStats {
                    user,
                    games: kinds.iter().map(|(k, _)| k.games).sum(),
                    wins: kinds.iter().map(|(k, _)| k.wins).sum(),
                    favourite: kinds.first().map(|(k, _)| k.kind.clone()),
                    kinds,
                })
            }
            .await,
        )
    }

    /// A page of a game's leaderboard in a server. A page past the end is refused with the
    /// number of pages there are now (a button of an older answer).
    pub async fn leaderboard(
        &self,
        guild: GuildId,
        kind: &str,
        page: u64,
    ) -> ServiceResult<LeaderboardPage> {
        read_only(
            async {
                let kind = find_kind(kind)?.id();
                let players = self.store.leaderboard_size(guild, kind).await?;
                let pages = players.div_ceil(LEADERBOARD_PAGE).max(1);
                if page >= pages {
                    return Err(ServiceError::PageGone { pages });
                }
                let first = page * LEADERBOARD_PAGE;
                let rows = self
                    .store
                    .leaderboard(guild, kind, first, LEADERBOARD_PAGE)
                    .await?;
                let users: Vec<UserId> = rows.iter().map(|r| r.user).collect();
                let names = self.display_names(&users).await?;
                Ok(LeaderboardPage {
                    kind: kind.to_owned(),
                    page,
                    pages,
                    players,
                    rows: (first + 1..).zip(rows).collect(),
                    names,
                })
            }
            .await,
        )
    }

    /// Rebuilds every rating from the stored results (`vliv admin rebuild-ratings`): the
    /// results of finished games stored before results were kept are recorded first.
    /// Returns how many rated games were replayed.
    pub async fn rebuild_ratings(&self) -> ServiceResult<u64> {
        let missing: Vec<GameResult> = self
            .store
            .games_without_result()
            .await?
            .iter()
            .filter_map(result_of)
            .collect();
        let games = self.store.rebuild_ratings(&missing, rate).await?;
        tracing::info!(games, recorded = missing.len(), "ratings rebuilt");
        Ok(games)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two new players, the first wins: c² = 2β² + σ² + σ² = 2(25/6)² + 2(25/3)² =
    /// 173.61, c = 13.176; p = 1/2; the winner gains σ²/c · (1 − 1/2) = 69.444/13.176/2 =
    /// 2.6352 and the loser loses as much; both σ shrink by √(1 − (σ/c)³/4) = 0.96786.
    #[test]
    fn two_new_players_move_as_worked_by_hand() {
        let after = rate(&[(None, 1), (None, 2)]);
        assert!((after[0].mu - 27.6352).abs() < 1e-4, "{after:?}");
        assert!((after[1].mu - 22.3648).abs() < 1e-4);
        for s in &after {
            assert!((s.sigma - 8.0655).abs() < 1e-4, "{after:?}");
        }
    }
}
