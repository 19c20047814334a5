//! Rendering over seeded random Claim games, at every step: no public embed text, ping or
//! log line names a card hidden from the public; every message respects Discord's limits.

use crate::common;
use vliv_bot::service::UserId;

use common::{captured_log::CapturedLog, *};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use vliv_bot::{
    i18n::tr,
    render::{hand_panel, ping_text, table_message, MessageSpec, TableInput},
    service::{GameRecord, Service, Status},
};
use vliv_engine::{
    games::claim::{cards::Card, rules::ClaimState, Claim},
    Audience, Game, Lang, Seat, Text,
};

fn cases() -> u64 {
    std::env::var("VLIV_CASES_BOT_RENDER")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(12)
}

/// A card's name as players read it.
fn card_name(card: Card, lang: Lang) -> String {
    tr(lang, &card.text(), &|s| lang.seat_name(s))
}

fn all_cards() -> Vec<Card> {
    (0..vliv_engine::games::claim::cards::DECK_SIZE)
        .map(Card)
        .collect()
}

/// Names of cards in `hidden` that no visible card shares (those may not appear at all).
fn telltale_names(hidden: &[String], lang: Lang) -> Vec<String> {
    let (secret, visible): (Vec<Card>, Vec<Card>) = all_cards()
        .into_iter()
        .partition(|c| hidden.contains(&c.id()));
    let visible: Vec<String> = visible.iter().map(|&c| card_name(c, lang)).collect();
    let mut names: Vec<String> = secret
        .iter()
        .map(|&c| card_name(c, lang))
        .filter(|n| !visible.contains(n))
        .collect();
    names.sort();
    names.dedup();
    names
}

