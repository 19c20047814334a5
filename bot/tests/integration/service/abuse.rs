//! Issue 16's abuse items through the service: forged clicks, lobby caps and idle expiry,
//! bounded memory, the server's restrictions, atomic settings and lists by seat.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use vliv_bot::service::{
    Caller, ComponentAction, DeadlineKind, Ending, LobbyLimits, Place, PlaceKind, ServiceError,
    Status,
};
use vliv_engine::ChoiceId;

/// Another server, where the attacker is an admin.
const OTHER_GUILD: u64 = 901;
const MALLORY: u64 = 66;

/// Every action a custom id can name, for `game`.
fn every_action(game: i64, counter: u32) -> Vec<ComponentAction> {
    vec![
        ComponentAction::Join(game),
        ComponentAction::Start(game),
        ComponentAction::ConfirmAbandon(game),
        ComponentAction::ConfirmLeave(game),
        ComponentAction::Hand(game),
        ComponentAction::Rematch(game),
        ComponentAction::Move(vliv_bot::service::Click {
            game,
            seat: 0,
            counter,
            choice: ChoiceId(0),
        }),
    ]
}

#[tokio::test]
async fn a_forged_click_on_a_game_of_another_server_or_channel_is_refused_for_every_action() {
    for db in backends().await {
        let service = db.service().await;
        let lobby = service.open(lobby(1, ALICE, 1)).await.unwrap();
        let running = started(&service, 2, 2).await;
        let places = [
            // An admin of a throwaway server.
            (
                Place::channel(GuildId(OTHER_GUILD), ChannelId(99)),
                Caller::admin(UserId(MALLORY)),
            ),
            // A server admin of the game's own server, in another channel of it.
            (
                Place::channel(GuildId(GUILD), ChannelId(3)),
                Caller::admin(UserId(MALLORY)),
            ),
            // The game's own players, from the other game's channel.
            (
                Place::channel(GuildId(GUILD), ChannelId(2)),
                Caller::admin(UserId(ALICE)),
            ),
        ];
        for game in [lobby.id, running.id] {
            let before = fingerprint(&service, game).await;
            for (place, caller) in places {
                let place = match place.channel {
                    ChannelId(2) if game == running.id => {
                        Place::channel(GuildId(GUILD), ChannelId(1))
                    }
                    _ => place,
                };
                for action in every_action(game, 0) {
                    let got = service.admit(&place, caller, &action).await;
                    assert!(
                        matches!(got, Err(ServiceError::ForeignGame)),
                        "{}: {action:?} from {place:?}: {got:?}",
                        db.backend
                    );
                }
            }
            assert_eq!(fingerprint(&service, game).await, before, "{}", db.backend);
        }
        // In a DM only the decisions the bot sends there, and only for a player.
        let dm = Place::dm(ChannelId(5));
        for action in every_action(running.id, 0) {
            let got = service
                .admit(&dm, Caller::user(UserId(MALLORY)), &action)
                .await;
            assert!(
                matches!(
                    got,
                    Err(ServiceError::ForeignGame) | Err(ServiceError::NotAPlayer)
                ),
                "{action:?}: {got:?}"
            );
            let got = service
                .admit(&dm, Caller::admin(UserId(ALICE)), &action)
                .await;
            match action {
                ComponentAction::Hand(_) | ComponentAction::Move(_) => {
                    // Admitted, but a DM makes nobody an admin.
                    assert_eq!(got.unwrap(), Caller::user(UserId(ALICE)));
                }
                _ => assert!(matches!(got, Err(ServiceError::ForeignGame)), "{action:?}"),
            }
        }
        // At home, the admin flag still counts.
        let home = Place::channel(GuildId(GUILD), ChannelId(2));
        let start = ComponentAction::Start(running.id);
        assert_eq!(
            service
                .admit(&home, Caller::admin(UserId(BOB)), &start)
                .await
                .unwrap(),
            Caller::admin(UserId(BOB))
        );
    }
}

#[tokio::test]
async fn made_up_game_ids_are_refused_and_leave_no_lock_behind() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 3).await;
        for id in (1_000..1_200).chain([i64::MAX]) {
            for action in every_action(id, 0) {
                let got = service
                    .admit(
                        &Place::channel(GuildId(GUILD), ChannelId(1)),
                        Caller::admin(UserId(ALICE)),
                        &action,
                    )
                    .await;
                assert!(
                    matches!(got, Err(ServiceError::NoGame)),
                    "{action:?}: {got:?}"
                );
            }
            // Straight to the service too: the lock taken for the id is let go.
            let click = vliv_bot::service::Click {
                game: id,
                seat: 0,
                counter: 0,
                choice: ChoiceId(0),
            };
            assert!(service.play(UserId(ALICE), click).await.is_err());
            assert!(service.join(id, UserId(ALICE)).await.is_err());
            assert!(service.leave(id, UserId(ALICE), true).await.is_err());
        }
        assert_eq!(service.locked_games(), 0, "{}", db.backend);
        // Real games leave none either once their moves are done.
        for i in 0..10 {
            step(&service, game.id, i).await.unwrap().unwrap();
        }
        assert_eq!(service.locked_games(), 0);
    }
}

