//! The application layer on its own, on SQLite and Postgres: one request is carried out the
//! same way whichever front end asks, the place is checked once for every request, and a
//! refusal is worded for the asker's platform only where a text names a platform's thing.

use crate::common;
use vliv_bot::service::{ChannelId, GuildId, UserId};

use common::*;
use vliv_bot::{
    app::{execute, Answer, Numbers, Origin, Plan, Refusal, Request, Target},
    service::{Caller, Place, Platform, Service},
};
use vliv_engine::Text;

const TABLE: u64 = 500;
const ELSEWHERE: u64 = 501;

fn asker(platform: Platform, user: u64, channel: u64) -> Origin {
    Origin {
        platform,
        user: UserId(user),
        place: Place::channel(GuildId(GUILD), ChannelId(channel)),
        admin: false,
        private: false,
        key: None,
        reads: None,
        name: None,
    }
}

/// The key of a refusal's text, or of an answer's when it is a text.
fn said(done: Result<vliv_bot::app::Outcome, Refusal>) -> Result<Text, Text> {
    match done {
        Ok(o) => match o.answer {
            Answer::Said(text) => Ok(text),
            Answer::Started => Ok(Text::new("(started)")),
            Answer::ConfirmLeave(_) => Ok(Text::new("(confirm leave)")),
            Answer::ConfirmAbandon(_) => Ok(Text::new("(confirm abandon)")),
            Answer::Hands(h) => Ok(Text::new(format!("({} hands)", h.len()))),
            Answer::LobbyMayOpen { .. } => Ok(Text::new("(may open)")),
            Answer::Rematch { .. } => Ok(Text::new("(rematch)")),
            Answer::History(p) => Ok(Text::new(format!("({} ended)", p.entries.len()))),
            Answer::Games(g) => Ok(Text::new(format!("({} games)", g.len()))),
            Answer::Log { lines, .. } => Ok(Text::new(format!("({} lines)", lines.len()))),
            Answer::CardTexts(h) => Ok(Text::new(format!("({} card lists)", h.len()))),
            Answer::Hint(h) => Ok(Text::new(format!("({} hinted choices)", h.choices.len()))),
            Answer::Review(_) => Ok(Text::new("(review)")),
            Answer::WebLink { .. } => Ok(Text::new("(web link)")),
            Answer::Rules { .. } => Ok(Text::new("(rules)")),
            Answer::Card(_) => Ok(Text::new("(card)")),
            Answer::Score(s) => Ok(Text::new(format!("(score {})", s.total))),
            Answer::Replay(s) => Ok(Text::new(format!("(step {} of {})", s.step, s.total))),
            Answer::Export(e) => Ok(Text::new(format!("(export of {} moves)", e.moves.len()))),
            Answer::Stats(s) => Ok(Text::new(format!("({} finished)", s.games))),
            Answer::Leaderboard(b) => Ok(Text::new(format!("({} rated)", b.players))),
            Answer::MySettings { .. } => Ok(Text::new("(my settings)")),
            Answer::ServerSettings { .. } => Ok(Text::new("(server settings)")),
            Answer::GamePreferences { game, prefs } => Ok(Text::new(format!(
                "({} preferences of {game})",
                prefs.len()
            ))),
        },
        Err(Refusal::Refused(text)) => Err(text),
        Err(other) => panic!("not a refusal but {other:?}"),
    }
}

async fn ask(service: &Service, origin: &Origin, request: Request) -> Result<Text, Text> {
    said(execute(service, origin, request).await)
}

#[tokio::test]
async fn joining_answers_who_sat_down_and_plans_the_table_on_every_platform() {
    for db in backends().await {
        let service = db.service().await;
        for (i, platform) in [Platform::Discord, Platform::Matrix]
            .into_iter()
            .enumerate()
        {
            let channel = TABLE + i as u64;
            let lobby = service.open(lobby(channel, ALICE, 1)).await.unwrap();
            let origin = asker(platform, BOB, channel);
            let outcome = execute(&service, &origin, Request::Join(Target::Here))
                .await
                .unwrap_or_else(|e| panic!("{}: {e:?}", db.backend));
            let Answer::Said(text) = outcome.answer else {
                panic!("{platform:?}: a join is answered with a text");
            };
            assert_eq!(text.key, "seat-taken", "{platform:?}");
            assert!(
                matches!(outcome.publish, Plan::Table { game, repost: false } if game == lobby.id),
                "{platform:?}: the lobby's table is brought up to date"
            );
        }
    }
}

