# Learning mode (a player's first game of Claim): one line per card of the menu, and why a
# trick went to its winner.

claim-learn-wins = Wins the trick: { $reason }.
claim-learn-loses = Loses the trick: { $reason }.
claim-learn-why-knight = a knight beats a led goblin
claim-learn-why-off = it does not follow { $faction }, so the leader wins
claim-learn-why-higher = it is higher than { $card }
claim-learn-why-not-higher = it is not higher than { $card } (a tie goes to the leader)
claim-learn-follow-recruit = { $result } { $item } { $notes }
claim-learn-follow = { $result } { $notes }
claim-learn-prize-yours = You take the prize { $card } into your follower pile.
claim-learn-prize-theirs = The opponent takes the prize { $card }; you take the top card of the deck.
claim-learn-piles-none = Both played cards leave the game.
claim-learn-piles-mine = To your score pile: { $cards }.
claim-learn-piles-theirs = To the opponent's score pile: { $cards }.
claim-learn-piles-both = To your score pile: { $mine }; to the opponent's: { $theirs }.
claim-learn-must-follow = The opponent must follow { $faction } if able (a doppelganger always may)
claim-learn-must-doppelganger = The opponent must answer with a doppelganger if they hold one
claim-learn-lead = { $what }; { $count ->
    [one] 1 card you have not seen beats it
   *[other] { $count } cards you have not seen beat it
}. { $notes }
claim-learn-note-undead = In phase 1, undead played go to the trick winner's score pile.
claim-learn-note-dwarf = In phase 2, a dwarf goes to the loser's score pile.
claim-learn-note-goblin = A knight played after a goblin wins the trick.
claim-learn-note-discard = The played cards then leave the game, except undead.
claim-learn-note-winner = The trick winner takes both cards to their score pile (dwarves go to the loser).
claim-learn-won-knight = { $player } takes the trick: a knight beats a led goblin.
claim-learn-won-off = { $player } takes the trick: { $card } does not follow { $faction }, so the leader wins.
claim-learn-won-higher = { $player } takes the trick: { $card } is higher than { $lead }.
claim-learn-won-tie = { $player } takes the trick: { $card } is not higher than { $lead }, and a tie goes to the leader.
