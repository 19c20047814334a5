//! The names players show under, read for many users in one statement, on both backends.

use crate::common;
use vliv_bot::service::UserId;

use common::*;

use vliv_bot::store::Store;

#[tokio::test]
async fn many_users_names_are_read_at_once_and_the_latest_name_wins() {
    for db in backends().await {
        let store = Store::connect(&db.url).await.expect("the store opens");
        assert!(store.display_names(&[]).await.unwrap().is_empty());
        store
            .remember_display_name(UserId(ALICE), "alice", 1)
            .await
            .unwrap();
        store
            .remember_display_name(UserId(BOB), "bob", 1)
            .await
            .unwrap();
        store
            .remember_display_name(UserId(BOB), "Bob B.", 2)
            .await
            .unwrap();
        let names = store
            .display_names(&[UserId(ALICE), UserId(BOB), UserId(CAROL)])
            .await
            .unwrap();
        assert_eq!(names.len(), 2, "{}: Carol has no name kept", db.backend);
        assert_eq!(names[&UserId(ALICE)], "alice", "{}", db.backend);
        assert_eq!(names[&UserId(BOB)], "Bob B.", "{}", db.backend);
    }
}
