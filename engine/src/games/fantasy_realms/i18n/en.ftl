game-fantasy-realms-name = Fantasy Realms
game-fantasy-realms-rules = 2–7 players. Everyone holds 7 cards. On your turn take the top card of the deck or any card of the face-up discard area, then discard one card face up. The game ends when the discard area holds 10 cards (two players: draft to 7 cards each, the end at 12 discards; Chaotic Realms: trade cards one for one until the time limit). Every card scores its base strength plus its bonus minus its penalty; the highest hand wins (tie: the lower total base strength). Vliv makes every scoring choice for you to maximise your score.

fr-card-mountain = Mountain
fr-card-cavern = Cavern
fr-card-bell-tower = Bell Tower
fr-card-forest = Forest
fr-card-earth-elemental = Earth Elemental
fr-card-fountain-of-life = Fountain of Life
fr-card-swamp = Swamp
fr-card-great-flood = Great Flood
fr-card-island = Island
fr-card-water-elemental = Water Elemental
fr-card-rainstorm = Rainstorm
fr-card-blizzard = Blizzard
fr-card-smoke = Smoke
fr-card-whirlwind = Whirlwind
fr-card-air-elemental = Air Elemental
fr-card-wildfire = Wildfire
fr-card-candle = Candle
fr-card-forge = Forge
fr-card-lightning = Lightning
fr-card-fire-elemental = Fire Elemental
fr-card-knights = Knights
fr-card-elven-archers = Elven Archers
fr-card-light-cavalry = Light Cavalry
fr-card-dwarvish-infantry = Dwarvish Infantry
fr-card-rangers = Rangers
fr-card-collector = Collector
fr-card-beastmaster = Beastmaster
fr-card-necromancer = Necromancer
fr-card-warlock-lord = Warlock Lord
fr-card-enchantress = Enchantress
fr-card-king = King
fr-card-queen = Queen
fr-card-princess = Princess
fr-card-warlord = Warlord
fr-card-empress = Empress
fr-card-unicorn = Unicorn
fr-card-basilisk = Basilisk
fr-card-warhorse = Warhorse
fr-card-dragon = Dragon
fr-card-hydra = Hydra
fr-card-warship = Warship
fr-card-magic-wand = Magic Wand
fr-card-sword-of-keth = Sword of Keth
fr-card-elven-longbow = Elven Longbow
fr-card-war-dirigible = War Dirigible
fr-card-shield-of-keth = Shield of Keth
fr-card-gem-of-order = Gem of Order
fr-card-world-tree = World Tree
fr-card-book-of-changes = Book of Changes
fr-card-protection-rune = Protection Rune
fr-card-shapeshifter = Shapeshifter
fr-card-mirage = Mirage
fr-card-doppelganger = Doppelgänger

fr-suit-army = Army
fr-suit-leader = Leader
fr-suit-wizard = Wizard
fr-suit-weapon = Weapon
fr-suit-artifact = Artifact
fr-suit-beast = Beast
fr-suit-land = Land
fr-suit-weather = Weather
fr-suit-flood = Flood
fr-suit-flame = Flame
fr-suit-wild = Wild

fr-variant-base = base game
fr-variant-two-player = two players
fr-variant-chaotic = Chaotic Realms

fr-option-variant = Variant
fr-option-variant-auto = By the number of players (2: two players, 3–6: base game, 7: Chaotic Realms)
fr-option-variant-base = Base game (3–6 players)
fr-option-variant-two-player = Two players
fr-option-variant-chaotic = Chaotic Realms (3–7 players)
fr-option-time-limit = Chaotic Realms time limit (minutes)

fr-player = { $player }

fr-title = Fantasy Realms — { $variant }
fr-title-over = Fantasy Realms — { $variant } — game over
fr-sec-table = Table
fr-sec-discard = Discard area ({ $count })
fr-sec-hand = Your hand — { $total ->
    [one] { $total } point
   *[other] { $total } points
}
fr-sec-trading = Trading
fr-sec-final-hand = { $place }. { $player } — { $total ->
    [one] { $total } point
   *[other] { $total } points
}
fr-sec-result = Result
fr-line-to-move = { $player } to move
fr-line-trading = Trading until the time limit ({ $minutes } min)
fr-line-deck = Deck: { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
fr-line-discards-left = { $count ->
    [one] { $count } more card
   *[other] { $count } more cards
} to discard before the game ends
fr-line-trades = Trades so far: { $count }
fr-line-hand-size = { $player }: { $count }
fr-line-hand-sizes = Cards in hand — { $sizes }
fr-line-discard = { $card } ({ $player })
fr-line-list = { $items }
fr-line-taken = Just taken: { $card }
fr-line-drawn = Drawn: { $cards }
fr-line-card = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total }
fr-line-card-notes = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total } ({ $notes })
fr-line-card-blanked = { $card } [{ $suit }]: BLANKED = 0
fr-line-card-blanked-notes = { $card } [{ $suit }]: BLANKED = 0 ({ $notes })
fr-line-no-offer = You have no open offer.
fr-line-offer-to = { $from } offers { $card } to { $to }; wish: { $wish }
fr-line-offer-all = { $from } offers { $card } to everyone; wish: { $wish }
fr-line-my-answer = You proposed { $card } for { $to }'s offer
fr-line-answer-to-me = { $from } proposes { $card } for your offer

