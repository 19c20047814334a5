//! Ratings (issue 20): the Weng-Lin rule against examples worked by hand and the crate's
//! documented one; a game's end and its rating in one transaction; unrated games (AI seats,
//! a seat handed to the AI, abandoned games); `vliv admin rebuild-ratings` equal to the
//! ratings computed game by game over random games (`VLIV_CASES_RATINGS`, default 300);
//! stats, leaderboard pages and their buttons.

mod common;

use common::*;
use rand::{Rng, SeedableRng};
use vliv_bot::{
    render::{leaderboard_message, stats_message},
    service::{
        rate, rating_of, BoardPage, Caller, GameId, ManualClock, OpenLobby, SeatHolder, Service,
        ServiceError, Skill, Status, Unrated,
    },
};
use vliv_engine::{Lang, Level, OptionValues};

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 5e-5
}

/// Two new players (25 ± 25/3), the first wins. c² = 2β² + σ₁² + σ₂² = 2·(25/6)² +
/// 2·(25/3)² = 173.611, c = 13.1762; each expects p = ½. The winner gains
/// σ²/c · (1 − ½) = 69.4444 / 13.1762 / 2 = 2.6352, the loser loses as much; each σ is
/// multiplied by √(1 − (σ/c)³ · p(1 − p)) = √(1 − 0.63246³ / 4) = 0.967857.
#[test]
fn two_new_players_rate_as_worked_by_hand() {
    let after = rate(&[(None, 1), (None, 2)]);
    assert!(close(after[0].mu, 27.6352), "{after:?}");
    assert!(close(after[1].mu, 22.3648), "{after:?}");
    assert!(close(after[0].sigma, 8.0655) && close(after[1].sigma, 8.0655));
    // A draw between equals moves nobody; the uncertainty shrinks as in a decided game.
    let drawn = rate(&[(None, 1), (None, 1)]);
    assert!(close(drawn[0].mu, 25.0) && close(drawn[1].mu, 25.0));
    assert!(close(drawn[0].sigma, 8.0655));
}

/// The `skillratings` documentation's example of `weng_lin`: 42.0 ± 1.3 beats a new player,
/// giving 42.03 ± 1.30 and 23.91 ± 8.03 (rounded to hundredths there).
#[test]
fn two_players_rate_as_the_crates_documented_example() {
    let strong = Skill {
        mu: 42.0,
        sigma: 1.3,
    };
    let after = rate(&[(Some(strong), 1), (None, 2)]);
    let hundredths = |x: f64| (x * 100.0).round();
    assert_eq!(hundredths(after[0].mu), 4203.0);
    assert_eq!(hundredths(after[0].sigma), 130.0);
    assert_eq!(hundredths(after[1].mu), 2391.0);
    assert_eq!(hundredths(after[1].sigma), 803.0);
}

/// Four new players, places 1, 2, 2, 4 (the middle two tie). Every pair has the same
/// c = 13.1762 and p = ½, so each pair moves a player by ±2.6352 (0 for the tied pair):
/// first +3·2.6352 = 32.9057, the tied two +2.6352 − 2.6352 + 0 = 25, last 17.0943. Each
/// σ loses the 0.063246 share of its variance three times: 25/3 · √(1 − 0.189737) = 7.5012.
#[test]
fn four_players_with_a_tie_rate_as_worked_by_hand() {
    let after = rate(&[(None, 1), (None, 2), (None, 2), (None, 4)]);
    let mus: Vec<f64> = after.iter().map(|s| s.mu).collect();
    assert!(close(mus[0], 32.9057), "{mus:?}");
    assert!(close(mus[1], 25.0) && close(mus[2], 25.0), "{mus:?}");
    assert!(close(mus[3], 17.0943), "{mus:?}");
    for s in &after {
        assert!(close(s.sigma, 7.5012), "{after:?}");
    }
}

/// A lobby of `kind` in `channel` of `guild`, `users` seated in order, started.
async fn started_with(
    service: &Service,
    guild: u64,
    channel: u64,
    kind: &str,
    users: &[u64],
    seed: u64,
) -> GameId {
    let rec = service
        .open(OpenLobby {
            guild,
            channel,
            parent: None,
            kind: kind.into(),
            host: users[0],
            seats: vec![SeatHolder::User(users[0])],
            options: OptionValues::new(),
            seed: Some(seed),
            lang: Lang::En,
        })
        .await
        .unwrap();
    for &u in &users[1..] {
        service.join(rec.id, u).await.unwrap();
    }
    service.start(rec.id, Caller::user(users[0])).await.unwrap();
    rec.id
}

