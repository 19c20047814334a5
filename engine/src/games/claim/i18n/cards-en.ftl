# What each faction's cards do (spec §1), full and short (≤ 100 characters: select menus;
# the pictures keep their own `claim-scene-power-*` line). Kept apart from en.ftl.

claim-text-goblin = 14 cards, 0–9 (five 0s). No power of their own, but a Knight played on a led Goblin beats it.
claim-text-goblin-short = 0–9 (five 0s). No power; a Knight that follows a led Goblin wins.
claim-text-dwarf = 10 cards, 0–9. Phase 2: the dwarves played in a trick go to the loser's score pile; the winner takes the rest.
claim-text-dwarf-short = 0–9. Phase 2: dwarves played in a trick go to the loser's score pile.
claim-text-undead = 10 cards, 0–9. Phase 1: undead played in a trick go to the winner's score pile instead of leaving the game.
claim-text-undead-short = 0–9. Phase 1: undead played in a trick go to the winner's score pile.
claim-text-doppelganger = 10 cards, 0–9. The follower may always play one instead of the led faction, and it counts as following; it gets none of that faction's power. A led Doppelganger must be followed with a Doppelganger if you can.
claim-text-doppelganger-short = 0–9. May always follow and counts as the led faction (without its power).
claim-text-knight = 8 cards, 2–9. A Knight played on a led Goblin beats it whatever its value; you must still follow the led faction if you can.
claim-text-knight-short = 2–9. A Knight played on a led Goblin beats it whatever the values.
