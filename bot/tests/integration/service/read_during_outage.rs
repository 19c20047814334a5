//! Issue 50: a command that only reads (stats, the leaderboard, a game list, the history,
//! a player's hand) during a database outage says the database is not answering, not
//! "nothing was applied" as if a move had been refused. A move still says that. On SQLite
//! and Postgres.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use vliv_bot::i18n::tr;
use vliv_engine::Lang;

#[tokio::test]
async fn a_read_during_an_outage_says_the_database_is_not_answering() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await.id;
        let (user, menu) = pending_user(&service, game).await.unwrap();
        // The outage: no connection is to be had.
        service.store().pool().close().await;

        let reads = [
            service
                .stats(GuildId(GUILD), UserId(ALICE), None)
                .await
                .err(),
            service.leaderboard(GuildId(GUILD), "claim", 0).await.err(),
            service.my_games(GuildId(GUILD), UserId(ALICE)).await.err(),
            service
                .history(GuildId(GUILD), ChannelId(1), 10)
                .await
                .err(),
            service
                .history_page(GuildId(GUILD), ChannelId(1), 0)
                .await
                .err(),
            service.pending_menus(game, UserId(user)).await.err(),
        ];
        for (i, e) in reads.into_iter().enumerate() {
            let e = e.unwrap_or_else(|| panic!("{}: read {i} answered", db.backend));
            assert_eq!(
                e.text().key,
                "err-unavailable",
                "{}: read {i}: {e:?}",
                db.backend
            );
            assert!(e.is_transient(), "{}", db.backend);
            for lang in [Lang::En, Lang::Cs] {
                let text = tr(lang, &e.text(), &|_| String::new());
                assert!(!text.is_empty() && !text.contains("err-"), "{text}");
            }
        }
        // A move refused for the same reason: nothing was applied.
        let refused = service
            .play(UserId(user), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap_err();
        assert_eq!(refused.text().key, "err-retry", "{}", db.backend);
    }
}
