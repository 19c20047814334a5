//! Louis XIV as neutral text: the table panel (a text grid of the 12 tiles, spec §2.2 and
//! §13), event lines and the result (§11).

use super::{
    course::Phase,
    data::{Ability, Chip, Condition, Deck, Reward, Symbol},
    events::LouisEvent as Ev,
    refs::InfluenceRef,
    state::{FinalScore, JOKER},
    view::{LouisView, MissionView},
};
use crate::{
    contract::{Outcome, Seat},
    panel::{Panel, Section},
    text::Text,
};

const ROMAN: [&str; 9] = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"];

pub fn tile(t: u8) -> Text {
    Text::new("lx-tile").arg("number", t + 1)
}

pub fn tile_named(t: u8, name: &str) -> Text {
    Text::new("lx-tile-named")
        .arg("number", t + 1)
        .arg("name", name)
}

pub fn chip(c: Chip) -> Text {
    Text::new(format!("lx-chip-{}", c.key()))
}

pub fn deck(d: Deck) -> Text {
    Text::new(format!("lx-deck-{}", d.key()))
}

pub fn symbol(s: Symbol) -> Text {
    match s.chip() {
        Some(c) => chip(c),
        None => Text::new("lx-chip-any"),
    }
}

fn seat(s: Seat) -> Text {
    Text::new("lx-seat").seat("player", s)
}

pub fn condition(c: Condition) -> Text {
    match c {
        Condition::Money { price } => Text::new("lx-cond-money").arg("price", price as i64),
        Condition::First => Text::new("lx-cond-first"),
        Condition::Stones { threshold } => Text::new("lx-cond-stones").arg("n", threshold),
    }
}

fn condition_code(c: Condition) -> String {
    match c {
        Condition::Money { price } => format!("{price}L"),
        Condition::First => "#1".into(),
        Condition::Stones { threshold } => format!("≥{threshold}"),
    }
}

pub fn reward(r: &Reward) -> Vec<Text> {
    let mut parts = Vec::new();
    if let Some(c) = r.chip {
        parts.push(Text::new("lx-reward-chip").arg("chip", chip(c)));
    }
    if r.money > 0 {
        parts.push(Text::new("lx-reward-money").arg("n", r.money as i64));
    }
    if r.coats > 0 {
        parts.push(Text::new("lx-reward-coats").arg("n", r.coats));
    }
    if r.influence_cards > 0 {
        parts.push(Text::new("lx-reward-influence").arg("n", r.influence_cards));
    }
    if r.intrigue_cards > 0 {
        parts.push(Text::new("lx-reward-intrigue").arg("n", r.intrigue_cards));
    }
    if r.place_any > 0 {
        parts.push(Text::new("lx-reward-place-any").arg("n", r.place_any));
    }
    if let (Some(t), true) = (r.place_on_tile, r.place_on > 0) {
        parts.push(
            Text::new("lx-reward-place-on")
                .arg("n", r.place_on)
                .arg("tile", t as i64),
        );
    }
    if r.retrieve > 0 {
        parts.push(Text::new("lx-reward-retrieve").arg("n", r.retrieve));
    }
    parts
}

pub fn ability(a: Ability) -> Text {
    match a {
        Ability::ExtraMissionCards { cards } => {
            Text::new("lx-ability-extra-missions").arg("n", cards)
        }
        Ability::Retrieve { stones } => Text::new("lx-ability-retrieve").arg("n", stones),
        Ability::Money { amount } => Text::new("lx-ability-money").arg("n", amount as i64),
        Ability::TwoOf { amount } => Text::new("lx-ability-two-of").arg("n", amount),
        Ability::Coats { count } => Text::new("lx-ability-coats").arg("n", count),
        Ability::Intrigue { cards } => Text::new("lx-ability-intrigue").arg("n", cards),
        Ability::StoneForCard => Text::new("lx-ability-stone-for-card"),
        Ability::PlaceStart { tile } => Text::new("lx-ability-place-start").arg("tile", tile),
        Ability::PlaceKing => Text::new("lx-ability-place-king"),
        Ability::PayPass { cost } => Text::new("lx-ability-pay-pass").arg("n", cost as i64),
        Ability::ExchangeInfluence => Text::new("lx-ability-exchange-influence"),
        Ability::FourStoneJoker { stones } => Text::new("lx-ability-four-stone").arg("n", stones),
        Ability::PlaceEnd => Text::new("lx-ability-place-end"),
        Ability::OnceFirst => Text::new("lx-ability-once-first"),
        Ability::Discount { amount } => Text::new("lx-ability-discount").arg("n", amount as i64),
        Ability::CrownSwap { cost } => Text::new("lx-ability-crown-swap").arg("n", cost as i64),
        Ability::ExchangeMissions { cards } => {
            Text::new("lx-ability-exchange-missions").arg("n", cards)
        }
    }
}

