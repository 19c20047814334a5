seat-default-name = Player { $number }
error-game-over = The game is already over.
error-not-your-decision = It is not your decision right now.
error-illegal-choice = That choice is not available now.
outcome-draw = The game ends in a draw.
outcome-winner = { $player } wins.
outcome-place = { $place }. { $player }
option-seats = Players
# The review of a finished game: a turning point. $turn is the move's number.
ai-review-turning-point = Move { $turn }: choosing “{ $made }” instead of “{ $best }” cost an estimated { $percent }% chance to win.
# A turning point's two choices in the learning mode's words, each on a line of its own.
ai-review-why-made = Your choice: { $why }
ai-review-why-best = The better one: { $why }
