//! Claim's rules: setup (§3), the two phases (§4, §5), following (§6), the trick winner
//! (§7), faction powers (§8) and the faction votes (§9).

use rand::{seq::SliceRandom, Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

use super::cards::{Card, CardSet, Faction, FactionSet, DECK_SIZE};
use crate::contract::{RuleError, Seat};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Recruiting,
    Factions,
    Over,
}

/// A completed trick: public history (spec §10).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    pub phase: Phase,
    pub number: u8,
    pub leader: Seat,
    pub lead: Card,
    pub follow: Card,
    pub winner: Seat,
    /// Phase 1: the face-up prize the winner took.
    pub prize: Option<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimState {
    pub seed: u64,
    pub phase: Phase,
    /// Face down; the top card is the last.
    pub deck: Vec<Card>,
    pub prize: Option<Card>,
    pub hands: [CardSet; 2],
    pub followers: [CardSet; 2],
    /// Cards each player drew face down from the deck and has not played yet: secret from
    /// the opponent (§10), also once they are in hand in phase 2.
    pub blind: [CardSet; 2],
    pub scores: [CardSet; 2],
    pub discard: CardSet,
    pub leader: Seat,
    pub led: Option<Card>,
    /// 1..=13 within the phase.
    pub trick: u8,
    pub last_trick: Option<TrickRecord>,
    /// Factions each seat has publicly proved to hold none of in its current hand (it did
    /// not follow them, §6): what the AI's determinization must respect. Reset when the hands
    /// change at phase two. Left out of the JSON while empty, so snapshots stored before it
    /// existed still compare equal on replay until a void is shown.
    #[serde(default, skip_serializing_if = "no_voids")]
    pub voids: [FactionSet; 2],
    /// The tricks of phase one so far, oldest first: public history (§10) that the AI's
    /// inference reads (`infer.rs`). Dropped at phase two, when nothing is hidden any more;
    /// left out of the JSON while empty, so snapshots stored before it existed read back.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tricks: Vec<TrickRecord>,
}

fn no_voids(voids: &[FactionSet; 2]) -> bool {
    voids.iter().all(|v| v.is_empty())
}

/// What happened; the audience of each is decided in `mod.rs`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case", tag = "event")]
pub enum ClaimEvent {
    FirstLeader {
        seat: Seat,
    },
    PrizeRevealed {
        trick: u8,
        card: Card,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    TrickWon {
        winner: Seat,
        lead: Card,
        follow: Card,
    },
    PrizeTaken {
        seat: Seat,
        card: Card,
    },
    /// Public: only that the loser took the top deck card.
    TookTopCard {
        seat: Seat,
    },
    /// Private to `seat`: which card it was.
    DrewBlind {
        seat: Seat,
        card: Card,
    },
    ToScorePile {
        seat: Seat,
        card: Card,
    },
    Discarded {
        card: Card,
    },
    PhaseTwo {
        leader: Seat,
    },
    GameOver,
}

pub const TRICKS_PER_PHASE: u8 = 13;

impl ClaimState {
    /// Spec §3: shuffle, deal 13 each, 26 in the deck, a random first leader, reveal the prize.
    pub fn new(seed: u64, events: &mut Vec<ClaimEvent>) -> ClaimState {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut cards: Vec<Card> = (0..DECK_SIZE).map(Card).collect();
        cards.shuffle(&mut rng);
        let hands = [
            cards[..13].iter().copied().collect(),
            cards[13..26].iter().copied().collect(),
        ];
        let leader = rng.random_range(0..2u8);
        let mut state = ClaimState {
            seed,
            phase: Phase::Recruiting,
            deck: cards[26..].to_vec(),
            prize: None,
            hands,
            followers: [CardSet::EMPTY; 2],
            blind: [CardSet::EMPTY; 2],
            scores: [CardSet::EMPTY; 2],
            discard: CardSet::EMPTY,
            leader,
            led: None,
            trick: 1,
            last_trick: None,
            voids: [FactionSet::EMPTY; 2],
            tricks: Vec::new(),
        };
        events.push(ClaimEvent::FirstLeader { seat: leader });
        state.reveal_prize(events);
        state
    }

    /// The seat that must play now, if any.
    pub fn to_move(&self) -> Option<Seat> {
        match (self.phase, self.led) {
            (Phase::Over, _) => None,
            (_, None) => Some(self.leader),
            (_, Some(_)) => Some(1 - self.leader),
        }
    }

