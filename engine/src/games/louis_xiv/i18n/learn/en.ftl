# Learning mode (a player's first game of Louis XIV): what each choice does by the rules,
# and how the evaluation and the end of the game score.

lx-learn-tile = { $tile } { $name } ({ $what }: { $reward })
lx-learn-supply-next = Resolve this completed mission's supply ability now; the others follow in the order you choose.
lx-learn-two-of = { $stones ->
    [one] 1 stone
   *[other] { $stones } stones
} to your own supply and { $money } Louisdor: stones place influence, Louisdor buy rewards on Money tiles.
lx-learn-stone-for-card = One stone moves from your own supply to your common supply, and you draw 1 influence card more.
lx-learn-stone-for-card-no = Your stones stay where they are; no extra influence card.
lx-learn-start-place = One stone from your common supply (your own supply if it is empty) goes on tile { $item }.
lx-learn-no-stone = No stone is placed.
lx-learn-start-on = starting on tile { $item }
lx-learn-start-any = starting on any tile (joker)
lx-learn-play = The card goes face up to the discard pile; then you place up to { $n ->
    [one] 1 stone
   *[other] { $n } stones
} from your own supply { $item }, or take back as many from your common supply. If you are then left with one card, it goes back to the deck.
lx-learn-pay-pass = Pay 2 Louisdor to the bank instead of playing: your turn ends and your hand stays as it is.
lx-learn-exchange = Instead of playing, discard one card from your hand and draw the top card of the influence deck.
lx-learn-exchange-discard = This card goes face up to the discard pile; you draw the top card of the influence deck.
lx-learn-use-place = Place up to { $n ->
    [one] 1 stone
   *[other] { $n } stones
} from your own supply: at the evaluation they compete for the tiles' rewards.
lx-learn-use-retrieve = Move up to { $n ->
    [one] 1 stone
   *[other] { $n } stones
} from your common supply back to your own supply, ready to be placed again.
lx-learn-four-place = Use your four-stone mission on this card: place up to 4 stones, starting on any tile.
lx-learn-four-retrieve = Use your four-stone mission on this card: take back up to 4 stones.
lx-learn-four-no = The card works as printed.
lx-learn-place-start = Your first stone lands on tile { $item }.
lx-learn-place-jump = The remaining stones jump to the adjacent tile { $item }.
lx-learn-place-total = { $n ->
    [one] 1 stone leaves
   *[other] { $n } stones leave
} your own supply with this play.
lx-learn-place-leave = { $n ->
    [one] 1 stone stays
   *[other] { $n } stones stay
} on this tile; any others jump on to one adjacent tile.
lx-learn-place-one = One stone goes on tile { $item }.
lx-learn-intrigue-keep = Keep the intrigue card: it gives 1 coat of arms at the end of the game.
lx-learn-intrigue-common = One stone from your common supply goes on tile { $tile } and counts in this evaluation.
lx-learn-intrigue-own-one = One stone from your own supply goes on tile { $tile } and counts in this evaluation.
lx-learn-intrigue-own-two = Two stones from your own supply go on tile { $tile } and count in this evaluation.
lx-learn-once-first = Use "once first": you break the tie and count as the only majority holder on this tile.
lx-learn-once-first-no = The tie stays; the card stays unused for this evaluation.
lx-learn-buy = Pay the price to the bank and receive: { $reward }.
lx-learn-decline = Keep your Louisdor; you get nothing from this tile.
lx-learn-place-on = { $n ->
    [0] No stone goes
    [one] 1 stone goes
   *[other] { $n } stones go
} on tile { $item }.
lx-learn-retrieve = { $n ->
    [0] No stone moves
    [one] 1 stone moves
   *[other] { $n } stones move
} from your common supply to your own supply.
lx-learn-end-turn = End your mission turn; if you hold more than one chip, you keep one and every other becomes a coat of arms.
lx-learn-complete = Pay the mission's two chips: the card lies face up (its points count at the end, its ability works from now on), and you draw a new mission card.
lx-learn-use-ability = Use this completed mission's ability now (once per mission phase).
lx-learn-pay-chip = The { $chip } chip pays this symbol and returns to the supply.
lx-learn-swap-chip = Pay 2 Louisdor: the { $chip } chip becomes a crown, which pays any symbol.
lx-learn-keep-chip = Keep the { $chip } chip; every other chip returns to the supply for 1 coat of arms each.
lx-learn-draw-deck = Draw the top mission card of the { $kind }; only you see it.
lx-learn-return = Put this mission card face down under its deck and draw a replacement.
lx-learn-return-done = Stop choosing; the chosen cards are exchanged for new ones.
lx-learn-evaluated = Evaluating { $tile } by its face-up condition: Money (the majority gets the reward, the others may buy it), First place (only a single majority gets it) or Stones (everyone with enough stones gets it). On Money and First-place tiles a single majority's stones go to its common supply; all other stones go back to their owners' own supplies.
lx-learn-received-crown = On Louis XIV's tile the single first also gets a crown, and a single second gets the reward free.
lx-learn-flipped = { $tile } turns to its other side: the same reward, another condition from the next round on.
lx-learn-over = The game is over: completed missions and coats of arms score; leftover stones, Louisdor and chips become coats of arms, and a majority in a kind of coat of arms gives one more. The most points win; a tie goes to more stones in the own supply.