/// The disagreement this layer ended: a game the server's channel list no longer allows
/// refuses everything on it (with the reason) but leaving, on Discord and Matrix alike.
#[tokio::test]
async fn a_channel_disallowed_after_the_start_refuses_all_but_leaving_on_every_platform() {
    for db in backends().await {
        let service = db.service().await;
        let rec = started(&service, TABLE, 3).await;
        service
            .configure(
                GuildId(GUILD),
                Caller {
                    user: UserId(ALICE),
                    is_admin: true,
                },
                |cfg| {
                    cfg.channels = vec![ChannelId(ELSEWHERE)];
                    Ok(())
                },
            )
            .await
            .unwrap();
        for platform in [Platform::Discord, Platform::Matrix] {
            let alice = asker(platform, ALICE, TABLE);
            let typed = Request::Play {
                typed: "1".into(),
                numbers: Numbers::Positions,
            };
            for request in [
                Request::Status,
                Request::Concede,
                Request::Watch,
                Request::Substitute {
                    to: UserId(CAROL),
                    seat: None,
                },
                Request::OfferDraw,
                Request::Hand,
                Request::CardTexts(Target::Here),
                Request::Log,
                typed,
                Request::Join(Target::Game(rec.id)),
            ] {
                let kind = request.kind();
                let refused = ask(&service, &alice, request).await;
                assert_eq!(
                    refused.map_err(|t| t.key),
                    Err("err-channel-not-allowed".into()),
                    "{} {platform:?} {kind:?}",
                    db.backend
                );
            }
            let leave = Request::Leave {
                game: Target::Here,
                confirmed: false,
            };
            let asked = ask(&service, &alice, leave).await;
            assert_eq!(
                asked.map(|t| t.key),
                Ok("(confirm leave)".into()),
                "{platform:?}: leaving stays possible"
            );
            // What was played here stays readable.
            let history = ask(&service, &alice, Request::History { page: 0 }).await;
            assert_eq!(history.map(|t| t.key), Ok("(0 ended)".into()));
        }
        assert_eq!(service.game(rec.id).await.unwrap().version, rec.version);
    }
}

/// A button copied into another channel names a game that does not live there.
#[tokio::test]
async fn a_click_on_another_channels_game_is_refused() {
    for db in backends().await {
        let service = db.service().await;
        let lobby = service.open(lobby(TABLE, ALICE, 5)).await.unwrap();
        let bob = asker(Platform::Discord, BOB, ELSEWHERE);
        let refused = ask(&service, &bob, Request::Join(Target::Game(lobby.id))).await;
        assert_eq!(refused.map_err(|t| t.key), Err("err-foreign-game".into()));
        // At the console a game's choice is typed, not a button: said in its words.
        let console = asker(Platform::Console, BOB, ELSEWHERE);
        let refused = ask(&service, &console, Request::Join(Target::Game(lobby.id))).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("console-err-foreign-game".into())
        );
        assert_eq!(service.game(lobby.id).await.unwrap().seats.len(), 1);
    }
}

/// The same rule, in each platform's words: an admin is Discord's Manage Server and a
/// Matrix room's moderator; a DM hosts no game.
#[tokio::test]
async fn a_refusal_names_the_askers_platform_only_where_it_must() {
    for db in backends().await {
        let service = db.service().await;
        let back = || Request::Back {
            who: Some(UserId(BOB)),
        };
        let discord = ask(&service, &asker(Platform::Discord, ALICE, TABLE), back()).await;
        let matrix = ask(&service, &asker(Platform::Matrix, ALICE, TABLE), back()).await;
        let console = ask(&service, &asker(Platform::Console, ALICE, TABLE), back()).await;
        assert_eq!(discord.map_err(|t| t.key), Err("err-not-admin".into()));
        assert_eq!(
            matrix.map_err(|t| t.key),
            Err("matrix-not-moderator".into())
        );
        assert_eq!(console.map_err(|t| t.key), Err("console-not-admin".into()));
        let mut private = asker(Platform::Matrix, ALICE, TABLE);
        private.private = true;
        let refused = ask(&service, &private, Request::Join(Target::Here)).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("matrix-not-in-direct-room".into())
        );
        // Neither platform's wording differs where the rule names nothing of its own.
        let nothing = |p| asker(p, ALICE, ELSEWHERE);
        let d = ask(&service, &nothing(Platform::Discord), Request::Concede).await;
        let m = ask(&service, &nothing(Platform::Matrix), Request::Concede).await;
        let c = ask(&service, &nothing(Platform::Console), Request::Concede).await;
        assert_eq!(d.clone().map_err(|t| t.key), m.map_err(|t| t.key));
        assert_eq!(d.map_err(|t| t.key), c.map_err(|t| t.key));
    }
}

