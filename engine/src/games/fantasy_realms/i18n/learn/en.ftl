# Learning mode (a player's first game of Fantasy Realms): under each choice, the best score
# of the hand it leads to (the exact scorer), with the change against the hand now.

fr-learn-deck = Take the top card of the deck (nobody has seen it), then discard one of your 8 cards. Your hand's best score now: { $now }.
fr-learn-take = Take it, then discard the card your hand misses least: best score { $total } ({ $delta }).
fr-learn-discard = Keep the other 7 cards: best score { $total } ({ $delta }).
fr-learn-draw-two = Draw two cards from the deck: keep one, the other goes face up to the discard area.
fr-learn-draft-take = Take it into your hand, with no discard this turn: best score { $total } ({ $delta }).
fr-learn-keep = Keep it; the other drawn card goes face up to the discard area. Best score { $total } ({ $delta }).
fr-learn-give = Give it away in a trade: your other cards alone score { $total } ({ $delta }).
fr-learn-wish-card = Ask for { $card } in return.
fr-learn-confirm = Trade with { $player }: your new hand's best score { $total } ({ $delta }).
fr-learn-confirm-plain = Make this trade: the two cards change hands at once.
fr-learn-offer = Offer one of your cards to one player or to everyone; a trade happens only when you confirm an answer.
fr-learn-cancel-offer = Take your offer back; the answers to it lapse.
fr-learn-wait = Stop trading for now; you are asked again when an offer or an answer reaches you.
fr-learn-everyone = Every other player may answer the offer.
fr-learn-to-seat = Only this player may answer the offer.
fr-learn-no-wish = Ask for nothing in particular in return.
fr-learn-wish-suit = Ask for a card of this suit in return.
fr-learn-wish-any = Any card of this suit will do in return.
fr-learn-answer = Answer this offer with one of your cards; the trade happens if the offerer confirms.
fr-learn-withdraw = Take your answer back.
fr-learn-decline = Turn this answer down; your offer stays open.
fr-learn-back = Go back one step; nothing is played.
fr-learn-over = The game ends. Each hand is scored at its best: base strengths, plus bonuses, minus penalties, with every wild card set to what gives the most points; the highest total wins.
fr-learn-necromancer = { $player }'s Necromancer takes { $card } from the discard area as an eighth card.
