game-ovlivneni-name = Ovlivnění
game-ovlivneni-rules = 2 players, a mafia struggle for Europe. Five countries lie on the table; on your turn you play cards from your hand (each card has two effects, you choose one), invest your Wealth (B) and Power (M) in countries, then discard what you like and draw back to five. At the start of your turn you capture every country where you have more of one resource than your opponent and at least its threshold. The opponent may answer every card and capture with a reaction (Investment cancels a card, Licence copies it…). The first to capture three countries wins.

ov-option-no-refill = No refill: captured countries are not replaced
ov-option-strict = Harder countries: thresholds must be exceeded
ov-option-turn-limit = Turn limit, then a draw (0 = none)
ov-option-reaction-secs = Seconds to react
ov-option-move-minutes = Minutes per move, then the turn ends (0 = the server's turn timeout)
ov-pref-reactions = Reaction windows (the opponent played a card or captured)
ov-pref-reactions-ask = always ask me, even when I can only pass (the opponent learns nothing from my speed)
ov-pref-reactions-ask_when_able = ask me only when I hold a legal reaction; otherwise pass at once (the opponent can infer that I had none)
ov-pref-reactions-auto_pass = pass every window at once (e.g. while I am away)

ov-res-b = B
ov-res-m = M
ov-bm = { $b }B { $m }M

ov-choice-play = Play { $card }: { $effect }
ov-choice-react = React with { $card }: { $effect }
ov-choice-invest = Invest { $res } in { $country } (you have { $have })
ov-choice-factory = Activate Factory (double B this turn)
ov-choice-end-turn = End the turn, keep the hand, draw up to 5
ov-choice-discard-end = Discard cards, then end the turn
ov-choice-draw-end = Done: draw up to 5 and end the turn
ov-choice-done = Done
ov-choice-cancel = Cancel
ov-choice-pass = Pass
ov-choice-back = Back
ov-choice-abandon = Give up this reaction and pass
ov-choice-keep-rest = Put the rest back in this order
ov-choice-keep = Put { $card } back next from the top
ov-choice-look-discard = Discard { $card }
ov-choice-discard = Discard { $card }
ov-choice-amount = { $amount }
ov-choice-all = All ({ $amount })
ov-choice-country = { $country }
ov-choice-move = Move 1{ $res } from { $from } to { $to }
ov-choice-convert-treasury = Convert 1{ $res } in the treasury
ov-choice-convert-country = Convert 1{ $res } invested in { $country }
ov-choice-card = { $card }
ov-choice-base = Remove the base { $card }
ov-choice-group = Cards #{ $from }–{ $to }
ov-choice-withdraw = All your { $res } from { $country } ({ $have })

ov-params-none = —
ov-params-moves = moves: { $moves }
ov-params-move = { $from } → { $to }
ov-params-converts = converts from: { $sources }
ov-params-treasury = treasury
ov-params-base = base: { $card }
ov-params-cards = cards: { $cards }
ov-params-count = { $count ->
    [one] 1 card
   *[other] { $count } cards
} from the hand
ov-params-country = { $country }
ov-params-country-res = { $res } in { $country }
ov-params-withdraw = { $b }B { $m }M from { $country }
ov-params-countries = { $countries }

ov-what-play = { $player } plays { $card }: { $effect } ({ $params })
ov-what-licence = { $player } copies with Licence: { $effect } ({ $params })
ov-what-capture = { $player } captures { $country }

ov-prompt-main = { $player }, your move ({ $b }B { $m }M in the treasury)
ov-prompt-invest = How much { $res } to invest in { $country }?
ov-prompt-declare = { $card }: { $effect } — so far: { $params }
ov-prompt-window = { $what }. React?
ov-prompt-look = Put the cards back in the order you choose, or discard them
ov-prompt-discard = Discard { $count ->
    [one] a card
   *[other] { $count } cards
}
ov-prompt-end-discard = End of the turn: discard any cards, then draw up to 5
ov-prompt-over = The game is over.

ov-ev-first = { $player } drew the lot and starts.
ov-ev-turn = Turn { $turn }: { $player }.
ov-ev-capturing = { $player } is capturing { $country }.
ov-ev-captured = { $player } captured { $country } ({ $total }/{ $need }).
ov-ev-refilled = { $country } comes to slot { $slot }.
ov-ev-base-income = { $player }'s { $card } gives { $gain }.
ov-ev-invested = { $player } invested { $amount }{ $res } in { $country }.
ov-ev-factory = { $player } activated Factory: double B this turn.
ov-ev-declared = { $player } plays { $card }: { $effect } ({ $params }).
ov-ev-declared-licence = { $player } reacts with { $card }, copying: { $effect } ({ $params }).
ov-ev-passed = { $player } passed.
ov-ev-cancelled = { $card } was cancelled.
ov-ev-gained = { $player } gained { $gain }.
ov-ev-shares = { $player }'s Shares give { $gain }.
ov-ev-moved = { $player } moved 1{ $res } from { $from } to { $to }.
ov-ev-converted = { $player } converted 1{ $from } into 1{ $to } ({ $place }).
ov-ev-withdrew = { $player } took back { $gain } from { $country }.
ov-ev-insured = { $player } is insured: { $gain } from { $country } back to the treasury.
ov-ev-base-removed = { $player } lost the base { $card }.
ov-ev-base-removed-instead = { $player }'s { $card } was lost instead of { $target }.
ov-ev-base-placed = { $player } placed the base { $card }.
ov-ev-status = { $card } of { $player } is the status now.
ov-ev-status-replaced = { $card } of { $player } is the status now; { $old } goes to the discard pile.
ov-ev-took = { $player } took { $card } from the discard pile into the hand.
ov-ev-put-on-deck = { $player } put on top of the deck: { $cards }.
ov-ev-looked = You see: { $cards }.
ov-ev-looked-count = { $player } looks at the top { $count ->
    [one] 1 card
   *[other] { $count } cards
} of the deck.
ov-ev-put-back = { $player } put { $count ->
    [one] 1 card
   *[other] { $count } cards
} back on the deck.
ov-ev-drew = You drew: { $cards }.
ov-ev-drew-count = { $player } drew { $count ->
    [one] 1 card
   *[other] { $count } cards
}.
ov-ev-reshuffled = { $player } shuffled { $count ->
    [one] 1 card
   *[other] { $count } cards
} from the discard pile under the deck.
ov-ev-discarded = { $player } discarded { $cards }.
ov-ev-replaced = { $old } leaves the game; { $new } takes its place.
ov-ev-replaced-none = { $old } leaves the game; the country deck is empty.
ov-ev-doubled = { $player } doubled the B in { $country } to { $now }.
ov-ev-removed-m = { $player } lost { $amount }M in { $country }.
ov-ev-turn-ended = { $player } ended the turn.
ov-ev-won = { $player } owns three countries and wins!
ov-ev-turn-limit = The turn limit ({ $turns }) is reached: a draw.

ov-title = Ovlivnění — turn { $turn }, { $player } is playing
ov-title-over = Ovlivnění — game over
ov-sec-table = Table
ov-sec-countries = Countries (threshold B/M; investments)
ov-sec-stack = Being resolved (top last)
ov-sec-player = { $player }
ov-sec-hand = Your hand
ov-sec-result = Result
ov-line-waiting = Waiting for { $player }.
ov-line-waiting-reaction = Waiting for { $player } to react.
ov-line-status = Status: { $card }
ov-line-confusion = Invested M counts half toward the thresholds (Confusion).
ov-line-no-status = Status: none
ov-line-doubling = { $player }'s Factory doubles B this turn.
ov-line-country-deck = Country deck: { $count }
ov-line-removed = Out of the game: { $countries }
ov-line-turn-limit = Draw after turn { $turns }
ov-line-variants = Variants: { $variants }
ov-line-country = { $slot }. { $country } { $b }B/{ $m }M (printed { $pb }/{ $pm }) — { $p0 }: { $b0 }B { $m0 }M; { $p1 }: { $b1 }B { $m1 }M
ov-line-item-play = { $player }: { $card } — { $effect }
ov-line-item-licence = { $player }: Licence copy — { $effect }
ov-line-item-capture = { $player } captures { $country }
ov-line-item-cancelled = { $item } (cancelled)
ov-line-treasury = Treasury: { $gain }
ov-line-captured = Countries: { $count }/{ $need } { $countries }
ov-line-bases = Bases: { $cards }
ov-line-sizes = Hand { $hand }, deck { $deck }, discard pile { $discard }
ov-line-discard = Discard pile: { $cards }
ov-line-hand = { $cards }
ov-line-known-top = Top of your deck: { $cards }
ov-line-looking = Looking at: { $cards }
ov-result-captured = { $player }: { $count ->
    [one] 1 country
   *[other] { $count } countries
}
ov-result-winner = { $player } wins with { $need ->
    [one] { $need } country
   *[other] { $need } countries
}.
ov-result-draw = Draw: nobody owned three countries after { $turns ->
    [one] { $turns } turn
   *[other] { $turns } turns
}.

ov-card-opportunity = Opportunity
ov-card-investment = Investment
ov-card-optimisation = Optimisation
ov-card-slander = Slander
ov-card-history = History
ov-card-decline = Decline
ov-card-interest = Interest
ov-card-cooperation = Cooperation
ov-card-extortion = Extortion
ov-card-weakening = Weakening
ov-card-planning = Planning
ov-card-licence = Licence
ov-card-factory = Factory
ov-card-enterprise = Enterprise
ov-card-espionage = Espionage
ov-card-experience = Experience
ov-card-bodyguards = Bodyguards
ov-card-shares = Shares
ov-card-withdrawal = Withdrawal
ov-card-reorganisation = Reorganisation
ov-card-dominance = Dominance
ov-card-agents = Agents
ov-card-insurance = Insurance
ov-card-bribes = Bribes
ov-card-confusion = Confusion
ov-card-reinforcements = Reinforcements
ov-card-diligence = Diligence

ov-eff-opportunity-a = Gain 1B
ov-eff-opportunity-b = Draw 1 card
ov-eff-investment-a = Gain 2B
ov-eff-investment-b = Reaction: cancel the card the opponent has just played
ov-eff-optimisation-a = Gain 3B
ov-eff-optimisation-b = Move up to 3 of your invested M between countries
ov-eff-slander-a = Gain 1M
ov-eff-slander-b = Remove one of the opponent's bases
ov-eff-history-a = Gain 2M
ov-eff-history-b = Take any one card from your discard pile into your hand
ov-eff-decline-a = Gain 3M
ov-eff-decline-b = Status: every country's B threshold is 1 lower
ov-eff-interest-a = Gain 1B
ov-eff-interest-b = Reaction: if the opponent has just captured a country, gain 3B
ov-eff-cooperation-a = Gain 1M
ov-eff-cooperation-b = Reaction: if the opponent has just played a card that gains M, gain 3M
ov-eff-extortion-a = Convert up to 3 of your M into B, from your treasury or investments
ov-eff-extortion-b = Exchange all cards in your hand for new ones
ov-eff-weakening-a = Status: every country's M threshold is 1 lower
ov-eff-weakening-b = Withdraw any amount of your invested resources from one country into your treasury
ov-eff-planning-a = Look at the top 5 cards of your deck; rearrange them or discard them
ov-eff-planning-b = Draw 2 cards, then discard 1
ov-eff-licence-a = Gain 2B
ov-eff-licence-b = Reaction: apply for yourself the effect of the card the opponent has just played
ov-eff-factory-a = Base: remove this card, and until the end of the turn every card yields you double B
ov-eff-factory-b = Gain 1B for each of your active bases
ov-eff-enterprise-a = Base: at the start of your turn gain 1B
ov-eff-enterprise-b = Draw 3 cards, then discard 2
ov-eff-espionage-a = Base: at the start of your turn gain 1M
ov-eff-espionage-b = Move up to 3 of your invested B between countries
ov-eff-experience-a = Put up to 3 cards from your discard pile on top of your deck
ov-eff-experience-b = Base: at the start of your turn gain 1B and 1M
ov-eff-bodyguards-a = Remove one of the opponent's bases
ov-eff-bodyguards-b = Base: whenever you would lose a base, you lose this one instead
ov-eff-shares-a = Base: whenever the opponent plays a card that gains a resource, gain 1 of that resource
ov-eff-shares-b = Gain 2M
ov-eff-withdrawal-a = Gain 2B
ov-eff-withdrawal-b = Return all your invested points of one resource in one country to your treasury
ov-eff-reorganisation-a = Swap a country on display for a new one from the country deck; all investments in it vanish
ov-eff-reorganisation-b = Gain 2M
ov-eff-dominance-a = Double your invested B in one country
ov-eff-dominance-b = Remove all of the opponent's M from one country
ov-eff-agents-a = Gain 1B
ov-eff-agents-b = Gain 3M and invest them at once in 3 different countries
ov-eff-insurance-a = Gain 1M
ov-eff-insurance-b = Reaction: when the opponent captures a country, your resources in it return to your treasury
ov-eff-bribes-a = Convert up to 3 of your B into M, from your treasury or investments
ov-eff-bribes-b = Gain 3B and invest them at once in 3 different countries
ov-eff-confusion-a = Gain 2B
ov-eff-confusion-b = Status: all invested M counts as half
ov-eff-reinforcements-a = Gain 2M
ov-eff-reinforcements-b = Discard any number of cards from your hand, then draw that many
ov-eff-diligence-a = Look at the top 3 cards of your deck; rearrange them or discard them
ov-eff-diligence-b = Gain 1B and 1M

ov-country-germany = Germany
ov-country-austria = Austria
ov-country-spain = Spain
ov-country-france = France
ov-country-sweden = Sweden
ov-country-hungary = Hungary
ov-country-czechia = Czechia
ov-country-italy = Italy
ov-country-belgium = Belgium
ov-country-slovakia = Slovakia
ov-country-poland = Poland
ov-country-denmark = Denmark
ov-country-norway = Norway
ov-country-ireland = Ireland
ov-country-portugal = Portugal
ov-country-greece = Greece
ov-country-lithuania = Lithuania
ov-country-slovenia = Slovenia

ov-scene-countries = Countries (thresholds B/M; investments)
ov-scene-country = { $p0 }: { $b0 }B { $m0 }M · { $p1 }: { $b1 }B { $m1 }M
ov-scene-effects = A: { $a } · B: { $b }
ov-scene-country-deck = country deck
ov-scene-wealth = Wealth (B)
ov-scene-power = Power (M)
ov-scene-captured = countries (of { $need })
ov-scene-captured-list = Captured: { $countries }
ov-scene-hand = hand
ov-scene-deck = deck

# branch clocks: the move clock (§7.4 item 8) and refusals that say why
ov-option-move-timeout = Move timeout in minutes (1 minute to 72 hours); when it runs out the turn ends
ov-choice-drop-end-turn = Drop this and end the turn (keep the hand, draw up to 5)
ov-choice-discard-drawn = { $count ->
    [one] Discard the most recently drawn card
   *[other] Discard the { $count } most recently drawn cards
}
ov-refused-reaction = A reaction can only be played in a reaction window, in answer to the opponent, not as a main-phase action.
ov-refused-no-object = That effect names something the table does not have now, so it cannot be chosen.

# a declaration waits for its confirm (§6.1, §13)
ov-choice-confirm = Confirm and play
ov-choice-back-step = Back: change the last choice
ov-prompt-confirm = Play { $card }: { $effect } ({ $params })?
ov-prompt-confirm-licence = React with { $card }, copying: { $effect } ({ $params })?
