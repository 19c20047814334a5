# Learning mode (a player's first game of Ruse & Bruise): what each choice does by the
# rules, and how a round and the game are scored.

rb-learn-play = { $card } goes face down to the bottom of column { $column } ({ $value }); { $effect }. { $item } { $notes }
rb-learn-worth = value there: { $value }
rb-learn-worth-copy = value: that of the card played below it
rb-learn-flip-none = No card lies above it, so nothing is flipped.
rb-learn-flip-up = The card above it is already face up, so nothing is flipped.
rb-learn-flip-known = It flips { $card } above it.
rb-learn-flip-known-effect = It flips { $card } above it: { $effect }.
rb-learn-flip-unknown = It flips the face-down card of { $player } above it, and its effect, if any, happens now.
rb-learn-full = The column is then full ({ $count }/{ $need }); the round ends once every column is full.
rb-learn-filling = Cards in the column then: { $count }/{ $need }.
rb-learn-hide = { $card } ({ $effect }) lies face down under the Disguise until the round ends: its value and end-of-round effect count in this column, its immediate effect never happens. You then draw a card.
rb-learn-hide-nothing = Hide nothing: the Disguise stays a lone card worth 0.
rb-learn-swap = This column's point card ({ $point }) and the point card of column { $column } ({ $target }) change places; the influence cards stay, and each column is full or not by its new point card.
rb-learn-no-swap = The point cards stay where they are.
rb-learn-colour = Your 25 cards will be this colour; the colour only tells whose cards are whose.
rb-learn-start-random = The player of the first turn is drawn by lot.
rb-learn-start = { $player } takes the first turn of the game.
rb-learn-round-ended = Round { $round } is over: every column is full. The columns are turned face up and evaluated: end-of-round effects apply, then the highest total takes the column's point card (with a Beggar there, the lowest); the lines below show each column.
rb-learn-over = The game is over: each player adds up the values of the point cards they won. With all six symbols, the highest card of each symbol counts double and every other point card costs 1, if that gives more. The highest score wins.

rb-learn-eff-king = no effect, only its value
rb-learn-eff-queen = no effect, only its value
rb-learn-eff-juliet = no effect of its own; your Romeo in the same column is worth 15
rb-learn-eff-alchemist = worth 12 under an Alchemy point card, 8 elsewhere
rb-learn-eff-swordsman = worth 12 under a Military point card, 8 elsewhere
rb-learn-eff-landowner = worth 12 under an Agriculture point card, 8 elsewhere
rb-learn-eff-merchant = worth 12 under a Trade point card, 8 elsewhere
rb-learn-eff-cardinal = worth 12 under a Religion point card, 8 elsewhere
rb-learn-eff-troubadour = worth 12 under an Art point card, 8 elsewhere
rb-learn-eff-explorer = when flipped, it moves face down to the next column to the right
rb-learn-eff-assassin = when flipped, the card that flipped it goes to its owner's discard pile
rb-learn-eff-storm = when flipped, it closes its column: no more cards go there and it counts as full
rb-learn-eff-disguise = when flipped, its owner may hide one hand card under it
rb-learn-eff-traitor = when flipped, its owner may swap this column's point card with another column's
rb-learn-eff-musketeers = at the round's end, it cancels every effect in its column
rb-learn-eff-magician = at the round's end, it removes the cards worth 10 or more from its column
rb-learn-eff-witch = at the round's end, it removes the cards worth 9 or less from its column, except itself
rb-learn-eff-prince = at the round's end, with your Squire in the same column, it wins the column
rb-learn-eff-squire = at the round's end, with your Prince in the same column, it wins the column
rb-learn-eff-hermit = at the round's end, it loses 1 for each other card in its column
rb-learn-eff-doppelganger = at the round's end, it takes the value of the card directly below it (the one that flipped it)
rb-learn-eff-dragon = at the round's end, every card of the other players in its column loses 2
rb-learn-eff-romeo = worth 15 with your Juliet in the same column
rb-learn-eff-beggar = at the round's end, the lowest total wins its column
rb-learn-eff-tom-thumb = at the round's end, it gains 3 for each other card in its column
