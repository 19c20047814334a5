//! Rebuilding the ratings (`vliv admin rebuild-ratings`) equals rating game by game, also
//! after retention deleted old games.

use super::*;
use vliv_bot::service::{GuildId, UserId};

fn cases() -> usize {
    std::env::var("VLIV_CASES_RATINGS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300)
}

/// Random games on two servers, three games, eight people: two to six seats, ended by a
/// concession (the others share first place), an agreed draw, play to the end (Claim), an
/// abandonment or with an AI seat. The ratings computed game by game equal a rebuild.
#[tokio::test]
async fn rebuilt_ratings_equal_the_ones_computed_game_by_game() {
    let people: Vec<u64> = (1..=8).map(|i| 100 + i).collect();
    for db in backends().await {
        let service = db.service().await;
        let mut rng = rand::rngs::SmallRng::seed_from_u64(20);
        let mut rated = 0;
        for case in 0..cases() {
            let guild = GUILD + rng.random_range(0..2);
            let channel = 1_000 + case as u64;
            let (kind, max) = match rng.random_range(0..3) {
                0 => ("claim", 2),
                1 => ("louis-xiv", 4),
                _ => ("ruse-and-bruise", 6),
            };
            let n = rng.random_range(2..=max);
            let mut seated = people.clone();
            for i in 0..n {
                let j = rng.random_range(i..seated.len());
                seated.swap(i, j);
            }
            let seated = &seated[..n];
            let seed = rng.random();
            let ending = rng.random_range(0..20);
            if ending == 0 {
                // An AI seat from the lobby.
                let rec = service
                    .open(OpenLobby {
                        guild: GuildId(guild),
                        ..lobby(channel, seated[0], seed)
                    })
                    .await
                    .unwrap();
                service
                    .add_ai(rec.id, Caller::user(UserId(seated[0])), Level::Easy)
                    .await
                    .unwrap();
                service
                    .start(rec.id, Caller::user(UserId(seated[0])))
                    .await
                    .unwrap();
                service.concede(rec.id, UserId(seated[0])).await.unwrap();
                continue;
            }
            let game = started_with(&service, guild, channel, kind, seated, seed).await;
            match ending {
                1 => {
                    service
                        .abandon(game, Caller::user(UserId(seated[0])))
                        .await
                        .unwrap();
                    continue;
                }
                2 | 3 => {
                    for &u in seated {
                        service.offer_draw(game, UserId(u)).await.unwrap();
                    }
                }
                4..=6 if kind == "claim" => play_out(&service, game, seated, seed).await,
                _ => {
                    let loser = seated[rng.random_range(0..n)];
                    service.concede(game, UserId(loser)).await.unwrap();
                }
            }
            assert_eq!(rating_of(&service.game(game).await.unwrap()), Some(Ok(())));
            rated += 1;
        }
        let incremental = service.store().all_ratings().await.unwrap();
        assert!(incremental.len() > 8, "{}", db.backend);
        let replayed = service.rebuild_ratings().await.unwrap();
        assert_eq!(replayed, rated, "{}", db.backend);
        let rebuilt = service.store().all_ratings().await.unwrap();
        assert_eq!(rebuilt, incremental, "{}", db.backend);
        // Games and wins add up to what was played.
        let games: u64 = rebuilt.iter().map(|r| r.rating.games).sum();
        assert!(games >= 2 * rated, "{}", db.backend);
    }
}

#[tokio::test]
async fn retention_deletes_old_ended_games_and_keeps_results_and_ratings() {
    for db in backends().await {
        let service = db.service().await;
        let old = started(&service, 1, 1).await;
        service.concede(old.id, UserId(BOB)).await.unwrap();
        let old_abandoned = started(&service, 2, 2).await;
        service
            .abandon(old_abandoned.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let before = service.store().all_ratings().await.unwrap();
        let used = service
            .storage_use(GuildId(GUILD), Caller::admin(UserId(ALICE)))
            .await
            .unwrap();
        assert_eq!((used.games, used.ended), (2, 2), "{}", db.backend);
        assert!(used.bytes > 0);
        assert!(matches!(
            service
                .storage_use(GuildId(GUILD), Caller::user(UserId(ALICE)))
                .await,
            Err(ServiceError::NotAdmin)
        ));

        // Kept for ever by default.
        db.clock.advance_minutes(60 * 24 * 400);
        assert_eq!(service.sweep_retention().await.unwrap(), 0);
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |cfg| {
                cfg.retention_days = 30;
                Ok(())
            })
            .await
            .unwrap();
        let recent = started(&service, 3, 3).await;
        service.concede(recent.id, UserId(ALICE)).await.unwrap();
        let running = started(&service, 4, 4).await;
        db.clock.advance_minutes(60 * 24 * 29);
        assert_eq!(
            service.sweep_retention().await.unwrap(),
            2,
            "{}",
            db.backend
        );
        for gone in [old.id, old_abandoned.id] {
            assert!(matches!(
                service.game(gone).await,
                Err(ServiceError::NoGame)
            ));
            assert!(service.store().moves(gone).await.unwrap().is_empty());
        }
        assert!(service.game(recent.id).await.is_ok() && service.game(running.id).await.is_ok());
        let used = service
            .storage_use(GuildId(GUILD), Caller::admin(UserId(ALICE)))
            .await
            .unwrap();
        assert_eq!((used.games, used.ended), (2, 1), "{}", db.backend);
        // Results outlive the games: stats and a rebuild still count the deleted one.
        let alice = service
            .stats(GuildId(GUILD), UserId(ALICE), Some("claim"))
            .await
            .unwrap();
        assert_eq!(alice.games, 2);
        let kept = service.store().all_ratings().await.unwrap();
        assert_ne!(kept, before, "the recent game moved the ratings");
        service.rebuild_ratings().await.unwrap();
        assert_eq!(service.store().all_ratings().await.unwrap(), kept);
    }
}

#[test]
fn vliv_admin_rebuild_ratings_rebuilds_the_configured_database() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let incremental = runtime.block_on(async {
        let store = vliv_bot::store::Store::connect(&url).await.unwrap();
        let service = Service::new(
            store,
            std::sync::Arc::new(ManualClock::at(1_700_000_000_000)),
        );
        for (channel, loser) in [(1, BOB), (2, ALICE), (3, BOB)] {
            let game = started(&service, channel, channel).await;
            service.concede(game.id, UserId(loser)).await.unwrap();
        }
        sqlx::query("UPDATE ratings SET mu = 0")
            .execute(service.store().pool())
            .await
            .unwrap();
        rate_all_by_hand()
    });
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_vliv"))
        .args(["admin", "rebuild-ratings"])
        .env("VLIV_DATABASE_URL", &url)
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        "Ratings rebuilt from 3 rated games."
    );
    let stored = runtime.block_on(async {
        let store = vliv_bot::store::Store::connect(&url).await.unwrap();
        let alice = store
            .rating(GuildId(GUILD), "claim", UserId(ALICE))
            .await
            .unwrap()
            .unwrap();
        let bob = store
            .rating(GuildId(GUILD), "claim", UserId(BOB))
            .await
            .unwrap()
            .unwrap();
        [alice.skill, bob.skill]
    });
    assert_eq!(stored, incremental);
}

/// Alice beats Bob, loses, beats him again: the rule applied three times.
fn rate_all_by_hand() -> [Skill; 2] {
    let mut skills = [None, None];
    for alice_place in [1, 2, 1] {
        let after = rate(&[(skills[0], alice_place), (skills[1], 3 - alice_place)]);
        skills = [Some(after[0]), Some(after[1])];
    }
    [skills[0].unwrap(), skills[1].unwrap()]
}
