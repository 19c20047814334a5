//! Bad input: a clear error and no state change.

use super::*;
use vliv_bot::service::{ChannelId, GuildId, UserId};

#[tokio::test]
async fn a_move_by_a_non_player_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (_, menu) = pending_user(&service, game.id).await.unwrap();
        let before = fingerprint(&service, game.id).await;
        let err = service
            .play(UserId(CAROL), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::NotAPlayer));
        assert_eq!(err.text().key, "err-not-a-player");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn a_move_out_of_turn_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        let other = if user == ALICE { BOB } else { ALICE };
        let seat = game.seat_of(UserId(other)).unwrap();
        let before = fingerprint(&service, game.id).await;
        let click = vliv_bot::service::Click {
            game: game.id,
            seat,
            counter: 0,
            choice: menu.menu.choices[0].id,
        };
        let err = service.play(UserId(other), click).await.unwrap_err();
        assert!(matches!(err, ServiceError::NotYourTurn), "{err:?}");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn the_same_click_twice_is_applied_once() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        let click = menu.click(menu.menu.choices[0].id);
        service.play(UserId(user), click).await.unwrap();
        let after_first = fingerprint(&service, game.id).await;
        let err = service.play(UserId(user), click).await.unwrap_err();
        assert!(matches!(err, ServiceError::AlreadyApplied), "{err:?}");
        assert_eq!(err.text().key, "err-already-applied");
        assert_eq!(fingerprint(&service, game.id).await, after_first);
    }
}

#[tokio::test]
async fn a_stale_click_is_no_longer_current() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let (user, menu) = pending_user(&service, game.id).await.unwrap();
        assert!(menu.menu.choices.len() > 1);
        service
            .play(UserId(user), menu.click(menu.menu.choices[0].id))
            .await
            .unwrap();
        // The same old panel, another card: that decision was already made.
        let stale = menu.click(menu.menu.choices[1].id);
        let before = fingerprint(&service, game.id).await;
        let err = service.play(UserId(user), stale).await.unwrap_err();
        assert!(matches!(err, ServiceError::Stale), "{err:?}");
        assert_eq!(err.text().key, "err-stale");
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn a_malformed_custom_id_is_refused_before_reaching_the_game() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await;
        let before = fingerprint(&service, game.id).await;
        for bad in [
            format!("vm:{}:0:0", game.id),
            format!("vm:{}:0:x:3", game.id),
            "??".into(),
        ] {
            let err = vliv_discord::custom_id::decode(&bad).unwrap_err();
            assert!(matches!(err, ServiceError::MalformedId));
            assert_eq!(err.text().key, "err-malformed-id");
        }
        // A well-formed id naming a seat that does not exist.
        let click = vliv_bot::service::Click {
            game: game.id,
            seat: 9,
            counter: 0,
            choice: ChoiceId(0),
        };
        assert!(matches!(
            service.play(UserId(ALICE), click).await,
            Err(ServiceError::NotAPlayer)
        ));
        assert_eq!(fingerprint(&service, game.id).await, before);
    }
}

#[tokio::test]
async fn joining_a_full_or_running_game_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        let before = fingerprint(&service, rec.id).await;
        assert!(matches!(
            service.join(rec.id, UserId(CAROL)).await,
            Err(ServiceError::LobbyFull)
        ));
        assert!(matches!(
            service.join(rec.id, UserId(BOB)).await,
            Err(ServiceError::AlreadySeated)
        ));
        assert!(matches!(
            service
                .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
                .await,
            Err(ServiceError::LobbyFull)
        ));
        assert_eq!(fingerprint(&service, rec.id).await, before);
        service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let before = fingerprint(&service, rec.id).await;
        let err = service.join(rec.id, UserId(CAROL)).await.unwrap_err();
        assert!(matches!(err, ServiceError::NotInLobby));
        assert_eq!(fingerprint(&service, rec.id).await, before);
    }
}

#[tokio::test]
async fn starting_with_too_few_players_or_by_a_guest_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        let before = fingerprint(&service, rec.id).await;
        let err = service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap_err();
        assert!(
            matches!(err, ServiceError::TooFewPlayers { min: 2, got: 1 }),
            "{err:?}"
        );
        service.join(rec.id, UserId(BOB)).await.unwrap();
        assert!(matches!(
            service.start(rec.id, Caller::user(UserId(BOB))).await,
            Err(ServiceError::NotHost)
        ));
        assert_eq!(fingerprint(&service, rec.id).await.1, before.1);
        assert_eq!(service.game(rec.id).await.unwrap().status, Status::Lobby);
    }
}

#[tokio::test]
async fn a_second_game_in_a_busy_channel_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let first = service.open(lobby(1, ALICE, 5)).await.unwrap();
        let err = service.open(lobby(1, BOB, 6)).await.unwrap_err();
        assert!(matches!(err, ServiceError::ChannelBusy));
        assert_eq!(service.active(ChannelId(1)).await.unwrap().id, first.id);
        // Another channel (or thread) is free, and a player may sit in many games.
        let second = service.open(lobby(2, ALICE, 6)).await.unwrap();
        assert_ne!(second.id, first.id);
        assert_eq!(
            service
                .my_games(GuildId(GUILD), UserId(ALICE))
                .await
                .unwrap()
                .len(),
            2
        );
    }
}

#[tokio::test]
async fn an_admin_command_by_a_non_admin_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let before = service.guild_config(GuildId(GUILD)).await.unwrap();
        let err = service
            .configure(GuildId(GUILD), Caller::user(UserId(ALICE)), |c| {
                c.thread_mode = true;
                Ok(())
            })
            .await
            .unwrap_err();
        assert!(matches!(err, ServiceError::NotAdmin));
        assert_eq!(err.text().key, "err-not-admin");
        assert_eq!(service.guild_config(GuildId(GUILD)).await.unwrap(), before);
        // Abandoning is for the host or an admin.
        let rec = service.open(lobby(1, ALICE, 5)).await.unwrap();
        service.join(rec.id, UserId(BOB)).await.unwrap();
        assert!(matches!(
            service.abandon(rec.id, Caller::user(UserId(BOB))).await,
            Err(ServiceError::NotHost)
        ));
        let done = service
            .abandon(rec.id, Caller::admin(UserId(CAROL)))
            .await
            .unwrap();
        assert_eq!(done.status, Status::Abandoned);
    }
}

#[tokio::test]
async fn a_game_disabled_by_the_server_or_a_channel_not_allowed_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.enabled_games = Some(vec![]);
                Ok(())
            })
            .await
            .unwrap();
        let err = service.open(lobby(1, ALICE, 5)).await.unwrap_err();
        assert!(matches!(err, ServiceError::GameDisabled(ref g) if g == "claim"));
        assert!(service.active(ChannelId(1)).await.is_err());
        service
            .configure(GuildId(GUILD), Caller::admin(UserId(ALICE)), |c| {
                c.enabled_games = None;
                c.channels = vec![ChannelId(2)];
                Ok(())
            })
            .await
            .unwrap();
        assert!(matches!(
            service.open(lobby(1, ALICE, 5)).await,
            Err(ServiceError::ChannelNotAllowed)
        ));
        assert!(service.open(lobby(2, ALICE, 5)).await.is_ok());
        let mut bad = lobby(3, ALICE, 5);
        bad.kind = "chess".into();
        assert!(matches!(
            service.open(bad).await,
            Err(ServiceError::UnknownGame(_))
        ));
    }
}