#[tokio::test]
async fn open_lobbies_are_capped_per_user_and_per_server() {
    for db in backends().await {
        let service = db.service().await.with_lobby_limits(LobbyLimits {
            per_user: 2,
            per_server: 3,
            idle_minutes: 60,
        });
        service.open(lobby(1, ALICE, 1)).await.unwrap();
        service.open(lobby(2, ALICE, 1)).await.unwrap();
        let got = service.open(lobby(3, ALICE, 1)).await;
        assert!(
            matches!(
                got,
                Err(ServiceError::TooManyLobbies {
                    per_user: true,
                    max: 2
                })
            ),
            "{got:?}"
        );
        service.open(lobby(3, BOB, 1)).await.unwrap();
        let got = service.open(lobby(4, CAROL, 1)).await;
        assert!(
            matches!(
                got,
                Err(ServiceError::TooManyLobbies {
                    per_user: false,
                    max: 3
                })
            ),
            "{got:?}"
        );
        // Another server has its own room; a started lobby no longer counts.
        let mut elsewhere = lobby(50, CAROL, 1);
        elsewhere.guild = GuildId(OTHER_GUILD);
        service.open(elsewhere).await.unwrap();
        let bobs = service.active(ChannelId(3)).await.unwrap();
        service.join(bobs.id, UserId(CAROL)).await.unwrap();
        service
            .start(bobs.id, Caller::user(UserId(BOB)))
            .await
            .unwrap();
        service.open(lobby(4, CAROL, 1)).await.unwrap();
        // The refusal reads as a sentence in both languages, the number in it.
        let e = ServiceError::TooManyLobbies {
            per_user: true,
            max: 2,
        };
        for lang in [vliv_engine::Lang::En, vliv_engine::Lang::Cs] {
            let line = vliv_bot::i18n::tr(lang, &e.text(), &|s| lang.seat_name(s));
            assert!(line.contains('2') && !line.contains("err-"), "{line}");
        }
    }
}

#[tokio::test]
async fn an_idle_lobby_expires_and_a_seat_taken_restarts_its_idle_time() {
    for db in backends().await {
        let service = db.service().await.with_lobby_limits(LobbyLimits {
            idle_minutes: 30,
            ..LobbyLimits::default()
        });
        let idle = service.open(lobby(1, ALICE, 1)).await.unwrap();
        let busy = service.open(lobby(2, BOB, 1)).await.unwrap();
        let started_one = service.open(lobby(3, CAROL, 1)).await.unwrap();
        let kinds = service.store().deadlines(idle.id).await.unwrap();
        assert_eq!(kinds.len(), 1);
        assert_eq!(kinds[0].kind, DeadlineKind::LobbyExpiry);
        db.clock.advance_minutes(20);
        service.join(busy.id, UserId(ALICE)).await.unwrap();
        service.join(started_one.id, UserId(ALICE)).await.unwrap();
        service
            .start(started_one.id, Caller::user(UserId(CAROL)))
            .await
            .unwrap();
        db.clock.advance_minutes(15);
        // The game deadlines' sweep leaves a lobby's expiry alone.
        service.fire_due().await.unwrap();
        assert_eq!(service.store().deadlines(idle.id).await.unwrap().len(), 1);
        let closed = service.expire_lobbies().await.unwrap();
        let ids: Vec<i64> = closed.iter().map(|r| r.id).collect();
        assert_eq!(ids, vec![idle.id], "{}", db.backend);
        let rec = service.game(idle.id).await.unwrap();
        assert_eq!(rec.status, Status::Abandoned);
        assert_eq!(rec.ending, Some(Ending::LobbyExpired { minutes: 30 }));
        assert!(service.store().deadlines(idle.id).await.unwrap().is_empty());
        // The channel is free again; the joined lobby goes 30 minutes after its join.
        service.open(lobby(1, ALICE, 2)).await.unwrap();
        db.clock.advance_minutes(16);
        let closed = service.expire_lobbies().await.unwrap();
        assert_eq!(closed.iter().map(|r| r.id).collect::<Vec<_>>(), [busy.id]);
        assert_eq!(
            service.game(started_one.id).await.unwrap().status,
            Status::Running
        );
        // The table says why, in both languages.
        for lang in [vliv_engine::Lang::En, vliv_engine::Lang::Cs] {
            let spec = vliv_bot::render::table_message(&vliv_bot::render::TableInput {
                game: &rec,
                state: None,
                recent: &[],
                lang,
                clock_until: None,
            });
            let text = format!("{:?}", spec.embed);
            assert!(text.contains("30"), "{text}");
        }
    }
}

