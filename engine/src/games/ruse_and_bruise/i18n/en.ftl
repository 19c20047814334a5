game-ruse-and-bruise-name = Ruse & Bruise
game-ruse-and-bruise-rules = 2–6 players, six rounds. Each round lays out one point card per player; under them you play influence cards face down, and each card you play flips the face-down card above it. A column is full when it holds as many cards as its point card's value (or a Storm closed it); when every column is full the round ends, all cards are revealed and each column goes to the highest total (with a Beggar: the lowest). Explorer, Assassin, Storm, Disguise and Traitor act when flipped; Musketeers, Magician, Witch, Prince + Squire, Hermit, Doppelganger, Dragon, Romeo, Beggar and Tom Thumb act at the end of the round. Most points after six rounds wins; all six symbols may be doubled.

rb-option-doubling = Six different symbols may be doubled

rb-char-king = King
rb-char-queen = Queen
rb-char-juliet = Juliet
rb-char-alchemist = Alchemist
rb-char-swordsman = Swordsman
rb-char-landowner = Landowner
rb-char-merchant = Merchant
rb-char-cardinal = Cardinal
rb-char-troubadour = Troubadour
rb-char-explorer = Explorer
rb-char-assassin = Assassin
rb-char-storm = Storm
rb-char-disguise = Disguise
rb-char-traitor = Traitor
rb-char-musketeers = Musketeers
rb-char-magician = Magician
rb-char-witch = Witch
rb-char-prince = Prince
rb-char-squire = Squire
rb-char-hermit = Hermit
rb-char-doppelganger = Doppelganger
rb-char-dragon = Dragon
rb-char-romeo = Romeo
rb-char-beggar = Beggar
rb-char-tom-thumb = Tom Thumb

rb-colour-red = Red
rb-colour-blue = Blue
rb-colour-yellow = Yellow
rb-colour-green = Green
rb-colour-white = White
rb-colour-black = Black

rb-symbol-alchemy = Alchemy
rb-symbol-military = Military
rb-symbol-agriculture = Agriculture
rb-symbol-trade = Trade
rb-symbol-religion = Religion
rb-symbol-art = Art

rb-card = { $character } ({ $colour })
rb-card-was-hidden = { $card } (was hidden)
rb-point = { $symbol } { $value }
rb-player = { $player }

rb-title-setup = Ruse & Bruise — setup
rb-title = Ruse & Bruise — round { $round }/{ $rounds }
rb-title-over = Ruse & Bruise — game over
rb-sec-table = Table
rb-sec-column = Column { $column } — { $point } — { $count }/{ $need }{ $status ->
    [closed] {" "}· closed by a Storm (full)
    [full] {" "}· full
   *[open] {""}
}
rb-sec-players = Players
rb-sec-last-round = Evaluation of round { $round }
rb-sec-hand = Your hand
rb-sec-won = Your point cards
rb-sec-result = Final scoring
rb-line-active = { $player } to play
rb-line-deciding-colour = { $player } chooses a colour
rb-line-deciding-start = { $player } chooses who starts
rb-line-deciding-disguise = { $player } decides what to hide under the Disguise
rb-line-deciding-traitor = { $player } decides on the Traitor's swap
rb-line-point-deck = Point deck: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
rb-line-up = { $pos }. { $card }
rb-line-down = { $pos }. face down ({ $colour })
rb-line-down-known = { $pos }. face down: { $card }
rb-line-hidden = { "   " }└ a hidden card ({ $colour })
rb-line-hidden-known = { "   " }└ hidden: { $card }
rb-line-empty = (no cards)
rb-line-seat = { $player } ({ $colour }): hand { $hand } · deck { $deck } · point cards { $won }
rb-line-seat-no-colour = { $player }: no colour yet
rb-line-discard = { "   " }{ $player }'s discard pile: { $cards }
rb-line-cards = { $cards }

rb-prompt-colour = Choose your colour.
rb-prompt-start = Who starts round 1?
rb-prompt-play = Round { $round }: play a card face down at the bottom of a column.
rb-prompt-disguise = Your Disguise was flipped in column { $column }: hide a card from your hand under it?
rb-prompt-traitor = Your Traitor was flipped in column { $column } ({ $point }): swap its point card with another column's?

rb-choice-play = { $card } → column { $column } ({ $point }, { $count ->
    [one] { $count } card
   *[other] { $count } cards
})
rb-choice-hide = Hide { $card }
rb-choice-hide-nothing = Hide nothing
rb-choice-swap = Swap with column { $column } ({ $point })
rb-choice-no-swap = No swap
rb-choice-start-random = At random
rb-choice-start = { $player }