    /// The cards `seat` may play now (empty when it is not their turn).
    /// What `seat` may not know (§10, D12): the opponent's dealt hand in phase 1, the cards
    /// the opponent drew blind (the prizes they won are public history), the deck.
    pub fn hidden_from(&self, seat: Seat) -> CardSet {
        let other = 1 - seat as usize;
        let hand = if self.phase == Phase::Recruiting {
            self.hands[other]
        } else {
            CardSet::EMPTY
        };
        hand.union(self.blind[other])
            .union(self.deck.iter().copied().collect())
    }

    pub fn legal(&self, seat: Seat) -> CardSet {
        if self.to_move() != Some(seat) {
            return CardSet::EMPTY;
        }
        let hand = self.hands[seat as usize];
        match self.led {
            None => hand,
            Some(led) => legal_follow(hand, led.faction()),
        }
    }

    pub fn play(
        &mut self,
        seat: Seat,
        card: Card,
        events: &mut Vec<ClaimEvent>,
    ) -> Result<(), RuleError> {
        if self.phase == Phase::Over {
            return Err(RuleError::GameOver);
        }
        if self.to_move() != Some(seat) {
            return Err(RuleError::NotYourDecision);
        }
        if !self.legal(seat).contains(card) {
            return Err(RuleError::IllegalChoice);
        }
        if let Some(led) = self.led {
            if let Some(void) = proved_void(led.faction(), card.faction()) {
                self.voids[seat as usize].insert(void);
            }
        }
        self.hands[seat as usize].remove(card);
        self.blind[seat as usize].remove(card);
        events.push(ClaimEvent::Played { seat, card });
        match self.led {
            None => self.led = Some(card),
            Some(lead) => self.finish_trick(lead, card, events),
        }
        Ok(())
    }

    fn finish_trick(&mut self, lead: Card, follow: Card, events: &mut Vec<ClaimEvent>) {
        let leader = self.leader;
        let follower = 1 - leader;
        let winner = match trick_winner(lead, follow) {
            Winner::Leader => leader,
            Winner::Follower => follower,
        };
        let loser = 1 - winner;
        events.push(ClaimEvent::TrickWon {
            winner,
            lead,
            follow,
        });
        let prize = self.prize.take();
        match self.phase {
            Phase::Recruiting => {
                // §4.5: prize to the winner's follower pile, the top deck card to the loser's.
                if let Some(p) = prize {
                    self.followers[winner as usize].insert(p);
                    events.push(ClaimEvent::PrizeTaken {
                        seat: winner,
                        card: p,
                    });
                }
                if let Some(top) = self.deck.pop() {
                    self.followers[loser as usize].insert(top);
                    self.blind[loser as usize].insert(top);
                    events.push(ClaimEvent::TookTopCard { seat: loser });
                    events.push(ClaimEvent::DrewBlind {
                        seat: loser,
                        card: top,
                    });
                }
                // §8: every played undead goes to the winner's score pile (D9); the rest out.
                for card in [lead, follow] {
                    if card.faction() == Faction::Undead {
                        self.score(winner, card, events);
                    } else {
                        self.discard.insert(card);
                        events.push(ClaimEvent::Discarded { card });
                    }
                }
            }
            Phase::Factions => {
                // §5.3.4: dwarves to the loser, every other played card to the winner.
                for card in [lead, follow] {
                    let to = if card.faction() == Faction::Dwarf {
                        loser
                    } else {
                        winner
                    };
                    self.score(to, card, events);
                }
            }
            Phase::Over => unreachable!("no trick is played after the game"),
        }
        let record = TrickRecord {
            phase: self.phase,
            number: self.trick,
            leader,
            lead,
            follow,
            winner,
            prize,
        };
        self.last_trick = Some(record);
        if self.phase == Phase::Recruiting {
            self.tricks.push(record);
        }
        // §4.6 / §5.3.5 / D2: the winner leads the next trick, across the phase change too.
        self.leader = winner;
        self.led = None;
        if self.trick < TRICKS_PER_PHASE {
            self.trick += 1;
            if self.phase == Phase::Recruiting {
                self.reveal_prize(events);
            }
            return;
        }
        match self.phase {
            Phase::Recruiting => {
                // §5.1: the follower piles become the hands.
                self.hands = self.followers;
                self.followers = [CardSet::EMPTY; 2];
                self.voids = [FactionSet::EMPTY; 2];
                self.tricks.clear();
                self.phase = Phase::Factions;
                self.trick = 1;
                events.push(ClaimEvent::PhaseTwo { leader: winner });
            }
            _ => {
                self.phase = Phase::Over;
                events.push(ClaimEvent::GameOver);
            }
        }
    }

