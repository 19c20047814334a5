//! Identities of two platforms in one store (issue 21): Discord ids stand for themselves,
//! Matrix users and rooms get ids of their own that no Discord snowflake can be, and the
//! inbox that makes a Matrix command count once. On SQLite and, when set, Postgres.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use vliv_bot::{
    service::{Caller, Platform},
    store::InboxEntry,
};
use vliv_engine::Lang;

#[tokio::test]
async fn a_discord_user_and_a_matrix_user_are_never_the_same_id() {
    for db in common::backends().await {
        let service = db.service().await;
        let store = service.store();
        let discord: UserId = store
            .identity(Platform::Discord, "80351110224678912")
            .await
            .unwrap();
        assert_eq!(
            discord.0, 80351110224678912,
            "{}: a snowflake is its own id",
            db.backend
        );
        assert_eq!(Platform::of(discord), Platform::Discord);

        let alice: UserId = store
            .identity(Platform::Matrix, "@alice:localhost")
            .await
            .unwrap();
        let bob: UserId = store
            .identity(Platform::Matrix, "@bob:localhost")
            .await
            .unwrap();
        let room: ChannelId = store
            .identity(Platform::Matrix, "!abc:localhost")
            .await
            .unwrap();
        assert_ne!(alice, bob);
        assert_ne!(alice.0, room.0);
        assert_eq!(Platform::of(room), Platform::Matrix, "{}", db.backend);
        for id in [alice, bob] {
            assert_eq!(Platform::of(id), Platform::Matrix, "{}", db.backend);
        }
        for id in [alice.0, bob.0, room.0] {
            assert!(id >= 1 << 63, "{}: {id} is in the mapped range", db.backend);
        }
        // The same identity maps to the same id again, also in a service started anew.
        let again = db.service().await;
        assert_eq!(
            again
                .store()
                .identity::<UserId>(Platform::Matrix, "@alice:localhost")
                .await
                .unwrap(),
            alice
        );
        assert_eq!(
            again.store().external_identity(alice).await.unwrap(),
            Some((Platform::Matrix, "@alice:localhost".to_owned()))
        );
        assert_eq!(
            again.store().external_identity(discord).await.unwrap(),
            Some((Platform::Discord, "80351110224678912".to_owned()))
        );
        // A Matrix id written as digits is still a Matrix identity, not that snowflake.
        let digits: UserId = store
            .identity(Platform::Matrix, "80351110224678912")
            .await
            .unwrap();
        assert_ne!(digits, discord);
        // A "Discord id" in the mapped range is refused rather than taken for a Matrix one.
        assert!(store
            .identity::<UserId>(Platform::Discord, &alice.to_string())
            .await
            .is_err());
        assert_eq!(
            store
                .known_identity::<UserId>(Platform::Matrix, "@nobody:localhost")
                .await
                .unwrap(),
            None
        );
    }
}

#[tokio::test]
async fn a_matrix_room_holds_a_game_and_its_players_beside_discord_ones() {
    for db in common::backends().await {
        let service = db.service().await;
        let store = service.store();
        let room: ChannelId = store
            .identity(Platform::Matrix, "!room:localhost")
            .await
            .unwrap();
        let alice: UserId = store
            .identity(Platform::Matrix, "@alice:localhost")
            .await
            .unwrap();
        let bob = store
            .identity(Platform::Matrix, "@bob:localhost")
            .await
            .unwrap();
        let mut lobby = common::lobby(room.0, alice.0, 7);
        lobby.guild = GuildId::of_room(room);
        lobby.lang = Lang::En;
        let rec = service.open(lobby).await.unwrap();
        service.join(rec.id, bob).await.unwrap();
        let report = service.start(rec.id, Caller::user(alice)).await.unwrap();
        assert_eq!(report.game.channel, room, "{}", db.backend);
        assert_eq!(report.game.seat_of(bob), Some(1));
        // A Discord game in a channel whose snowflake has the same low bits is another game.
        let discord_channel = room.0 & !(1 << 63);
        let other = service
            .open(common::lobby(discord_channel, common::ALICE, 8))
            .await
            .unwrap();
        assert_ne!(other.id, rec.id);
        assert_eq!(service.active(room).await.unwrap().id, rec.id);
    }
}

#[tokio::test]
async fn a_command_read_twice_keeps_its_first_move_and_its_answer() {
    for db in common::backends().await {
        let service = db.service().await;
        let store = service.store();
        assert_eq!(
            store.stream_position("@vliv:localhost").await.unwrap(),
            None
        );
        store
            .set_stream_position("@vliv:localhost", "s1")
            .await
            .unwrap();
        store
            .set_stream_position("@vliv:localhost", "s2")
            .await
            .unwrap();
        assert_eq!(
            store
                .stream_position("@vliv:localhost")
                .await
                .unwrap()
                .as_deref(),
            Some("s2")
        );

        assert_eq!(
            store.inbox_entry(Platform::Matrix, "$e1").await.unwrap(),
            None
        );
        let first = store
            .receive(Platform::Matrix, "$e1", Some("vm:1:0:0:3"), 1)
            .await
            .unwrap();
        let again = store
            .receive(Platform::Matrix, "$e1", Some("vm:1:0:1:5"), 2)
            .await
            .unwrap();
        assert_eq!(again, first, "{}: the first resolution stays", db.backend);
        assert_eq!(again.click.as_deref(), Some("vm:1:0:0:3"));
        store.mark_answered(Platform::Matrix, "$e1").await.unwrap();
        assert_eq!(
            store.inbox_entry(Platform::Matrix, "$e1").await.unwrap(),
            Some(InboxEntry {
                click: Some("vm:1:0:0:3".into()),
                answered: true
            })
        );

        let alice = store
            .identity(Platform::Matrix, "@alice:localhost")
            .await
            .unwrap();
        let dm = store
            .identity(Platform::Matrix, "!dm1:localhost")
            .await
            .unwrap();
        assert_eq!(store.direct_room(alice).await.unwrap(), None);
        store.set_direct_room(alice, dm).await.unwrap();
        assert_eq!(store.direct_room(alice).await.unwrap(), Some(dm));
    }
}

#[tokio::test]
async fn the_retention_sweep_forgets_commands_read_over_a_week_ago() {
    const DAY_MS: i64 = 24 * 60 * 60 * 1000;
    for db in common::backends().await {
        let service = db.service().await;
        let store = service.store();
        let start = service.now_ms();
        store
            .receive(Platform::Matrix, "$old", Some("vm:1:0:0:3"), start)
            .await
            .unwrap();
        store.mark_answered(Platform::Matrix, "$old").await.unwrap();
        db.clock.advance_to(start + 6 * DAY_MS);
        store
            .receive(Platform::Matrix, "$recent", None, service.now_ms())
            .await
            .unwrap();
        // Within the week both stay.
        service.sweep_retention().await.unwrap();
        assert!(store
            .inbox_entry(Platform::Matrix, "$old")
            .await
            .unwrap()
            .is_some());
        db.clock.advance_to(start + 7 * DAY_MS + 1);
        service.sweep_retention().await.unwrap();
        assert_eq!(
            store.inbox_entry(Platform::Matrix, "$old").await.unwrap(),
            None,
            "{}: a command read over a week ago is forgotten",
            db.backend
        );
        assert_eq!(
            store
                .inbox_entry(Platform::Matrix, "$recent")
                .await
                .unwrap(),
            Some(InboxEntry {
                click: None,
                answered: false
            }),
            "{}: a recent one stays",
            db.backend
        );
    }
}