/// Abandoning asks the host (or an admin) to confirm; anyone else is refused.
#[tokio::test]
async fn abandoning_is_confirmed_by_the_host_and_refused_to_others() {
    for db in backends().await {
        let service = db.service().await;
        let rec = started(&service, TABLE, 7).await;
        let abandon = |confirmed| Request::Abandon {
            game: Target::Here,
            confirmed,
        };
        let bob = asker(Platform::Discord, BOB, TABLE);
        assert_eq!(
            ask(&service, &bob, abandon(false)).await.map_err(|t| t.key),
            Err("err-not-host".into())
        );
        let alice = asker(Platform::Discord, ALICE, TABLE);
        assert_eq!(
            ask(&service, &alice, abandon(false)).await.map(|t| t.key),
            Ok("(confirm abandon)".into())
        );
        assert!(service.game(rec.id).await.unwrap().status.is_active());
        let done = execute(&service, &alice, abandon(true)).await.unwrap();
        assert!(matches!(done.publish, Plan::Report { .. }));
        assert!(!service.game(rec.id).await.unwrap().status.is_active());
    }
}

/// The log is read for the asker: a seat reads its own private events beside the public
/// ones, a spectator the public ones only, and both the same public ones.
#[tokio::test]
async fn a_log_shows_a_seat_its_own_private_events_and_a_spectator_none() {
    for db in backends().await {
        let service = db.service().await;
        let rec = started(&service, TABLE, 9).await;
        // Claim's first phase: each trick's winner takes the shown card, the loser draws
        // one blind (told to that seat only).
        for _ in 0..8 {
            step(&service, rec.id, 0).await.unwrap().unwrap();
        }
        let log = |user| {
            let service = &service;
            async move {
                let origin = asker(Platform::Discord, user, TABLE);
                match execute(service, &origin, Request::Log)
                    .await
                    .unwrap()
                    .answer
                {
                    Answer::Log { lines, .. } => lines,
                    _ => panic!("a log"),
                }
            }
        };
        let (alice, bob, carol) = (log(ALICE).await, log(BOB).await, log(CAROL).await);
        assert!(carol.iter().all(|(_, private)| !private), "{carol:?}");
        assert!(
            alice.iter().any(|(_, p)| *p) || bob.iter().any(|(_, p)| *p),
            "a seat reads its blind draws"
        );
        let public = |lines: &[(Text, bool)]| -> Vec<Text> {
            lines
                .iter()
                .filter(|(_, p)| !p)
                .map(|(t, _)| t.clone())
                .collect()
        };
        assert_eq!(public(&alice), public(&carol));
        assert_eq!(public(&bob), public(&carol));
        // Nothing private of one seat is in another's log.
        let private = |lines: &[(Text, bool)]| -> Vec<Text> {
            lines
                .iter()
                .filter(|(_, p)| *p)
                .map(|(t, _)| t.clone())
                .collect()
        };
        let bobs = private(&bob);
        assert!(private(&alice).iter().all(|line| !bobs.contains(line)));
    }
}