/// `name` occurs as a whole card name ("Knight 1" is not inside "Knight 10").
fn mentions(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        !text[i + name.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

fn assert_clean(what: &str, text: &str, names: &[String]) {
    for n in names {
        assert!(
            !mentions(text, n),
            "{what} names the hidden card {n}:\n{text}"
        );
    }
}

fn state(rec: &GameRecord) -> ClaimState {
    serde_json::from_str(rec.snapshot.as_ref().unwrap()).unwrap()
}

fn hidden_from_public(s: &ClaimState) -> Vec<String> {
    let mut all: Vec<String> = (0..2).flat_map(|seat| Claim::secrets(s, seat)).collect();
    all.sort();
    all.dedup();
    all
}

struct Largest {
    embed_total: usize,
    fields: usize,
    options: usize,
}

fn check_limits(what: &str, m: &MessageSpec, largest: &mut Largest) {
    vliv_bot::discord::limits::check_uncut(m)
        .unwrap_or_else(|e| panic!("{what} would reach Discord cut: {e}"));
    let sent = vliv_bot::discord::limits::fit(m.clone());
    if let Some(e) = &sent.embed {
        let total = e.title.chars().count()
            + e.description.chars().count()
            + e.footer.chars().count()
            + e.fields
                .iter()
                .map(|f| f.name.chars().count() + f.value.chars().count())
                .sum::<usize>();
        largest.embed_total = largest.embed_total.max(total);
        largest.fields = largest.fields.max(e.fields.len());
    }
    for row in &m.rows {
        if let vliv_bot::render::RowSpec::Select(s) = row {
            largest.options = largest.options.max(s.options.len());
        }
    }
}

async fn render_everything(
    service: &Service,
    rec: &GameRecord,
    recent: &[Text],
    logs: &CapturedLog,
    log_seen: &mut usize,
    largest: &mut Largest,
) {
    let live = service.live(rec).unwrap();
    let s = state(rec);
    let public_secrets = hidden_from_public(&s);
    for lang in Lang::ALL {
        let names = telltale_names(&public_secrets, lang);
        let table = table_message(&TableInput {
            game: rec,
            state: Some(live.as_ref()),
            recent,
            lang,
            clock_until: None,
        });
        check_limits("the table", &table, largest);
        assert_clean("the public table", &table.visible_text(), &names);
        for seat in 0..2 as Seat {
            let ping = ping_text(rec, seat, lang, false);
            assert_clean("a ping", &ping, &names);
            let menus = service
                .pending_menus(rec.id, rec.seats[seat as usize].user().unwrap())
                .await
                .unwrap();
            let hand = hand_panel(rec, live.as_ref(), seat, menus.first(), lang);
            check_limits("a hand panel", &hand, largest);
            // The hand shows the seat's own cards, never those hidden from it.
            let own_secrets = telltale_names(&Claim::secrets(&s, seat), lang);
            assert_clean("a hand panel", &hand.visible_text(), &own_secrets);
        }
    }
    let new = logs.since(log_seen);
    for lang in Lang::ALL {
        assert_clean("a log line", &new, &telltale_names(&public_secrets, lang));
    }
    // Log lines carry ids, never card ids either.
    for id in &public_secrets {
        assert!(!new.contains(id.as_str()), "a log line carries {id}: {new}");
    }
}

#[tokio::test]
async fn no_public_text_ping_or_log_line_names_a_hidden_card_and_every_message_fits_discord() {
    let logs = CapturedLog::default();
    let _guard = tracing::subscriber::set_default(logs.subscriber(tracing::Level::TRACE));
    let mut log_seen = 0;
    let mut largest = Largest {
        embed_total: 0,
        fields: 0,
        options: 0,
    };
    let db = backends().await.remove(0);
    let service = db.service().await;
    for seed in 0..cases() {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut rec = started(&service, 100 + seed, seed).await;
        let mut recent: Vec<Text> = Vec::new();
        loop {
            render_everything(&service, &rec, &recent, &logs, &mut log_seen, &mut largest).await;
            if rec.status != Status::Running {
                break;
            }
            let (user, menu) = pending_user(&service, rec.id).await.unwrap();
            let choice = menu.menu.choices[rng.random_range(0..menu.menu.choices.len())].id;
            let report = service
                .play(UserId(user), menu.click(choice))
                .await
                .unwrap();
            recent.extend(
                report
                    .applied
                    .iter()
                    .flat_map(|a| a.events.iter())
                    .filter(|e| e.audience == Audience::Public)
                    .map(|e| e.text.clone()),
            );
            rec = report.game;
        }
        assert_eq!(rec.status, Status::Finished);
    }
    // The largest views Claim produced: a full hand of 13 as a select menu, every section.
    assert!(largest.options >= 13, "{}", largest.options);
    assert!(largest.fields >= 3);
    assert!(largest.embed_total > 200);
    assert!(log_seen > 0, "the service logged something to check");
}

/// The custom ids of a message's components, as the Discord front end writes them.
fn buttons(m: &MessageSpec) -> Vec<String> {
    use vliv_discord::custom_id;
    m.rows
        .iter()
        .flat_map(|r| match r {
            vliv_bot::render::RowSpec::Buttons(b) => {
                b.iter().map(|b| custom_id::encode(&b.action)).collect()
            }
            vliv_bot::render::RowSpec::Select(s) => vec![custom_id::encode(&s.action)],
        })
        .collect()
}

#[tokio::test]
async fn the_table_offers_join_and_start_in_the_lobby_my_hand_in_play_and_rematch_at_the_end() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = service.open(lobby(1, ALICE, 4)).await.unwrap();
    for lang in Lang::ALL {
        let table = table_message(&TableInput {
            game: &rec,
            state: None,
            recent: &[],
            lang,
            clock_until: None,
        });
        assert_eq!(
            buttons(&table),
            [format!("vj:{}", rec.id), format!("vs:{}", rec.id)]
        );
        assert!(table
            .visible_text()
            .contains(&vliv_service::mark::user(UserId(ALICE))));
        vliv_bot::discord::limits::check_uncut(&table).unwrap();
    }
    service.join(rec.id, UserId(BOB)).await.unwrap();
    let rec = service
        .start(rec.id, vliv_bot::service::Caller::user(UserId(ALICE)))
        .await
        .unwrap()
        .game;
    let live = service.live(&rec).unwrap();
    let input = TableInput {
        game: &rec,
        state: Some(live.as_ref()),
        recent: &[],
        lang: Lang::Cs,
        clock_until: None,
    };
    assert_eq!(buttons(&table_message(&input)), [format!("vh:{}", rec.id)]);
    // A game clock shows its end as an instant each front end writes for its reader.
    let clocked = TableInput {
        clock_until: Some(1_700_000_123_456),
        lang: Lang::En,
        ..input
    };
    let text = table_message(&clocked).visible_text();
    let until =
        vliv_service::mark::instant(1_700_000_123_456, vliv_service::mark::InstantStyle::Time);
    assert!(text.contains(&format!("(until {until})")), "{text}");
    let done = service.concede(rec.id, UserId(BOB)).await.unwrap();
    let input = TableInput {
        game: &done,
        state: Some(live.as_ref()),
        recent: &[],
        lang: Lang::En,
        clock_until: None,
    };
    let table = table_message(&input);
    assert_eq!(buttons(&table), [format!("vr:{}", rec.id)]);
    assert!(
        table.visible_text().contains("conceded"),
        "{}",
        table.visible_text()
    );
}