    fn score(&mut self, seat: Seat, card: Card, events: &mut Vec<ClaimEvent>) {
        self.scores[seat as usize].insert(card);
        events.push(ClaimEvent::ToScorePile { seat, card });
    }

    fn reveal_prize(&mut self, events: &mut Vec<ClaimEvent>) {
        self.prize = self.deck.pop();
        if let Some(card) = self.prize {
            events.push(ClaimEvent::PrizeRevealed {
                trick: self.trick,
                card,
            });
        }
    }
}

/// Spec §6: the follower's legal cards for a led faction.
pub fn legal_follow(hand: CardSet, led: Faction) -> CardSet {
    let dops = hand.of(Faction::Doppelganger);
    if led == Faction::Doppelganger {
        return if dops.is_empty() { hand } else { dops };
    }
    let same = hand.of(led);
    if same.is_empty() {
        hand
    } else {
        same.union(dops)
    }
}

/// Spec §6 read backwards: the faction a follower has shown it holds none of by playing
/// `played` to `led`. A doppelganger may always follow, so it proves nothing unless
/// doppelgangers were led.
pub fn proved_void(led: Faction, played: Faction) -> Option<Faction> {
    match (led, played) {
        (Faction::Doppelganger, Faction::Doppelganger) => None,
        (Faction::Doppelganger, _) => Some(Faction::Doppelganger),
        (_, Faction::Doppelganger) => None,
        (l, p) if l == p => None,
        (l, _) => Some(l),
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Winner {
    Leader,
    Follower,
}

/// Spec §7.
pub fn trick_winner(lead: Card, follow: Card) -> Winner {
    if lead.faction() == Faction::Goblin && follow.faction() == Faction::Knight {
        return Winner::Follower;
    }
    let followed = follow.faction() == lead.faction() || follow.faction() == Faction::Doppelganger;
    if followed && follow.value() > lead.value() {
        Winner::Follower
    } else {
        Winner::Leader
    }
}

/// One faction's vote (spec §9.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Vote {
    pub faction: Faction,
    pub counts: [u8; 2],
    /// The highest card of each pile, when the counts tie above zero.
    pub compared: Option<[Card; 2]>,
    pub winner: Option<Seat>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimResult {
    pub votes: Vec<Vote>,
    pub totals: [u8; 2],
    /// `None` is a draw (D4).
    pub winner: Option<Seat>,
}

impl ClaimResult {
    /// Each seat's place: the winner first, a draw shared (D4).
    pub fn places(&self) -> [u8; 2] {
        match self.winner {
            Some(0) => [1, 2],
            Some(_) => [2, 1],
            None => [1, 1],
        }
    }
}

/// Spec §9 over the two score piles.
pub fn result(scores: [CardSet; 2]) -> ClaimResult {
    let votes: Vec<Vote> = Faction::ALL
        .iter()
        .map(|&faction| {
            let piles = [scores[0].of(faction), scores[1].of(faction)];
            let counts = [piles[0].len() as u8, piles[1].len() as u8];
            let (compared, winner) = if counts[0] != counts[1] {
                (None, Some(if counts[0] > counts[1] { 0 } else { 1 }))
            } else if counts[0] == 0 {
                (None, None) // D3: nobody
            } else {
                let tops = [piles[0].highest().unwrap(), piles[1].highest().unwrap()];
                let winner = match tops[0].value().cmp(&tops[1].value()) {
                    std::cmp::Ordering::Greater => Some(0),
                    std::cmp::Ordering::Less => Some(1),
                    std::cmp::Ordering::Equal => None, // D3: equal top cards
                };
                (Some(tops), winner)
            };
            Vote {
                faction,
                counts,
                compared,
                winner,
            }
        })
        .collect();
    let mut totals = [0u8; 2];
    for v in &votes {
        if let Some(w) = v.winner {
            totals[w as usize] += 1;
        }
    }
    // §9.2–9.3: three votes win; otherwise more votes; equal votes draw (D4).
    let winner = match totals[0].cmp(&totals[1]) {
        std::cmp::Ordering::Greater => Some(0),
        std::cmp::Ordering::Less => Some(1),
        std::cmp::Ordering::Equal => None,
    };
    ClaimResult {
        votes,
        totals,
        winner,
    }
}
