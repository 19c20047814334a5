//! Learning mode for Claim: what each card of the menu does to the trick (spec §6–§8), and
//! why a finished trick went as it did. Read from the mover's view only: the led card, the
//! prize, the piles on the table and the mover's own cards, never the opponent's hand or
//! the deck.

use super::{
    cards::{Card, CardSet, Faction},
    rules::{trick_winner, ClaimEvent, ClaimState, Phase, Winner},
    view::ClaimView,
};
use crate::{
    contract::{Menu, Seat, Viewer},
    text::Text,
};

/// One line per card of `menu`.
pub fn choices(state: &ClaimState, seat: Seat, menu: &Menu) -> Vec<Text> {
    let view = ClaimView::new(state, Viewer::Seat(seat));
    menu.choices
        .iter()
        .map(|c| {
            let card = Card(c.id.0 as u8);
            match view.led {
                Some(lead) => follow(&view, lead, card),
                None => lead(&view, card),
            }
        })
        .collect()
}

fn faction(f: Faction) -> Text {
    Text::new(format!("claim-faction-{}", f.key()))
}

/// The follower knows both cards: the trick's result and where every card goes are certain.
fn follow(view: &ClaimView, lead: Card, card: Card) -> Text {
    let wins = trick_winner(lead, card) == Winner::Follower;
    let followed = card.faction() == lead.faction() || card.faction() == Faction::Doppelganger;
    let reason = if lead.faction() == Faction::Goblin && card.faction() == Faction::Knight {
        Text::new("claim-learn-why-knight")
    } else if !followed {
        Text::new("claim-learn-why-off").arg("faction", faction(lead.faction()))
    } else if wins {
        Text::new("claim-learn-why-higher").arg("card", lead.text())
    } else {
        Text::new("claim-learn-why-not-higher").arg("card", lead.text())
    };
    let (mine, theirs) = piles(view.phase, [lead, card], wins);
    let result = Text::new(if wins {
        "claim-learn-wins"
    } else {
        "claim-learn-loses"
    })
    .arg("reason", reason);
    match (view.phase, view.prize) {
        (Phase::Recruiting, Some(prize)) => Text::new("claim-learn-follow-recruit")
            .arg("result", result)
            .arg(
                "item",
                Text::new(if wins {
                    "claim-learn-prize-yours"
                } else {
                    "claim-learn-prize-theirs"
                })
                .arg("card", prize.text()),
            )
            .arg("notes", piles_text(mine, theirs)),
        _ => Text::new("claim-learn-follow")
            .arg("result", result)
            .arg("notes", piles_text(mine, theirs)),
    }
}

fn piles_text(mine: Vec<Text>, theirs: Vec<Text>) -> Text {
    match (mine.is_empty(), theirs.is_empty()) {
        (true, true) => Text::new("claim-learn-piles-none"),
        (false, true) => Text::new("claim-learn-piles-mine").arg("cards", mine),
        (true, false) => Text::new("claim-learn-piles-theirs").arg("cards", theirs),
        (false, false) => Text::new("claim-learn-piles-both")
            .arg("mine", mine)
            .arg("theirs", theirs),
    }
}

/// Which of the two played cards go to the mover's score pile and which to the
/// opponent's (§4.5.3, §5.3.4): phase 1 scores only undead, for the winner; phase 2 gives
/// dwarves to the loser and the rest to the winner.
fn piles(phase: Phase, played: [Card; 2], mover_wins: bool) -> (Vec<Text>, Vec<Text>) {
    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
    for card in played {
        let to_winner = match phase {
            Phase::Recruiting => {
                if card.faction() != Faction::Undead {
                    continue;
                }
                true
            }
            _ => card.faction() != Faction::Dwarf,
        };
        if to_winner == mover_wins {
            mine.push(card.text());
        } else {
            theirs.push(card.text());
        }
    }
    (mine, theirs)
}

/// The leader cannot know the answer: say what the opponent must do and how many cards the
/// leader has not seen could beat the lead.
fn lead(view: &ClaimView, card: Card) -> Text {
    let rule = if card.faction() == Faction::Doppelganger {
        Text::new("claim-learn-must-doppelganger")
    } else {
        Text::new("claim-learn-must-follow").arg("faction", faction(card.faction()))
    };
    let beaters = unseen(view)
        .iter()
        .filter(|&c| trick_winner(card, c) == Winner::Follower)
        .count();
    let note = match (view.phase, card.faction()) {
        (Phase::Recruiting, Faction::Undead) => Text::new("claim-learn-note-undead"),
        (Phase::Factions, Faction::Dwarf) => Text::new("claim-learn-note-dwarf"),
        (_, Faction::Goblin) => Text::new("claim-learn-note-goblin"),
        (Phase::Recruiting, _) => Text::new("claim-learn-note-discard"),
        _ => Text::new("claim-learn-note-winner"),
    };
    Text::new("claim-learn-lead")
        .arg("what", rule)
        .arg("count", beaters)
        .arg("notes", note)
}

/// The cards the viewer has not seen anywhere: not in their hand or follower pile, not
/// discarded, scored, nor the prize. The opponent's hand and the deck are among them.
fn unseen(view: &ClaimView) -> CardSet {
    let mut seen = view.discard;
    for s in &view.seats {
        seen = seen.union(s.score_pile);
    }
    if let Some(me) = &view.me {
        seen = seen.union(me.hand).union(me.follower_pile);
    }
    for c in view.prize.iter().chain(view.led.iter()) {
        seen.insert(*c);
    }
    CardSet((!seen.0) & ((1u64 << super::cards::DECK_SIZE) - 1))
}

/// Why a trick went to its winner (§7).
pub fn event(event: &ClaimEvent) -> Vec<Text> {
    let ClaimEvent::TrickWon {
        winner,
        lead,
        follow,
    } = *event
    else {
        return Vec::new();
    };
    let key = if lead.faction() == Faction::Goblin && follow.faction() == Faction::Knight {
        "claim-learn-won-knight"
    } else if follow.faction() != lead.faction() && follow.faction() != Faction::Doppelganger {
        "claim-learn-won-off"
    } else if trick_winner(lead, follow) == Winner::Follower {
        "claim-learn-won-higher"
    } else {
        "claim-learn-won-tie"
    };
    vec![Text::new(key)
        .seat("player", winner)
        .arg("lead", lead.text())
        .arg("card", follow.text())
        .arg("faction", faction(lead.faction()))]
}
