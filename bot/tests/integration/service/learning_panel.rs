//! Learning mode on the hand panel (the plain data both Discord and Matrix render): on in a
//! player's first game of a kind, off once they have finished one, the player's setting
//! over both; one line per choice of the pending menu, in the reader's language, within
//! Discord's field limit.

use crate::common;
use vliv_bot::service::UserId;

use common::*;
use vliv_bot::{
    app,
    discord::limits,
    i18n::tr,
    render::{hand_panel, with_learning, MessageSpec, Names},
    service::{recent, GameRecord, PendingMenu, Service},
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
        .pending_menus(rec.id, UserId(user))
        .await
        .unwrap()
        .into_iter()
        .next();
    let seat = rec.seat_of(UserId(user)).unwrap();
    let mut spec = hand_panel(rec, state.as_ref(), seat, menu.as_ref(), lang);
    if service.learning(rec, UserId(user)).await.unwrap() {
        spec = with_learning(spec, rec, state.as_ref(), menu.as_ref(), lang);
    }
    (spec, menu)
}

/// The lines under a heading of a panel: its field's and those continuing it (no name of
/// their own).
fn learning_lines(spec: &MessageSpec, heading: &str) -> Vec<String> {
    // As Discord gets the panel: a long section goes on in continuation fields.
    let sent = limits::fit(spec.clone());
    let fields = &sent.embed.as_ref().unwrap().fields;
    let Some(first) = fields.iter().position(|f| f.name == heading) else {
        return Vec::new();
    };
    // A continuing field's name is Discord's zero-width space (names may not be empty).
    let last = fields[first + 1..]
        .iter()
        .position(|f| !f.name.trim_matches('\u{200b}').is_empty())
        .map_or(fields.len(), |n| first + 1 + n);
    let fields = &fields[..last];
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
        assert!(!service.learning(&second, UserId(ALICE)).await.unwrap());
        let (user, _) = pending_user(&service, second.id).await.unwrap();
        let (spec, _) = panel(&service, &second, user, Lang::En).await;
        assert!(
            learning_lines(&spec, HEADING_EN).is_empty(),
            "{:?}",
            db.backend
        );

        // A player's setting wins both ways.
        service
            .update_user_settings(UserId(ALICE), |s| s.learning = Some(true))
            .await
            .unwrap();
        assert!(service.learning(&second, UserId(ALICE)).await.unwrap());
        service
            .update_user_settings(UserId(BOB), |s| s.learning = Some(false))
            .await
            .unwrap();
        let third = started(&service, 3, 7).await;
        assert!(!service.learning(&third, UserId(BOB)).await.unwrap());
        service
            .update_user_settings(UserId(ALICE), |s| s.learning = None)
            .await
            .unwrap();
        assert!(!service.learning(&third, UserId(ALICE)).await.unwrap());
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
    assert!(service.learning(&ovl, UserId(ALICE)).await.unwrap());
    assert!(!service.learning(&rec, UserId(ALICE)).await.unwrap());
}

/// Once something scored, a learning player's panel says why it came out so (the
/// explanation of the public event, the same for everyone), under its own heading; the
/// table keeps to the events; a player who turned learning off reads no explanation.
#[tokio::test]
async fn a_learning_players_panel_says_why_the_latest_scoring_came_out_so() {
    const WHY_EN: &str = "Why it came out this way";
    for db in backends().await {
        let service = db.service().await;
        let mut rec = started(&service, 2, 5).await;
        for _ in 0..60 {
            if !recent::latest_why(rec.recent.as_deref().unwrap_or_default(), 1).is_empty() {
                break;
            }
            rec = step(&service, rec.id, 0).await.unwrap().unwrap();
        }
        let why = recent::latest_why(rec.recent.as_deref().unwrap_or_default(), 4);
        assert!(!why.is_empty(), "Claim explains a won trick");
        let (user, menu) = pending_user(&service, rec.id).await.unwrap();
        let seat = rec.seat_of(UserId(user)).unwrap();
        let hand = |rec: GameRecord| {
            let (service, menu) = (&service, &menu);
            async move {
                let pic = app::Picture::Without;
                app::hand(service, &rec, seat, Some(menu), Lang::En, pic)
                    .await
                    .unwrap()
                    .spec
            }
        };
        let names = Names::for_game(&rec, Lang::En);
        let said: Vec<String> = why
            .iter()
            .map(|t| tr(Lang::En, t, &|s| names.get(s)))
            .collect();
        assert_eq!(learning_lines(&hand(rec.clone()).await, WHY_EN), said);
        assert!(said.iter().all(|l| !l.contains("learn-why")), "{said:?}");
        let table = app::table(&service, &rec, Lang::En, app::Picture::Without)
            .await
            .unwrap()
            .spec
            .visible_text();
        assert!(said.iter().all(|l| !table.contains(l.as_str())), "{table}");
        service
            .update_user_settings(UserId(user), |s| s.learning = Some(false))
            .await
            .unwrap();
        assert!(learning_lines(&hand(rec).await, WHY_EN).is_empty());
    }
}
