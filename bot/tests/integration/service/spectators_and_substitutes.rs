//! Spectators, replays of running games, substitutes and history pages (issue 20, part B):
//! a spectator's table and a running game's replay never name a hidden card; a seat handed
//! over refuses the former holder's stale buttons with its own message while the new holder
//! plays on to the end; the history pages through a channel's games with their lengths.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, MessageId, UserId};

use common::*;
use vliv_bot::{
    i18n::tr,
    render::{
        history_message, replay_message, spectator_table, table_message, RowSpec, TableInput,
    },
    service::{Caller, ComponentAction, Place, ServiceError, Status, HISTORY_PAGE},
};
use vliv_engine::{
    games::claim::{cards::Card, rules::ClaimState, Claim},
    Game, Lang, Seat,
};
use vliv_service::mark;

const DAVE: u64 = 44;

fn card_name(card: Card, lang: Lang) -> String {
    tr(lang, &card.text(), &|s| lang.seat_name(s))
}

/// Names of the cards in `hidden` that no other card shares (those may not appear at all).
fn telltale_names(hidden: &[String], lang: Lang) -> Vec<String> {
    let all: Vec<Card> = (0..vliv_engine::games::claim::cards::DECK_SIZE)
        .map(Card)
        .collect();
    let (secret, visible): (Vec<Card>, Vec<Card>) =
        all.into_iter().partition(|c| hidden.contains(&c.id()));
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

/// The cards hidden from the public (either seat's secrets) in a Claim state's JSON.
fn hidden_from_public(json: &str) -> Vec<String> {
    let s: ClaimState = serde_json::from_str(json).unwrap();
    let mut all: Vec<String> = (0..2 as Seat)
        .flat_map(|seat| Claim::secrets(&s, seat))
        .collect();
    all.sort();
    all.dedup();
    all
}

fn assert_clean(what: &str, text: &str, hidden: &[String], lang: Lang) {
    for name in telltale_names(hidden, lang) {
        assert!(
            !mentions(text, &name),
            "{what} names the hidden card {name}:\n{text}"
        );
    }
}

#[tokio::test]
async fn a_running_games_replay_and_a_spectators_table_never_name_a_hidden_card() {
    let db = backends().await.remove(0);
    let service = db.service().await;
    let rec = started(&service, 10, 10).await;
    service.watch(rec.id, UserId(CAROL)).await.unwrap();
    let mut shown_a_hand = false;
    for n in 0..30 {
        let rec = service.game(rec.id).await.unwrap();
        if rec.status != Status::Running {
            break;
        }
        let total = service.store().moves(rec.id).await.unwrap().len();
        for lang in Lang::ALL {
            // Every step so far, as a running game's replay shows it.
            for k in [0, total / 2, total] {
                let step = service
                    .replay_step(&Place::channel(GuildId(GUILD), rec.channel), rec.id, k)
                    .await
                    .unwrap();
                assert!(!step.revealed);
                let text = replay_message(&step, lang).visible_text();
                assert!(!text.contains('🂠'), "a running game's replay shows a hand");
                assert_clean(
                    "a running game's replay",
                    &text,
                    &hidden_from_public(&step.state.to_json()),
                    lang,
                );
            }
            // The spectator's DM: the public table without buttons.
            let live = service.live(&rec).unwrap();
            let table = table_message(&TableInput {
                game: &rec,
                state: Some(live.as_ref()),
                recent: rec.recent.as_deref().unwrap_or_default(),
                lang,
                clock_until: None,
            });
            let dm = spectator_table(table, &rec, "https://discord.com/channels/1/2/3", lang);
            assert!(dm.rows.is_empty(), "a spectator gets no button to a hand");
            assert_clean(
                "a spectator's table",
                &dm.visible_text(),
                &hidden_from_public(&live.to_json()),
                lang,
            );
        }
        // Positive control: the same check does catch a hand (seat 1's panel names its cards).
        let live = service.live(&rec).unwrap();
        let hand = vliv_bot::render::hand_panel(&rec, live.as_ref(), 0, None, Lang::En);
        let s: ClaimState = serde_json::from_str(&live.to_json()).unwrap();
        let seat0 = Claim::secrets(&s, 1);
        shown_a_hand |= telltale_names(&seat0, Lang::En)
            .iter()
            .any(|name| mentions(&hand.visible_text(), name));
        step(&service, rec.id, n).await.unwrap().unwrap();
    }
    assert!(shown_a_hand, "the check never recognised a card of a hand");
    // Once the game has ended, the replay shows every hand.
    let rec = service.game(rec.id).await.unwrap();
    while step(&service, rec.id, 1).await.is_some() {}
    let step = service
        .replay_step(&Place::channel(GuildId(GUILD), rec.channel), rec.id, 10)
        .await
        .unwrap();
    assert!(step.revealed);
    assert!(replay_message(&step, Lang::En).visible_text().contains('🂠'));
}

#[tokio::test]
async fn watching_is_for_those_without_a_seat_and_ends_on_request() {
    for db in backends().await {
        let service = db.service().await;
        let lobby = service.open(lobby(20, ALICE, 20)).await.unwrap();
        assert!(matches!(
            service.watch(lobby.id, UserId(CAROL)).await,
            Err(ServiceError::NotRunning)
        ));
        service.join(lobby.id, UserId(BOB)).await.unwrap();
        let rec = service
            .start(lobby.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap()
            .game;
        assert!(matches!(
            service.watch(rec.id, UserId(ALICE)).await,
            Err(ServiceError::AlreadySeated)
        ));
        service.watch(rec.id, UserId(CAROL)).await.unwrap();
        service.watch(rec.id, UserId(CAROL)).await.unwrap();
        service.watch(rec.id, UserId(DAVE)).await.unwrap();
        service
            .note_spectator_table(rec.id, UserId(DAVE), ChannelId(5), MessageId(6))
            .await
            .unwrap();
        let watching = service.spectators(rec.id).await.unwrap();
        assert_eq!(watching.len(), 2, "{}", db.backend);
        assert_eq!(watching[1].dm, Some((ChannelId(5), MessageId(6))));
        service.unwatch(rec.id, UserId(CAROL)).await.unwrap();
        assert!(matches!(
            service.unwatch(rec.id, UserId(CAROL)).await,
            Err(ServiceError::NotWatching)
        ));
        // A spectator who takes a seat stops watching.
        service
            .substitute(rec.id, Caller::user(UserId(BOB)), None, UserId(DAVE))
            .await
            .unwrap();
        assert!(
            service.spectators(rec.id).await.unwrap().is_empty(),
            "{}",
            db.backend
        );
    }
}

#[tokio::test]
async fn a_substitute_takes_over_and_finishes_while_the_former_players_buttons_are_refused() {
    for db in backends().await {
        let service = db.service().await;
        let rec = started(&service, 30, 30).await;
        for n in 0..5 {
            step(&service, rec.id, n).await.unwrap().unwrap();
        }
        // Alice's panel, as she last saw it (or the next one she would have seen).
        let alice_menu = loop {
            let (user, menu) = pending_user(&service, rec.id).await.unwrap();
            if user == ALICE {
                break menu;
            }
            step(&service, rec.id, 0).await.unwrap().unwrap();
        };
        // Only the seat's player or an admin hands it over; never to someone seated.
        assert!(matches!(
            service
                .substitute(rec.id, Caller::user(UserId(CAROL)), Some(0), UserId(CAROL))
                .await,
            Err(ServiceError::NotYourSeat)
        ));
        assert!(matches!(
            service
                .substitute(rec.id, Caller::user(UserId(ALICE)), None, UserId(BOB))
                .await,
            Err(ServiceError::AlreadySeated)
        ));
        assert!(matches!(
            service
                .substitute(rec.id, Caller::admin(UserId(DAVE)), Some(5), UserId(CAROL))
                .await,
            Err(ServiceError::NoSuchSeat(6))
        ));
        let done = service
            .substitute(rec.id, Caller::user(UserId(ALICE)), None, UserId(CAROL))
            .await
            .unwrap();
        assert_eq!(done.game.seat_of(UserId(CAROL)), Some(alice_menu.seat));
        assert_eq!(done.game.seat_of(UserId(ALICE)), None);
        assert_eq!(done.change.from, Some(UserId(ALICE)));

        // Alice's stale button, on the panel and in her DM, gets its own message.
        let click = alice_menu.click(alice_menu.menu.choices[0].id);
        let before = fingerprint(&service, rec.id).await;
        assert!(matches!(
            service.play(UserId(ALICE), click).await,
            Err(ServiceError::SeatHandedOver)
        ));
        let in_dm = service
            .admit(
                &Place::dm(ChannelId(999)),
                Caller::user(UserId(ALICE)),
                &ComponentAction::Move(click),
            )
            .await;
        assert!(matches!(in_dm, Err(ServiceError::SeatHandedOver)));
        assert!(service
            .pending_menus(rec.id, UserId(ALICE))
            .await
            .unwrap()
            .is_empty());
        assert_eq!(
            fingerprint(&service, rec.id).await,
            before,
            "{}",
            db.backend
        );
        for lang in Lang::ALL {
            let text = tr(lang, &ServiceError::SeatHandedOver.text(), &|s| {
                lang.seat_name(s)
            });
            assert!(!text.starts_with("err-") && text.len() > 20, "{text}");
        }
        // Someone who never played is still just not a player.
        assert!(matches!(
            service.play(UserId(DAVE), click).await,
            Err(ServiceError::NotAPlayer)
        ));

        // Carol plays the same decision with the same button, then the game to its end.
        let carol = service.pending_menus(rec.id, UserId(CAROL)).await.unwrap();
        assert_eq!(carol[0].counter, alice_menu.counter);
        service.play(UserId(CAROL), click).await.unwrap();
        // An admin hands Bob's seat to Dave mid-game too.
        service
            .substitute(
                rec.id,
                Caller::admin(UserId(CAROL)),
                Some(1 - alice_menu.seat),
                UserId(DAVE),
            )
            .await
            .unwrap();
        let mut n = 0;
        loop {
            let rec = service.game(rec.id).await.unwrap();
            if rec.status != Status::Running {
                break;
            }
            let mut moved = false;
            for user in [CAROL, DAVE] {
                let menus = service.pending_menus(rec.id, UserId(user)).await.unwrap();
                if let Some(m) = menus.first() {
                    service
                        .play(
                            UserId(user),
                            m.click(m.menu.choices[n % m.menu.choices.len()].id),
                        )
                        .await
                        .unwrap();
                    moved = true;
                    break;
                }
            }
            assert!(moved, "nobody of the new players is asked");
            assert!(service
                .pending_menus(rec.id, UserId(BOB))
                .await
                .unwrap()
                .is_empty());
            n += 1;
        }
        let rec = service.game(rec.id).await.unwrap();
        assert_eq!(rec.status, Status::Finished, "{}", db.backend);

        // The history and the replay record both hand-overs.
        let page = service
            .history_page(GuildId(GUILD), ChannelId(30), 0)
            .await
            .unwrap();
        let entry = &page.entries[0];
        assert_eq!(entry.seat_changes.len(), 2, "{}", db.backend);
        assert_eq!(
            (entry.seat_changes[0].from, entry.seat_changes[0].to),
            (Some(UserId(ALICE)), UserId(CAROL))
        );
        assert_eq!(
            (entry.seat_changes[1].from, entry.seat_changes[1].to),
            (Some(UserId(BOB)), UserId(DAVE))
        );
        let history = history_message(&page, Lang::En).visible_text();
        assert!(
            history.contains(&format!(
                "{} → {}",
                mark::user(UserId(ALICE)),
                mark::user(UserId(CAROL))
            )),
            "{history}"
        );
        let last = service
            .replay_step(&Place::channel(GuildId(GUILD), rec.channel), rec.id, 1_000)
            .await
            .unwrap();
        let replay = replay_message(&last, Lang::Cs).visible_text();
        assert!(
            replay.contains("Předaná místa")
                && replay.contains(&format!(
                    "{} → {}",
                    mark::user(UserId(BOB)),
                    mark::user(UserId(DAVE))
                )),
            "{replay}"
        );
    }
}

#[tokio::test]
async fn the_history_pages_through_a_channels_games_with_their_lengths_and_replays() {
    for db in backends().await {
        let service = db.service().await;
        let channel = 40;
        let mut ids = Vec::new();
        for seed in 0..(HISTORY_PAGE as u64 + 3) {
            let rec = started(&service, channel, 100 + seed).await;
            for n in 0..3 {
                step(&service, rec.id, n).await.unwrap().unwrap();
            }
            db.clock.advance_minutes(3);
            service
                .abandon(rec.id, Caller::admin(UserId(ALICE)))
                .await
                .unwrap();
            ids.push(rec.id);
        }
        ids.reverse();
        let first = service
            .history_page(GuildId(GUILD), ChannelId(channel), 0)
            .await
            .unwrap();
        let second = service
            .history_page(GuildId(GUILD), ChannelId(channel), 1)
            .await
            .unwrap();
        let got: Vec<i64> = first
            .entries
            .iter()
            .chain(&second.entries)
            .map(|e| e.game.id)
            .collect();
        assert_eq!(got, ids, "{}", db.backend);
        assert!(first.more && !second.more);
        assert!(
            first.entries.iter().all(|e| e.length.moves >= 3),
            "{}",
            db.backend
        );

        for lang in Lang::ALL {
            // As Discord gets it: three rows of replay buttons, then the way to older games.
            let m = vliv_bot::discord::limits::fit(history_message(&first, lang));
            vliv_bot::discord::limits::check(&m).unwrap();
            assert_eq!(m.rows.len(), 4);
            let RowSpec::Buttons(paging) = &m.rows[3] else {
                panic!("paging buttons")
            };
            assert_eq!(paging.len(), 1);
            assert_eq!(paging[0].action, ComponentAction::HistoryPage(1));
            let RowSpec::Buttons(replays) = &m.rows[0] else {
                panic!("replay buttons")
            };
            assert_eq!(
                replays[0].action,
                ComponentAction::Replay {
                    game: ids[0],
                    step: 0,
                    slot: 0
                }
            );
            let text = m.visible_text();
            let (moves, minutes) = match lang {
                Lang::En => ("moves", "min"),
                Lang::Cs => ("tah", "min"),
            };
            assert!(text.contains(moves) && text.contains(minutes), "{text}");
            let back = history_message(&second, lang);
            let RowSpec::Buttons(paging) = back.rows.last().unwrap() else {
                panic!()
            };
            assert_eq!(paging[0].action, ComponentAction::HistoryPage(0));
        }
    }
}