pub fn mission_text(id: &str, requires: [Symbol; 2], a: Ability) -> Text {
    Text::new("lx-mission")
        .arg("id", id)
        .arg("a", symbol(requires[0]))
        .arg("b", symbol(requires[1]))
        .arg("ability", ability(a))
}

fn mission(m: &MissionView) -> Text {
    mission_text(&m.card.id, m.requires, m.ability)
}

pub fn influence_kind(kind: u8) -> Text {
    if kind == JOKER {
        Text::new("lx-card-joker")
    } else {
        Text::new("lx-card-personality").arg("number", kind + 1)
    }
}

fn influence(card: InfluenceRef) -> Text {
    influence_kind(card.tile.unwrap_or(JOKER))
}

fn chips_list(chips: [u8; 5]) -> Vec<Text> {
    Chip::ALL
        .iter()
        .filter(|&&c| chips[c as usize] > 0)
        .map(|&c| {
            Text::new("lx-count-of")
                .arg("n", chips[c as usize])
                .arg("what", chip(c))
        })
        .collect()
}

fn phase(p: Phase) -> Text {
    Text::new(match p {
        Phase::Supply => "lx-phase-supply",
        Phase::Influence => "lx-phase-influence",
        Phase::Evaluation => "lx-phase-evaluation",
        Phase::Missions => "lx-phase-missions",
        Phase::Over => "lx-phase-over",
    })
}

/// The 5×5 layout (§2.2): each tile as number, face-up condition and ♔ for Louis XIV.
fn grid(view: &LouisView) -> Vec<Text> {
    let mut cells = vec![vec!["   ·   ".to_string(); 5]; 5];
    for t in &view.tiles {
        let king = if view.king == Some(t.index) {
            "♔"
        } else {
            " "
        };
        cells[t.row as usize][t.col as usize] = format!(
            "{:>2} {:<3}{}",
            t.index + 1,
            condition_code(t.condition),
            king
        );
    }
    cells
        .into_iter()
        .map(|row| Text::new("lx-line-grid").arg("row", row.join("|")))
        .collect()
}

/// Who has stones on a tile, one text a holder (the neutral stones last).
pub(super) fn stone_texts(t: &super::view::TileView) -> Vec<Text> {
    let mut stones: Vec<Text> = t
        .stones
        .iter()
        .enumerate()
        .filter(|(_, &n)| n > 0)
        .map(|(s, &n)| {
            Text::new("lx-stones-seat")
                .seat("player", s as Seat)
                .arg("n", n)
        })
        .collect();
    if t.neutral > 0 {
        stones.push(Text::new("lx-stones-neutral").arg("n", t.neutral));
    }
    stones
}

fn tile_line(view: &LouisView, t: &super::view::TileView) -> Text {
    let stones = stone_texts(t);
    let key = if view.king == Some(t.index) {
        "lx-line-tile-king"
    } else {
        "lx-line-tile"
    };
    Text::new(key)
        .arg("tile", tile_named(t.index, &t.name))
        .arg(
            "side",
            Text::new(if t.back {
                "lx-side-back"
            } else {
                "lx-side-front"
            }),
        )
        .arg("condition", condition(t.condition))
        .arg("reward", reward(&t.reward))
        .arg("stones", stones)
}

