//! The bot's Discord request budget. Every request the publisher makes is classified the
//! way Discord limits it — exempt (interaction callbacks, follow-ups and their edits, made
//! with the interaction's own token), per channel (a message created, edited or deleted in a
//! channel: its channel's bucket and the global limit) or global (anything else on the bot
//! token) — and counted. Requests under the global limit are paced below it: serenity's
//! limiter learns route buckets from headers but only reacts to a global 429 after the fact,
//! and many concurrent requests would each meet one.
//!
//! It also remembers what spares requests: the latest interaction token of each game's
//! channel (a turn ping is then a follow-up, and so is the table, edited through the token
//! that posted it), each player's open panel (a waiting player's
//! panel is edited instead of sending a DM) and the DM channels already opened.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicU64, Ordering},
        LazyLock, Mutex,
    },
    time::{Duration, Instant},
};

use vliv_engine::Lang;

use vliv_service::service::{ChannelId, GameId, MessageId, UserId};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Class {
    Exempt,
    Channel,
    Global,
}

static SPENT: [AtomicU64; 3] = [AtomicU64::new(0), AtomicU64::new(0), AtomicU64::new(0)];

/// Discord's global limit per bot token.
pub const DISCORD_GLOBAL_PER_SEC: u32 = 50;
/// The share of the global limit the pacer uses: a window boundary or a late answer must
/// not tip a full second over.
const PACE_SHARE: f64 = 0.9;

struct Pacer {
    interval: Duration,
    next: Instant,
}

static PACER: LazyLock<tokio::sync::Mutex<Pacer>> = LazyLock::new(|| {
    tokio::sync::Mutex::new(Pacer {
        interval: interval(DISCORD_GLOBAL_PER_SEC),
        next: Instant::now(),
    })
});

fn interval(per_sec: u32) -> Duration {
    Duration::from_secs_f64(1.0 / (f64::from(per_sec.max(1)) * PACE_SHARE))
}

/// Sets the global limit the pacer keeps under (a tightened fake in tests).
pub async fn set_global_limit(per_sec: u32) {
    PACER.lock().await.interval = interval(per_sec);
}

static STARTED: LazyLock<Instant> = LazyLock::new(Instant::now);
static LOGGED_AT: AtomicU64 = AtomicU64::new(0);
/// How often the counts are logged.
const LOG_EVERY_SECS: u64 = 60;

/// Counts one request, and waits for its turn if it falls under the global limit.
pub async fn spend(class: Class) {
    SPENT[class as usize].fetch_add(1, Ordering::Relaxed);
    let secs = STARTED.elapsed().as_secs();
    let logged = LOGGED_AT.load(Ordering::Relaxed);
    if secs >= logged + LOG_EVERY_SECS
        && LOGGED_AT
            .compare_exchange(logged, secs, Ordering::Relaxed, Ordering::Relaxed)
            .is_ok()
    {
        let [exempt, channel, global] = spent();
        tracing::info!(exempt, channel, global, "Discord requests so far by class");
    }
    if class == Class::Exempt {
        return;
    }
    let slot = {
        let mut p = PACER.lock().await;
        let now = Instant::now();
        let slot = p.next.max(now);
        p.next = slot + p.interval;
        slot
    };
    tokio::time::sleep_until(slot.into()).await;
}

/// Requests made so far: exempt, per channel, global.
pub fn spent() -> [u64; 3] {
    [0, 1, 2].map(|i| SPENT[i].load(Ordering::Relaxed))
}

/// An interaction token stays usable for 15 minutes; leave a margin for the request.
const TOKEN_LIFE: Duration = Duration::from_secs(14 * 60);

/// An interaction's token, where it was used and when it arrived.
#[derive(Clone, Debug)]
pub struct Token {
    pub token: String,
    pub channel: ChannelId,
    pub at: Instant,
}

impl Token {
    pub fn new(token: &str, channel: ChannelId) -> Token {
        Token {
            token: token.to_owned(),
            channel,
            at: Instant::now(),
        }
    }

    pub fn fresh(&self) -> bool {
        self.at.elapsed() < TOKEN_LIFE
    }
}

/// A player's ephemeral panel: the `@original` of an interaction (the message `message`)
/// or, once it replaced an outgrown panel, a follow-up of it (`followup`), in their
/// language.
#[derive(Clone, Debug)]
pub struct Panel {
    pub token: Token,
    pub message: u64,
    pub followup: bool,
    pub lang: Lang,
}

