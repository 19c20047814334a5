//! A game as one reader of the web table sees it, as plain data (the page renders it, the
//! JSON is it): built only from the application layer's views for that reader (the public
//! table, the reader's own seat's hand and menu, the events their seat may read), so no
//! other player's hidden card can reach it.

use std::collections::HashMap;
use vliv_service::service::UserId;

use serde::Serialize;
use vliv_engine::{Lang, Seat, Text};
use vliv_service::{
    app::{self, Picture::Without},
    i18n::tr,
    mark,
    render::{EmbedSpec, Names},
    service::{GameId, GameRecord, Platform, Service, ServiceError, Status},
};

use crate::{
    reader::Reader,
    scene::{card_rule, picture, CardRule, Picture},
};

#[derive(Clone, Debug, Serialize)]
pub struct TableView {
    pub game: GameId,
    /// Bumped by every change: a page showing this version is up to date.
    pub version: i64,
    pub lang: &'static str,
    /// The game's name, for the page's title.
    pub name: String,
    /// The reader's seat (`None`: a spectator).
    pub seat: Option<Seat>,
    pub running: bool,
    /// The game is over: its replay and review can be read.
    pub ended: bool,
    pub table: Panel,
    /// The reader's own hand.
    pub hand: Option<Panel>,
    /// What the reader is to decide now, and the choices.
    pub decision: Option<Decision>,
    /// The public table as its picture draws it (none before the game starts).
    pub table_picture: Option<Picture>,
    /// The reader's own hand as its picture draws it.
    pub hand_picture: Option<Picture>,
    /// The whole text of every card the reader sees named.
    pub card_rules: Vec<CardRule>,
    pub log: Vec<LogLine>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Panel {
    pub title: String,
    pub description: String,
    pub sections: Vec<Section>,
    pub footer: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct Section {
    pub heading: String,
    pub lines: Vec<String>,
}

#[derive(Clone, Debug, Serialize)]
pub struct Decision {
    pub prompt: String,
    pub seat: Seat,
    /// The seat's decision counter the choices were offered at: a click carries it back.
    pub counter: u32,
    pub choices: Vec<ChoiceView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct ChoiceView {
    pub id: u32,
    pub label: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct LogLine {
    pub text: String,
    /// Told to the reader's seat only.
    pub private: bool,
}

/// Why no view: the game is gone, or it is not the platform the link was signed for.
#[derive(Debug)]
pub enum ViewError {
    NoGame,
    Service(ServiceError),
}

impl From<ServiceError> for ViewError {
    fn from(e: ServiceError) -> Self {
        match e {
            ServiceError::NoGame => ViewError::NoGame,
            e => ViewError::Service(e),
        }
    }
}

/// The game `reader` is let into, if it is of the platform their link was signed for.
pub async fn game_of(service: &Service, reader: &Reader) -> Result<GameRecord, ViewError> {
    let rec = service.game(reader.game).await?;
    if Platform::of(rec.channel) != reader.platform {
        return Err(ViewError::NoGame);
    }
    Ok(rec)
}

pub async fn table_view(service: &Service, reader: &Reader) -> Result<TableView, ViewError> {
    let rec = game_of(service, reader).await?;
    let lang = reader.lang;
    // The seat the reader holds now: a seat handed to someone else no longer shows them
    // its hand, whatever their link says.
    let seat = reader.user.and_then(|u| rec.seat_of(u));
    let words = Words::new(&rec, reader);
    let table = app::table(service, &rec, lang, Without).await?;
    let table = panel(&table.spec.embed.unwrap_or_default(), &words);
    let (mut hand, mut decision) = (None, None);
    let mut menu = None;
    if let (Some(seat), Some(user), Some(_)) = (seat, reader.user, &rec.snapshot) {
        menu = service
            .pending_menus_in(&rec, user)?
            .into_iter()
            .find(|m| m.seat == seat);
        let view = app::hand(service, &rec, seat, menu.as_ref(), lang, Without).await?;
        hand = view.spec.embed.as_ref().map(|e| panel(e, &words));
        decision = menu.as_ref().map(|m| Decision {
            prompt: words.say(&m.menu.prompt),
            seat: m.seat,
            counter: m.counter,
            choices: m
                .menu
                .choices
                .iter()
                .map(|c| ChoiceView {
                    id: c.id.0,
                    label: words.say(&c.label),
                })
                .collect(),
        });
    }
    let say = |t: &Text| words.say(t);
    let (mut table_picture, mut hand_picture, mut card_rules) = (None, None, Vec::new());
    if rec.snapshot.is_some() {
        let scenes = app::scenes(service, &rec, seat, menu.as_ref())?;
        table_picture = Some(picture(&scenes.table, &say));
        hand_picture = scenes.hand.as_ref().map(|s| picture(s, &say));
        card_rules = scenes.cards.iter().map(|c| card_rule(c, &say)).collect();
    }
    let log = match rec.snapshot {
        Some(_) => app::log_lines(service, &rec, reader.user)
            .await?
            .into_iter()
            .map(|(text, private)| LogLine {
                text: words.say(&text),
                private,
            })
            .collect(),
        None => Vec::new(),
    };
    // The hand's message repeats the public table for a chat's reader: the page shows it once.
    if let Some(hand) = &mut hand {
        hand.sections.retain(|s| {
            !table
                .sections
                .iter()
                .any(|t| t.heading == s.heading && t.lines == s.lines)
        });
        if hand.title == table.title {
            hand.title.clear();
        }
        // And its cards are drawn above as the picture's zones: a section of the same
        // heading would list them again as text.
        if let Some(drawn) = &hand_picture {
            hand.sections
                .retain(|s| !drawn.zones.iter().any(|z| z.heading == s.heading));
        }
    }
    Ok(TableView {
        game: rec.id,
        version: rec.version,
        lang: lang.code(),
        name: kind_name(&rec.kind, lang),
        seat,
        running: rec.status == Status::Running,
        ended: matches!(rec.status, Status::Finished | Status::Abandoned),
        table,
        hand,
        decision,
        table_picture,
        hand_picture,
        card_rules,
        log,
    })
}

pub(crate) fn panel(embed: &EmbedSpec, words: &Words) -> Panel {
    Panel {
        title: words.plain(&embed.title),
        description: words.plain(&embed.description),
        sections: embed
            .fields
            .iter()
            .map(|f| Section {
                heading: words.plain(f.name.trim_matches('\u{200b}')),
                lines: f
                    .value
                    .split('\n')
                    .map(|l| words.plain(l))
                    .filter(|l| !l.trim_matches('\u{200b}').is_empty())
                    .collect(),
            })
            .collect(),
        footer: words.plain(&embed.footer),
    }
}

fn kind_name(kind: &str, lang: Lang) -> String {
    match vliv_engine::registry::find(kind) {
        Some(k) => tr(lang, &k.name(), &|s| lang.seat_name(s)),
        None => kind.to_owned(),
    }
}

/// The texts of one page in its reader's words: a chat's mention of a player becomes their
/// seat's name (the reader's own marked), an instant a date.
pub(crate) struct Words {
    lang: Lang,
    names: Names,
    /// (user, seat) of every seated user.
    seated: Vec<(UserId, Seat)>,
    reader: Option<UserId>,
    /// Display names of players beyond the seats (a leaderboard's rows), from the answer.
    known: HashMap<UserId, String>,
}

impl Words {
    pub(crate) fn new(rec: &GameRecord, reader: &Reader) -> Words {
        Words {
            lang: reader.lang,
            names: Names::for_game(rec, reader.lang),
            seated: rec
                .users()
                .filter_map(|u| Some((u, rec.seat_of(u)?)))
                .collect(),
            reader: reader.user,
            known: HashMap::new(),
        }
    }

    /// These words naming each of `known` by their display name where the game's seats
    /// do not name them.
    pub(crate) fn knowing(mut self, known: &HashMap<UserId, String>) -> Words {
        // A name is the player's own text: it carries no emphasis of ours.
        self.known = known
            .iter()
            .map(|(u, n)| (*u, n.replace("**", "")))
            .collect();
        self
    }

    fn say(&self, text: &Text) -> String {
        self.plain(&tr(self.lang, text, &|s| self.names.get(s)))
    }

    /// A chat text made plain: users and instants in words.
    pub(crate) fn plain(&self, text: &str) -> String {
        mark::write(text, |user| self.name_of(user), |ms, _| when(ms))
    }

    /// A seat's name, marked when it is the reader's.
    pub(crate) fn seat(&self, seat: Seat) -> String {
        match self.seated.iter().find(|(_, s)| *s == seat) {
            Some(&(user, _)) => self.name_of(user),
            None => self.lang.seat_name(seat),
        }
    }

    fn name_of(&self, user: UserId) -> String {
        let name = match self.seated.iter().find(|(u, _)| *u == user) {
            Some(&(_, seat)) => self.lang.seat_name(seat),
            None => match self.known.get(&user) {
                Some(name) => name.clone(),
                None => {
                    return tr(self.lang, &Text::new("web-someone"), &|s| {
                        self.lang.seat_name(s)
                    })
                }
            },
        };
        match Some(user) == self.reader {
            true => tr(
                self.lang,
                &Text::new("web-you-mark").arg("name", name),
                &|s| self.lang.seat_name(s),
            ),
            false => name,
        }
    }
}

/// An instant as a UTC date and time.
fn when(ms: i64) -> String {
    match jiff::Timestamp::from_millisecond(ms) {
        Ok(t) => t.strftime("%Y-%m-%d %H:%M UTC").to_string(),
        Err(_) => String::new(),
    }
}
