# The rules summaries `vliv rules GAME` prints (branch console). Each game has the same
# sections, printed under the headings below; the full specifications are shared/rules/*.md.

rules-heading-goal = Players and goal
rules-heading-setup = Setup
rules-heading-play = How a turn goes
rules-heading-end = End and scoring
rules-heading-vliv = In Vliv
rules-footer = Play it in the terminal: vliv console { $game }

## Claim

rules-claim-goal =
    Two players. The king is dead and five factions (goblins, dwarves, undead,
    doppelgangers, knights) choose who rules. Win the vote of at least three factions.
rules-claim-setup =
    52 cards: 14 goblins (0–9, five zeros), 10 each of dwarves, undead and doppelgangers (0–9),
    8 knights (2–9). Each player gets 13 cards; the rest is the draw pile.
rules-claim-play =
    Phase 1, recruiting (13 tricks): the top card of the pile is turned up as the prize. The
    leader plays any card; the other must follow the led faction if they can (a doppelganger
    may always be played and counts as following). The higher card of the led faction wins;
    on a tie the leader wins. The winner takes the prize, the loser the next card of the pile
    unseen; both go to their followers. Undead played in phase 1 go to the winner's score
    pile; every other played card leaves the game.
    Phase 2, the factions (13 tricks): each player takes their 13 followers in hand and plays
    them the same way; the winner of a trick puts both cards on their score pile, except
    dwarves, which go to the loser's.
    A knight played after a led goblin always wins. The winner of a trick leads the next.
rules-claim-end =
    For each faction, whoever has more of its cards in their score pile gets its vote; on a
    tie the higher card of that faction decides. Three votes win.
rules-claim-vliv =
    The first leader is drawn by lot. A doppelganger copies no faction's power.

## Fantasy Realms

rules-fantasy-realms-goal =
    2 to 7 players. Build the hand of seven cards worth the most points: each card has a base
    strength, and bonuses and penalties that depend on the other cards in your hand.
rules-fantasy-realms-setup =
    53 cards in 11 suits. Each player gets 7 cards (two players: none, see below); the rest
    is the deck. The discard area in the middle of the table is face up, every card in it
    visible to all. The start player is drawn by lot.
rules-fantasy-realms-play =
    On your turn take the top card of the deck or any card from the discard area, then
    discard one card from your hand face up; you always end your turn with 7 cards.
    Two players: until both hold 7 cards, on your turn either draw two cards, keep one and
    discard the other, or take one card from the discard area.
    Chaotic Realms (3–7 players): there are no turns. Until the time limit, players trade
    cards one for one: offer a card to one player or to everyone, answer an offer with a card
    of your own, and the one who offered confirms or declines. The table sees who traded,
    never which cards.
rules-fantasy-realms-end =
    The base game ends when the discard area holds 10 cards (two players: both hold 7 cards
    and at least 12 are discarded; Chaotic Realms: when the time runs out). Each card scores
    its base strength plus its bonus minus its penalty; a blanked card scores nothing. The
    highest total wins; on a tie, the lower sum of base strengths.