pub fn panel(view: &LouisView) -> Panel {
    let title = if view.phase == Phase::Over {
        Text::new("lx-title-over")
    } else {
        Text::new("lx-title")
            .arg("round", view.round)
            .arg("phase", phase(view.phase))
    };
    let mut court = grid(view);
    court.extend(view.tiles.iter().map(|t| tile_line(view, t)));
    let mut table = vec![Text::new("lx-line-start").seat("player", view.start)];
    if let Some(s) = view.to_act {
        table.push(Text::new("lx-line-to-act").seat("player", s));
    }
    if let Some((id, income, king)) = &view.money_card {
        table.push(
            Text::new("lx-line-money-card")
                .arg("id", id.as_str())
                .arg("income", *income as i64)
                .arg("tile", tile(*king)),
        );
    }
    table.push(
        Text::new("lx-line-decks")
            .arg("money", view.money_cards_left)
            .arg("influence", view.influence_deck)
            .arg("discard", view.discard)
            .arg("intrigue", view.intrigue_deck)
            .arg("light", view.mission_decks[0])
            .arg("medium", view.mission_decks[1])
            .arg("dark", view.mission_decks[2])
            .arg("coats", view.coat_pile),
    );
    if let Some(pool) = view.neutral_pool {
        table.push(Text::new("lx-line-neutral").arg("n", pool));
    }
    let mut sections = vec![
        Section::public(Text::new("lx-sec-court"), court),
        Section::public(Text::new("lx-sec-table"), table),
    ];
    for (s, p) in view.players.iter().enumerate() {
        let mut lines = vec![
            Text::new("lx-line-player")
                .arg("money", p.money as i64)
                .arg("own", p.own)
                .arg("common", p.common)
                .arg("coats", p.coats),
            Text::new("lx-line-chips").arg("chips", chips_list(p.chips)),
            Text::new("lx-line-hands")
                .arg("influence", p.influence)
                .arg("intrigue", p.intrigue)
                .arg("missions", p.missions),
        ];
        lines.extend(
            p.completed
                .iter()
                .map(|m| Text::new("lx-line-completed").arg("card", mission(m))),
        );
        sections.push(Section::public(
            Text::new("lx-sec-player").seat("player", s as Seat),
            lines,
        ));
    }
    if let Some(result) = &view.result {
        let mut lines = Vec::new();
        for (s, kinds) in result.kinds.iter().enumerate() {
            let list: Vec<Text> = kinds
                .iter()
                .enumerate()
                .filter(|(_, &n)| n > 0)
                .map(|(k, &n)| {
                    let what = if k + 1 == kinds.len() {
                        Text::new("lx-coat-plain")
                    } else {
                        Text::new("lx-coat-kind").arg("kind", ROMAN[k])
                    };
                    Text::new("lx-count-of").arg("n", n).arg("what", what)
                })
                .collect();
            lines.push(
                Text::new("lx-line-coats-revealed")
                    .seat("player", s as Seat)
                    .arg("coats", list),
            );
        }
        lines.extend(outcome(&result.score).explanation);
        sections.push(Section::public(Text::new("lx-sec-result"), lines));
    }
    if let Some(me) = &view.me {
        let mut lines = vec![
            Text::new("lx-line-hand-influence").arg(
                "cards",
                me.influence
                    .iter()
                    .map(|&c| influence(c))
                    .collect::<Vec<_>>(),
            ),
            Text::new("lx-line-hand-intrigue").arg(
                "cards",
                me.intrigue.iter().map(|c| tile(c.0)).collect::<Vec<_>>(),
            ),
        ];
        lines.extend(
            me.missions
                .iter()
                .map(|m| Text::new("lx-line-hand-mission").arg("card", mission(m))),
        );
        let kinds = me
            .coats
            .iter()
            .fold(vec![0u8; ROMAN.len() + 1], |mut k, c| {
                k[c.kind.map_or(ROMAN.len(), |x| x as usize)] += 1;
                k
            });
        let coats: Vec<Text> = kinds
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(k, &n)| {
                let what = if k == ROMAN.len() {
                    Text::new("lx-coat-plain")
                } else {
                    Text::new("lx-coat-kind").arg("kind", ROMAN[k])
                };
                Text::new("lx-count-of").arg("n", n).arg("what", what)
            })
            .collect();
        lines.push(Text::new("lx-line-hand-coats").arg("coats", coats));
        sections.push(Section::private(Text::new("lx-sec-private"), lines));
    }
    Panel { title, sections }
}