/// The server's settings through the one request: a member reads them, an admin changes
/// them (the refusal in each platform's words), a zone or game that does not exist
/// changes nothing, and a private conversation has no server.
#[tokio::test]
async fn server_settings_are_read_by_anyone_and_changed_by_an_admin_only() {
    use vliv_bot::app::{ListChange, MyChange, ServerChange};
    for db in backends().await {
        let service = db.service().await;
        for (platform, refusal) in [
            (Platform::Discord, "err-not-admin"),
            (Platform::Matrix, "matrix-not-moderator"),
        ] {
            let member = asker(platform, BOB, TABLE);
            let hints = Request::ServerSettings {
                change: Some(ServerChange::Hints(false)),
                storage: false,
            };
            let refused = ask(&service, &member, hints.clone()).await;
            assert_eq!(
                refused.map_err(|t| t.key),
                Err(refusal.into()),
                "{platform:?}"
            );
            let outcome = execute(
                &service,
                &member,
                Request::ServerSettings {
                    change: None,
                    storage: false,
                },
            )
            .await
            .unwrap();
            let Answer::ServerSettings { config, storage } = outcome.answer else {
                panic!("the settings shown");
            };
            assert!(
                config.hints,
                "{}: unchanged by the refused change",
                db.backend
            );
            assert!(storage.is_none(), "not asked");

            let mut admin = asker(platform, ALICE, TABLE);
            admin.admin = true;
            let outcome = execute(&service, &admin, hints).await.unwrap();
            let Answer::ServerSettings { config, storage } = outcome.answer else {
                panic!("the settings changed");
            };
            assert!(!config.hints && storage.is_none(), "{}", db.backend);
            // The storage used is an admin's to read.
            let with_storage = Request::ServerSettings {
                change: None,
                storage: true,
            };
            let refused = ask(&service, &member, with_storage.clone()).await;
            assert_eq!(
                refused.map_err(|t| t.key),
                Err(refusal.into()),
                "{platform:?}"
            );
            let outcome = execute(&service, &admin, with_storage).await.unwrap();
            let Answer::ServerSettings { storage, .. } = outcome.answer else {
                panic!("the settings shown");
            };
            assert!(storage.is_some(), "{}", db.backend);
            let zone = Request::ServerSettings {
                change: Some(ServerChange::Zone("Mars/Olympus".into())),
                storage: false,
            };
            assert_eq!(
                ask(&service, &admin, zone).await.map_err(|t| t.key),
                Err(match platform {
                    Platform::Matrix => "matrix-unknown-zone".into(),
                    _ => "err-unknown-zone".into(),
                })
            );
            let game = Request::ServerSettings {
                change: Some(ServerChange::Game {
                    game: Some("chess".into()),
                    change: ListChange::Remove,
                }),
                storage: false,
            };
            assert_eq!(
                ask(&service, &admin, game).await.map_err(|t| t.key),
                Err("err-unknown-game".into())
            );
            let zone = Request::ServerSettings {
                change: Some(ServerChange::Zone("europe/prague".into())),
                storage: false,
            };
            execute(&service, &admin, zone).await.unwrap();
            let cfg = service.guild_config(GuildId(GUILD)).await.unwrap();
            assert_eq!(
                cfg.time_zone.as_deref(),
                Some("Europe/Prague"),
                "its stored name"
            );
            assert!(cfg.enabled_games.is_none(), "no game was disabled");
            let reset = Request::ServerSettings {
                change: Some(ServerChange::Hints(true)),
                storage: false,
            };
            execute(&service, &admin, reset).await.unwrap();

            let mut private = asker(platform, ALICE, TABLE);
            private.private = true;
            assert!(ask(
                &service,
                &private,
                Request::ServerSettings {
                    change: None,
                    storage: false,
                }
            )
            .await
            .is_err());
            // A person's own settings are theirs anywhere, a private conversation too.
            let quiet = MyChange {
                quiet: Some("22-08".into()),
                ..MyChange::default()
            };
            let outcome = execute(&service, &private, Request::MySettings(quiet))
                .await
                .unwrap();
            let Answer::MySettings { time, .. } = outcome.answer else {
                panic!("my settings");
            };
            assert_eq!(time.and_then(|t| t.quiet), Some((22 * 60, 8 * 60)));
        }
    }
}

