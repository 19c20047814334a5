game-louis-xiv-name = Louis XIV
game-louis-xiv-rules = 2–4 players, 4 rounds. Each round: income and Louis XIV's tile (supply); play influence cards to place stones on the 12 court tiles, jumping diagonally, or to take stones back from the common supply (influence); tiles 1–12 are evaluated by their face-up condition — money, first place or a stone threshold — with rewards, purchases and flips (evaluation); pay mission chips to complete secret missions, 5 points each, keep one chip (missions). At the end leftovers become coats of arms, kind majorities give a bonus coat; most points wins, ties go to most stones in the own supply.
lx-option-start-player = Start player (seat number; 0 = drawn at random)

lx-tile = tile { $number }
lx-tile-named = { $number } { $name }
lx-seat = { $player }
lx-yes = Yes
lx-no = No

lx-chip-crown = crown
lx-chip-sceptre = sceptre
lx-chip-scroll = scroll
lx-chip-ring = ring
lx-chip-helmet = helmet
lx-chip-any = any chip
lx-deck-light = light blue deck
lx-deck-medium = medium blue deck
lx-deck-dark = dark blue deck
lx-coat-kind = coat { $kind }
lx-coat-plain = plain coat
lx-count-of = { $n }× { $what }

lx-cond-money = Money { $price } L
lx-cond-first = First place
lx-cond-stones = Stones { $n }+
lx-side-front = front
lx-side-back = back