/// Plays the game to its end, each pending user taking the `n`-th choice.
async fn play_out(service: &Service, game: GameId, users: &[u64], seed: u64) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    for _ in 0..5_000 {
        let rec = service.game(game).await.unwrap();
        if rec.status != Status::Running {
            return;
        }
        let mut moved = false;
        for &u in users {
            if let Some(m) = service
                .pending_menus(game, u)
                .await
                .unwrap()
                .into_iter()
                .next()
            {
                let choice = m.menu.choices[rng.random_range(0..m.menu.choices.len())].id;
                service.play(u, m.click(choice)).await.unwrap();
                moved = true;
                break;
            }
        }
        assert!(moved, "nobody could move in game {game}");
    }
    panic!("game {game} did not end");
}

#[tokio::test]
async fn a_game_played_to_the_end_is_rated_when_its_end_is_stored() {
    for db in backends().await {
        let service = db.service().await;
        let game = started_with(&service, GUILD, 1, "claim", &[ALICE, BOB], 5).await;
        play_out(&service, game, &[ALICE, BOB], 5).await;
        let rec = service.game(game).await.unwrap();
        assert_eq!(rating_of(&rec), Some(Ok(())));
        let places = &rec.outcome.as_ref().unwrap().places;
        let expected = rate(&[(None, places[0]), (None, places[1])]);
        for (seat, user) in [ALICE, BOB].into_iter().enumerate() {
            let r = service
                .store()
                .rating(GUILD, "claim", user)
                .await
                .unwrap()
                .expect("rated");
            assert_eq!(r.skill, expected[seat], "{}", db.backend);
            assert_eq!(r.games, 1);
            assert_eq!(r.wins, u64::from(places[seat] == 1 && places != &[1, 1]));
        }
    }
}

#[tokio::test]
async fn an_end_whose_rating_cannot_be_written_is_not_stored_either() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await;
        sqlx::query("DROP TABLE ratings")
            .execute(service.store().pool())
            .await
            .unwrap();
        assert!(service.concede(game.id, BOB).await.is_err());
        let rec = service.game(game.id).await.unwrap();
        assert_eq!(rec.status, Status::Running, "{}", db.backend);
        let results: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM game_results")
            .fetch_one(service.store().pool())
            .await
            .unwrap();
        assert_eq!(results, 0, "{}", db.backend);
    }
}

