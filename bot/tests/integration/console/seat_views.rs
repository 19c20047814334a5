//! The views the console prints are built by the application layer for one reader: a seat's
//! panel, menu and learning lines never name a card hidden from that seat, and the public
//! panel (and the deal's) never a card hidden from any seat. Two players at one terminal
//! then see only their own hands, whatever the console does between them.

use crate::common::{
    self,
    hidden_cards::{shows, Deck},
    ALICE, BOB,
};
use vliv_bot::service::UserId;
use vliv_bot::{
    app,
    i18n::tr,
    service::{Caller, Service, Status},
};
use vliv_engine::{Lang, Panel, Seat, Text};

fn plain(panel: &Panel, lang: Lang) -> String {
    panel
        .localize(lang, &|s| lang.seat_name(s))
        .expect("the panel localizes")
        .to_plain()
}

/// The cards of `deck` that `text` names among `hidden`.
fn named(deck: &Deck, text: &str, hidden: &[String]) -> Vec<String> {
    let text = deck.without_rules(text);
    deck.names(hidden)
        .filter(|name| shows(&text, name))
        .cloned()
        .collect()
}

async fn check(service: &Service, kind: &str, channel: u64) {
    let mut lobby = common::lobby(channel, ALICE, 7);
    lobby.kind = kind.into();
    let rec = service.open(lobby).await.unwrap();
    service.join(rec.id, UserId(BOB)).await.unwrap();
    let mut rec = service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap()
        .game;
    let deck = Deck::of_kind(kind);
    let dealt = app::dealt(service, &rec).await.unwrap();
    let mut checked = 0;
    for n in 0..40 {
        // An ended game shows its hands: what is checked is the game under way.
        if rec.status != Status::Running {
            break;
        }
        let state = service.live(&rec).unwrap();
        let secrets: Vec<Vec<String>> = (0..2).map(|s| state.secrets(s)).collect();
        for lang in Lang::ALL {
            for seat in 0..2 as Seat {
                let view = app::seat_view(service, &rec, seat, true).unwrap();
                let mut text = plain(&view.panel, lang);
                let say = |t: &Text| tr(lang, t, &|s| lang.seat_name(s));
                for choice in view.menu.iter().flat_map(|m| &m.menu.choices) {
                    text.push_str(&format!("\n{}", say(&choice.label)));
                }
                for line in &view.explanations {
                    text.push_str(&format!("\n{}", say(line)));
                }
                let leaked = named(&deck, &text, &secrets[seat as usize]);
                assert!(
                    leaked.is_empty(),
                    "{kind} {lang} seat {seat} read {leaked:?}"
                );
                checked += 1;
            }
            let public = plain(&app::public_panel(service, &rec).unwrap(), lang);
            for hidden in &secrets {
                let leaked = named(&deck, &public, hidden);
                assert!(
                    leaked.is_empty(),
                    "{kind} {lang}: the public panel shows {leaked:?}"
                );
            }
        }
        match common::step(service, rec.id, n).await {
            Some(Ok(next)) => rec = next,
            _ => break,
        }
    }
    assert!(checked >= 40, "{kind}: {checked} views checked");
    // The deal's table is public too: it names no card of a hand.
    let state = service.replay(&rec, Some(0)).await.unwrap().0;
    for lang in Lang::ALL {
        let text = plain(&dealt.table, lang);
        for seat in 0..2 {
            let leaked = named(&deck, &text, &state.secrets(seat));
            assert!(
                leaked.is_empty(),
                "{kind} {lang}: the deal shows {leaked:?}"
            );
        }
    }
}

#[tokio::test]
async fn the_consoles_views_show_each_reader_only_what_it_may_see() {
    let db = common::backends().await.remove(0);
    let service = db.service().await;
    check(&service, "claim", 1).await;
    check(&service, "fantasy-realms", 2).await;
}