pub fn describe(e: &Ev) -> Text {
    match e {
        Ev::RoundStarted { round, start } => Text::new("lx-ev-round")
            .arg("round", *round)
            .seat("player", *start),
        Ev::MoneyCard { id, income, king } => Text::new("lx-ev-money-card")
            .arg("id", id.as_str())
            .arg("income", *income as i64)
            .arg("tile", tile(*king)),
        Ev::Compensation { seat } => Text::new("lx-ev-compensation").seat("player", *seat),
        Ev::IntrigueDrawn { card, .. } => {
            Text::new("lx-ev-intrigue-drawn").arg("tile", tile(card.0))
        }
        Ev::IntrigueTaken { seat } => Text::new("lx-ev-intrigue-taken").seat("player", *seat),
        Ev::Money { seat, amount } => Text::new("lx-ev-money")
            .seat("player", *seat)
            .arg("n", *amount as i64),
        Ev::Retrieved { seat, stones } => Text::new("lx-ev-retrieved")
            .seat("player", *seat)
            .arg("n", *stones),
        Ev::StoneForCard { seat } => Text::new("lx-ev-stone-for-card").seat("player", *seat),
        Ev::InfluenceTaken { seat, count } => Text::new("lx-ev-influence-taken")
            .seat("player", *seat)
            .arg("n", *count),
        Ev::InfluenceDrawn { cards, .. } => Text::new("lx-ev-influence-drawn").arg(
            "cards",
            cards.iter().map(|&c| influence(c)).collect::<Vec<_>>(),
        ),
        Ev::CoatTaken { seat } => Text::new("lx-ev-coat-taken").seat("player", *seat),
        Ev::CoatDrawn { coat, .. } => Text::new("lx-ev-coat-drawn").arg(
            "kind",
            match coat.kind {
                Some(k) => Text::new("lx-coat-kind").arg("kind", ROMAN[k as usize]),
                None => Text::new("lx-coat-plain"),
            },
        ),
        Ev::NeutralPlaced { tile: t, stones } => Text::new("lx-ev-neutral-placed")
            .arg("tile", tile(*t))
            .arg("n", *stones),
        Ev::NeutralRevealed { card } => {
            Text::new("lx-ev-neutral-revealed").arg("card", influence(*card))
        }
        Ev::StonePlaced { seat, tile: t } => Text::new("lx-ev-stone-placed")
            .seat("player", *seat)
            .arg("tile", tile(*t)),
        Ev::Played { seat, card } => Text::new("lx-ev-played")
            .seat("player", *seat)
            .arg("card", influence(*card)),
        Ev::FourStone { seat, stones } => Text::new("lx-ev-four-stone")
            .seat("player", *seat)
            .arg("n", *stones),
        Ev::Placed { seat, tiles } => Text::new("lx-ev-placed").seat("player", *seat).arg(
            "stones",
            tiles
                .iter()
                .map(|&(t, n)| Text::new("lx-n-on-tile").arg("n", n).arg("tile", tile(t)))
                .collect::<Vec<_>>(),
        ),
        Ev::PaidPass { seat, cost } => Text::new("lx-ev-paid-pass")
            .seat("player", *seat)
            .arg("n", *cost as i64),
        Ev::Exchanged { seat, card } => Text::new("lx-ev-exchanged")
            .seat("player", *seat)
            .arg("card", influence(*card)),
        Ev::LastCardReturned { seat } => Text::new("lx-ev-last-card").seat("player", *seat),
        Ev::LastCard { card, .. } => Text::new("lx-ev-last-card-own").arg("card", influence(*card)),
        Ev::Reshuffled => Text::new("lx-ev-reshuffled"),
        Ev::IntriguePlayed {
            seat,
            tile: t,
            from_common,
            stones,
        } => Text::new(if *from_common {
            "lx-ev-intrigue-common"
        } else {
            "lx-ev-intrigue-own"
        })
        .seat("player", *seat)
        .arg("tile", tile(*t))
        .arg("n", *stones),
        Ev::OnceFirst { seat, tile: t } => Text::new("lx-ev-once-first")
            .seat("player", *seat)
            .arg("tile", tile(*t)),
        Ev::Evaluated {
            tile: t,
            counts,
            neutral,
        } => {
            let mut list: Vec<Text> = counts
                .iter()
                .filter(|(_, n)| *n > 0)
                .map(|&(s, n)| Text::new("lx-stones-seat").seat("player", s).arg("n", n))
                .collect();
            if *neutral > 0 {
                list.push(Text::new("lx-stones-neutral").arg("n", *neutral));
            }
            Text::new("lx-ev-evaluated")
                .arg("tile", tile(*t))
                .arg("stones", list)
        }
        Ev::Empty { tile: t } => Text::new("lx-ev-empty").arg("tile", tile(*t)),
        Ev::Received {
            seat,
            tile: t,
            crown,
        } => Text::new(if *crown {
            "lx-ev-received-crown"
        } else {
            "lx-ev-received"
        })
        .seat("player", *seat)
        .arg("tile", tile(*t)),
        Ev::Bought {
            seat,
            tile: t,
            price,
        } => Text::new("lx-ev-bought")
            .seat("player", *seat)
            .arg("tile", tile(*t))
            .arg("n", *price as i64),
        Ev::Declined { seat, tile: t } => Text::new("lx-ev-declined")
            .seat("player", *seat)
            .arg("tile", tile(*t)),
        Ev::ChipGained { seat, chip: c } => Text::new("lx-ev-chip")
            .seat("player", *seat)
            .arg("chip", chip(*c)),
        Ev::Flipped { tile: t, .. } => Text::new("lx-ev-flipped").arg("tile", tile(*t)),
        Ev::Completed { seat, card, paid } => Text::new("lx-ev-completed")
            .seat("player", *seat)
            .arg("id", card.id.as_str())
            .arg("chips", paid.iter().map(|&c| chip(c)).collect::<Vec<_>>()),
        Ev::MissionTaken { seat, deck: d } => Text::new("lx-ev-mission-taken")
            .seat("player", *seat)
            .arg("deck", deck(*d)),
        Ev::MissionDrawn { card, .. } => {
            Text::new("lx-ev-mission-drawn").arg("id", card.id.as_str())
        }
        Ev::MissionsReturned { seat, decks } => Text::new("lx-ev-missions-returned")
            .seat("player", *seat)
            .arg("decks", decks.iter().map(|&d| deck(d)).collect::<Vec<_>>()),
        Ev::CrownSwap {
            seat,
            chip: c,
            cost,
        } => Text::new("lx-ev-crown-swap")
            .seat("player", *seat)
            .arg("chip", chip(*c))
            .arg("n", *cost as i64),
        Ev::ChipsReturned { seat, chips, kept } => Text::new("lx-ev-chips-returned")
            .seat("player", *seat)
            .arg("chips", chips.iter().map(|&c| chip(c)).collect::<Vec<_>>())
            .arg("kept", chip(*kept)),
        Ev::GameOver => Text::new("lx-ev-game-over"),
    }
}

