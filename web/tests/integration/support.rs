//! A web table over a fresh SQLite database on a loopback port, and the games it serves.

#![allow(dead_code)]

use std::sync::Arc;
use vliv_service::service::ChannelId;
use vliv_service::service::{GuildId, UserId};

use vliv_engine::{Lang, Level, OptionValues, Seat};
use vliv_service::{
    dispatch::{Dispatcher, FrontEnd},
    service::{
        AiBudget, Caller, GameId, GameRecord, ManualClock, OpenLobby, Platform, Recovery,
        SeatHolder, Service, Signer, WebLinks,
    },
    store::Store,
};
use vliv_web::Web;

pub const GUILD: u64 = 900;
pub const ALICE: u64 = 11;
pub const BOB: u64 = 22;
pub const CAROL: u64 = 33;
pub const KEY: &[u8] = b"a test key of the web table, 32+ bytes long";

pub struct Table {
    pub service: Arc<Service>,
    pub web: Arc<Web>,
    pub clock: ManualClock,
    /// `http://127.0.0.1:PORT`
    pub base: String,
    _dir: tempfile::TempDir,
}

impl Table {
    pub async fn start() -> Table {
        Table::start_with(None, None, Box::new(|web| web)).await
    }

    /// A table keeping at most `caps` pages live.
    pub async fn start_capped(caps: vliv_web::Caps) -> Table {
        Table::start_with(None, None, Box::new(move |web| web.with_caps(caps))).await
    }

    /// A table that opens as `login`'s Discord Activity.
    pub async fn start_as_activity(login: vliv_web::ActivityLogin) -> Table {
        Table::start_with(None, None, Box::new(move |web| web.with_activity(login))).await
    }

    /// A table that opens as a Matrix room widget for `login`'s users.
    pub async fn start_as_widget(login: vliv_web::WidgetLogin) -> Table {
        Table::start_with(None, None, Box::new(move |web| web.with_widget(login))).await
    }

    /// The table handing what its moves change to `front`, the chat front end of the
    /// games' platform (through the process's dispatcher, as `vliv run` wires it).
    pub async fn start_publishing_to(front: Arc<dyn FrontEnd>) -> Table {
        Table::start_with(Some(front), None, Box::new(|web| web)).await
    }

    /// A table whose service runs one review at a time (the tests of the review queue).
    pub async fn start_reviewing_one_at_a_time() -> Table {
        Table::start_with(None, Some(1), Box::new(|web| web)).await
    }

    async fn start_with(
        front: Option<Arc<dyn FrontEnd>>,
        reviews_at_once: Option<usize>,
        configure: Box<dyn FnOnce(Web) -> Web>,
    ) -> Table {
        let dir = tempfile::tempdir().expect("a temp dir");
        let url = format!("sqlite://{}", dir.path().join("vliv.db").display());
        let store = Store::connect(&url).await.expect("the store opens");
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port");
        let base = format!("http://{}", listener.local_addr().unwrap());
        // The real time: a browser's page and the links' expiry read the same clock.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_millis() as i64;
        let clock = ManualClock::at(now);
        let mut service = Service::new(store, Arc::new(clock.clone()))
            // AI seats answer before the move's request returns, fast and reproducibly.
            .with_ai_budget(AiBudget::Iterations(20), false)
            .with_web_links(WebLinks::new(Signer::new(KEY.to_vec()), &base, 24));
        if let Some(n) = reviews_at_once {
            service = service.with_reviews_at_once(n);
        }
        let service = Arc::new(service);
        let mut web = configure(Web::new(service.clone()));
        if let Some(front) = front {
            let dispatcher = Dispatcher::new(service.clone(), Recovery::default());
            dispatcher.register(front);
            web = web.with_dispatcher(dispatcher);
        }
        let web = Arc::new(web);
        let serving = web.clone();
        tokio::spawn(async move { vliv_web::serve(serving, listener).await });
        Table {
            service,
            web,
            clock,
            base,
            _dir: dir,
        }
    }

    /// How many pages are live now.
    pub fn web_live_pages(&self) -> usize {
        self.web.live_pages()
    }

    /// `user`'s link to `game` (`None`: a spectator's).
    pub fn link(&self, game: GameId, user: Option<u64>) -> String {
        self.service
            .web_link(Platform::Discord, game, user.map(UserId))
            .expect("the service makes links")
    }

    /// A Claim game in `channel` between Alice and Bob, started.
    pub async fn claim_between_two(&self, channel: u64, seed: u64) -> GameRecord {
        let rec = self
            .service
            .open(lobby(channel, ALICE, seed))
            .await
            .unwrap();
        self.service.join(rec.id, UserId(BOB)).await.unwrap();
        self.service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap()
            .game
    }

