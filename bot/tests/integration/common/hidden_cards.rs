//! What the leak checks of the end-to-end tests (Discord's and Matrix's) share: a deck's
//! telling card names, whether a text shows one, and the cards each seat may not know
//! after each stored move of a played game.

#![allow(dead_code)]

use vliv_bot::service::{GameRecord, Service};
use vliv_engine::{games::claim::cards::Card, Actor, Lang, Seat};

/// Every card of a game: its id and its names as players read them (both languages),
/// only names no other card shares (five Goblin 0s prove nothing).
pub struct Deck(Vec<(String, Vec<String>)>, Vec<String>);

impl Deck {
    fn new(cards: Vec<(String, [String; 2])>) -> Deck {
        let count = |name: &str| {
            cards
                .iter()
                .flat_map(|(_, n)| n)
                .filter(|n| *n == name)
                .count()
        };
        let telling = cards
            .iter()
            .map(|(id, names)| {
                let mut unique: Vec<String> =
                    names.iter().filter(|n| count(n) == 1).cloned().collect();
                unique.dedup();
                (id.clone(), unique)
            })
            .collect();
        Deck(telling, Vec::new())
    }

    /// The same deck, knowing the rule texts of `kind`'s cards (both languages, whole and
    /// short, as plain text and as Matrix's HTML writes them): a rule names other cards
    /// ("Mountain: +50 with Smoke and Wildfire"), which tells nothing about any hand.
    fn with_rules(mut self, kind: &str) -> Deck {
        let Some(game) = vliv_engine::registry::find(kind) else {
            return self;
        };
        for card in game.cards() {
            for lang in Lang::ALL {
                for text in [&card.full, &card.short] {
                    let rule = vliv_bot::i18n::tr(lang, text, &|s| lang.seat_name(s));
                    let html = rule
                        .replace('&', "&amp;")
                        .replace('<', "&lt;")
                        .replace('>', "&gt;")
                        .replace('"', "&quot;");
                    self.1.push(rule);
                    self.1.push(html);
                }
            }
        }
        // The longest first: a short rule may be the start of its whole one.
        self.1.sort_by_key(|r| std::cmp::Reverse(r.len()));
        self
    }

    /// `text` without the cards' rule texts it quotes: what is left may not name a hidden
    /// card.
    pub fn without_rules(&self, text: &str) -> String {
        let mut text = text.to_owned();
        for rule in self.1.iter().filter(|r| !r.is_empty()) {
            text = text.replace(rule.as_str(), " ");
        }
        text
    }

    pub fn claim() -> Deck {
        let label =
            |c: Card, lang: Lang| vliv_bot::i18n::tr(lang, &c.text(), &|s| lang.seat_name(s));
        Deck::new(
            (0..vliv_engine::games::claim::cards::DECK_SIZE)
                .map(Card)
                .map(|c| (c.id(), [label(c, Lang::En), label(c, Lang::Cs)]))
                .collect(),
        )
        .with_rules("claim")
    }

    pub fn fantasy_realms() -> Deck {
        use vliv_engine::games::fantasy_realms::cards::Card as FrCard;
        Deck::new(
            FrCard::all()
                .map(|c| (c.id(), [c.name_en().to_owned(), c.name_cs().to_owned()]))
                .collect(),
        )
        .with_rules("fantasy-realms")
    }

    /// The deck of a game kind whose card names tell the card; empty for the others.
    pub fn of_kind(kind: &str) -> Deck {
        match kind {
            "claim" => Deck::claim(),
            "fantasy-realms" => Deck::fantasy_realms(),
            _ => Deck(Vec::new(), Vec::new()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The telling names of the cards `ids`.
    pub fn names<'a>(&'a self, ids: &'a [String]) -> impl Iterator<Item = &'a String> + 'a {
        self.0
            .iter()
            .filter(|(id, _)| ids.contains(id))
            .flat_map(|(_, names)| names)
    }
}

/// True if `text` shows `name` as a whole card name ("Goblin 1" is not in "Goblin 10",
/// "King" is not in "Kingdom"). A shapeshifter's note names the card it imitates
/// (Fantasy Realms' Mirage "is Great Flood", "platí jako karta …"): a name, not that card.
pub fn shows(text: &str, name: &str) -> bool {
    text.match_indices(name).any(|(i, _)| {
        let imitated = ["(is ", "jako karta "]
            .iter()
            .any(|note| text[..i].ends_with(note));
        if imitated {
            return false;
        }
        let before = text[..i].chars().next_back();
        let after = text[i + name.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric) && !after.is_some_and(char::is_alphanumeric)
    })
}

/// The card ids each seat may not know after each stored move of a game.
pub struct Secrets {
    /// `[p][seat]`: after the first p stored moves.
    after_moves: Vec<Vec<Vec<String>>>,
    /// Whether each stored move was a seat's (a click), not the system's.
    by_seat: Vec<bool>,
}

impl Secrets {
    /// Replays `rec` move by move. A finished game shows the hands (Fantasy Realms scores
    /// them aloud): what stays hidden then is what no seat has seen.
    pub async fn replay(service: &Service, rec: &GameRecord, seats: usize) -> Secrets {
        let stored = service.store().moves(rec.id).await.expect("its moves");
        let mut after_moves = Vec::new();
        for p in 0..=stored.len() {
            let (state, _) = service.replay(rec, Some(p)).await.expect("a replay");
            let mut per_seat: Vec<Vec<String>> =
                (0..seats as Seat).map(|seat| state.secrets(seat)).collect();
            if state.outcome().is_some() {
                let nobody: Vec<String> = per_seat[0]
                    .iter()
                    .filter(|id| per_seat.iter().all(|s| s.contains(id)))
                    .cloned()
                    .collect();
                per_seat = vec![nobody; seats];
            }
            after_moves.push(per_seat);
        }
        let by_seat = stored
            .iter()
            .map(|m| matches!(m.actor, Actor::Seat(_)))
            .collect();
        Secrets {
            after_moves,
            by_seat,
        }
    }

    /// What each seat may not know once `clicks` seat moves were made: the latest stored
    /// prefix they reach (the system's moves that follow them included). A body sent after
    /// k clicks can show at most that state, and a card hidden then was hidden before.
    pub fn after_clicks(&self, clicks: usize) -> &[Vec<String>] {
        let mut seat_moves = 0;
        let mut best = 0;
        for (i, &by_seat) in self.by_seat.iter().enumerate() {
            seat_moves += usize::from(by_seat);
            if seat_moves <= clicks {
                best = i + 1;
            }
        }
        &self.after_moves[best]
    }

    /// What each seat may not know at the deal.
    pub fn dealt(&self) -> &[Vec<String>] {
        &self.after_moves[0]
    }

    /// Every card ever hidden from some seat.
    pub fn ever(&self) -> Vec<String> {
        self.after_moves
            .iter()
            .flatten()
            .flatten()
            .cloned()
            .collect()
    }
}
