//! Component data overrides (issue 7): an owner's corrected Louis XIV data is validated at
//! start, new games use it, and a stored game that began with other data is frozen rather
//! than replayed under other numbers.

use crate::common;
use vliv_bot::service::ChannelId;
use vliv_bot::service::{GuildId, UserId};

use std::collections::BTreeMap;

use common::*;
use vliv_bot::{
    config::Config,
    game_data::GameData,
    service::{Caller, FreezeReason, OpenLobby, SeatHolder, Status},
};
use vliv_engine::{registry, Lang, OptionValues};

fn default_text() -> &'static str {
    registry::find("louis-xiv").unwrap().default_data().unwrap()
}

/// The spec's inferred price of tile 1 (3 Louisdor), corrected to `price`.
fn with_price_of_tile_1(price: u32) -> String {
    let text = default_text().replacen(
        "front = { condition = \"money\", price = 3 }",
        &format!("front = {{ condition = \"money\", price = {price} }}"),
        1,
    );
    assert_ne!(text, default_text());
    text
}

fn louis_lobby(channel: u64) -> OpenLobby {
    OpenLobby {
        guild: GuildId(GUILD),
        channel: ChannelId(channel),
        parent: None,
        kind: "louis-xiv".into(),
        host: UserId(ALICE),
        seats: vec![
            SeatHolder::User(UserId(ALICE)),
            SeatHolder::User(UserId(BOB)),
        ],
        options: OptionValues::new(),
        seed: Some(9),
        lang: Lang::En,
    }
}

#[tokio::test]
async fn a_game_whose_data_changed_is_frozen_and_new_games_use_the_override() {
    for db in backends().await {
        let service = db.service().await;
        let old = service.open(louis_lobby(1)).await.unwrap();
        service
            .start(old.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        drop(service);

        // The owner corrects a price and restarts the bot.
        let mut data = GameData::default();
        data.insert("louis-xiv", with_price_of_tile_1(5)).unwrap();
        let corrected = data.hash("louis-xiv").unwrap().to_owned();
        let service = db.service().await.with_game_data(data.clone());
        let recovery = service.recover().await.unwrap();
        assert!(recovery.resumed.is_empty(), "{}", db.backend);
        let [(frozen, reason)] = &recovery.frozen[..] else {
            panic!("{}: {:?}", db.backend, recovery.frozen);
        };
        assert_eq!(frozen.id, old.id);
        assert_eq!(*reason, FreezeReason::DataChanged);
        assert_eq!(frozen.status, Status::Frozen);

        // A new game starts on the corrected data and survives the next restart.
        let new = service.open(louis_lobby(2)).await.unwrap();
        let report = service
            .start(new.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        let state = service.live(&report.game).unwrap();
        assert_eq!(state.data_hash().as_deref(), Some(corrected.as_str()));
        drop(service);
        let service = db.service().await.with_game_data(data);
        let recovery = service.recover().await.unwrap();
        assert_eq!(
            recovery.resumed.iter().map(|g| g.id).collect::<Vec<_>>(),
            vec![new.id],
            "{}",
            db.backend
        );
        // Without the override the corrected game would be the one frozen.
        drop(service);
        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert_eq!(recovery.frozen.len(), 1);
        assert_eq!(recovery.frozen[0].0.id, new.id);
    }
}

#[test]
fn a_malformed_override_fails_at_load_naming_the_game_the_file_and_the_entry() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("louis.toml");
    let asymmetric = default_text().replacen("adjacent = [2, 4, 6, 7]", "adjacent = [2, 6, 7]", 1);
    std::fs::write(&path, asymmetric).unwrap();
    let cfg = Config::parse(&format!(
        "[game_data]\nlouis-xiv = {:?}\n",
        path.display().to_string()
    ))
    .unwrap();
    let err = format!("{:#}", GameData::load(&cfg.game_data).unwrap_err());
    assert!(err.contains("game_data.louis-xiv"), "{err}");
    assert!(err.contains("louis.toml"), "{err}");
    assert!(err.contains("tile 4"), "{err}");

    let missing = BTreeMap::from([("louis-xiv".to_owned(), dir.path().join("nope.toml"))]);
    let err = format!("{:#}", GameData::load(&missing).unwrap_err());
    assert!(err.contains("cannot read"), "{err}");

    let mut data = GameData::default();
    let err = data.insert("chess", String::new()).unwrap_err().to_string();
    assert!(err.contains("no game `chess`"), "{err}");
    let err = data.insert("claim", String::new()).unwrap_err().to_string();
    assert!(err.contains("no component data"), "{err}");

    std::fs::write(&path, with_price_of_tile_1(4)).unwrap();
    let data = GameData::load(&cfg.game_data).unwrap();
    assert_ne!(
        data.hash("louis-xiv"),
        GameData::default().hash("louis-xiv"),
        "the override is in force"
    );
}