#[tokio::test]
async fn the_servers_restrictions_hold_for_typed_commands_too() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 4).await;
        let here = Place::channel(GuildId(GUILD), ChannelId(1));
        service.ensure_allowed(&game, &here).await.unwrap();
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.enabled_games = Some(vec!["louis-xiv".into()]);
                Ok(())
            })
            .await
            .unwrap();
        assert!(matches!(
            service.ensure_allowed(&game, &here).await,
            Err(ServiceError::GameDisabled(_))
        ));
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.enabled_games = None;
                c.channels = vec![ChannelId(7)];
                Ok(())
            })
            .await
            .unwrap();
        assert!(matches!(
            service.ensure_allowed(&game, &here).await,
            Err(ServiceError::ChannelNotAllowed)
        ));
        // A thread of an allowed channel is allowed.
        let thread = Place {
            guild: Some(GuildId(GUILD)),
            channel: ChannelId(1),
            parent: Some(ChannelId(7)),
            kind: PlaceKind::Server,
        };
        service.ensure_allowed(&game, &thread).await.unwrap();
    }
}

#[tokio::test]
async fn a_rematch_in_a_thread_of_an_allowed_channel_opens_when_channels_are_restricted() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.channels = vec![ChannelId(7)];
                Ok(())
            })
            .await
            .unwrap();
        let mut req = lobby(70, ALICE, 1);
        req.parent = Some(ChannelId(7));
        let rec = service.open(req).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        service.concede(rec.id, UserId(ALICE)).await.unwrap();
        let rematch = service
            .rematch(rec.id, UserId(BOB), Some(ChannelId(7)))
            .await
            .unwrap();
        assert_eq!(rematch.lobby.channel, ChannelId(70));
        assert_eq!(rematch.invited, vec![UserId(ALICE)]);
    }
}

#[tokio::test]
async fn concurrent_settings_changes_all_survive() {
    for db in backends().await {
        let service = std::sync::Arc::new(db.service().await);
        let mut tasks = Vec::new();
        for channel in 0..20u64 {
            let service = service.clone();
            tasks.push(tokio::spawn(async move {
                service
                    .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), move |c| {
                        c.channels.push(ChannelId(channel));
                        Ok(())
                    })
                    .await
                    .unwrap();
                service
                    .update_user_settings(UserId(ALICE), |s| s.dms = !s.dms)
                    .await
                    .unwrap();
            }));
        }
        for t in tasks {
            t.await.unwrap();
        }
        let mut channels = service.guild_config(GuildId(GUILD)).await.unwrap().channels;
        channels.sort_unstable();
        assert_eq!(
            channels,
            (0..20).map(ChannelId).collect::<Vec<_>>(),
            "{}",
            db.backend
        );
        // Twenty flips from on: every one applied to the value the one before wrote.
        assert!(service.user_settings(UserId(ALICE)).await.unwrap().dms);
    }
}

#[tokio::test]
async fn my_games_are_found_by_seat_in_the_database() {
    for db in backends().await {
        let service = db.service().await;
        // User 1 must not match 11 (Alice) or 111.
        let mut req = lobby(1, 111, 1);
        req.seats = vec![vliv_bot::service::SeatHolder::User(UserId(111))];
        service.open(req).await.unwrap();
        started(&service, 2, 1).await;
        let mine = service
            .my_games(GuildId(GUILD), UserId(ALICE))
            .await
            .unwrap();
        assert_eq!(mine.len(), 1);
        assert_eq!(mine[0].channel, ChannelId(2));
        assert!(service
            .my_games(GuildId(GUILD), UserId(1))
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            service
                .my_games(GuildId(GUILD), UserId(111))
                .await
                .unwrap()
                .len(),
            1
        );
        assert!(service
            .my_games(GuildId(OTHER_GUILD), UserId(ALICE))
            .await
            .unwrap()
            .is_empty());
    }
}

/// Item 3 of the chaos task: the caps hold when `/game new`s race. Every open below passes
/// the quick check before any of them inserts, so only the INSERT's own check can stop them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lobby_caps_hold_when_many_lobbies_are_opened_at_once() {
    for db in backends().await {
        let service = db.service().await.with_lobby_limits(LobbyLimits {
            per_user: 2,
            per_server: 5,
            idle_minutes: 60,
        });
        let alices = (1..=8).map(|ch| service.open(lobby(ch, ALICE, 1)));
        let opened = futures::future::join_all(alices).await;
        let ok = opened.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 2, "{}: Alice's lobbies {opened:?}", db.backend);
        assert!(opened.iter().all(|r| matches!(
            r,
            Ok(_)
                | Err(ServiceError::TooManyLobbies {
                    per_user: true,
                    max: 2
                })
        )));

        let hosts = (100..110u64).map(|host| service.open(lobby(host, host, 1)));
        let opened = futures::future::join_all(hosts).await;
        let ok = opened.iter().filter(|r| r.is_ok()).count();
        assert_eq!(ok, 3, "{}: the server's last 3 places", db.backend);
        assert!(opened.iter().all(|r| matches!(
            r,
            Ok(_)
                | Err(ServiceError::TooManyLobbies {
                    per_user: false,
                    max: 5
                })
        )));
        assert_eq!(
            service
                .store()
                .open_lobbies(GuildId(GUILD), None)
                .await
                .unwrap(),
            5
        );
        assert_eq!(
            service
                .store()
                .open_lobbies(GuildId(GUILD), Some(UserId(ALICE)))
                .await
                .unwrap(),
            2
        );
    }
}