    /// A Claim game in `channel`: Alice against one AI seat, started.
    pub async fn claim_against_ai(&self, channel: u64, seed: u64) -> GameId {
        let rec = self
            .service
            .open(lobby(channel, ALICE, seed))
            .await
            .unwrap();
        self.service
            .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Normal)
            .await
            .unwrap();
        self.service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        rec.id
    }

    /// A game of `kind` in `channel`: Alice against one AI seat of the fastest level,
    /// started.
    pub async fn against_ai(&self, kind: &str, channel: u64, seed: u64) -> GameId {
        let mut open = lobby(channel, ALICE, seed);
        open.kind = kind.into();
        let rec = self.service.open(open).await.unwrap();
        self.service
            .add_ai(rec.id, Caller::user(UserId(ALICE)), Level::Easy)
            .await
            .unwrap();
        self.service
            .start(rec.id, Caller::user(UserId(ALICE)))
            .await
            .unwrap();
        rec.id
    }

    /// The card ids hidden from `seat` now (`None`: from a spectator, every seat's).
    pub async fn hidden_from(&self, game: GameId, seat: Option<Seat>) -> Vec<String> {
        let rec = self.service.game(game).await.unwrap();
        let state = self.service.live(&rec).unwrap();
        match seat {
            Some(seat) => state.secrets(seat),
            None => (0..rec.seats.len() as Seat)
                .flat_map(|s| state.secrets(s))
                .collect(),
        }
    }
}

pub fn lobby(channel: u64, host: u64, seed: u64) -> OpenLobby {
    OpenLobby {
        guild: GuildId(GUILD),
        channel: ChannelId(channel),
        parent: None,
        kind: "claim".into(),
        host: UserId(host),
        seats: vec![SeatHolder::User(UserId(host))],
        options: OptionValues::new(),
        seed: Some(seed),
        lang: Lang::En,
    }
}

/// Claim's cards by their names as players read them (both languages), only the names no
/// other card shares (five Goblin 0s prove nothing), and the cards' rule texts, which name
/// other cards and tell nothing about any hand.
pub struct Deck {
    names: Vec<(String, Vec<String>)>,
    rules: Vec<String>,
}

impl Deck {
    pub fn claim() -> Deck {
        use vliv_engine::games::claim::cards::{Card, DECK_SIZE};
        let say = |t: &vliv_engine::Text, lang: Lang| {
            vliv_service::i18n::tr(lang, t, &|s| lang.seat_name(s))
        };
        let cards: Vec<(String, Vec<String>)> = (0..DECK_SIZE)
            .map(Card)
            .map(|c| (c.id(), Lang::ALL.map(|l| say(&c.text(), l)).to_vec()))
            .collect();
        let count = |name: &str| {
            cards
                .iter()
                .flat_map(|(_, n)| n)
                .filter(|n| *n == name)
                .count()
        };
        let names = cards
            .iter()
            .map(|(id, n)| {
                let mut unique: Vec<String> = n.iter().filter(|n| count(n) == 1).cloned().collect();
                unique.dedup();
                (id.clone(), unique)
            })
            .collect();
        let mut rules = Vec::new();
        if let Some(game) = vliv_engine::registry::find("claim") {
            for card in game.cards() {
                for lang in Lang::ALL {
                    for text in [&card.full, &card.short] {
                        let rule = say(text, lang);
                        rules.push(escape(&rule));
                        rules.push(rule);
                    }
                }
            }
        }
        rules.sort_by_key(|r| std::cmp::Reverse(r.len()));
        Deck { names, rules }
    }

    /// The hidden cards of `ids` that `body` names (as a whole name or by id).
    pub fn named_in(&self, body: &str, ids: &[String]) -> Vec<String> {
        let mut text = body.replace(['\u{2068}', '\u{2069}'], "");
        // A card drawn as a face says its number apart from its name ("3" and "Goblin"):
        // read as the whole name too.
        text.push_str(&drawn_names(&text));
        for rule in self.rules.iter().filter(|r| !r.is_empty()) {
            text = text.replace(rule.as_str(), " ");
        }
        let mut found = Vec::new();
        for (id, names) in self.names.iter().filter(|(id, _)| ids.contains(id)) {
            if shows(&text, id) {
                found.push(id.clone());
            }
            for name in names {
                if shows(&text, name) || shows(&text, &escape(name)) {
                    found.push(format!("{id} ({name})"));
                }
            }
        }
        found
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

/// `name` in `text` as a whole name ("Goblin 1" is not in "Goblin 10").
fn shows(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The whole names ("Goblin 3") of the card faces a body draws: in a page,
/// `<span class="mark">3</span> <span class="name">Goblin</span>`; in the JSON,
/// `"mark":"3","name":"Goblin"`.
fn drawn_names(body: &str) -> String {
    let mut out = String::new();
    for (open, between, close) in [
        (
            "<span class=\"mark\">",
            "</span> <span class=\"name\">",
            "</span>",
        ),
        ("\"mark\":\"", "\",\"name\":\"", "\""),
    ] {
        let mut rest = body;
        while let Some(at) = rest.find(open) {
            rest = &rest[at + open.len()..];
            let Some(end) = rest.find(between) else {
                break;
            };
            let mark = &rest[..end];
            let after = &rest[end + between.len()..];
            let Some(stop) = after.find(close) else {
                break;
            };
            out.push_str(&format!(" {} {mark} ", &after[..stop]));
            rest = after;
        }
    }
    out
}
