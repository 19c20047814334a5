# Režim učení (první hra Claimu): řádek ke každé kartě nabídky a proč štych vzal vítěz.

claim-learn-wins = Štych berete: { $reason }.
claim-learn-loses = Štych prohráváte: { $reason }.
claim-learn-why-knight = rytíř přebíjí vyneseného skřeta
claim-learn-why-off = karta nectí barvu ({ $faction }), takže štych bere vedoucí hráč
claim-learn-why-higher = karta je vyšší než { $card }
claim-learn-why-not-higher = karta není vyšší než { $card } (při shodě bere štych vedoucí hráč)
claim-learn-follow-recruit = { $result } { $item } { $notes }
claim-learn-follow = { $result } { $notes }
claim-learn-prize-yours = Kartu { $card } si berete do balíčku následovníků.
claim-learn-prize-theirs = Kartu { $card } si bere soupeř; vy si berete vrchní kartu dobíracího balíčku.
claim-learn-piles-none = Obě zahrané karty jsou vyřazeny ze hry.
claim-learn-piles-mine = Na váš skórovací balíček: { $cards }.
claim-learn-piles-theirs = Na soupeřův skórovací balíček: { $cards }.
claim-learn-piles-both = Na váš skórovací balíček: { $mine }; na soupeřův: { $theirs }.
claim-learn-must-follow = Soupeř musí ctít barvu ({ $faction }), pokud může (měňavce smí zahrát vždy)
claim-learn-must-doppelganger = Soupeř musí odpovědět měňavcem, pokud nějakého má
claim-learn-lead = { $what }; { $count ->
    [one] přebít ji může 1 karta, kterou jste neviděli
    [few] přebít ji mohou { $count } karty, které jste neviděli
   *[other] přebít ji může { $count } karet, které jste neviděli
}. { $notes }
claim-learn-note-undead = Ve fázi 1 jdou zahraní nemrtví na skórovací balíček vítěze štychu.
claim-learn-note-dwarf = Ve fázi 2 jde trpaslík na skórovací balíček poraženého.
claim-learn-note-goblin = Rytíř zahraný po skřetovi štych vyhrává.
claim-learn-note-discard = Zahrané karty pak jdou ze hry, kromě nemrtvých.
claim-learn-note-winner = Vítěz štychu si bere obě karty na skórovací balíček (trpaslíky dostává poražený).
claim-learn-won-knight = Štych bere { $player }: rytíř přebíjí vyneseného skřeta.
claim-learn-won-off = Štych bere { $player }: karta { $card } nectí barvu ({ $faction }), takže vyhrává vedoucí hráč.
claim-learn-won-higher = Štych bere { $player }: karta { $card } je vyšší než { $lead }.
claim-learn-won-tie = Štych bere { $player }: karta { $card } není vyšší než { $lead } a při shodě vyhrává vedoucí hráč.
