//! `/game history` of a quiet channel in a busy server: the channel's finished games come
//! from the database by channel (index `games_by_channel`), however many other games the
//! server has finished since.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use vliv_bot::service::Status;

/// Finished games written straight into the table (copies of `model`'s seats and options),
/// 500 rows a statement, so that a server with 10,000 of them is built in a second.
async fn finished_games(
    service: &vliv_bot::service::Service,
    model: &vliv_bot::store::GameRecord,
    channel: u64,
    count: usize,
) {
    use sqlx::Row;
    let row = sqlx::query("SELECT seats, options FROM games WHERE id = $1")
        .bind(model.id)
        .fetch_one(service.store().pool())
        .await
        .expect("the model game");
    let quoted = |col: &str| row.get::<String, _>(col).replace('\'', "''");
    let (seats, options) = (quoted("seats"), quoted("options"));
    for chunk in (0..count).collect::<Vec<_>>().chunks(500) {
        let rows: Vec<String> = chunk
            .iter()
            .map(|i| {
                format!(
                    "({GUILD}, {channel}, 'claim', 1, 'finished', {ALICE}, '{seats}', '{options}', {i}, \
                     2, '[]', '[]', {i}, {i})"
                )
            })
            .collect();
        let sql = format!(
            "INSERT INTO games (guild_id, channel_id, kind, rules_version, status, host_id, \
             seats, options, seed, version, counters, draw_offers, created_at, finished_at) \
             VALUES {}",
            rows.join(", ")
        );
        sqlx::query(sqlx::AssertSqlSafe(sql))
            .execute(service.store().pool())
            .await
            .expect("the bulk insert");
    }
}

#[tokio::test]
async fn a_quiet_channel_of_a_server_with_10000_finished_games_sees_its_own_history() {
    for db in backends().await {
        let service = db.service().await;
        // The quiet channel's two games are the oldest of the server.
        let quiet = 7;
        let first = started(&service, quiet, 1).await;
        service
            .abandon(first.id, vliv_bot::service::Caller::admin(UserId(ALICE)))
            .await
            .unwrap();
        let second = started(&service, quiet, 2).await;
        service
            .abandon(second.id, vliv_bot::service::Caller::admin(UserId(ALICE)))
            .await
            .unwrap();
        finished_games(&service, &first, 8, 10_000).await;

        let history = service
            .history(GuildId(GUILD), ChannelId(quiet), 15)
            .await
            .unwrap();
        let ids: Vec<_> = history.iter().map(|g| g.id).collect();
        assert_eq!(ids, vec![second.id, first.id], "{}", db.backend);
        assert!(history.iter().all(|g| g.status == Status::Abandoned));
        // The busy channel gets exactly its limit, newest first.
        let busy = service
            .history(GuildId(GUILD), ChannelId(8), 15)
            .await
            .unwrap();
        assert_eq!(busy.len(), 15, "{}", db.backend);
        assert!(busy.windows(2).all(|w| w[0].id > w[1].id));
        // Another server's channel with the same id shows nothing of this one.
        assert!(service
            .history(GuildId(GUILD + 1), ChannelId(quiet), 15)
            .await
            .unwrap()
            .is_empty());
    }
}