rules-fantasy-realms-vliv =
    Vliv makes every scoring choice for you (wild cards, the Book of Changes, the Island, the
    Necromancer's extra card) so that your score is as high as possible.
    In the console, the trading period of Chaotic Realms ends when every human player has
    said they are done and the AI players have no trade left to make.

## Louis XIV

rules-louis-xiv-goal =
    2 to 4 players at the court of Louis XIV. Gain influence over twelve personalities of the
    court, complete secret missions and collect coats of arms. The most points after four
    rounds win.
rules-louis-xiv-setup =
    Twelve personality tiles lie in a grid. Each player has 16 stones, split between the own
    supply and the common supply (the later players put more into the common supply),
    5 louisdors and two mission cards in hand.
rules-louis-xiv-play =
    Each round has four phases.
    Supply: a money card gives everyone income and places Louis XIV on one of tiles 1–4;
    everyone gets 5 influence cards.
    Influence: in turn, each player plays one card: with a personality card put up to 3
    stones from the own supply on its tile, and jump diagonally on to neighbouring tiles;
    with a joker up to 2 stones anywhere; or instead take stones back from the common supply
    into the own supply. The last card of a hand goes back to the deck unplayed.
    Evaluation: tiles 1–12 are evaluated in order by their face-up condition: money (the
    majority gets the reward, others may buy it), first place (only the majority) or a number
    of stones (everyone who reaches it). Stones of the winner go to the common supply, the
    others' back to their own supply; a decided tile turns over. Intrigue cards add stones
    just before a tile is evaluated.
    Missions: pay two mission chips to complete a mission card (5 points, and its ability
    from then on), draw a new one; keep at most one chip, the others become coats of arms.
rules-louis-xiv-end =
    After the fourth round leftovers become coats of arms (cards, chips, stones on tiles,
    each full 3 louisdors). The most coats of one kind earn a bonus coat. Score: 1 point per
    coat of arms plus 5 per completed mission. On a tie, the most stones in the own supply
    win.
rules-louis-xiv-vliv =
    With two players a neutral colour takes part in every evaluation; with three, the start
    player of round 1 starts round 4 too and draws an intrigue card for it.

## Ruse & Bruise

rules-ruse-and-bruise-goal =
    2 to 6 players, six rounds. Win point cards by playing influence cards into their
    columns; the most points after six rounds win.
rules-ruse-and-bruise-setup =
    Each player has an own deck of 25 influence cards in their colour and draws 3. A point
    deck of 6 cards per player is dealt; the other point cards stay out of the game unseen.
rules-ruse-and-bruise-play =
    Each round as many point cards are laid out as there are players; each heads a column.
    On your turn play a card from your hand face down at the bottom of any column not closed
    by a Storm, turn over the face-down card above it (of any colour), then draw one card.
    A turned card may act at once: Explorer, Assassin, Storm, Disguise, Traitor.
    A column is full when it holds at least as many cards as its point card's value, or a
    Storm closed it. When every column is full after a turn, the round ends: all cards are
    turned up, the end-of-round cards act (Musketeers, Magician, Witch, Prince and Squire,
    Hermit, Doppelganger, Dragon, Romeo, Beggar, Tom Thumb) and the highest total of each
    column takes its point card (with a Beggar, the lowest). The left neighbour of the player
    who ended the round starts the next.
rules-ruse-and-bruise-end =
    After six rounds add up your point cards. With all six symbols you may double one card of
    each symbol and lose 1 point for every other point card; Vliv takes the better result.
    The highest score wins; a tie is a shared victory.
rules-ruse-and-bruise-vliv =
    The start player of the first round is drawn by lot. Played cards of a column go to
    their owners' discard piles, which become the deck again when it runs out.

## Ovlivnění

rules-ovlivneni-goal =
    Two players, a mafia struggle for Europe. The first to capture three countries wins.
rules-ovlivneni-setup =
    Each player has the same deck of 27 cards and draws 5. Five countries lie on the table,
    each with a threshold of Wealth (B) and of Power (M). Both treasuries start empty; the
    first player is drawn by lot.
rules-ovlivneni-play =
    At the start of your turn you capture every country where you have invested more of one
    resource than your opponent and at least its threshold; a new country replaces it. Your
    bases then give their income.
    Then, in any order: play cards from your hand, choosing one of each card's two effects
    (gain resources, draw, move or cancel investments, a Base that stays in front of you, a
    Status that changes the thresholds for both), and invest resources from your treasury
    into countries. Finally discard what you like and draw back up to five cards.
    Reactions are played in the opponent's turn, right after the card or capture they answer:
    Investment cancels the card just played, Licence copies it, Cooperation and Interest gain
    resources, Insurance returns your investments in a country the opponent is capturing to
    your treasury.
rules-ovlivneni-end =
    Whoever owns three countries at the start of their turn wins at once.
rules-ovlivneni-vliv =
    The opponent may react after every card you play and every capture. In the console,
    when you have no reaction to play, Vliv passes for you and says so in one line.

## Learning mode, one block for every game (printed last, under its own heading)

rules-heading-learn = Learning mode
rules-claim-learn =
    Under each card you may play, a line says what it does to the trick: whether it wins,
    which faction must follow, whose score pile the cards go to; after each trick, why it
    went as it did. On in your first game of Claim.
    Switch it with /vliv settings learning (first game, on or off),
    on Matrix with !vliv me learning on, off or auto;
    in the terminal: vliv console claim --learn.
rules-fantasy-realms-learn =
    Under each card you may take or discard, a line gives your best hand score after it and
    the change (e.g. +28). On in your first game of Fantasy Realms.
    Switch it with /vliv settings learning (first game, on or off),
    on Matrix with !vliv me learning on, off or auto;
    in the terminal: vliv console fantasy-realms --learn.
rules-louis-xiv-learn =
    Under each choice, a line says what it does by the rules, with the tile's condition and
    reward where stones go; each evaluation is explained as it happens. On in your first
    game of Louis XIV.
    Switch it with /vliv settings learning (first game, on or off),
    on Matrix with !vliv me learning on, off or auto;
    in the terminal: vliv console louis-xiv --learn.
rules-ruse-and-bruise-learn =
    Under each play, a line gives the card's value in that column, its effect, the card it
    flips and how full the column gets; the end of each round is explained. On in your
    first game of Ruse & Bruise.
    Switch it with /vliv settings learning (first game, on or off),
    on Matrix with !vliv me learning on, off or auto;
    in the terminal: vliv console ruse-and-bruise --learn.
rules-ovlivneni-learn =
    Under each choice, a line says what it does by the rules; under an investment, both
    sides' amounts in the country against its threshold. Each capture is explained. On in
    your first game of Ovlivnění.
    Switch it with /vliv settings learning (first game, on or off),
    on Matrix with !vliv me learning on, off or auto;
    in the terminal: vliv console ovlivneni --learn.
