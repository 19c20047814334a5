# Learning mode (a player's first game of Ovlivnění): what each choice does by the rules,
# with the capture arithmetic under an investment, and what a capture means.

ov-learn-play = { $effect }. The opponent may answer with a reaction before it resolves; the card then goes to your discard pile.
ov-learn-play-base = { $effect }. The card stays in front of you as a base; the opponent may first answer with a reaction.
ov-learn-play-status = { $effect }. It stays in play as the only status until another status replaces it; the opponent may first answer with a reaction.
ov-learn-react = { $effect }. Your reaction resolves before what it answers, and the opponent may answer it in turn.
ov-learn-invest = Put { $res } on { $country } (the amount comes next). There now: yours { $mine }, the opponent's { $theirs }, threshold { $need }.
ov-learn-amount = { $country } then: yours { $mine }{ $res }, the opponent's { $theirs }{ $res }, threshold { $need }{ $res }: { $what }.
ov-learn-would-capture = you capture it at the start of your next turn, unless the opponent changes that first
ov-learn-not-more = not enough, you need strictly more than the opponent
ov-learn-below-threshold = not enough, you have more than the opponent but do not reach the threshold yet
ov-learn-param = This sets what the effect acts on; nothing resolves until the card is played.
ov-learn-factory = The Factory leaves your bases for your discard pile; every card you play for the rest of this turn yields double B.
ov-learn-end-turn = End the main phase keeping your hand; you draw up to 5 cards and the opponent's turn starts.
ov-learn-drop-end-turn = Drop what you started and end the turn; you keep your hand and draw up to 5 cards.
ov-learn-discard-end = First choose cards to discard; then you draw up to 5 cards and the turn ends.
ov-learn-draw-end = Stop discarding: you draw up to 5 cards and the turn ends.
ov-learn-done = Finish this step with what you have chosen.
ov-learn-cancel = Take this step back; nothing is played.
ov-learn-pass = Let it resolve without a reaction.
ov-learn-abandon = Give up this reaction and let it resolve; nothing of yours is played.
ov-learn-back = Back to the previous question; nothing is played yet.
ov-learn-keep-rest = The remaining looked-at cards go back on top of your deck in this order.
ov-learn-discard-drawn = Discard the cards you drew most recently.
ov-learn-country = { $country } (thresholds { $b }B and { $m }M): yours { $mine }, the opponent's { $theirs }.
ov-learn-country-plain = { $country } (thresholds { $b }B and { $m }M).
ov-learn-amounts = { $pb }B { $pa }M
ov-learn-move = One invested point moves from the first country to the second; a country is captured by having more than the opponent there and reaching its threshold.
ov-learn-convert = One M from here is converted into B.
ov-learn-discard-card = This card goes to your discard pile.
ov-learn-group = Narrow the choice down to this group of cards.
ov-learn-keep = This card goes back on top of your deck, to be drawn after those already put back.
ov-learn-look-discard = This looked-at card goes to your discard pile instead of back on your deck.
ov-learn-confirm = Play the card with the choices made; the opponent may then react.
ov-learn-captured = { $player } captures { $country }: at the start of the turn they had more of one resource there than the opponent and reached its threshold. Every investment in it goes to the bank. Countries captured: { $count }/3, and three win.
ov-learn-play-gain = { $effect }. If the opponent does not react, your treasury becomes { $mine } (now { $theirs }); the card then goes to your discard pile.
