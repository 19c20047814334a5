//! What one reader of any game may be sent, read from the game as it stands: the cards
//! hidden from them (the game's own `secrets`), named as every seat's scene names them, less
//! the names the reader has seen themselves (their own scenes so far: their hand, the
//! table) or anyone could read (the public log). A body sent to the reader may show none of
//! what is left, nor any hidden card's token. A name two cards share (each player's own
//! Romeo) tells nothing and is not looked for: bodies are checked at the end of the game,
//! when the scenes have shown which names are shared. In a game where every seat plays its
//! own copy of the same cards (Ruse & Bruise, Ovlivnění) no bare name tells a card, and
//! only the tokens are looked for. Cards nobody's scene shows (a deck's
//! order) have no name here: the engine's conformance suite keeps them out of every view.

use std::collections::{HashMap, HashSet};

use vliv_engine::{Item, Lang, Scene, Seat, Text, Viewer};
use vliv_service::{app, service::GameId};

use crate::support::Table;

/// (token, names) of each card hidden from a reader, the names that may tell it.
type Telling = Vec<(String, Vec<String>)>;

pub struct Sight {
    seat: Option<Seat>,
    /// Every seat has its own copy of each card: no name tells one.
    mirrored: bool,
    /// Names the reader may read: seen in their own scenes, or in the public log.
    seen: HashSet<String>,
    /// The cards' rule texts, which name other cards and tell nothing of a hand.
    rules: Vec<String>,
    /// (token, names) of each card hidden from the reader now whose name tells it.
    telling: Telling,
    /// Every name any scene has shown, with the cards (tokens) that bore it.
    bearers: HashMap<String, HashSet<String>>,
    /// Bodies read (what, body, what was hidden then), checked at the end.
    read: Vec<(String, String, Telling)>,
}

fn say(lang: Lang, text: &Text) -> String {
    vliv_service::i18n::tr(lang, text, &|s| lang.seat_name(s)).replace(['\u{2068}', '\u{2069}'], "")
}

/// Each face-up card of `scene`: its token and its names in both languages.
fn cards(scene: &Scene) -> Vec<(String, Vec<String>)> {
    scene
        .zones
        .iter()
        .flat_map(|z| &z.items)
        .filter_map(|item| match item {
            Item::Card(face) => Some((
                face.id.clone(),
                Lang::ALL.map(|l| say(l, &face.name)).to_vec(),
            )),
            _ => None,
        })
        .collect()
}

impl Sight {
    pub fn new(kind: &str, seat: Option<Seat>) -> Sight {
        let mut rules = Vec::new();
        let game = vliv_engine::registry::find(kind).expect("a game kind");
        for card in game.cards() {
            for lang in Lang::ALL {
                for text in [&card.full, &card.short] {
                    let rule = say(lang, text);
                    rules.push(escape(&rule));
                    rules.push(rule);
                }
            }
        }
        rules.sort_by_key(|r| std::cmp::Reverse(r.len()));
        Sight {
            seat,
            mirrored: matches!(kind, "ruse-and-bruise" | "ovlivneni"),
            seen: HashSet::new(),
            rules,
            telling: Vec::new(),
            bearers: HashMap::new(),
            read: Vec::new(),
        }
    }

    /// Reads the game as it stands now: what the reader has seen, and what is hidden.
    pub async fn look(&mut self, table: &Table, game: GameId) {
        let rec = table.service.game(game).await.unwrap();
        let state = table.service.live(&rec).unwrap();
        let own = match self.seat {
            Some(seat) => Viewer::Seat(seat),
            None => Viewer::Spectator,
        };
        for (_, names) in cards(&state.scene(own)) {
            self.seen.extend(names);
        }
        let public: Vec<String> = app::log_lines(&table.service, &rec, None)
            .await
            .unwrap()
            .iter()
            .flat_map(|(text, _)| Lang::ALL.map(|l| say(l, text)))
            .collect();
        let hidden = table.hidden_from(game, self.seat).await;
        let mut telling: Telling = Vec::new();
        for seat in 0..rec.seats.len() as Seat {
            for (token, names) in cards(&state.scene(Viewer::Seat(seat))) {
                for name in &names {
                    let bearers = self.bearers.entry(name.clone()).or_default();
                    bearers.insert(token.clone());
                }
                if !hidden.contains(&token) || telling.iter().any(|(t, _)| *t == token) {
                    continue;
                }
                let names: Vec<String> = names
                    .into_iter()
                    .filter(|n| !self.seen.contains(n))
                    .filter(|n| !public.iter().any(|line| shows(line, n)))
                    .collect();
                telling.push((token, names));
            }
        }
        // A card hidden now but in no scene is still checked by its token.
        for token in hidden {
            if !telling.iter().any(|(t, _)| *t == token) {
                telling.push((token, Vec::new()));
            }
        }
        self.telling = telling;
    }

    /// Keeps `body`, sent as `what`, to be checked against what is hidden now.
    pub fn keep(&mut self, what: &str, body: String) {
        self.read
            .push((what.to_owned(), body, self.telling.clone()));
    }

    /// Each body kept that shows a card hidden when it was sent: (what, the cards, body).
    pub fn leaks(&self) -> Vec<(String, Vec<String>, String)> {
        self.read
            .iter()
            .filter_map(|(what, body, telling)| {
                let found = self.leaked(body, telling);
                (!found.is_empty()).then(|| (what.clone(), found, body.clone()))
            })
            .collect()
    }

    /// The cards hidden from this reader now that `body` (sent to someone else) shows.
    pub fn shown_in(&self, body: &str) -> Vec<String> {
        self.leaked(body, &self.telling)
    }

    /// How many bodies were kept, and how many hidden cards had a name that told them.
    pub fn tally(&self) -> (usize, usize) {
        let named = self
            .read
            .iter()
            .map(|(_, _, telling)| {
                telling
                    .iter()
                    .filter(|(_, names)| names.iter().any(|n| self.tells(n)))
                    .count()
            })
            .max()
            .unwrap_or(0);
        (self.read.len(), named)
    }

    /// Whether this game's cards tell themselves by name.
    pub fn names_tell(&self) -> bool {
        !self.mirrored
    }

    /// Whether `name` is one card's alone.
    fn tells(&self, name: &str) -> bool {
        !self.mirrored && self.bearers.get(name).is_none_or(|b| b.len() == 1)
    }

    fn leaked(&self, body: &str, telling: &[(String, Vec<String>)]) -> Vec<String> {
        let mut text = body.replace(['\u{2068}', '\u{2069}'], "");
        for rule in self.rules.iter().filter(|r| !r.is_empty()) {
            text = text.replace(rule.as_str(), " ");
        }
        let mut found = Vec::new();
        for (token, names) in telling {
            if shows(&text, token) {
                found.push(token.clone());
            }
            for name in names.iter().filter(|n| self.tells(n)) {
                if shows(&text, name) || shows(&text, &escape(name)) {
                    found.push(format!("{token} ({name})"));
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
    !name.is_empty()
        && text.match_indices(name).any(|(i, _)| {
            let before = text[..i].chars().next_back();
            let after = text[i + name.len()..].chars().next();
            !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
        })
}
