# Both effects of every card (spec §1.1): the full text `ov-text-card` is built from the
# `ov-eff-*` effects in en.ftl; the short one (≤ 100 characters: menus, pictures) is here.

ov-text-card = A: { $a }. OR B: { $b }.
ov-text-opportunity-short = A: Gain 1B. OR B: Draw 1 card.
ov-text-investment-short = A: Gain 2B. OR B: Reaction: cancel the card the opponent has just played.
ov-text-optimisation-short = A: Gain 3B. OR B: Move up to 3 of your invested M between countries.
ov-text-slander-short = A: Gain 1M. OR B: Remove one of the opponent's bases.
ov-text-history-short = A: Gain 2M. OR B: Take any one card from your discard pile into your hand.
ov-text-decline-short = A: Gain 3M. OR B: Status: every country's B threshold is 1 lower.
ov-text-interest-short = A: Gain 1B. OR B: Reaction: if the opponent has just captured a country, gain 3B.
ov-text-cooperation-short = A: Gain 1M. OR B: Reaction: if the opponent has just played a card that gains M, gain 3M.
ov-text-extortion-short = A: Convert up to 3 of your M into B. OR B: Exchange all cards in your hand for new ones.
ov-text-weakening-short = A: Status: every country's M threshold is 1 lower. OR B: Withdraw your investments from one country.
ov-text-planning-short = A: Look at your top 5 cards; rearrange or discard them. OR B: Draw 2 cards, then discard 1.
ov-text-licence-short = A: Gain 2B. OR B: Reaction: apply for yourself the effect of the card the opponent has just played.
ov-text-factory-short = A: Base: remove it; this turn every card yields double B. OR B: Gain 1B per active base.
ov-text-enterprise-short = A: Base: at the start of your turn gain 1B. OR B: Draw 3 cards, then discard 2.
ov-text-espionage-short = A: Base: at the start of your turn gain 1M. OR B: Move up to 3 of your invested B between countries.
ov-text-experience-short = A: Put up to 3 discarded cards on top of your deck. OR B: Base: gain 1B and 1M each turn.
ov-text-bodyguards-short = A: Remove one of the opponent's bases. OR B: Base: you lose this base before any other.
ov-text-shares-short = A: Base: when the opponent gains a resource by a card, gain 1 of it. OR B: Gain 2M.
ov-text-withdrawal-short = A: Gain 2B. OR B: Return all your invested points of one resource in one country to your treasury.
ov-text-reorganisation-short = A: Replace a country on display; all investments in it vanish. OR B: Gain 2M.
ov-text-dominance-short = A: Double your invested B in one country. OR B: Remove all of the opponent's M from one country.
ov-text-agents-short = A: Gain 1B. OR B: Gain 3M and invest them at once in 3 different countries.
ov-text-insurance-short = A: Gain 1M. OR B: Reaction: if the opponent is capturing a country, take back your investments.
ov-text-bribes-short = A: Convert up to 3 of your B into M. OR B: Gain 3B and invest them at once in 3 countries.
ov-text-confusion-short = A: Gain 2B. OR B: Status: all invested M counts as half.
ov-text-reinforcements-short = A: Gain 2M. OR B: Discard any number of cards from your hand, then draw that many.
ov-text-diligence-short = A: Look at the top 3 cards of your deck; rearrange them or discard them. OR B: Gain 1B and 1M.
