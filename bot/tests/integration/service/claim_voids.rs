//! A running Claim game whose snapshot was stored before the state kept `voids` (issue 15):
//! a new deploy resumes it rather than freezing it, and from then on the game holds the
//! voids its moves proved (what the AI's determinizations respect).

use crate::common;

use common::*;

/// Plays the games's moves (the `n`-th choice, varied) until a void has been shown.
async fn until_a_void(service: &vliv_bot::service::Service, game: vliv_bot::service::GameId) {
    for n in 0..60usize {
        let rec = service.game(game).await.unwrap();
        if rec
            .snapshot
            .as_deref()
            .is_some_and(|s| s.contains("\"voids\""))
        {
            return;
        }
        step(service, game, n * 7 + 3).await.unwrap().unwrap();
    }
    panic!("no void was shown in 60 moves");
}

#[tokio::test]
async fn a_snapshot_stored_without_voids_resumes_and_regains_them() {
    for db in backends().await {
        let service = db.service().await;
        let game = started(&service, 1, 5).await.id;
        until_a_void(&service, game).await;
        let now = service.game(game).await.unwrap();
        let with_voids = now.snapshot.as_deref().unwrap().to_owned();

        // What the deploy before `voids` stored: the same snapshot without the key.
        let mut json: serde_json::Value = serde_json::from_str(&with_voids).unwrap();
        json.as_object_mut().unwrap().remove("voids");
        let mut old = now.clone();
        old.snapshot = Some(json.to_string().into());
        old.version += 1;
        service
            .store()
            .update_game(&old, now.version, None)
            .await
            .unwrap();
        drop(service);

        let service = db.service().await;
        let recovery = service.recover().await.unwrap();
        assert!(
            recovery.frozen.is_empty(),
            "{}: {:?}",
            db.backend,
            recovery.frozen
        );
        assert_eq!(recovery.resumed.len(), 1, "{}", db.backend);
        let resumed = service.game(game).await.unwrap();
        assert_eq!(resumed.snapshot.as_deref(), Some(with_voids.as_str()));
        assert_eq!(service.verify(&resumed).await.unwrap(), Ok(()));
        // The game goes on.
        step(&service, game, 0).await.unwrap().unwrap();
    }
}
