//! A conversation outside any server sets its own clocks: anyone in it reads and changes
//! them while no game runs there, its games follow them (and no other conversation's or
//! server's games do), and on a server the request is refused: there the admins set them.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use vliv_bot::{
    app::{execute, Answer, ClockChange, Origin, Refusal, Request, Target},
    service::{Clock, DeadlineKind, GameId, Place, Platform, Service, TimeoutAction, NO_SERVER},
};
use vliv_engine::{Arg, Text};

const FRIENDS: u64 = 700;
const OTHERS: u64 = 701;

fn in_conversation(user: u64, channel: u64) -> Origin {
    Origin {
        platform: Platform::Discord,
        user: UserId(user),
        place: Place::conversation(ChannelId(channel)),
        admin: false,
        private: false,
        key: None,
        reads: None,
        name: None,
    }
}

async fn clocks(service: &Service, origin: &Origin, change: ClockChange) -> Result<Text, Text> {
    match execute(service, origin, Request::ConversationClocks(change)).await {
        Ok(outcome) => match outcome.answer {
            Answer::Said(text) => Ok(text),
            _ => panic!("the clocks are said"),
        },
        Err(Refusal::Refused(text)) => Err(text),
        Err(_) => panic!("a refusal, not a failure"),
    }
}

fn minutes(text: &Text, name: &str) -> i64 {
    match text.args.iter().find(|(n, _)| n == name) {
        Some((_, Arg::Int(n))) => *n,
        other => panic!("{name}: {other:?} in {text:?}"),
    }
}

/// The game's timeout: how long after its start its player's time runs out, in minutes.
async fn timeout_after_start(service: &Service, game: GameId, started_ms: i64) -> i64 {
    let deadlines = service.store().deadlines(game).await.unwrap();
    let timeout = deadlines
        .iter()
        .find(|d| d.kind == DeadlineKind::Timeout)
        .expect("a running game's turn has a timeout");
    (timeout.due_ms - started_ms) / 60_000
}

/// A Claim game opened, joined and started in `origin`'s conversation: its id.
async fn started(service: &Service, origin: &Origin) -> GameId {
    let open = Request::OpenLobby {
        game: "claim".into(),
        options: String::new(),
        thread: None,
    };
    execute(service, origin, open).await.expect("a lobby opens");
    let game = service
        .store()
        .active_game(origin.place.channel)
        .await
        .unwrap()
        .unwrap()
        .id;
    let bob = Origin {
        user: UserId(BOB),
        ..origin.clone()
    };
    execute(service, &bob, Request::Join(Target::Game(game)))
        .await
        .expect("Bob joins");
    execute(service, origin, Request::Start(Target::Game(game)))
        .await
        .expect("the game starts");
    game
}

#[tokio::test]
async fn a_conversation_sets_its_own_clocks_while_no_game_runs_there() {
    for db in backends().await {
        let service = db.service().await;
        let alice = in_conversation(ALICE, FRIENDS);
        // The defaults to begin with: a reminder after 12 hours, the time out after 48.
        let shown = clocks(&service, &alice, ClockChange::default())
            .await
            .unwrap();
        assert_eq!(shown.key, "conversation-clocks");
        assert_eq!(minutes(&shown, "reminder"), 12 * 60);
        assert_eq!(minutes(&shown, "timeout"), 48 * 60);

        // Bob, no admin of anything, gives the conversation a week a move.
        let bob = in_conversation(BOB, FRIENDS);
        let week = ClockChange {
            reminder: Some(24 * 60),
            timeout: Some(7 * 24 * 60),
            action: Some(TimeoutAction::Ai),
        };
        let set = clocks(&service, &bob, week).await.unwrap();
        assert_eq!(minutes(&set, "timeout"), 7 * 24 * 60);
        let read = clocks(&service, &alice, ClockChange::default())
            .await
            .unwrap();
        assert_eq!(
            (minutes(&read, "reminder"), minutes(&read, "timeout")),
            (24 * 60, 7 * 24 * 60),
            "the change is the conversation's, read by everyone in it"
        );
        assert_eq!(
            read.args
                .iter()
                .find(|(n, _)| n == "action")
                .map(|(_, a)| a),
            Some(&Arg::Text(Text::new("timeout-action-ai")))
        );

        // Its game runs on its clocks; another conversation's on the defaults.
        let now = db.clock.now_ms();
        let game = started(&service, &alice).await;
        assert_eq!(timeout_after_start(&service, game, now).await, 7 * 24 * 60);
        let elsewhere = in_conversation(ALICE, OTHERS);
        let other = started(&service, &elsewhere).await;
        assert_eq!(timeout_after_start(&service, other, now).await, 48 * 60);
        let no_server = service.guild_config(NO_SERVER).await.unwrap();
        assert_eq!(no_server.timeout_minutes, 48 * 60, "no other place changed");

        // While the game runs, nobody changes them: the opponent's clock stays as agreed.
        let shorter = ClockChange {
            timeout: Some(5),
            ..ClockChange::default()
        };
        let refused = clocks(&service, &bob, shorter).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("err-clocks-while-running".into())
        );
        let read = clocks(&service, &bob, ClockChange::default())
            .await
            .unwrap();
        assert_eq!(minutes(&read, "timeout"), 7 * 24 * 60, "nothing changed");

        // On a server the admins set the clocks: the request is refused there.
        let server = Origin {
            place: Place::channel(GuildId(GUILD), ChannelId(FRIENDS)),
            admin: true,
            ..alice.clone()
        };
        let refused = clocks(&service, &server, ClockChange::default()).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("err-clocks-of-server".into())
        );
        assert_eq!(
            service
                .guild_config(GuildId(GUILD))
                .await
                .unwrap()
                .timeout_minutes,
            48 * 60
        );
    }
}
