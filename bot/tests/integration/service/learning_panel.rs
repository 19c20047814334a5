//! Learning mode on the hand panel (the plain data both Discord and Matrix render): on in a
//! player's first game of a kind, off once they have finished one, the player's setting
//! over both; one line per choice of the pending menu, in the reader's language, within
//! Discord's field limit.

use crate::common;

use common::*;
use vliv_bot::{
    render::{hand_panel, limits, with_learning, MessageSpec},
    service::{GameRecord, PendingMenu, Service},
};
use vliv_engine::Lang;

const HEADING_EN: &str = "What each choice does";
const HEADING_CS: &str = "Co která volba udělá";

/// The panel `user` sees, with learning lines when the service says so.
async fn panel(
    service: &Service,
    rec: &GameRecord,
    user: u64,
    lang: Lang,
) -> (MessageSpec, Option<PendingMenu>) {
    let state = service.live(rec).unwrap();
    let menu = service
        .pending_menus(rec.id, user)
        .await
        .unwrap()
        .into_iter()
        .next();
    let seat = rec.seat_of(user).unwrap();
    let mut spec = hand_panel(rec, state.as_ref(), seat, menu.as_ref(), lang);
    if service.learning(rec, user).await.unwrap() {
        spec = with_learning(spec, rec, state.as_ref(), menu.as_ref(), lang);
    }
    (spec, menu)
}

/// The learning lines of a panel: the lines of the fields from the heading on.
fn learning_lines(spec: &MessageSpec, heading: &str) -> Vec<String> {
    let fields = &spec.embed.as_ref().unwrap().fields;
    let Some(first) = fields.iter().position(|f| f.name == heading) else {
        return Vec::new();
    };
    for f in &fields[first..] {
        assert!(
            f.value.chars().count() <= limits::FIELD_VALUE,
            "{}",
            f.value
        );
    }
    fields[first..]
        .iter()
        .flat_map(|f| f.value.lines().map(str::to_owned))
        .collect()
}

#[tokio::test]
async fn a_first_game_explains_every_choice_until_a_game_of_the_kind_is_finished() {
    for db in backends().await {
        let service = db.service().await;
        let rec = started(&service, 1, 5).await;
        let (user, _) = pending_user(&service, rec.id).await.unwrap();
        for (lang, heading) in [(Lang::En, HEADING_EN), (Lang::Cs, HEADING_CS)] {
            let (spec, menu) = panel(&service, &rec, user, lang).await;
            let menu = menu.unwrap();
            let lines = learning_lines(&spec, heading);
            assert_eq!(lines.len(), menu.menu.choices.len(), "{lines:?}");
            for (i, line) in lines.iter().enumerate() {
                assert!(line.starts_with(&format!("{}) ", i + 1)), "{line}");
                assert!(!line.contains("[claim-learn"), "{line}");
            }
        }
        // The other player, not to move, gets no lines: nothing to choose.
        let other = if user == ALICE { BOB } else { ALICE };
        let (spec, _) = panel(&service, &rec, other, Lang::En).await;
        assert!(learning_lines(&spec, HEADING_EN).is_empty());

        // The whole game, then a second one: no longer the first game of Claim.
        let mut n = 0;
        while let Some(r) = step(&service, rec.id, n).await {
            r.unwrap();
            n += 1;
        }
        let second = started(&service, 2, 6).await;
        assert!(!service.learning(&second, ALICE).await.unwrap());
        let (user, _) = pending_user(&service, second.id).await.unwrap();
        let (spec, _) = panel(&service, &second, user, Lang::En).await;
        assert!(
            learning_lines(&spec, HEADING_EN).is_empty(),
            "{:?}",
            db.backend
        );

        // A player's setting wins both ways.
        service
            .update_user_settings(ALICE, |s| s.learning = Some(true))
            .await
            .unwrap();
        assert!(service.learning(&second, ALICE).await.unwrap());
        service
            .update_user_settings(BOB, |s| s.learning = Some(false))
            .await
            .unwrap();
        let third = started(&service, 3, 7).await;
        assert!(!service.learning(&third, BOB).await.unwrap());
        service
            .update_user_settings(ALICE, |s| s.learning = None)
            .await
            .unwrap();
        assert!(!service.learning(&third, ALICE).await.unwrap());
    }
}

#[tokio::test]
async fn the_first_game_of_another_kind_explains_again() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = started(&service, 1, 5).await;
    let mut n = 0;
    while let Some(r) = step(&service, rec.id, n).await {
        r.unwrap();
        n += 1;
    }
    let mut ovl = lobby(2, ALICE, 9);
    ovl.kind = "ovlivneni".into();
    let ovl = service.open(ovl).await.unwrap();
    assert!(service.learning(&ovl, ALICE).await.unwrap());
    assert!(!service.learning(&rec, ALICE).await.unwrap());
}
