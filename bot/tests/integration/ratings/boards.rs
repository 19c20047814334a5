//! The leaderboard pages and the stats of a player.

use super::*;
use vliv_bot::service::{GuildId, UserId};

/// 25 people each beat the next in line once: a board of 25, three pages of ten.
#[tokio::test]
async fn the_leaderboard_pages_in_rating_order_and_refuses_pages_gone_or_foreign() {
    for db in backends().await {
        let service = db.service().await;
        let people: Vec<u64> = (1..=25).map(|i| 1_000 + i).collect();
        for (i, pair) in people.windows(2).enumerate() {
            let game = started_with(&service, GUILD, 10 + i as u64, "claim", pair, 1).await;
            service.concede(game, UserId(pair[1])).await.unwrap();
        }
        let first = service
            .leaderboard(GuildId(GUILD), "claim", 0)
            .await
            .unwrap();
        assert_eq!((first.pages, first.players), (3, 25), "{}", db.backend);
        assert_eq!(first.rows.len(), 10);
        assert_eq!(first.rows[0].0, 1);
        let ordinals: Vec<f64> = first.rows.iter().map(|(_, r)| r.skill.ordinal()).collect();
        assert!(ordinals.windows(2).all(|w| w[0] >= w[1]), "{ordinals:?}");
        let last = service
            .leaderboard(GuildId(GUILD), "claim", 2)
            .await
            .unwrap();
        assert_eq!(last.rows.len(), 5);
        assert_eq!(last.rows[0].0, 21);
        assert!(matches!(
            service.leaderboard(GuildId(GUILD), "claim", 3).await,
            Err(ServiceError::PageGone { pages: 3 })
        ));
        assert!(matches!(
            service.leaderboard(GuildId(GUILD), "chess", 0).await,
            Err(ServiceError::UnknownGame(_))
        ));
        // Another server's board of the same game is empty.
        let elsewhere = service
            .leaderboard(GuildId(GUILD + 1), "claim", 0)
            .await
            .unwrap();
        assert!(elsewhere.rows.is_empty() && elsewhere.pages == 1);

        // The first page turns forward only, the middle one both ways; the buttons name
        // this server, so a copy clicked in another is refused by the component handler.
        let buttons = |page| {
            let spec = leaderboard_message(&page, GuildId(GUILD), Lang::En);
            match spec.rows.first() {
                Some(vliv_bot::render::RowSpec::Buttons(b)) => b
                    .iter()
                    .map(|b| match b.action {
                        ComponentAction::Board(page) => (b.label.clone(), page),
                        other => panic!("not a page: {other:?}"),
                    })
                    .collect::<Vec<_>>(),
                _ => Vec::new(),
            }
        };
        let forward = buttons(first.clone());
        assert_eq!(forward.len(), 1);
        assert_eq!(forward[0].0, "▶");
        assert_eq!(
            forward[0].1,
            BoardPage {
                guild: GuildId(GUILD),
                kind: "claim",
                page: 1
            }
        );
        let middle = service
            .leaderboard(GuildId(GUILD), "claim", 1)
            .await
            .unwrap();
        let labels: Vec<String> = buttons(middle).into_iter().map(|(l, _)| l).collect();
        assert_eq!(labels, ["◀", "▶"]);

        let en = leaderboard_message(&first, GuildId(GUILD), Lang::En)
            .embed
            .unwrap();
        assert_eq!(en.title, "Leaderboard: Claim (1/3)");
        let top = first.rows[0].1;
        assert!(
            en.description.starts_with(&format!(
                "1. {}: {:.1} ± {:.1} (1 rated game, 1 win)",
                vliv_service::mark::user(top.user),
                top.skill.mu,
                top.skill.sigma
            )),
            "{}",
            en.description
        );
        let cs = leaderboard_message(&first, GuildId(GUILD), Lang::Cs)
            .embed
            .unwrap();
        assert!(cs.title.starts_with("Žebříček: "), "{}", cs.title);
        assert!(
            cs.description.contains("hodnocená hra, 1 výhra"),
            "{}",
            cs.description
        );
    }
}

#[tokio::test]
async fn stats_count_games_wins_ratings_and_the_favourite_game() {
    for db in backends().await {
        let service = db.service().await;
        // Alice: two Ruse & Bruise games (one won), one Claim game won, one against the AI.
        let rb = started_with(
            &service,
            GUILD,
            1,
            "ruse-and-bruise",
            &[ALICE, BOB, CAROL],
            1,
        )
        .await;
        service.concede(rb, UserId(BOB)).await.unwrap();
        let rb = started_with(&service, GUILD, 2, "ruse-and-bruise", &[ALICE, BOB], 2).await;
        service.concede(rb, UserId(ALICE)).await.unwrap();
        let claim = started_with(&service, GUILD, 3, "claim", &[ALICE, BOB], 3).await;
        service.concede(claim, UserId(BOB)).await.unwrap();
        let ai = against_ai(&service, 4, 4).await;
        service.concede(ai, UserId(ALICE)).await.unwrap();

        let all = service
            .stats(GuildId(GUILD), UserId(ALICE), None)
            .await
            .unwrap();
        assert_eq!((all.games, all.wins), (4, 2), "{}", db.backend);
        // Ruse & Bruise and Claim have two games each; the newest decides.
        assert_eq!(all.favourite.as_deref(), Some("claim"));
        let rb = service
            .stats(GuildId(GUILD), UserId(ALICE), Some("ruse-and-bruise"))
            .await
            .unwrap();
        assert_eq!((rb.games, rb.wins), (2, 1));
        let rating = rb.kinds[0].1.expect("rated");
        assert_eq!((rating.games, rating.wins), (2, 1));
        let nobody = service
            .stats(GuildId(GUILD), UserId(4_242), None)
            .await
            .unwrap();
        assert_eq!((nobody.games, nobody.favourite.as_deref()), (0, None));

        let en = stats_message(&all, Lang::En).embed.unwrap().description;
        assert!(
            en.contains("4 finished games, 2 wins; favourite game: Claim"),
            "{en}"
        );
        assert!(
            en.contains(&format!(
                "**Ruse & Bruise**: 2 games, 1 win; rating {:.1} ± {:.1}",
                rating.skill.mu, rating.skill.sigma
            )),
            "{en}"
        );
        let cs = stats_message(&all, Lang::Cs).embed.unwrap().description;
        assert!(
            cs.contains("4 dohrané hry, 2 výhry; nejčastěji hraná hra: Claim"),
            "{cs}"
        );
        let cs_nobody = stats_message(&nobody, Lang::Cs).embed.unwrap().description;
        assert!(cs_nobody.contains("zatím žádná dohraná hra"), "{cs_nobody}");
    }
}