fr-note-copies = copies { $card }
fr-note-becomes = is { $card }
fr-note-becomes-suit = is an unspecified { $suit }
fr-note-changes = turns { $card } into { $suit }
fr-note-clears = clears { $card }
fr-note-takes = took { $card }
fr-note-cleared = penalty cleared by { $cards }
fr-note-army-cleared = “Army” cleared by { $cards }

fr-wish-none = none
fr-wish-suit = any { $suit }
fr-wish-card = { $card }

fr-prompt-take = Take the top card of the deck or a card from the discard area.
fr-prompt-discard = You took { $card }. Discard one card.
fr-prompt-draft = Draw two cards (keep one, discard the other) or take a card from the discard area.
fr-prompt-keep = Keep one of the two cards; the other goes to the discard area.
fr-prompt-trade = Trade cards one for one until the time runs out.
fr-prompt-offer-card = Which card do you offer?
fr-prompt-offer-to = Offer { $card } to whom?
fr-prompt-offer-wish = What would you like for { $card }?
fr-prompt-offer-wish-card = Any { $suit } or a particular one?
fr-prompt-answer-card = { $player } offers { $card }. Which card do you propose in return?
fr-prompt-clock = Trading ends when the time limit ({ $minutes } min) runs out.

fr-choice-deck = Top of the deck
fr-choice-draw-two = Draw two
fr-choice-back = Back
fr-choice-offer = Offer a card
fr-choice-cancel-offer = Withdraw my offer of { $card }
fr-choice-wait = Done for now (wait for offers)
fr-choice-everyone = Everyone
fr-choice-no-wish = No wish
fr-choice-wish-any = Any { $suit }
fr-choice-time-up = Time is up
fr-choice-answer = Answer { $player }'s offer of { $card }
fr-choice-withdraw = Withdraw my answer to { $player }
fr-choice-confirm = Trade my { $mine } for { $player }'s { $theirs }
fr-choice-decline = Decline { $player }'s { $card }

fr-ev-took-deck = { $player } took the top card of the deck.
fr-ev-drew = You drew { $card }.
fr-ev-took-discard = { $player } took { $card } from the discard area.
fr-ev-discarded = { $player } discarded { $card }.
fr-ev-drew-two = { $player } drew two cards.
fr-ev-drew-two-cards = You drew { $cards }.
fr-ev-kept = You kept { $card }.
fr-ev-offer-to = { $from } offers { $card } to { $to }; wish: { $wish }.
fr-ev-offer-all = { $from } offers { $card } to everyone; wish: { $wish }.
fr-ev-offer-withdrawn = { $player } withdrew their offer.
fr-ev-answered-you = { $player } proposes { $card } for your offer.
fr-ev-you-answered = You proposed { $card } for { $player }'s offer.
fr-ev-answer-withdrawn = { $from } withdrew their answer to { $to }.
fr-ev-answer-declined = { $to } declined { $from }'s answer.
fr-ev-traded = { $a } and { $b } traded a card.
fr-ev-traded-cards = You gave { $gave } and got { $got }.
fr-ev-trading-over = Time is up: trading is over.
fr-ev-deck-empty = The deck is empty: the game ends.
fr-ev-necromancer = { $player }'s Necromancer takes { $card } as an eighth card.
fr-ev-final-score = { $player } scores { $total ->
    [one] { $total } point
   *[other] { $total } points
}.
fr-ev-game-over = The game is over; the hands are scored.

fr-result-line = { $place }. { $player }: { $total ->
    [one] { $total } point
   *[other] { $total } points
} (total base strength { $base })
fr-result-tie-break = { $count ->
    [one] { $count } player ties
   *[other] { $count } players tie
} on { $total ->
    [one] { $total } point
   *[other] { $total } points
}: the lower total base strength wins.
fr-result-winner = { $player } wins with { $total ->
    [one] { $total } point
   *[other] { $total } points
}.
fr-result-shared = { $players } share the victory with { $total ->
    [one] { $total } point
   *[other] { $total } points
}.

fr-calc-total = Best score: { $total }
fr-calc-unknown = Unknown card “{ $card }”: give its number 1–53 or its Czech or English name (in quotes if it has spaces).
fr-calc-duplicate = { $card } is given twice.
fr-calc-count = A hand has 7 cards (8 with the Necromancer), not { $count }.
fr-calc-eighth = An eighth card is allowed only with the Necromancer.
fr-calc-ineligible = The Necromancer's eighth card must be an Army, Leader, Wizard or Beast.

fr-scene-deck = deck
fr-scene-hand = { $count ->
    [one] card in hand
   *[other] cards in hand
}
fr-scene-seat = { $player }
fr-scene-scores = { $suit }, scores { $total }
fr-scene-blanked = Blanked: scores 0

# branch clocks: refusals that say why
fr-refused-in-hand = You already hold that card.
fr-refused-not-in-area = That card is not in the discard area: take the top card of the deck or a card lying in the discard area.
fr-refused-not-in-hand = You can only discard a card from your hand.
