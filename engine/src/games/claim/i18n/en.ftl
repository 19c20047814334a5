game-claim-name = Claim
game-claim-rules = Two players, two phases of 13 tricks. Phase 1: win face-up prizes to recruit followers; the loser takes the top deck card blind. Phase 2: play your followers to win the five factions' votes. Follow the led faction if you can (doppelgangers may always follow and count as the led faction). A knight following a led goblin wins. Undead played in phase 1 go to the winner's score pile; dwarves played in phase 2 go to the loser. Most cards of a faction wins its vote (tie: highest card); three votes win.

claim-card-goblin = Goblin { $value }
claim-card-dwarf = Dwarf { $value }
claim-card-undead = Undead { $value }
claim-card-doppelganger = Doppelganger { $value }
claim-card-knight = Knight { $value }

claim-faction-goblin = Goblins
claim-faction-dwarf = Dwarves
claim-faction-undead = Undead
claim-faction-doppelganger = Doppelgangers
claim-faction-knight = Knights

claim-title = Claim — phase { $phase }, trick { $trick }/13
claim-title-over = Claim — game over
claim-sec-table = Table
claim-sec-seat = { $player }
claim-sec-discard = Out of the game
claim-sec-result = Faction votes
claim-sec-hand = Your hand
claim-sec-followers = Your follower pile
claim-line-to-move = { $player } to play
claim-line-prize = Prize: { $card }
claim-line-deck = Draw deck: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
claim-line-led = { $player } led { $card }
claim-line-last-trick = Trick { $number }: { $leader }: { $lead }, { $follower }: { $follow } → { $winner } won
claim-line-sizes = Hand: { $hand } · follower pile: { $followers }
claim-line-score = { $faction } ({ $count }): { $values }
claim-line-score-empty = Score pile empty
claim-line-cards = { $cards }

claim-prompt-lead = Lead a card.
claim-prompt-lead-prize = Lead a card. The prize is { $card }.
claim-prompt-follow = { $player } led { $card }. Play a card.

claim-ev-first-leader = { $player } leads the first trick (chosen at random).
claim-ev-prize = Trick { $trick }: the prize is { $card }.
claim-ev-played = { $player } played { $card }.
claim-ev-trick-won = { $player } won the trick.
claim-ev-prize-taken = { $player } took the prize { $card } into their follower pile.
claim-ev-took-top = { $player } took the top deck card.
claim-ev-drew-blind = You drew { $card } face down into your follower pile.
claim-ev-to-score = { $card } went to { $player }'s score pile.
claim-ev-discarded = { $card } left the game.
claim-ev-phase-two = Phase 2: both players take their follower piles into hand. { $player } leads.
claim-ev-game-over = The game is over; the factions vote.

claim-vote-count = { $faction }: { $a } – { $na } : { $nb } – { $b } → { $winner }
claim-vote-top = { $faction }: { $a } – { $na } : { $nb } – { $b }, highest { $ta } vs { $tb } → { $winner }
claim-vote-tie = { $faction }: { $a } – { $na } : { $nb } – { $b }, equal highest cards → nobody
claim-vote-none = { $faction }: nobody
claim-result-winner = { $player } wins with { $votes ->
    [one] { $votes } faction vote
   *[other] { $votes } faction votes
}.
claim-result-draw = A draw: { $votes ->
    [one] { $votes } vote
   *[other] { $votes } votes
} each.

claim-scene-name-goblin = Goblin
claim-scene-name-dwarf = Dwarf
claim-scene-name-undead = Undead
claim-scene-name-doppelganger = Doppelganger
claim-scene-name-knight = Knight
claim-scene-power-goblin = A knight that follows it wins.
claim-scene-power-dwarf = Phase 2: goes to the trick's loser.
claim-scene-power-undead = Phase 1: goes to the winner's score pile.
claim-scene-power-doppelganger = May always follow; counts as the led faction.
claim-scene-power-knight = Wins when it follows a led goblin.
claim-scene-deck = draw deck
claim-scene-hand = hand
claim-scene-followers = follower pile

# branch clocks: refusals that say why
claim-refused-follow = You must follow the led faction ({ $faction }).