/// §11: conversions, kind majorities, scores, the stone tie-break, the winner(s).
pub fn outcome(r: &FinalScore) -> Outcome {
    let n = r.scores.len();
    let mut explanation = Vec::new();
    for (s, c) in r.conversions.iter().enumerate() {
        explanation.push(
            Text::new("lx-result-conversions")
                .seat("player", s as Seat)
                .arg("influence", c[0])
                .arg("intrigue", c[1])
                .arg("chips", c[2])
                .arg("stones", c[3])
                .arg("money", c[4]),
        );
    }
    for (k, (max, holders)) in r.majorities.iter().enumerate() {
        if !holders.is_empty() {
            explanation.push(
                Text::new("lx-result-majority")
                    .arg("kind", ROMAN[k])
                    .arg("n", *max)
                    .arg(
                        "players",
                        holders.iter().map(|&s| seat(s)).collect::<Vec<_>>(),
                    ),
            );
        }
    }
    for s in 0..n {
        explanation.push(
            Text::new("lx-result-score")
                .seat("player", s as Seat)
                .arg("coats", r.coats[s])
                .arg("missions", r.missions[s])
                .arg("score", r.scores[s] as i64)
                .arg("own", r.own_stones[s]),
        );
    }
    let winners: Vec<Seat> = (0..n as Seat)
        .filter(|&s| r.places[s as usize] == 1)
        .collect();
    let best = r.scores[winners[0] as usize];
    let tied_on_score = (0..n).filter(|&s| r.scores[s] == best).count() > 1;
    explanation.push(if winners.len() > 1 {
        Text::new("lx-result-shared")
            .arg(
                "players",
                winners.iter().map(|&s| seat(s)).collect::<Vec<_>>(),
            )
            .arg("score", best as i64)
    } else if tied_on_score {
        Text::new("lx-result-winner-tiebreak")
            .seat("player", winners[0])
            .arg("score", best as i64)
    } else {
        Text::new("lx-result-winner")
            .seat("player", winners[0])
            .arg("score", best as i64)
    });
    Outcome {
        places: r.places.clone(),
        scores: r.scores.iter().map(|&s| s as i64).collect(),
        explanation,
    }
}
