//! What one viewer may know of a Louis XIV table (spec §13): hidden cards and the kinds of
//! other players' coats of arms are absent, only their numbers are shown. The JSON form
//! leaves out static component data (names, rewards, card texts) that the panel prints.

use serde::Serialize;

use super::{
    course::{Decision, Phase},
    data::{Ability, Condition, Deck, Reward, Symbol},
    refs::{CoatRef, InfluenceRef, IntrigueRef, MissionRef},
    state::{FinalScore, LouisState},
};
use crate::contract::{Seat, Viewer};

#[derive(Clone, Debug, Serialize)]
pub struct LouisView {
    pub seats: u8,
    pub round: u8,
    pub phase: Phase,
    pub start: Seat,
    pub king: Option<u8>,
    pub tiles: Vec<TileView>,
    /// The round's money card: id, income, king's tile index.
    pub money_card: Option<(String, u32, u8)>,
    pub money_cards_left: usize,
    pub influence_deck: usize,
    pub discard: usize,
    pub intrigue_deck: usize,
    pub mission_decks: [usize; 3],
    pub coat_pile: usize,
    /// 2 players: neutral stones not on the board.
    pub neutral_pool: Option<u8>,
    pub players: Vec<PlayerView>,
    /// Who must decide now.
    pub to_act: Option<Seat>,
    pub me: Option<PrivateView>,
    pub result: Option<ResultView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct TileView {
    pub index: u8,
    // Static component data (public, from the data file): for the panel, not the JSON.
    #[serde(skip)]
    pub name: String,
    #[serde(skip)]
    pub row: u8,
    #[serde(skip)]
    pub col: u8,
    #[serde(skip)]
    pub reward: Reward,
    pub back: bool,
    pub condition: Condition,
    /// Stones per seat, then the neutral count.
    pub stones: Vec<u8>,
    pub neutral: u8,
}

#[derive(Clone, Debug, Serialize)]
pub struct MissionView {
    pub card: MissionRef,
    // Printed on the card (public data): for the panel, not the JSON.
    #[serde(skip)]
    pub deck: Deck,
    #[serde(skip)]
    pub requires: [Symbol; 2],
    #[serde(skip)]
    pub ability: Ability,
}

#[derive(Clone, Debug, Serialize)]
pub struct PlayerView {
    pub own: u8,
    pub common: u8,
    pub money: u32,
    pub chips: [u8; 5],
    pub coats: usize,
    pub influence: usize,
    pub intrigue: usize,
    pub missions: usize,
    pub completed: Vec<MissionView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct PrivateView {
    pub seat: Seat,
    pub influence: Vec<InfluenceRef>,
    pub intrigue: Vec<IntrigueRef>,
    pub missions: Vec<MissionView>,
    pub coats: Vec<CoatRef>,
}

/// A stored game's coats per kind, then plain ones, as they are now.
fn counted_now(st: &LouisState) -> Vec<Vec<u8>> {
    st.players
        .iter()
        .map(|p| {
            let mut k = vec![0u8; st.data.setup.coat_kinds as usize + 1];
            for &c in &p.coats {
                match st.coat_kind(c) {
                    Some(kind) => k[kind as usize] += 1,
                    None => *k.last_mut().expect("plain slot") += 1,
                }
            }
            k
        })
        .collect()
}

/// At the end every coat is revealed (§11 step 2).
#[derive(Clone, Debug, Serialize)]
pub struct ResultView {
    pub score: FinalScore,
    /// Per seat: coats per kind, then plain ones, as the majorities counted them.
    pub kinds: Vec<Vec<u8>>,
}

fn mission_view(st: &LouisState, m: u8) -> MissionView {
    let card = &st.data.mission[m as usize];
    MissionView {
        card: st.mission_ref(m),
        deck: card.deck,
        requires: card.requires,
        ability: card.ability,
    }
}

impl LouisView {
    pub fn new(st: &LouisState, viewer: Viewer) -> LouisView {
        let n = st.n();
        let tiles = (0..st.tiles.len())
            .map(|i| {
                let t = &st.data.tile[i];
                TileView {
                    index: i as u8,
                    name: t.name.clone(),
                    row: t.row,
                    col: t.col,
                    back: st.tiles[i].back,
                    condition: st.condition(i),
                    reward: t.reward.clone(),
                    stones: st.tiles[i].stones[..n].to_vec(),
                    neutral: st.tiles[i].stones[super::state::NEUTRAL],
                }
            })
            .collect();
        let players = st
            .players
            .iter()
            .map(|p| PlayerView {
                own: p.own,
                common: p.common,
                money: p.money,
                chips: p.chips,
                coats: p.coats.len(),
                influence: p.influence.len(),
                intrigue: p.intrigue.len(),
                missions: p.missions.len(),
                completed: p.completed.iter().map(|m| mission_view(st, m)).collect(),
            })
            .collect();
        let me = match viewer {
            Viewer::Seat(seat) if (seat as usize) < n => {
                let p = &st.players[seat as usize];
                Some(PrivateView {
                    seat,
                    influence: p.influence.iter().map(|c| st.influence_ref(c)).collect(),
                    intrigue: p.intrigue.iter().map(IntrigueRef).collect(),
                    missions: p.missions.iter().map(|m| mission_view(st, m)).collect(),
                    coats: p.coats.iter().map(|&c| st.coat_ref(c)).collect(),
                })
            }
            _ => None,
        };
        // §11: the counts the majorities were decided on, beside them in the result.
        let result = st.result.as_ref().map(|score| ResultView {
            score: score.clone(),
            kinds: match score.counted.is_empty() {
                false => score.counted.clone(),
                true => counted_now(st),
            },
        });
        LouisView {
            seats: st.seats,
            round: st.round,
            phase: st.phase,
            start: st.start,
            king: st.king,
            tiles,
            money_card: st.money_card.map(|m| {
                let c = &st.data.money_card[m as usize];
                (c.id.clone(), c.income, c.king - 1)
            }),
            money_cards_left: st.money_deck.len(),
            influence_deck: st.influence_deck.len(),
            discard: st.discard.len(),
            intrigue_deck: st.intrigue_deck.len(),
            mission_decks: [0, 1, 2].map(|d| st.mission_decks[d].len()),
            coat_pile: st.coat_pile.len(),
            neutral_pool: (n == 2).then_some(st.neutral_pool),
            players,
            to_act: st.decision.as_ref().map(Decision::seat),
            me,
            result,
        }
    }
}

fn ids<T: Serialize>(items: impl IntoIterator<Item = T>) -> impl Iterator<Item = String> {
    items.into_iter().map(|i| {
        serde_json::to_value(i)
            .ok()
            .and_then(|v| v.as_str().map(str::to_owned))
            .unwrap_or_default()
    })
}

/// What `seat` may not know (§13): other hands, other players' coat kinds (until the end),
/// the unrevealed and removed money cards.
pub fn secrets(st: &LouisState, seat: Seat) -> Vec<String> {
    let mut out = Vec::new();
    for (s, p) in st.players.iter().enumerate() {
        if s == seat as usize {
            continue;
        }
        out.extend(ids(p.influence.iter().map(|c| st.influence_ref(c))));
        out.extend(ids(p.intrigue.iter().map(IntrigueRef)));
        out.extend(ids(p.missions.iter().map(|m| st.mission_ref(m))));
        if st.phase != Phase::Over {
            out.extend(ids(p
                .coats
                .iter()
                .filter(|&&c| st.coat_kind(c).is_some())
                .map(|&c| st.coat_ref(c))));
        }
    }
    for &m in st.money_deck.iter().chain(&st.money_removed) {
        out.push(st.data.money_card[m as usize].id.clone());
    }
    out
}
