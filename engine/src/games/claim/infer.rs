//! What the opponent's plays in phase one say about its hand (issue 48, inference). The hard
//! part, that a seat which did not follow a faction holds none of it, the determinization
//! already keeps (`voids`); here each card the opponent played to a led card is weighed
//! against the others it could have played with the hand a sampled world gives it: a seat
//! wins a prize better than the unseen card the loser takes with its cheapest winning card
//! and otherwise throws its cheapest card. A world in which the opponent threw a high card while a low one would have
//! done as well, or let a good prize go while it held the card to take it, is less likely.
//!
//! The hand at each trick is the world's hand with the cards played since put back: in phase
//! one a hand only shrinks (won and drawn cards go to the follower pile).

use super::{
    cards::{Card, CardSet},
    rules::{legal_follow, trick_winner, ClaimState, Phase, Winner},
};
use crate::{contract::Seat, observed::Observations};

/// The opponent model's temperature, in the values' units below (a card's value over 9).
pub const TEMPERATURE: f64 = 0.25;
/// What spending a card of the top value costs.
const SPEND: f64 = 0.5;
/// The value over 9 of the unseen top card the loser takes: an average card's.
const BLIND: f64 = 0.5;

/// The follower's value of playing `card` to `lead` for `prize`: the card it gains (the prize
/// if it wins, else the deck's top card, of average value), less the card it spends.
pub(crate) fn follow_value(lead: Card, card: Card, prize: Option<Card>) -> f64 {
    let won = trick_winner(lead, card) == Winner::Follower;
    let prize = prize.map_or(0.0, |p| f64::from(p.value()) / 9.0);
    let gain = if won { prize } else { BLIND };
    gain - SPEND * f64::from(card.value()) / 9.0
}

pub fn observed_decisions(world: &ClaimState, observer: Seat, out: &mut Observations) {
    if world.phase != Phase::Recruiting || observer > 1 {
        return;
    }
    let opp = 1 - observer;
    let mut hand: CardSet = world.hands[opp as usize];
    // A card the opponent has led to the trick under way was in its hand.
    if let (Some(led), true) = (world.led, world.leader == opp) {
        hand.insert(led);
    }
    for t in world.tricks.iter().rev() {
        let (played, following) = if t.leader == opp {
            (t.lead, false)
        } else {
            (t.follow, true)
        };
        hand.insert(played);
        if !following {
            continue;
        }
        let alts: Vec<Card> = legal_follow(hand, t.lead.faction()).iter().collect();
        let chosen = alts.iter().position(|&c| c == played).unwrap_or(usize::MAX);
        out.decision(
            chosen,
            alts.iter().map(|&c| follow_value(t.lead, c, t.prize)),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_a_good_prize_cheaply_is_the_model_s_favourite() {
        // Goblins 1..9 are cards 5..13: lead goblin 5, prize a 9.
        let (lead, prize) = (Card(9), Some(Card(13)));
        let cheap_win = follow_value(lead, Card(10), prize);
        let dear_win = follow_value(lead, Card(13), prize);
        let cheap_loss = follow_value(lead, Card(0), prize);
        assert!(cheap_win > dear_win && cheap_win > cheap_loss);
        // A worthless prize: throwing the cheapest card is best.
        assert!(follow_value(lead, Card(0), Some(Card(0))) > follow_value(lead, Card(13), None));
    }
}