lx-reward-chip = 1 { $chip }
lx-reward-money = { $n } Louisdor
lx-reward-coats = { $n ->
    [one] 1 coat of arms
   *[other] { $n } coats of arms
}
lx-reward-influence = { $n ->
    [one] 1 influence card
   *[other] { $n } influence cards
}
lx-reward-intrigue = { $n ->
    [one] 1 intrigue card
   *[other] { $n } intrigue cards
}
lx-reward-place-any = may place { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from the common supply on any tile
lx-reward-place-on = may place up to { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from the common supply on tile { $tile }
lx-reward-retrieve = may take { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from the common to the own supply

lx-ability-extra-missions = draw { $n ->
    [one] { $n } more mission card
   *[other] { $n } more mission cards
} on completion
lx-ability-retrieve = supply: { $n ->
    [one] +{ $n } stone
   *[other] +{ $n } stones
} from the common supply
lx-ability-money = supply: +{ $n } Louisdor
lx-ability-two-of = supply: { $n } Louisdor or stones in any mix
lx-ability-coats = supply: { $n ->
    [one] +{ $n } coat of arms
   *[other] +{ $n } coats of arms
}
lx-ability-intrigue = supply: { $n ->
    [one] +{ $n } intrigue card
   *[other] +{ $n } intrigue cards
}
lx-ability-stone-for-card = supply: 1 stone to the common supply for 1 influence card
lx-ability-place-start = influence start: 1 stone on tile { $tile }
lx-ability-place-king = influence start: 1 stone on Louis XIV's tile
lx-ability-pay-pass = influence: pay { $n } Louisdor instead of playing a card
lx-ability-exchange-influence = influence: exchange 1 influence card instead of playing
lx-ability-four-stone = influence: one card per phase counts as a { $n }-stone joker
lx-ability-place-end = influence end: 1 stone on any tile
lx-ability-once-first = evaluation: win one tie for first place
lx-ability-discount = evaluation: every purchase { $n } Louisdor cheaper
lx-ability-crown-swap = missions: pay { $n } Louisdor to swap a chip for a crown
lx-ability-exchange-missions = end of mission turn: exchange up to { $n ->
    [one] { $n } mission card
   *[other] { $n } mission cards
}
lx-mission = { $a } + { $b }: { $ability }

lx-card-joker = Joker
lx-card-personality = Personality { $number }
lx-card-named = { $number } { $name }

lx-phase-supply = supply
lx-phase-influence = influence
lx-phase-evaluation = evaluation
lx-phase-missions = missions
lx-phase-over = game over

lx-title = Louis XIV — round { $round }/4, { $phase }
lx-title-over = Louis XIV — game over
lx-sec-court = The court (♔ = Louis XIV; L money, #1 first place, ≥ stones)
lx-sec-table = Table
lx-sec-player = { $player }
lx-sec-result = Final scoring
lx-sec-private = Your hand
lx-line-grid = { $row }
lx-line-tile = { $tile } ({ $side }): { $condition } → { $reward } · stones: { $stones }
lx-line-tile-king = { $tile } ({ $side }) ♔ Louis XIV: { $condition } → { $reward } · stones: { $stones }
lx-stones-seat = { $player }: { $n }
lx-stones-neutral = neutral: { $n }
lx-line-start = Start player: { $player }
lx-line-to-act = Waiting for { $player }
lx-line-money-card = Money card: { $income } Louisdor income, Louis XIV on { $tile }
lx-line-decks = Money cards left { $money } · influence deck { $influence }, discard { $discard } · intrigue { $intrigue } · missions light { $light }, medium { $medium }, dark { $dark } · coats { $coats }
lx-line-neutral = Neutral stones in the pool: { $n }
lx-line-player = { $money } Louisdor · own supply { $own } · common supply { $common } · coats of arms { $coats }
lx-line-chips = Chips: { $chips }
lx-line-hands = Cards in hand: influence { $influence }, intrigue { $intrigue }, missions { $missions }
lx-line-completed = Completed: { $card }
lx-line-coats-revealed = { $player }: { $coats }
lx-line-hand-influence = Influence cards: { $cards }
lx-line-hand-intrigue = Intrigue cards: { $cards }
lx-line-hand-mission = Mission: { $card }
lx-line-hand-coats = Your coats of arms: { $coats }

lx-prompt-supply-next = Which supply card do you resolve next?
# bare: amount
lx-prompt-two-of = Take { $amount } as Louisdor or stones: how many stones?
lx-prompt-stone-for-card = Move 1 stone from your own to the common supply for 1 influence card?
lx-prompt-start-place = Place 1 stone on { $tile }?
lx-prompt-turn = Your turn: play an influence card.
lx-prompt-exchange = Which influence card do you exchange?
lx-prompt-use = { $card }: place stones or take stones back?
lx-prompt-four-place = Use this card as a 4-stone joker?
lx-prompt-four-retrieve = Use this card as a 4-stone joker (take back 4)?
lx-prompt-start-tile = Start tile (up to { $max ->
    [one] { $max } stone
   *[other] { $max } stones
})?
lx-prompt-total = How many stones in all, starting on { $tile } (up to { $max })?
lx-prompt-leave = How many of the { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} stay on { $tile }?
lx-prompt-jump = Jump with { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from { $tile } to which adjacent tile?
lx-prompt-end-place = Place 1 stone on a tile at the end of the influence phase?
lx-prompt-intrigue = Play your intrigue card for { $tile }?
lx-prompt-once-first = Win the tie for first place on { $tile } with “Once first”?
lx-prompt-buy = Buy the reward of { $tile } for { $price } Louisdor?
lx-prompt-place-any = Place a stone on any tile?
lx-prompt-place-on = How many stones on { $tile } (up to { $max })?
lx-prompt-retrieve = How many stones back from the common supply (up to { $max })?
lx-prompt-mission = Your mission turn.
lx-prompt-pay-first = { $card }: which chip pays the first symbol?
lx-prompt-pay-second = { $card }: which chip pays the second symbol?
lx-prompt-draw-deck = Draw a mission card from which deck?
lx-prompt-swap-chip = Which chip do you swap for a crown?
lx-prompt-return-missions = Return mission cards under their decks (chosen { $chosen }/{ $max })?
lx-prompt-keep-chip = You may keep one chip; the others become coats of arms. Which do you keep?

lx-choice-two-of = { $money } Louisdor + { $stones ->
    [one] { $stones } stone
   *[other] { $stones } stones
}
lx-choice-buy = Buy for { $price } Louisdor
lx-choice-decline = Do not buy
lx-choice-play = Play { $card }
lx-choice-pay-pass = Pay { $cost } Louisdor and pass
lx-choice-exchange = Exchange an influence card
lx-choice-place = Place up to { $n ->
    [one] { $n } stone
   *[other] { $n } stones
}
lx-choice-retrieve = Take back up to { $n ->
    [one] { $n } stone
   *[other] { $n } stones
}
lx-choice-stones = { $n }
lx-choice-no-stone = No stone
lx-choice-intrigue-keep = Keep the card
lx-choice-intrigue-common = 1 stone from the common supply
lx-choice-intrigue-own-one = 1 stone from the own supply
lx-choice-intrigue-own-two = 2 stones from the own supply
lx-choice-end-turn = End the mission turn
lx-choice-complete = Complete { $card }
lx-choice-use = Use: { $ability }
lx-choice-no-exchange = Do not exchange
lx-choice-done = Done

lx-ev-round = Round { $round } begins; { $player } is the start player.
lx-ev-money-card = Money card: everyone takes { $income } Louisdor; Louis XIV stands on { $tile }.
lx-ev-compensation = { $player } starts a second time and draws an intrigue card as compensation.
lx-ev-intrigue-drawn = You drew the intrigue card for { $tile }.
lx-ev-intrigue-taken = { $player } took an intrigue card.
lx-ev-money = { $player } takes { $n } Louisdor.
lx-ev-retrieved = { $player } takes { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} back from the common supply.
lx-ev-stone-for-card = { $player } moves 1 stone to the common supply for an influence card.
lx-ev-influence-taken = { $player } takes { $n ->
    [one] { $n } influence card
   *[other] { $n } influence cards
}.
lx-ev-influence-drawn = You drew: { $cards }.
lx-ev-coat-taken = { $player } takes a coat of arms face down.
lx-ev-coat-drawn = Your new coat of arms: { $kind }.
lx-ev-neutral-placed = { $n ->
    [one] { $n } neutral stone
   *[other] { $n } neutral stones
} on { $tile }.
lx-ev-neutral-revealed = Revealed for the neutral colour: { $card }.
lx-ev-stone-placed = { $player } places 1 stone on { $tile }.
lx-ev-played = { $player } plays { $card }.
lx-ev-four-stone = { $player } uses the card as a { $n }-stone joker.
lx-ev-placed = { $player } places { $stones }.
# bare: n
lx-n-on-tile = { $n } on { $tile }
lx-ev-paid-pass = { $player } pays { $n } Louisdor and passes.
lx-ev-exchanged = { $player } exchanges { $card } for the top card of the deck.
lx-ev-last-card = { $player } returns the last influence card unplayed.
lx-ev-last-card-own = Your last card { $card } went back under the deck.
lx-ev-reshuffled = All influence cards are shuffled into a new deck.
lx-ev-intrigue-common = { $player } plays the intrigue card for { $tile }: { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from the common supply.
lx-ev-intrigue-own = { $player } plays the intrigue card for { $tile }: { $n ->
    [one] { $n } stone
   *[other] { $n } stones
} from the own supply.
lx-ev-once-first = { $player } uses “Once first” on { $tile }.
lx-ev-evaluated = Evaluating { $tile } — { $stones }.
lx-ev-empty = No stones on { $tile }.
lx-ev-received = { $player } receives the reward of { $tile }.
lx-ev-received-crown = { $player } is first at Louis XIV's { $tile }: the reward and a crown.
lx-ev-bought = { $player } buys the reward of { $tile } for { $n } Louisdor.
lx-ev-declined = { $player } does not buy the reward of { $tile }.
lx-ev-chip = { $player } gains a { $chip } chip.
lx-ev-flipped = Turned over: { $tile }.
lx-ev-completed = { $player } completes a mission, paying { $chips }.
lx-ev-mission-taken = { $player } draws from the { $deck }.
lx-ev-mission-drawn = You drew a new mission card (see your hand).
lx-ev-missions-returned = { $player } returns mission cards under: { $decks }.
lx-ev-crown-swap = { $player } pays { $n } Louisdor and swaps a { $chip } for a crown.
lx-ev-chips-returned = { $player } keeps a { $kept } and returns { $chips } for coats of arms.
lx-ev-game-over = The fourth round is over: final scoring.

lx-result-conversions = { $player } converts: influence { $influence }, intrigue { $intrigue }, chips { $chips }, stones on tiles { $stones }, { $money }× 3 Louisdor.
lx-result-majority = Most of coat { $kind } ({ $n }): { $players } — a bonus coat each.
lx-result-score = { $player }: { $coats ->
    [one] { $coats } coat
   *[other] { $coats } coats
} + { $missions ->
    [one] { $missions } mission
   *[other] { $missions } missions
} × 5 = { $score ->
    [one] { $score } point
   *[other] { $score } points
} ({ $own ->
    [one] { $own } stone
   *[other] { $own } stones
} in own supply).
lx-result-winner = { $player } wins with { $score ->
    [one] { $score } point
   *[other] { $score } points
}.
lx-result-winner-tiebreak = { $player } wins with { $score ->
    [one] { $score } point
   *[other] { $score } points
} on the tie-break (most stones in the own supply).
lx-result-shared = Shared victory: { $players } with { $score ->
    [one] { $score } point
   *[other] { $score } points
}.

lx-scene-court = The court (♔ = Louis XIV; a tile's colour: the player with most stones)
lx-scene-name = { $name }
lx-scene-tile = { $condition } → { $reward } · { $stones }
lx-scene-money = Louisdor
lx-scene-own = own supply
lx-scene-common = common supply
lx-scene-coats = coats of arms
lx-scene-influence = influence
lx-scene-intrigue = intrigue
lx-scene-missions = { $count ->
    [one] mission
   *[other] missions
}
lx-scene-intrigue-card = Intrigue
lx-scene-mission = { $a } + { $b }

# branch clocks: passes labelled as passes, refusals that say why
lx-choice-place-on-none = None: place no stone (pass)
lx-choice-retrieve-none = None: move no stone to your own supply (pass)
lx-refused-card-not-in-hand = You can only play an influence card from your hand.
