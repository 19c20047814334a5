//! Tables of any game played through the loopback Discord (`loopback::Scene`): a lobby
//! opened with `/game new` in its own channel, seats taken by clicking Join, and moves made
//! as a person makes them: by a button or a select menu on "My hand", or typed with `/play`
//! after its autocomplete. Who is to move is read from the bot's database (a person knows
//! from the table or a DM; the test needs no guessing).

use std::time::{Duration, Instant};

use fakecord::{Audience, Message};
use serde_json::json;
use vliv_bot::service::{GameId, Service, Status};
use vliv_engine::{Lang, Seat};

use crate::loopback::{options, Option_, Scene, STEP};

/// How a move was made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Input {
    Button,
    Select,
    Typed,
}

/// A game's table: where it is, who sits at it (seat order), in which language.
#[derive(Clone, Debug)]
pub struct Table {
    pub kind: &'static str,
    pub channel: u64,
    pub game: GameId,
    pub players: Vec<u64>,
    pub lang: Lang,
}

/// What a game's moves were, for the checks after it.
#[derive(Debug, Default)]
pub struct Played {
    /// The fake's request count when each move was sent (see `loopback::assert_no_leaks`).
    pub marks: Vec<usize>,
    pub inputs: Vec<Input>,
    /// Moves made in a window of `DecisionKind::Reaction`.
    pub reactions: usize,
}

/// The game's table message in its channel now, named by its buttons only: with many games
/// in one world, a number in a text ("#5" in "#50") could name another game.
pub fn table_by_buttons_in(w: &fakecord::World, channel: u64, game: GameId) -> Option<Message> {
    let tag = format!(":{game}");
    newest_table(w, channel, |m| {
        m.custom_ids().iter().any(|c| c.ends_with(&tag))
    })
}

/// The game's table message in its channel now (the newest bot message with an embed
/// that names the game by its buttons or its number).
pub fn table_in(w: &fakecord::World, channel: u64, game: GameId) -> Option<Message> {
    let (tag, number) = (format!(":{game}"), format!("#{game}"));
    newest_table(w, channel, |m| {
        m.custom_ids().iter().any(|c| c.ends_with(&tag)) || m.text().contains(&number)
    })
}

/// The newest table-like message in `channel` (an embed or a V2 message, not deleted) that
/// `names` the game.
fn newest_table(
    w: &fakecord::World,
    channel: u64,
    names: impl Fn(&Message) -> bool,
) -> Option<Message> {
    w.messages
        .values()
        .rev()
        .find(|m| {
            // A channel message, or a public follow-up once a player's click moved it.
            m.audience == Audience::Channel(channel)
                && !m.deleted
                && m.channel == channel
                && (m.embeds.as_array().is_some_and(|e| !e.is_empty())
                    || m.flags & fakecord::validate::IS_COMPONENTS_V2 != 0)
                && names(m)
        })
        .cloned()
}

/// `/game new` in `channel` by `host`: the lobby's id, read from its table's Join button.
pub async fn open(scene: &Scene, host: u64, channel: u64, kind: &str, opts: &str) -> GameId {
    let mut args = vec![("game", json!(kind))];
    if !opts.is_empty() {
        args.push(("options", json!(opts)));
    }
    let answer = scene.run_in(host, channel, "game new", &args).await;
    assert_eq!(answer.audience, Audience::Ephemeral(host), "{answer:?}");
    scene
        .fake
        .wait("the lobby's table", STEP, |w| {
            w.messages.values().rev().find_map(|m| {
                let id = m.custom_ids().into_iter().find(|c| c.starts_with("vj:"))?;
                (m.audience == Audience::Channel(channel) && !m.deleted)
                    .then(|| id[3..].parse().ok())?
            })
        })
        .await
}

/// A click on the table's `prefix:game` button (`vj` join, `vs` start, `vh` my hand).
pub async fn click_table(scene: &Scene, user: u64, table: &Table, prefix: &str) -> Message {
    let (channel, game) = (table.channel, table.game);
    let message = scene
        .fake
        .wait(&format!("a {prefix} button on table {game}"), STEP, |w| {
            let t = table_in(w, channel, game)?;
            t.custom_ids()
                .contains(&format!("{prefix}:{game}"))
                .then_some(t)
        })
        .await;
    let ix = scene
        .fake
        .click(user, message.id, &format!("{prefix}:{game}"));
    scene.fake.answer(ix, STEP).await
}

/// Opens a lobby, seats everyone by Join, starts: the running table.
pub async fn start(
    scene: &Scene,
    channel: u64,
    kind: &'static str,
    opts: &str,
    players: &[u64],
    lang: Lang,
) -> Table {
    let game = open(scene, players[0], channel, kind, opts).await;
    let table = Table {
        kind,
        channel,
        game,
        players: players.to_vec(),
        lang,
    };
    for &p in &players[1..] {
        let joined = click_table(scene, p, &table, "vj").await;
        assert_eq!(joined.audience, Audience::Ephemeral(p), "{joined:?}");
    }
    click_table(scene, players[0], &table, "vs").await;
    scene
        .fake
        .wait("the running table", STEP, |w| {
            let t = table_in(w, channel, game)?;
            t.custom_ids().contains(&format!("vh:{game}")).then_some(())
        })
        .await;
    table
}