#[tokio::test]
async fn games_with_ai_seats_and_abandoned_games_are_not_rated() {
    for db in backends().await {
        let service = db.service().await;
        // An AI seat from the lobby: conceded by the AI's opponent.
        let with_ai = against_ai(&service, 1, 1).await;
        service.concede(with_ai, ALICE).await.unwrap();
        // Bob leaves a running game: the AI takes his seat; Alice concedes to it.
        let left = started(&service, 2, 2).await;
        service.leave(left.id, BOB, true).await.unwrap();
        service.concede(left.id, ALICE).await.unwrap();
        // The server hands a seat that times out to the AI; the other player concedes.
        service
            .configure(GUILD, Caller::admin(CAROL), |cfg| {
                cfg.timeout_action = vliv_bot::service::TimeoutAction::Ai;
                Ok(())
            })
            .await
            .unwrap();
        let timed_out = started(&service, 4, 4).await;
        db.clock.advance_minutes(60 * 49);
        service.fire_due().await.unwrap();
        let rec = service.game(timed_out.id).await.unwrap();
        let (waiting, _) = pending_user(&service, timed_out.id)
            .await
            .expect("the other seat is asked");
        assert!(rec.seats.iter().any(|h| matches!(
            h,
            SeatHolder::Ai {
                forfeited_by: Some(_),
                ..
            }
        )));
        service.concede(timed_out.id, waiting).await.unwrap();
        // Abandoned by its host.
        let abandoned = started(&service, 3, 3).await;
        service
            .abandon(abandoned.id, Caller::user(ALICE))
            .await
            .unwrap();

        let reason = |id| {
            let service = &service;
            async move { rating_of(&service.game(id).await.unwrap()) }
        };
        assert_eq!(reason(with_ai).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(left.id).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(timed_out.id).await, Some(Err(Unrated::AiSeat)));
        assert_eq!(reason(abandoned.id).await, Some(Err(Unrated::Abandoned)));
        assert!(service.store().all_ratings().await.unwrap().is_empty());
        // The games still count as played for the people who finished them.
        let alice = service.stats(GUILD, ALICE, None).await.unwrap();
        assert_eq!(
            alice.games,
            2 + u64::from(waiting == ALICE),
            "{}",
            db.backend
        );
        assert_eq!(alice.wins, 0, "{}", db.backend);
        assert!(alice.kinds.iter().all(|(_, rating)| rating.is_none()));
        // The result on the table says so, in both languages.
        let rec = service.game(left.id).await.unwrap();
        let state = service.live(&rec).unwrap();
        for (lang, line) in [
            (Lang::En, "Not rated: the AI played a seat."),
            (
                Lang::Cs,
                "Hra se do hodnocení nezapočítává: za některé místo hrála AI.",
            ),
        ] {
            let table = vliv_bot::render::table_message(&vliv_bot::render::TableInput {
                game: &rec,
                state: Some(state.as_ref()),
                recent: &[],
                lang,
                clock_until: None,
            });
            let result = &table.embed.unwrap().fields;
            assert!(
                result.iter().any(|f| f.value.contains(line)),
                "{lang:?}: {result:?}"
            );
        }
    }
}

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
                        guild,
                        ..lobby(channel, seated[0], seed)
                    })
                    .await
                    .unwrap();
                service
                    .add_ai(rec.id, Caller::user(seated[0]), Level::Easy)
                    .await
                    .unwrap();
                service
                    .start(rec.id, Caller::user(seated[0]))
                    .await
                    .unwrap();
                service.concede(rec.id, seated[0]).await.unwrap();
                continue;
            }
            let game = started_with(&service, guild, channel, kind, seated, seed).await;
            match ending {
                1 => {
                    service
                        .abandon(game, Caller::user(seated[0]))
                        .await
                        .unwrap();
                    continue;
                }
                2 | 3 => {
                    for &u in seated {
                        service.offer_draw(game, u).await.unwrap();
                    }
                }
                4..=6 if kind == "claim" => play_out(&service, game, seated, seed).await,
                _ => {
                    let loser = seated[rng.random_range(0..n)];
                    service.concede(game, loser).await.unwrap();
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

/// 25 people each beat the next in line once: a board of 25, three pages of ten.
#[tokio::test]
async fn the_leaderboard_pages_in_rating_order_and_refuses_pages_gone_or_foreign() {
    for db in backends().await {
        let service = db.service().await;
        let people: Vec<u64> = (1..=25).map(|i| 1_000 + i).collect();
        for (i, pair) in people.windows(2).enumerate() {
            let game = started_with(&service, GUILD, 10 + i as u64, "claim", pair, 1).await;
            service.concede(game, pair[1]).await.unwrap();
        }
        let first = service.leaderboard(GUILD, "claim", 0).await.unwrap();
        assert_eq!((first.pages, first.players), (3, 25), "{}", db.backend);
        assert_eq!(first.rows.len(), 10);
        assert_eq!(first.rows[0].0, 1);
        let ordinals: Vec<f64> = first.rows.iter().map(|(_, r)| r.skill.ordinal()).collect();
        assert!(ordinals.windows(2).all(|w| w[0] >= w[1]), "{ordinals:?}");
        let last = service.leaderboard(GUILD, "claim", 2).await.unwrap();
        assert_eq!(last.rows.len(), 5);
        assert_eq!(last.rows[0].0, 21);
        assert!(matches!(
            service.leaderboard(GUILD, "claim", 3).await,
            Err(ServiceError::PageGone { pages: 3 })
        ));
        assert!(matches!(
            service.leaderboard(GUILD, "chess", 0).await,
            Err(ServiceError::UnknownGame(_))
        ));
        // Another server's board of the same game is empty.
        let elsewhere = service.leaderboard(GUILD + 1, "claim", 0).await.unwrap();
        assert!(elsewhere.rows.is_empty() && elsewhere.pages == 1);

        // The first page turns forward only, the middle one both ways; the buttons name
        // this server, so a copy clicked in another is refused by the component handler.
        let buttons = |page| {
            let spec = leaderboard_message(&page, GUILD, Lang::En);
            match spec.rows.first() {
                Some(vliv_bot::render::RowSpec::Buttons(b)) => b
                    .iter()
                    .map(|b| (b.label.clone(), b.custom_id.parse::<BoardPage>().unwrap()))
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
                guild: GUILD,
                kind: "claim".into(),
                page: 1
            }
        );
        let middle = service.leaderboard(GUILD, "claim", 1).await.unwrap();
        let labels: Vec<String> = buttons(middle).into_iter().map(|(l, _)| l).collect();
        assert_eq!(labels, ["◀", "▶"]);

        let en = leaderboard_message(&first, GUILD, Lang::En).embed.unwrap();
        assert_eq!(en.title, "Leaderboard: Claim (1/3)");
        let top = first.rows[0].1;
        assert!(
            en.description.starts_with(&format!(
                "1. <@{}>: {:.1} ± {:.1} (1 rated game, 1 win)",
                top.user, top.skill.mu, top.skill.sigma
            )),
            "{}",
            en.description
        );
        let cs = leaderboard_message(&first, GUILD, Lang::Cs).embed.unwrap();
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
        service.concede(rb, BOB).await.unwrap();
        let rb = started_with(&service, GUILD, 2, "ruse-and-bruise", &[ALICE, BOB], 2).await;
        service.concede(rb, ALICE).await.unwrap();
        let claim = started_with(&service, GUILD, 3, "claim", &[ALICE, BOB], 3).await;
        service.concede(claim, BOB).await.unwrap();
        let ai = against_ai(&service, 4, 4).await;
        service.concede(ai, ALICE).await.unwrap();

        let all = service.stats(GUILD, ALICE, None).await.unwrap();
        assert_eq!((all.games, all.wins), (4, 2), "{}", db.backend);
        // Ruse & Bruise and Claim have two games each; the newest decides.
        assert_eq!(all.favourite.as_deref(), Some("claim"));
        let rb = service
            .stats(GUILD, ALICE, Some("ruse-and-bruise"))
            .await
            .unwrap();
        assert_eq!((rb.games, rb.wins), (2, 1));
        let rating = rb.kinds[0].1.expect("rated");
        assert_eq!((rating.games, rating.wins), (2, 1));
        let nobody = service.stats(GUILD, 4_242, None).await.unwrap();
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

#[tokio::test]
async fn retention_deletes_old_ended_games_and_keeps_results_and_ratings() {
    for db in backends().await {
        let service = db.service().await;
        let old = started(&service, 1, 1).await;
        service.concede(old.id, BOB).await.unwrap();
        let old_abandoned = started(&service, 2, 2).await;
        service
            .abandon(old_abandoned.id, Caller::user(ALICE))
            .await
            .unwrap();
        let before = service.store().all_ratings().await.unwrap();
        let used = service
            .storage_use(GUILD, Caller::admin(ALICE))
            .await
            .unwrap();
        assert_eq!((used.games, used.ended), (2, 2), "{}", db.backend);
        assert!(used.bytes > 0);
        assert!(matches!(
            service.storage_use(GUILD, Caller::user(ALICE)).await,
            Err(ServiceError::NotAdmin)
        ));

        // Kept for ever by default.
        db.clock.advance_minutes(60 * 24 * 400);
        assert_eq!(service.sweep_retention().await.unwrap(), 0);
        service
            .configure(GUILD, Caller::admin(ALICE), |cfg| {
                cfg.retention_days = 30;
                Ok(())
            })
            .await
            .unwrap();
        let recent = started(&service, 3, 3).await;
        service.concede(recent.id, ALICE).await.unwrap();
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
            .storage_use(GUILD, Caller::admin(ALICE))
            .await
            .unwrap();
        assert_eq!((used.games, used.ended), (2, 1), "{}", db.backend);
        // Results outlive the games: stats and a rebuild still count the deleted one.
        let alice = service.stats(GUILD, ALICE, Some("claim")).await.unwrap();
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
            service.concede(game.id, loser).await.unwrap();
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
        let alice = store.rating(GUILD, "claim", ALICE).await.unwrap().unwrap();
        let bob = store.rating(GUILD, "claim", BOB).await.unwrap().unwrap();
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