#[derive(Default)]
struct Book {
    /// The latest interaction in each game's channel.
    latest: HashMap<GameId, Token>,
    panels: HashMap<(GameId, UserId), Panel>,
    /// The live ping of a game when a follow-up posted it, with that follow-up's token.
    pings: HashMap<GameId, (MessageId, Token)>,
    /// A game's table when a follow-up posted it, with that follow-up's token.
    table_posts: HashMap<GameId, (MessageId, Token)>,
    dm_channels: HashMap<UserId, ChannelId>,
    tables: HashMap<GameId, TableSlot>,
    /// Games in a conversation whose table no token could show: the next click there
    /// re-posts it.
    stale: HashMap<GameId, ChannelId>,
}

/// A game's table edits: the latest publisher's number, when the table was last edited,
/// and whether a publisher that gave way owed a turn announcement.
#[derive(Clone, Copy)]
struct TableSlot {
    latest: u64,
    edited: Option<Instant>,
    new_turn: bool,
}

/// A table is edited at most once per this.
pub const TABLE_EVERY: Duration = Duration::from_secs(1);

/// A publisher's place in its game's queue of table edits.
pub struct TableTicket {
    game: GameId,
    number: u64,
    pub not_before: Instant,
}

/// Queues a table edit of `game`: wait until `not_before`, then [`TableTicket::claim`].
pub fn table_ticket(game: GameId, new_turn: bool) -> TableTicket {
    let mut b = book();
    let slot = b.tables.entry(game).or_insert(TableSlot {
        latest: 0,
        edited: None,
        new_turn: false,
    });
    slot.latest += 1;
    slot.new_turn |= new_turn;
    TableTicket {
        game,
        number: slot.latest,
        not_before: slot.edited.map_or_else(Instant::now, |t| t + TABLE_EVERY),
    }
}

impl TableTicket {
    /// `None` if a later publisher of the same game will edit the table (the latest state
    /// wins); else whether a turn is to be announced, and the edit is booked for now.
    pub fn claim(&self) -> Option<bool> {
        let mut b = book();
        let slot = b.tables.get_mut(&self.game)?;
        if slot.latest != self.number {
            return None;
        }
        slot.edited = Some(Instant::now());
        Some(std::mem::take(&mut slot.new_turn))
    }

    /// Whether no publisher of the game queued after this one: a table this one posted may
    /// show a state older than the record it got back, and the later one shows the rest.
    pub fn is_latest(&self) -> bool {
        book()
            .tables
            .get(&self.game)
            .is_some_and(|slot| slot.latest == self.number)
    }
}

static BOOK: LazyLock<Mutex<Book>> = LazyLock::new(Default::default);

fn book() -> std::sync::MutexGuard<'static, Book> {
    BOOK.lock().unwrap_or_else(|p| p.into_inner())
}

/// A fresh token of an interaction in the game's own channel, for a public follow-up.
pub fn latest(game: GameId, channel: ChannelId) -> Option<Token> {
    book()
        .latest
        .get(&game)
        .filter(|t| t.fresh() && t.channel == channel)
        .cloned()
}

/// A token this young gives a table posted through it most of a token's life of exempt
/// edits: a table is moved to a follow-up only through one.
const YOUNG: Duration = Duration::from_secs(60);

/// A token of an interaction in the game's channel that arrived within the last minute.
pub fn young(game: GameId, channel: ChannelId) -> Option<Token> {
    latest(game, channel).filter(|t| t.at.elapsed() < YOUNG)
}

/// An interaction of `game` in `channel` whose answer is out: a later follow-up of it is a
/// message of its own (a new lobby's table).
pub fn answered(game: GameId, token: &str, channel: ChannelId) {
    book().latest.insert(game, Token::new(token, channel));
}

pub fn table_posted(game: GameId, message: MessageId, token: Token) {
    let mut b = book();
    b.table_posts.insert(game, (message, token));
    b.stale.remove(&game);
}

/// The token that posted the table no longer edits it (Discord answered 401 / 50027: its
/// 15 minutes are over, whatever our clock says).
pub fn table_token_lost(game: GameId) {
    book().table_posts.remove(&game);
}

/// A game in conversation `channel` whose table could not be shown: no token reached it.
pub fn table_stale(game: GameId, channel: ChannelId) {
    book().stale.insert(game, channel);
}

/// The games of a conversation whose tables wait for an interaction there to be shown.
pub fn stale_in(channel: ChannelId) -> Vec<GameId> {
    book()
        .stale
        .iter()
        .filter(|(_, c)| **c == channel)
        .map(|(g, _)| *g)
        .collect()
}

