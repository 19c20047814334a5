//! The lines of the game's log the application layer gives one reader since a point
//! (`app::events_since`, what the console prints above a decision): over whole games of
//! Claim and Fantasy Realms, several deals, both languages and learning mode, no line given
//! to a seat names a card hidden from that seat, and no line given to the public names a
//! card hidden from any seat.

use crate::common::{
    self,
    hidden_cards::{shows, Deck},
    ALICE, BOB,
};
use vliv_bot::service::UserId;
use vliv_bot::{
    app::{self, EventLine, LogMark, Reader},
    service::{Caller, GameRecord, Service, Status},
};
use vliv_engine::{Lang, Seat, Viewer};

const READERS: [Viewer; 3] = [Viewer::Seat(0), Viewer::Seat(1), Viewer::Spectator];

/// The lines of `since..upto` for `viewer` in `lang`, with the scoring explained.
async fn lines(
    service: &Service,
    rec: &GameRecord,
    viewer: Viewer,
    lang: Lang,
    since: LogMark,
    upto: LogMark,
) -> Vec<EventLine> {
    let names = |s: Seat| lang.seat_name(s);
    let reader = Reader {
        viewer,
        lang,
        names: &names,
        learn: true,
    };
    app::events_since(service, rec, &reader, since, upto)
        .await
        .unwrap()
}

/// Counts of what was checked: lines given, and lines private to their reader.
#[derive(Default)]
struct Checked {
    lines: usize,
    private: usize,
}

/// Every reader's lines of `since..upto`, checked against what each seat may not know now
/// (`secrets`: per seat, after the moves the stretch ends with).
async fn check_stretch(
    service: &Service,
    rec: &GameRecord,
    deck: &Deck,
    secrets: &[Vec<String>],
    (since, upto): (LogMark, LogMark),
    checked: &mut Checked,
) {
    for lang in Lang::ALL {
        for viewer in READERS {
            let hidden: Vec<String> = match viewer {
                Viewer::Seat(s) => secrets[s as usize].clone(),
                _ => secrets.concat(),
            };
            for line in lines(service, rec, viewer, lang, since, upto).await {
                let text =
                    deck.without_rules(&format!("{}\n{}", line.text, line.explanation.join("\n")));
                let leaked: Vec<&String> =
                    deck.names(&hidden).filter(|n| shows(&text, n)).collect();
                assert!(
                    leaked.is_empty(),
                    "{} {lang} {viewer:?} read {leaked:?} in {:?}",
                    rec.kind,
                    line.text
                );
                assert!(
                    !(line.private && viewer == Viewer::Spectator),
                    "the public read a private line: {:?}",
                    line.text
                );
                checked.lines += 1;
                checked.private += usize::from(line.private);
            }
        }
    }
}

async fn check(service: &Service, kind: &str, channel: u64, seed: u64) -> Checked {
    let mut lobby = common::lobby(channel, ALICE, seed);
    lobby.kind = kind.into();
    let rec = service.open(lobby).await.unwrap();
    service.join(rec.id, UserId(BOB)).await.unwrap();
    let started = service
        .start(rec.id, Caller::user(UserId(ALICE)))
        .await
        .unwrap();
    let deck = Deck::of_kind(kind);
    let mut checked = Checked::default();
    // The deal's lines, against what each seat may not know as dealt.
    let dealt = app::dealt(service, &started.game).await.unwrap();
    let as_dealt = service.replay(&started.game, Some(0)).await.unwrap().0;
    let secrets: Vec<Vec<String>> = (0..2).map(|s| as_dealt.secrets(s)).collect();
    let stretch = (LogMark::default(), dealt.end);
    check_stretch(
        service,
        &started.game,
        &deck,
        &secrets,
        stretch,
        &mut checked,
    )
    .await;
    let mut mark = dealt.end.after(&started);
    let mut rec = started.game;
    for n in 0..400 {
        // An ended game shows its hands: what is checked is the game under way.
        if rec.status != Status::Running {
            break;
        }
        let Some((user, menu)) = common::pending_user(service, rec.id).await else {
            break;
        };
        let pick = (n * (seed as usize + 1)) % menu.menu.choices.len();
        let report = service
            .play(UserId(user), menu.click(menu.menu.choices[pick].id))
            .await
            .unwrap();
        let upto = mark.after(&report);
        rec = report.game;
        let state = service.live(&rec).unwrap();
        let secrets: Vec<Vec<String>> = (0..2).map(|s| state.secrets(s)).collect();
        if rec.status == Status::Running {
            check_stretch(service, &rec, &deck, &secrets, (mark, upto), &mut checked).await;
        }
        mark = upto;
    }
    checked
}

#[tokio::test]
async fn no_line_of_the_log_given_to_a_reader_names_a_card_hidden_from_it() {
    let db = common::backends().await.remove(0);
    let service = db.service().await;
    let mut channel = 10;
    for kind in ["claim", "fantasy-realms"] {
        let mut total = Checked::default();
        for seed in 1..=3 {
            channel += 1;
            let checked = check(&service, kind, channel, seed).await;
            total.lines += checked.lines;
            total.private += checked.private;
        }
        assert!(total.lines >= 100, "{kind}: {} lines checked", total.lines);
        // The seats' own private events were among them: the filter had work to do.
        assert!(total.private > 0, "{kind}: no private line was given");
    }
}
