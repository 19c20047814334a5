game-claim-name = Claim
game-claim-rules = Dva hráči, dvě fáze po 13 štyších. Fáze 1: vyhráváte odkryté karty a verbujete následovníky; poražený si bere vrchní kartu balíčku naslepo. Fáze 2: s následovníky bojujete o hlasy pěti frakcí. Ctěte barvu, je-li to možné (měňavce smíte zahrát vždy a počítají se, jako by ctili barvu). Rytíř zahraný po skřetovi vyhrává. Nemrtví zahraní ve fázi 1 jdou na skórovací balíček vítěze; trpaslíci zahraní ve fázi 2 jdou poraženému. Kdo má víc karet frakce, získá její hlas (při shodě rozhoduje nejvyšší karta); tři hlasy vítězí.

claim-card-goblin = Skřet { $value }
claim-card-dwarf = Trpaslík { $value }
claim-card-undead = Nemrtvý { $value }
claim-card-doppelganger = Měňavec { $value }
claim-card-knight = Rytíř { $value }

claim-faction-goblin = Skřeti
claim-faction-dwarf = Trpaslíci
claim-faction-undead = Nemrtví
claim-faction-doppelganger = Měňavci
claim-faction-knight = Rytíři

claim-title = Claim — fáze { $phase }, štych { $trick }/13
claim-title-over = Claim — konec hry
claim-sec-table = Stůl
claim-sec-seat = { $player }
claim-sec-discard = Vyřazeno ze hry
claim-sec-result = Hlasy frakcí
claim-sec-hand = Vaše ruka
claim-sec-followers = Váš balíček následovníků
claim-line-to-move = Na tahu: { $player }
claim-line-prize = Hraje se o kartu: { $card }
claim-line-deck = Dobírací balíček: { $count ->
    [one] { $count } karta
    [few] { $count } karty
   *[other] { $count } karet
}
claim-line-led = { $player } vynáší kartu { $card }
claim-line-last-trick = Štych { $number }: { $leader }: { $lead }, { $follower }: { $follow } → štych bere { $winner }
claim-line-sizes = Ruka: { $hand } · následovníci: { $followers }
claim-line-score = { $faction } ({ $count }): { $values }
claim-line-score-empty = Skórovací balíček je prázdný
claim-line-cards = { $cards }

claim-prompt-lead = Vyneste kartu.
claim-prompt-lead-prize = Vyneste kartu. Hraje se o kartu { $card }.
claim-prompt-follow = { $player } vynáší kartu { $card }. Zahrajte kartu.

claim-ev-first-leader = První štych vynáší { $player } (los).
claim-ev-prize = Štych { $trick }: hraje se o kartu { $card }.
claim-ev-played = { $player } hraje kartu { $card }.
claim-ev-trick-won = Štych bere { $player }.
claim-ev-prize-taken = { $player } si bere kartu { $card } do balíčku následovníků.
claim-ev-took-top = { $player } si bere vrchní kartu balíčku.
claim-ev-drew-blind = Do balíčku následovníků si lícem dolů berete kartu { $card }.
claim-ev-to-score = Karta { $card } jde na skórovací balíček: { $player }.
claim-ev-discarded = Karta { $card } je vyřazena ze hry.
claim-ev-phase-two = Fáze 2: oba hráči berou své následovníky do ruky. Vynáší { $player }.
claim-ev-game-over = Konec hry, frakce hlasují.

claim-vote-count = { $faction }: { $a } – { $na } : { $nb } – { $b } → { $winner }
claim-vote-top = { $faction }: { $a } – { $na } : { $nb } – { $b }, nejvyšší { $ta } proti { $tb } → { $winner }
claim-vote-tie = { $faction }: { $a } – { $na } : { $nb } – { $b }, stejně vysoké karty → nikdo
claim-vote-none = { $faction }: nikdo
claim-result-winner = Vítězí { $player }: { $votes ->
    [one] { $votes } hlas frakce
    [few] { $votes } hlasy frakcí
    [many] { $votes } hlasu frakce
   *[other] { $votes } hlasů frakcí
}.
claim-result-draw = Remíza, každý má { $votes ->
    [one] { $votes } hlas
    [few] { $votes } hlasy
   *[other] { $votes } hlasů
}.

claim-scene-name-goblin = Skřet
claim-scene-name-dwarf = Trpaslík
claim-scene-name-undead = Nemrtvý
claim-scene-name-doppelganger = Měňavec
claim-scene-name-knight = Rytíř
claim-scene-power-goblin = Rytíř zahraný po něm vyhrává.
claim-scene-power-dwarf = Fáze 2: jde poraženému ve štychu.
claim-scene-power-undead = Fáze 1: jde na skórovací balíček vítěze.
claim-scene-power-doppelganger = Smí vždy ctít barvu; počítá se za vynesenou frakci.
claim-scene-power-knight = Vyhrává, když následuje vyneseného skřeta.
claim-scene-deck = dobírací balíček
claim-scene-hand = ruka
claim-scene-followers = { $count ->
    [one] následovník
    [few] následovníci
   *[other] následovníků
}

# branch clocks: refusals that say why
claim-refused-follow = Musíte ctít barvu ({ $faction }).