/// A seat asked now: (user, seat, choice ids, whether it is a reaction window).
pub type Asked = (u64, Seat, Vec<u32>, bool);

/// The seats asked now, from
/// one read of the game (as `Service::pending_menus`, for every player at once).
pub async fn asked(service: &Service, table: &Table) -> Vec<Asked> {
    let rec = service.game(table.game).await.expect("the game");
    if rec.status != Status::Running {
        return Vec::new();
    }
    let state = service.live(&rec).expect("the live state");
    let mut out = Vec::new();
    for p in state.pending() {
        let vliv_engine::Actor::Seat(seat) = p.actor else {
            continue;
        };
        let Some(menu) = state.menu(p.actor) else {
            continue;
        };
        let user = table.players[seat as usize];
        if out
            .iter()
            .any(|a: &(u64, Seat, Vec<u32>, bool)| a.0 == user)
        {
            continue;
        }
        let ids = menu.choices.iter().map(|c| c.id.0).collect();
        let reaction = menu.kind == vliv_engine::DecisionKind::Reaction;
        out.push((user, seat, ids, reaction));
    }
    out
}

/// Picks the next move among those asked: (user, choice id); `None`: let a clock run.
pub type Policy<'a> = dyn FnMut(&[Asked], usize) -> Option<(u64, u32)> + 'a;

/// The choice id an option of a panel makes.
fn choice_of(o: &Option_) -> u32 {
    match o {
        Option_::Button { custom_id, .. } => custom_id
            .rsplit(':')
            .next()
            .and_then(|c| c.parse().ok())
            .expect("a choice in a move button's id"),
        Option_::Select { value, .. } => value.parse().expect("a choice value"),
    }
}

