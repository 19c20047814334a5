seat-default-name = Player { $number }
error-game-over = The game is already over.
error-not-your-decision = It is not your decision right now.
error-illegal-choice = That choice is not available now.
outcome-draw = The game ends in a draw.
outcome-winner = { $player } wins.
outcome-place = { $place }. { $player }
option-seats = Players