rb-ev-colour = { $player } plays { $colour }.
rb-ev-start-random = { $player } starts round 1 (drawn at random).
rb-ev-start-chosen = { $player } starts round 1 (chosen by the host).
rb-ev-round = Round { $round }/{ $rounds }: the point cards are { $points }.
rb-ev-played = { $player } plays a card face down into column { $column }.
rb-ev-played-card = You played { $card } face down.
rb-ev-flipped = Column { $column }: { $card } is flipped face up.
rb-ev-explorer-moved = { $card } moves face down from column { $from } to column { $to }.
rb-ev-explorer-stays = { $card } stays face up in column { $column }.
rb-ev-killed = { $by } kills { $card } in column { $column }; it goes to the discard pile.
rb-ev-storm = { $card } closes column { $column }; it counts as full.
rb-ev-disguise-empty = { $player } has no card to hide under the Disguise in column { $column }.
rb-ev-hid = { $player } hides a card under the Disguise in column { $column }.
rb-ev-hid-card = You hid { $card }.
rb-ev-hid-nothing = { $player } hides nothing under the Disguise in column { $column }.
rb-ev-swapped = { $player }'s Traitor swaps the point cards of columns { $a } and { $b }: now { $pa } and { $pb }.
rb-ev-no-swap = { $player }'s Traitor in column { $column } swaps nothing.
rb-ev-drew = You drew { $card }.
rb-ev-reshuffled = { $player } shuffles their discard pile into a new deck ({ $count ->
    [one] { $count } card
   *[other] { $count } cards
}).
rb-ev-skipped = { $player } has no card and is skipped.
rb-ev-nobody-can-play = Nobody can play a card: the round ends.
rb-ev-round-ended = Round { $round } is over ({ $player } ended it). All cards are revealed.
rb-ev-revealed = Column { $column }: { $cards }.
rb-ev-game-over = The game is over after six rounds.

rb-eval-mode-musketeers = Column { $column } ({ $point }): Musketeers cancel every effect; printed values count, highest total wins.
rb-eval-mode-pair = Column { $column } ({ $point }): a Prince and Squire of one colour take it.
rb-eval-mode-highest = Column { $column } ({ $point }): highest total wins.
rb-eval-mode-lowest = Column { $column } ({ $point }): a Beggar is here, the lowest total wins.
rb-eval-cancelled = Column { $column }: { $count } × { $character } cancel each other.
rb-eval-removed = Column { $column }: { $by } removes { $card } (value { $value }).
rb-eval-values = Column { $column } values: { $cards }.
rb-eval-value = { $card } { $value }
rb-eval-no-value = { $card } no value
rb-eval-sums = Column { $column } totals — { $sums }.
rb-eval-sum = { $player }: { $sum }
rb-eval-won = Column { $column }: { $player } wins { $point }.
rb-eval-won-tie-highest = Column { $column }: tie; { $player } wins { $point } with the higher card { $card }.
rb-eval-won-tie-lowest = Column { $column }: tie; { $player } wins { $point } with the lower card { $card }.
rb-eval-won-pair = Column { $column }: { $player } wins { $point } with Prince and Squire ({ $card } lies highest).
rb-eval-nobody = Column { $column }: nobody can win { $point }; it leaves the game.

rb-score-plain = { $player }: { $cards } → { $score ->
    [one] { $score } point
   *[other] { $score } points
}.
rb-score-doubled = { $player }: { $cards } → all six symbols: doubled { $doubled }, plain { $plain } → { $score ->
    [one] { $score } point
   *[other] { $score } points
}.
rb-result-winner = { $player } wins with { $score ->
    [one] { $score } point
   *[other] { $score } points
}.
rb-result-shared = { $players } share the victory with { $score ->
    [one] { $score } point
   *[other] { $score } points
}.

rb-scene-column = { $column }: { $point }
rb-scene-count = { $count }/{ $need ->
    [one] { $need } card
   *[other] { $need } cards
}
rb-scene-full = { $count }/{ $need } · full
rb-scene-closed = closed by a Storm
rb-scene-symbol = 12 in a { $symbol } column, else 8
rb-scene-value = Value only
rb-scene-immediate = Effect when flipped
rb-scene-end-of-round = Effect at the round's end
rb-scene-face-down = Face down ({ $colour })
rb-scene-hidden = Hidden card ({ $colour })
rb-scene-down-known = Face down; you know it
rb-scene-hidden-known = Hidden under the Disguise
rb-scene-hand = hand
rb-scene-deck = deck
rb-scene-won = { $count ->
    [one] point card
   *[other] point cards
}
rb-scene-discard = Discard pile: { $cards }
rb-scene-seat = { $player } ({ $colour })

# branch clocks: refusals that say why
rb-refused-closed = That column is closed: column { $column } was closed by a Storm this round.