/// A player's preferences for a game: the same request anywhere (a DM too), shown when
/// nothing is typed, changed by `key=value`, a value the game does not offer refused and
/// nothing changed; a game without preferences says so; a leaderboard page of another
/// server (a copied button) is refused by the layer, not by a front end.
#[tokio::test]
async fn preferences_are_the_askers_anywhere_and_a_leaderboard_of_another_server_is_refused() {
    use vliv_engine::OptionValue;
    for db in backends().await {
        let service = db.service().await;
        let mut dm = asker(Platform::Discord, ALICE, TABLE);
        dm.private = true;
        let prefs = |values: &str| Request::GamePreferences {
            game: "ovlivneni".into(),
            values: values.into(),
        };
        let shown = execute(&service, &dm, prefs("")).await.unwrap();
        let Answer::GamePreferences { game, prefs: set } = shown.answer else {
            panic!("the preferences shown");
        };
        assert_eq!((game, set.len()), ("ovlivneni", 0), "{}", db.backend);
        let changed = execute(&service, &dm, prefs("reactions=auto_pass"))
            .await
            .unwrap();
        let Answer::GamePreferences { prefs: set, .. } = changed.answer else {
            panic!("the preferences changed");
        };
        assert_eq!(
            set.get("reactions"),
            Some(&OptionValue::Str("auto_pass".into()))
        );
        let refused = ask(&service, &dm, prefs("reactions=sometimes")).await;
        assert!(refused.is_err(), "{refused:?}");
        let stored = service.user_settings(UserId(ALICE)).await.unwrap();
        assert_eq!(
            stored.game_prefs["ovlivneni"].get("reactions"),
            Some(&OptionValue::Str("auto_pass".into())),
            "{}: unchanged by the refused value",
            db.backend
        );
        let none = Request::GamePreferences {
            game: "claim".into(),
            values: String::new(),
        };
        assert!(ask(&service, &dm, none).await.is_err());

        let member = asker(Platform::Discord, BOB, TABLE);
        let board = |of| Request::Leaderboard {
            game: "claim".into(),
            page: 0,
            of,
        };
        assert_eq!(
            ask(&service, &member, board(Some(GuildId(GUILD + 1))))
                .await
                .map_err(|t| t.key),
            Err("err-foreign-board".into())
        );
        assert!(ask(&service, &member, board(Some(GuildId(GUILD))))
            .await
            .is_ok());
        assert!(ask(&service, &member, board(None)).await.is_ok());
    }
}

/// A conversation among friends outside any server hosts games in the no-server scope; the
/// bot's own DM hosts none and says, in Discord's words, where games are played. A click
/// names its game only where it lives: a conversation's game is foreign to a server's
/// channel of the same id, and the other way round.
#[tokio::test]
async fn a_conversation_hosts_games_outside_every_server_and_the_bots_dm_none() {
    use vliv_bot::service::NO_SERVER;
    for db in backends().await {
        let service = db.service().await;
        // Alice reads Czech: a game she opens outside a server is played in Czech.
        service
            .update_user_settings(UserId(ALICE), |s| s.lang = Some(vliv_engine::Lang::Cs))
            .await
            .unwrap();
        let friends = Origin {
            place: Place::conversation(ChannelId(TABLE)),
            ..asker(Platform::Discord, ALICE, TABLE)
        };
        let open = Request::OpenLobby {
            game: "claim".into(),
            options: String::new(),
            thread: None,
        };
        let opened = execute(&service, &friends, open)
            .await
            .expect("a lobby opens");
        let Plan::Table { game, .. } = opened.publish else {
            panic!("a lobby's table is planned");
        };
        let rec = service.game(game).await.unwrap();
        assert_eq!((rec.guild, rec.channel), (NO_SERVER, ChannelId(TABLE)));
        assert_eq!(rec.lang, vliv_engine::Lang::Cs, "the host's own language");
        let bob = Origin {
            user: UserId(BOB),
            ..friends.clone()
        };
        assert!(ask(&service, &bob, Request::Join(Target::Game(game)))
            .await
            .is_ok());
        // No leaderboard outside servers: it would name other conversations' players.
        let board = Request::Leaderboard {
            game: "claim".into(),
            page: 0,
            of: None,
        };
        let refused = ask(&service, &bob, board).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("no-leaderboard-outside-servers".into())
        );
        // The same channel id in a server is another place.
        let server = asker(Platform::Discord, CAROL, TABLE);
        let refused = ask(&service, &server, Request::Join(Target::Game(game))).await;
        assert_eq!(refused.map_err(|t| t.key), Err("err-foreign-game".into()));
        // The bot's DM hosts nothing, and says where games are played.
        let dm = Origin {
            place: Place::dm(ChannelId(ELSEWHERE)),
            private: true,
            ..asker(Platform::Discord, ALICE, ELSEWHERE)
        };
        let open = Request::OpenLobby {
            game: "claim".into(),
            options: String::new(),
            thread: None,
        };
        let refused = ask(&service, &dm, open).await;
        assert_eq!(
            refused.map_err(|t| t.key),
            Err("discord-not-in-bot-dm".into())
        );
        assert_eq!(service.game(game).await.unwrap().seats.len(), 2);
    }
}
