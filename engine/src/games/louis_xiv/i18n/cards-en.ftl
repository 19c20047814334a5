# What each card and court tile does (spec §2.1, §6.3–§6.5, §7.1, §12), full and short
# (≤ 100 characters: menus, pictures). Rewards, conditions and abilities come from the
# component data through en.ftl's messages. Kept apart from en.ftl.

lx-text-tile = Reward: { $reward }. Condition: front { $front }, back { $back }.
lx-text-tile-short = { $reward } · { $front } / { $back }
lx-short-place-any = { $n ->
    [one] { $n } stone on any tile
   *[other] { $n } stones on any tiles
}
lx-short-place-on = { $n ->
    [one] up to { $n } stone on tile { $tile }
   *[other] up to { $n } stones on tile { $tile }
}
lx-short-retrieve = { $n ->
    [one] { $n } stone back to your supply
   *[other] { $n } stones back to your supply
}
lx-text-influence-name = Influence card { $number } { $name }
lx-text-influence = Influence card: place up to 3 stones from your own supply, at least one on tile { $number } { $name }, the rest jumping diagonally to at most two more tiles in a line of neighbours; or take back up to 3 stones from your common supply.
lx-text-influence-short = Up to 3 stones from tile { $number } on (jumping diagonally), or take back 3 stones.
lx-text-joker = Influence card: place 1 stone from your own supply on any tile and optionally a second on the same or a neighbouring tile; or take back up to 2 stones from your common supply.
lx-text-joker-short = Up to 2 stones, starting on any tile, or take back 2 stones.
lx-text-intrigue-name = Intrigue card { $number } { $name }
lx-text-intrigue = Intrigue card: just before tile { $number } { $name } is evaluated, put 1 stone from your common supply or 1–2 stones from your own supply on it; then it goes under the intrigue deck. Unplayed at the end: 1 coat of arms.
lx-text-intrigue-short = Before tile { $number } is evaluated: 1 stone from the common or 1–2 from the own supply on it.
lx-text-mission-name = Mission { $id }
lx-text-mission = Mission card ({ $deck }): pay { $a } + { $b } to complete it for 5 points. Then: { $ability }.
