//! What the other seats' face-down cards say about them (issue 48, inference). The card a
//! seat placed last in a column stays face down until someone plays below it, and it mostly
//! decides who takes the column: the determinization deals it at random from that colour's
//! unseen characters. Here each such card is weighed as the seat's decision: of the cards it
//! could have placed (the face-down card and the world's hand, which then held all but the
//! card drawn after the play) and the columns open to it, it chose this card in this column.
//! A seat is modelled as playing for the points it would hold if the round were scored now
//! (the columns it would win less those another seat would), less a little for spending a
//! strong card. A world in which the face-down card is a Witch under a column the seat needed
//! a King for, while it held the King, is less likely.
//!
//! It reads only the world: its columns (the face-down cards as the world dealt them) and the
//! world's hands.

use super::{
    cards::Character,
    evaluation::{evaluate_cards, Entry, Valued},
    rules::{Column, Phase, RbState},
};
use crate::{contract::Seat, observed::Observations};

/// The opponent model's temperature, in point-card points.
pub const TEMPERATURE: f64 = 1.0;
/// What spending a card costs per point of its printed value (a King, 20, costs 1 point):
/// between two plays that take the same columns a seat keeps its stronger card.
const SPEND: f64 = 0.05;

/// What `seat` holds of `column` if it were scored with `cards`: its point value if the seat
/// wins it, minus it if another seat does, else 0.
fn stake(state: &RbState, column: &Column, extra: Option<(Seat, Character)>, seat: Seat) -> f64 {
    let mut cards = Vec::with_capacity(column.count() + 1);
    state.for_each_entry(column, |entry| cards.push(Valued { entry, value: None }));
    if let Some((owner, character)) = extra {
        cards.push(Valued {
            entry: Entry {
                owner,
                card: state.card(owner, character),
                position: column.cards.len() as u8 + 1,
                hidden: false,
            },
            value: None,
        });
    }
    let point = f64::from(column.point.value());
    match evaluate_cards(cards, column.point.symbol()).winner {
        Some(w) if w == seat => point,
        Some(_) => -point,
        None => 0.0,
    }
}

fn spend(character: Character) -> f64 {
    SPEND * f64::from(character.info().value.unwrap_or(0)) / 2.0
}

pub fn observed_decisions(world: &RbState, observer: Seat, out: &mut Observations) {
    if world.phase != Phase::Play {
        return;
    }
    for (k, column) in world.columns.iter().enumerate() {
        let Some(&last) = column.cards.last() else {
            continue;
        };
        // Only a card nobody has seen: a face-up one, a moved Explorer, or the observer's own
        // tells nothing the world made up.
        if last.owner == observer || last.face_up || last.known || last.hidden.is_some() {
            continue;
        }
        one_play(world, k, last.owner, last.character, out);
    }
}

/// The play of `placed` by `seat` to the bottom of column `k`, weighed against the world's
/// hand of `seat` in every column open then.
fn one_play(world: &RbState, k: usize, seat: Seat, placed: Character, out: &mut Observations) {
    // The table before the play: column `k` without its bottom card.
    let mut before = world.columns[k].clone();
    before.cards.pop();
    let column = |j: usize| {
        if j == k {
            &before
        } else {
            &world.columns[j]
        }
    };
    // Column `k` was open when the card went there, even if a Storm it flipped closed it.
    let open: Vec<usize> = (0..world.columns.len())
        .filter(|&j| j == k || !world.columns[j].closed)
        .collect();
    let base: Vec<f64> = open
        .iter()
        .map(|&j| stake(world, column(j), None, seat))
        .collect();
    let mut hand: Vec<Character> = vec![placed];
    hand.extend(
        world.players[seat as usize]
            .hand
            .iter()
            .filter(|&&c| c != placed),
    );
    let mut values = Vec::with_capacity(hand.len() * open.len());
    let mut chosen = usize::MAX;
    for (h, &c) in hand.iter().enumerate() {
        for (i, &j) in open.iter().enumerate() {
            if h == 0 && j == k {
                chosen = values.len();
            }
            // Only column `j` changes: the other columns' stakes are the same for every
            // alternative and drop out of the softmax.
            let gain = stake(world, column(j), Some((seat, c)), seat) - base[i];
            values.push(gain - spend(c));
        }
    }
    out.decision(chosen, values);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_king_costs_more_to_spend_than_a_squire() {
        assert!(spend(Character::King) > spend(Character::Squire));
        assert!((spend(Character::King) - 1.0).abs() < 1e-9);
    }
}
