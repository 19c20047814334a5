//! Claim as neutral text: the table panel, event lines and the result.

use super::{
    cards::{CardSet, Faction},
    rules::{ClaimEvent, ClaimResult, Phase},
    view::ClaimView,
};
use crate::{
    contract::{Outcome, Seat},
    panel::{Panel, Section},
    text::Text,
};

fn faction(f: Faction) -> Text {
    Text::new(format!("claim-faction-{}", f.key()))
}

fn cards(set: CardSet) -> Vec<Text> {
    set.iter().map(|c| c.text()).collect()
}

/// A score pile grouped by faction (spec §10), one line per faction present.
fn score_lines(pile: CardSet) -> Vec<Text> {
    let lines: Vec<Text> = Faction::ALL
        .iter()
        .filter(|&&f| !pile.of(f).is_empty())
        .map(|&f| {
            let values: Vec<String> = pile.of(f).iter().map(|c| c.value().to_string()).collect();
            Text::new("claim-line-score")
                .arg("faction", faction(f))
                .arg("count", pile.of(f).len())
                .arg("values", values.join(", "))
        })
        .collect();
    if lines.is_empty() {
        vec![Text::new("claim-line-score-empty")]
    } else {
        lines
    }
}

pub fn panel(view: &ClaimView) -> Panel {
    let title = match view.phase {
        Phase::Over => Text::new("claim-title-over"),
        Phase::Recruiting => Text::new("claim-title")
            .arg("phase", 1)
            .arg("trick", view.trick),
        Phase::Factions => Text::new("claim-title")
            .arg("phase", 2)
            .arg("trick", view.trick),
    };
    let mut table = Vec::new();
    if let Some(seat) = view.to_move {
        table.push(Text::new("claim-line-to-move").seat("player", seat));
    }
    if let Some(prize) = view.prize {
        table.push(Text::new("claim-line-prize").arg("card", prize.text()));
    }
    if view.phase == Phase::Recruiting {
        table.push(Text::new("claim-line-deck").arg("count", view.deck_size));
    }
    if let Some(led) = view.led {
        table.push(
            Text::new("claim-line-led")
                .seat("player", view.leader)
                .arg("card", led.text()),
        );
    }
    if let Some(t) = view.last_trick {
        table.push(
            Text::new("claim-line-last-trick")
                .arg("number", t.number)
                .seat("leader", t.leader)
                .arg("lead", t.lead.text())
                .seat("follower", 1 - t.leader)
                .arg("follow", t.follow.text())
                .seat("winner", t.winner),
        );
    }
    let mut sections = vec![Section::public(Text::new("claim-sec-table"), table)];
    for (seat, s) in view.seats.iter().enumerate() {
        let mut lines = vec![Text::new("claim-line-sizes")
            .arg("hand", s.hand_size)
            .arg("followers", s.follower_pile_size)];
        lines.extend(score_lines(s.score_pile));
        sections.push(Section::public(
            Text::new("claim-sec-seat").seat("player", seat as Seat),
            lines,
        ));
    }
    if !view.discard.is_empty() {
        sections.push(Section::public(
            Text::new("claim-sec-discard"),
            vec![Text::new("claim-line-cards").arg("cards", cards(view.discard))],
        ));
    }
    if let Some(result) = &view.result {
        sections.push(Section::public(
            Text::new("claim-sec-result"),
            outcome(result).explanation,
        ));
    }
    if let Some(me) = &view.me {
        if view.phase != Phase::Over {
            sections.push(Section::private(
                Text::new("claim-sec-hand"),
                vec![Text::new("claim-line-cards").arg("cards", cards(me.hand))],
            ));
        }
        if view.phase == Phase::Recruiting {
            sections.push(Section::private(
                Text::new("claim-sec-followers"),
                vec![Text::new("claim-line-cards").arg("cards", cards(me.follower_pile))],
            ));
        }
    }
    Panel { title, sections }
}

pub fn describe(event: &ClaimEvent) -> Text {
    match *event {
        ClaimEvent::FirstLeader { seat } => Text::new("claim-ev-first-leader").seat("player", seat),
        ClaimEvent::PrizeRevealed { trick, card } => Text::new("claim-ev-prize")
            .arg("trick", trick)
            .arg("card", card.text()),
        ClaimEvent::Played { seat, card } => Text::new("claim-ev-played")
            .seat("player", seat)
            .arg("card", card.text()),
        ClaimEvent::TrickWon { winner, .. } => {
            Text::new("claim-ev-trick-won").seat("player", winner)
        }
        ClaimEvent::PrizeTaken { seat, card } => Text::new("claim-ev-prize-taken")
            .seat("player", seat)
            .arg("card", card.text()),
        ClaimEvent::TookTopCard { seat } => Text::new("claim-ev-took-top").seat("player", seat),
        ClaimEvent::DrewBlind { card, .. } => {
            Text::new("claim-ev-drew-blind").arg("card", card.text())
        }
        ClaimEvent::ToScorePile { seat, card } => Text::new("claim-ev-to-score")
            .seat("player", seat)
            .arg("card", card.text()),
        ClaimEvent::Discarded { card } => Text::new("claim-ev-discarded").arg("card", card.text()),
        ClaimEvent::PhaseTwo { leader } => Text::new("claim-ev-phase-two").seat("player", leader),
        ClaimEvent::GameOver => Text::new("claim-ev-game-over"),
    }
}

/// Spec §9: per faction both counts, both top cards when compared, who won it; then the result.
pub fn outcome(result: &ClaimResult) -> Outcome {
    let mut explanation: Vec<Text> = result
        .votes
        .iter()
        .map(|v| {
            let base = |key: &'static str| {
                Text::new(key)
                    .arg("faction", faction(v.faction))
                    .seat("a", 0)
                    .arg("na", v.counts[0])
                    .seat("b", 1)
                    .arg("nb", v.counts[1])
            };
            match (v.compared, v.winner) {
                (None, Some(w)) => base("claim-vote-count").seat("winner", w),
                (Some(tops), Some(w)) => base("claim-vote-top")
                    .arg("ta", tops[0].value())
                    .arg("tb", tops[1].value())
                    .seat("winner", w),
                (Some(_), None) => base("claim-vote-tie"),
                (None, None) => base("claim-vote-none"),
            }
        })
        .collect();
    explanation.push(match result.winner {
        Some(w) => Text::new("claim-result-winner")
            .seat("player", w)
            .arg("votes", result.totals[w as usize]),
        None => Text::new("claim-result-draw").arg("votes", result.totals[0]),
    });
    Outcome {
        places: result.places().to_vec(),
        scores: result.totals.iter().map(|&t| t as i64).collect(),
        explanation,
    }
}