/// Plays `table` to its end: each move by the input `typed_every`-th moves are typed,
/// the others clicked on "My hand" (a button or a select, as the panel offers). Waits for
/// clocks when nobody is asked, up to `patience`.
pub async fn play_to_end(
    scene: &Scene,
    service: &Service,
    table: &Table,
    policy: &mut Policy<'_>,
    typed_every: usize,
    patience: Duration,
) -> Played {
    let mut played = Played::default();
    let mut idle_since: Option<Instant> = None;
    // The mover's panel as their last move left it, and the game's version then: still
    // current if nothing moved since (a player making several choices in a row).
    let mut kept: Option<(u64, Message, i64)> = None;
    for n in 0.. {
        assert!(n < 3000, "{}: no end in sight", table.kind);
        let rec = service.game(table.game).await.expect("the game");
        if rec.status != Status::Running {
            assert_eq!(rec.status, Status::Finished, "{}", table.kind);
            break;
        }
        let asked = asked(service, table).await;
        let Some((user, choice)) = policy(&asked, n) else {
            // Nobody to ask (a trading clock, a reaction window's timer): wait for it.
            let since = *idle_since.get_or_insert_with(Instant::now);
            assert!(
                since.elapsed() < patience,
                "{}: nobody is asked and no clock ends it",
                table.kind
            );
            tokio::time::sleep(Duration::from_millis(250)).await;
            continue;
        };
        idle_since = None;
        if asked.iter().any(|a| a.0 == user && a.3) {
            played.reactions += 1;
        }
        let before = rec.version;
        // The mover's own moves so far: the game's version grows with writes that are no
        // move too (where the table and the turn ping are, written by a publisher after its
        // move), so only this counter tells that the move was stored.
        let seat = table
            .players
            .iter()
            .position(|&p| p == user)
            .expect("the mover is seated");
        let moves_before = rec.counters[seat];
        played.marks.push(scene.fake.world().requests.len());
        let fresh = kept
            .take()
            .filter(|(u, _, v)| *u == user && *v == before)
            .map(|(_, panel, _)| panel);
        let input = if typed_every > 0 && n % typed_every == typed_every - 1 {
            typed(scene, table, user, choice).await;
            Input::Typed
        } else {
            let (input, panel) = clicked(scene, table, user, choice, fresh).await;
            kept = Some((user, panel, 0));
            input
        };
        played.inputs.push(input);
        // The move is stored before its answer; wait for the row to be sure, so the next
        // round reads the game after it.
        let deadline = Instant::now() + STEP;
        while service.game(table.game).await.expect("the game").counters[seat] <= moves_before {
            assert!(
                Instant::now() < deadline,
                "{}: the move was not stored",
                table.kind
            );
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    played
}

/// The option that makes `choice` on the user's panel (`fresh`, or "My hand" opened now):
/// a button click or a select pick. Returns the panel as the move left it.
async fn clicked(
    scene: &Scene,
    table: &Table,
    user: u64,
    choice: u32,
    fresh: Option<Message>,
) -> (Input, Message) {
    let offers = |p: &Message| options(p).iter().any(|o| choice_of(o) == choice);
    let panel = match fresh.filter(offers) {
        Some(p) => p,
        None => click_table(scene, user, table, "vh").await,
    };
    assert_eq!(panel.audience, Audience::Ephemeral(user), "{panel:?}");
    let opts = options(&panel);
    let Some(o) = opts.iter().find(|o| choice_of(o) == choice) else {
        panic!(
            "{}: the panel does not offer {choice}: {panel:?}",
            table.kind
        );
    };
    let (ix, input) = match o {
        Option_::Button { custom_id, .. } => {
            (scene.fake.click(user, panel.id, custom_id), Input::Button)
        }
        Option_::Select {
            custom_id, value, ..
        } => (
            scene.fake.select(user, panel.id, custom_id, value),
            Input::Select,
        ),
    };
    // The move shows on the mover's panel: edited through this click's token, or through
    // the token that opened the panel when another publisher's edit of it (a waiting
    // player's panel is edited with the table) showed this version first. The click was
    // then acknowledged as a deferred update, which shows no loading state and needs no
    // answer of its own (https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type:
    // DEFERRED_UPDATE_MESSAGE, "the user does not see a loading state"); a reply to the
    // click (a refusal) is a message of its own.
    // An edit of the panel that only brings its hand's picture (which follows the text
    // by an edit of its own, through the token that opened the panel) shows no move: the
    // panel must say or offer something else, or be edited through this click's token.
    let answer = scene
        .fake
        .wait("the move on the mover's panel", STEP, |w| {
            let i = &w.interactions[&ix];
            i.first_response?;
            // A new message of the click for the mover first: a panel that outgrew
            // Components V2 goes on in a new one, and the old one only says so (a public
            // turn ping may be a follow-up of the click too).
            let new = w.messages.values().find(|m| {
                m.id != panel.id
                    && m.interaction == Some(ix)
                    && m.audience == Audience::Ephemeral(user)
            });
            new.or_else(|| {
                w.messages.values().find(|m| {
                    let edited = m.id == panel.id && m.edits > panel.edits;
                    let by_click = i.last_message == Some(panel.id);
                    edited && (by_click || said(m) != said(&panel))
                })
            })
            .cloned()
        })
        .await;
    assert_eq!(
        answer.audience,
        Audience::Ephemeral(user),
        "{}: a move is answered on the mover's own panel: {answer:?}",
        table.kind
    );
    (input, answer)
}

/// What a message says and offers, its picture aside (an embed's `image`).
fn said(m: &Message) -> (String, serde_json::Value, serde_json::Value) {
    let mut embeds = m.embeds.clone();
    for e in embeds.as_array_mut().into_iter().flatten() {
        if let Some(e) = e.as_object_mut() {
            e.remove("image");
        }
    }
    (m.content.clone(), embeds, m.components.clone())
}

/// `/play`: the autocomplete lists the choice, the command makes it, the answer says so.
async fn typed(scene: &Scene, table: &Table, user: u64, choice: u32) {
    let ix = scene
        .fake
        .autocomplete(user, table.channel, "play", "choice", "");
    let offered = scene
        .fake
        .wait("the choices of /play", STEP, |w| {
            w.interactions[&ix].autocomplete.clone()
        })
        .await;
    let values: Vec<String> = offered
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["value"].as_str().map(str::to_owned))
        .collect();
    // Autocomplete shows at most 25; a longer menu is typed by its id all the same.
    assert!(
        values.contains(&choice.to_string()) || values.len() == 25,
        "{}: /play does not offer {choice}: {offered}",
        table.kind
    );
    let done = scene
        .run_in(
            user,
            table.channel,
            "play",
            &[("choice", json!(choice.to_string()))],
        )
        .await;
    let lang = if is_czech(scene, user) {
        Lang::Cs
    } else {
        Lang::En
    };
    assert_eq!(done.audience, Audience::Ephemeral(user), "{done:?}");
    assert_eq!(
        done.content,
        vliv_bot::i18n::msg(lang, "move-applied"),
        "{}: /play {choice}: {done:?}",
        table.kind
    );
}

fn is_czech(scene: &Scene, user: u64) -> bool {
    scene
        .fake
        .world()
        .users
        .get(&user)
        .is_some_and(|u| u.locale == "cs")
}

/// Waits until the table shows the result (in the table's language) and no Hand button.
pub async fn result_on_table(scene: &Scene, table: &Table) -> Message {
    let word = vliv_bot::i18n::msg(table.lang, "table-result");
    let (channel, game) = (table.channel, table.game);
    scene
        .fake
        .wait(
            &format!("the result of {} on its table", table.kind),
            STEP,
            |w| {
                let t = table_in(w, channel, game)?;
                (t.text().contains(&word) && !t.custom_ids().contains(&format!("vh:{game}")))
                    .then_some(t)
            },
        )
        .await
}