/// The game's latest token was refused (expired, or its follow-ups spent): not used again.
pub fn token_lost(game: GameId, token: &str) {
    let mut b = book();
    if b.latest.get(&game).is_some_and(|t| t.token == token) {
        b.latest.remove(&game);
    }
}

/// The token that posted this table, while it can still edit it.
pub fn table_token(game: GameId, message: MessageId) -> Option<Token> {
    book()
        .table_posts
        .get(&game)
        .filter(|(m, t)| *m == message && t.fresh())
        .map(|(_, t)| t.clone())
}

/// `user` now looks at their panel of `game` through this interaction's `@original`. Its
/// answer is out, so a later follow-up of it is a message of its own: the game's next turn
/// ping can be one (a deferred reply's first follow-up would fill its placeholder instead).
pub fn panel_opened(
    game: GameId,
    user: UserId,
    token: &str,
    channel: ChannelId,
    message: u64,
    lang: Lang,
) {
    let token = Token::new(token, channel);
    let mut b = book();
    b.latest.insert(game, token.clone());
    b.panels.insert(
        (game, user),
        Panel {
            token,
            message,
            followup: false,
            lang,
        },
    );
}

/// The panel `user` looks at in `game` moved to `message`, a follow-up of the
/// interaction behind `token` (`layout_v2::panel`: it replaced one that outgrew Components
/// V2). A panel the player opened meanwhile, through another token, stays the one.
pub fn panel_moved(game: GameId, user: UserId, token: &str, message: u64) {
    if let Some(p) = book().panels.get_mut(&(game, user)) {
        if p.token.token == token {
            p.message = message;
            p.followup = true;
        }
    }
}

/// A panel used this recently is one its player is looking at: their turn shows there.
const LOOKING: Duration = Duration::from_secs(5 * 60);

/// A player who clicked a panel this recently is playing: their turn on it needs no ping.
pub const PLAYING: Duration = Duration::from_secs(60);

/// The panel the user is looking at, if any.
pub fn panel(game: GameId, user: UserId) -> Option<Panel> {
    book()
        .panels
        .get(&(game, user))
        .filter(|p| p.token.at.elapsed() < LOOKING)
        .cloned()
}

/// The panel could not be edited (dismissed, expired): the next turn goes by DM.
pub fn panel_lost(game: GameId, user: UserId) {
    book().panels.remove(&(game, user));
}

pub fn ping_posted(game: GameId, message: MessageId, token: Token) {
    book().pings.insert(game, (message, token));
}

/// The token that posted this ping, while it can still delete it.
pub fn ping_token(game: GameId, message: MessageId) -> Option<Token> {
    let mut b = book();
    let (m, t) = b.pings.remove(&game)?;
    (m == message && t.fresh()).then_some(t)
}

/// Serenity's limiter is exact only with one request of a bucket in flight: requests that
/// wait on a spent bucket all pass together once its reset time is over, and all but the
/// first few meet a 429 (then wait and burst again). DM channel opens share one bot-wide
/// bucket, so they go one at a time and each learns the bucket's state from the last.
static DM_OPENS: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// The turn to open a DM channel; held until the open's answer is in.
pub async fn dm_channel_turn() -> tokio::sync::MutexGuard<'static, ()> {
    DM_OPENS.lock().await
}

pub fn dm_channel(user: UserId) -> Option<ChannelId> {
    book().dm_channels.get(&user).copied()
}

pub fn dm_channel_opened(user: UserId, channel: ChannelId) {
    book().dm_channels.insert(user, channel);
}

/// Discord no longer knows this DM channel: the next DM opens a new one.
pub fn dm_channel_lost(user: UserId) {
    book().dm_channels.remove(&user);
}

/// A game is over: forget its tokens.
pub fn game_over(game: GameId) {
    let mut b = book();
    b.latest.remove(&game);
    b.pings.remove(&game);
    b.table_posts.remove(&game);
    b.panels.retain(|(g, _), _| *g != game);
    b.tables.remove(&game);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A publisher that posted an older state gives the game's end to the one queued after
    /// it (e2e_restart once saw a finished game's table stuck at trick 9 of 13).
    #[test]
    fn only_the_last_publisher_of_a_game_is_latest() {
        let game = 9_000_001;
        let first = table_ticket(game, true);
        assert_eq!(first.claim(), Some(true));
        assert!(first.is_latest());
        let second = table_ticket(game, false);
        assert!(!first.is_latest(), "a later publisher queued");
        assert!(first.claim().is_none());
        assert_eq!(second.claim(), Some(false));
        assert!(second.is_latest());
        game_over(game);
        assert!(!second.is_latest(), "the book is closed");
    }
}
