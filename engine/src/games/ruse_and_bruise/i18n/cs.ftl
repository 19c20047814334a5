game-ruse-and-bruise-name = Kabale und Hiebe
game-ruse-and-bruise-rules = 2–6 hráčů, šest kol. V každém kole se vyloží tolik bodových karet, kolik je hráčů; pod ně hráči skrytě pokládají karty vlivu a každá vyložená karta otočí skrytou kartu nad sebou. Sloupec je naplněn, když v něm leží alespoň tolik karet, kolik je hodnota jeho bodové karty (nebo ho uzavřela bouře); jakmile jsou naplněny všechny sloupce, kolo končí, všechny karty se odkryjí a bodovou kartu získá nejvyšší součet (se žebrákem nejnižší). Objevitel, mordýř, bouře, převlek a zrádce působí při otočení; mušketýři, mág, čarodějnice, princ s panošem, poustevník, dvojník, drak, Romeo, žebrák a Paleček při vyhodnocení. Po šesti kolech vítězí nejvíce bodů; kdo má všech šest symbolů, smí je zdvojnásobit.

rb-option-doubling = Šest různých symbolů lze zdvojnásobit

rb-char-king = Král
rb-char-queen = Královna
rb-char-juliet = Julie
rb-char-alchemist = Alchymista
rb-char-swordsman = Šermíř
rb-char-landowner = Statkář
rb-char-merchant = Kupec
rb-char-cardinal = Kardinál
rb-char-troubadour = Trubadúr
rb-char-explorer = Objevitel
rb-char-assassin = Mordýř
rb-char-storm = Bouře
rb-char-disguise = Převlek
rb-char-traitor = Zrádce
rb-char-musketeers = Mušketýři
rb-char-magician = Mág
rb-char-witch = Čarodějnice
rb-char-prince = Princ
rb-char-squire = Panoš
rb-char-hermit = Poustevník
rb-char-doppelganger = Dvojník
rb-char-dragon = Drak
rb-char-romeo = Romeo
rb-char-beggar = Žebrák
rb-char-tom-thumb = Paleček

rb-colour-red = červená
rb-colour-blue = modrá
rb-colour-yellow = žlutá
rb-colour-green = zelená
rb-colour-white = bílá
rb-colour-black = černá

rb-symbol-alchemy = Alchymie
rb-symbol-military = Vojenství
rb-symbol-agriculture = Zemědělství
rb-symbol-trade = Obchod
rb-symbol-religion = Náboženství
rb-symbol-art = Umění

rb-card = { $character } ({ $colour })
rb-card-was-hidden = { $card } (pod převlekem)
rb-point = { $symbol } { $value }
rb-player = { $player }

rb-title-setup = Kabale und Hiebe — příprava
rb-title = Kabale und Hiebe — kolo { $round }/{ $rounds }
rb-title-over = Kabale und Hiebe — konec hry
rb-sec-table = Stůl
rb-sec-column = Sloupec { $column } — { $point } — { $count }/{ $need }{ $status ->
    [closed] {" "}· uzavřen Bouří (naplněn)
    [full] {" "}· naplněn
   *[open] {""}
}
rb-sec-players = Hráči
rb-sec-last-round = Vyhodnocení { $round }. kola
rb-sec-hand = Vaše ruka
rb-sec-won = Vaše bodové karty
rb-sec-result = Závěrečné počítání
rb-line-active = Na tahu: { $player }
rb-line-deciding-colour = { $player } si vybírá barvu
rb-line-deciding-start = { $player } vybírá začínajícího hráče
rb-line-deciding-disguise = { $player } rozhoduje, co skryje pod převlek
rb-line-deciding-traitor = { $player } rozhoduje o výměně zrádcem
rb-line-point-deck = Balíček bodových karet: { $count }
rb-line-up = { $pos }. { $card }
rb-line-down = { $pos }. lícem dolů ({ $colour })
rb-line-down-known = { $pos }. lícem dolů: { $card }
rb-line-hidden = { "   " }└ skrytá karta ({ $colour })
rb-line-hidden-known = { "   " }└ skrytá: { $card }
rb-line-empty = (žádné karty)
rb-line-seat = { $player } ({ $colour }): ruka { $hand } · balíček { $deck } · bodové karty { $won }
rb-line-seat-no-colour = { $player }: zatím bez barvy
rb-line-discard = { "   " }odkládací balíček ({ $player }): { $cards }
rb-line-cards = { $cards }

rb-prompt-colour = Vyberte si barvu.
rb-prompt-start = Kdo začne 1. kolo?
rb-prompt-play = { $round }. kolo: položte kartu lícem dolů na konec některého sloupce.
rb-prompt-disguise = Váš převlek se otočil ve sloupci { $column }: skryjete pod něj kartu z ruky?
rb-prompt-traitor = Váš zrádce se otočil ve sloupci { $column } ({ $point }): vyměníte jeho bodovou kartu s jiným sloupcem?

rb-choice-play = { $card } → sloupec { $column } ({ $point }, karet: { $count })
rb-choice-hide = Skrýt kartu { $card }
rb-choice-hide-nothing = Nic neskrývat
rb-choice-swap = Vyměnit se sloupcem { $column } ({ $point })
rb-choice-no-swap = Nevyměňovat
rb-choice-start-random = Náhodně
rb-choice-start = { $player }

rb-ev-colour = { $player } hraje za barvu: { $colour }.
rb-ev-start-random = 1. kolo začíná { $player } (vylosováno).
rb-ev-start-chosen = 1. kolo začíná { $player } (podle volby zakladatele hry).
rb-ev-round = Kolo { $round }/{ $rounds }: bodové karty jsou { $points }.
rb-ev-played = { $player } pokládá kartu lícem dolů do sloupce { $column }.
rb-ev-played-card = Pokládáte lícem dolů kartu { $card }.
rb-ev-flipped = Sloupec { $column }: karta { $card } se otáčí lícem nahoru.
rb-ev-explorer-moved = Karta { $card } se přesouvá lícem dolů ze sloupce { $from } do sloupce { $to }.
rb-ev-explorer-stays = Karta { $card } zůstává lícem nahoru ve sloupci { $column }.
rb-ev-killed = { $by } odstraňuje kartu { $card } ve sloupci { $column }; karta jde na odkládací balíček.
rb-ev-storm = Karta { $card } uzavírá sloupec { $column }; sloupec je naplněn.
rb-ev-disguise-empty = { $player } nemá v ruce žádnou kartu, kterou by šlo skrýt pod převlek ve sloupci { $column }.
rb-ev-hid = { $player } skrývá kartu pod převlek ve sloupci { $column }.
rb-ev-hid-card = Pod převlek skrýváte kartu { $card }.
rb-ev-hid-nothing = { $player } pod převlek ve sloupci { $column } nic neskrývá.
rb-ev-swapped = Zrádce ({ $player }) vyměňuje bodové karty sloupců { $a } a { $b }: nyní { $pa } a { $pb }.
rb-ev-no-swap = Zrádce ({ $player }) ve sloupci { $column } nic nevyměňuje.
rb-ev-drew = Dobíráte si kartu { $card }.
rb-ev-reshuffled = { $player } zamíchává odkládací balíček jako nový balíček ({ $count ->
    [one] { $count } karta
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}).
rb-ev-skipped = { $player } nemá kartu a vynechává.
rb-ev-nobody-can-play = Nikdo nemůže zahrát kartu: kolo končí.
rb-ev-round-ended = Konec { $round }. kola (poslední tah: { $player }). Všechny karty se odkrývají.
rb-ev-revealed = Sloupec { $column }: { $cards }.
rb-ev-game-over = Po šesti kolech hra končí.

rb-eval-mode-musketeers = Sloupec { $column } ({ $point }): mušketýři ruší všechny efekty; platí hodnoty na kartách, vítězí nejvyšší součet.
rb-eval-mode-pair = Sloupec { $column } ({ $point }): princ a panoš stejné barvy ho získávají.
rb-eval-mode-highest = Sloupec { $column } ({ $point }): vítězí nejvyšší součet.
rb-eval-mode-lowest = Sloupec { $column } ({ $point }): leží zde žebrák, vítězí nejnižší součet.
rb-eval-cancelled = Sloupec { $column }: karty { $character } ({ $count }×) se navzájem ruší.
rb-eval-removed = Sloupec { $column }: { $by } odstraňuje kartu { $card } (hodnota { $value }).
rb-eval-values = Sloupec { $column }, hodnoty: { $cards }.
rb-eval-value = { $card } { $value }
rb-eval-no-value = { $card } bez hodnoty
rb-eval-sums = Sloupec { $column }, součty — { $sums }.
rb-eval-sum = { $player }: { $sum }
rb-eval-won = Sloupec { $column }: { $player } získává { $point }.
rb-eval-won-tie-highest = Sloupec { $column }: shoda; { $player } získává { $point }, karta { $card } leží výše.
rb-eval-won-tie-lowest = Sloupec { $column }: shoda; { $player } získává { $point }, karta { $card } leží níže.
rb-eval-won-pair = Sloupec { $column }: { $player } získává { $point } princem a panošem (karta { $card } leží nejvýše).
rb-eval-nobody = Sloupec { $column }: { $point } nemůže nikdo získat; karta odchází ze hry.

rb-score-plain = { $player }: { $cards } → { $score } { $score ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
}.
rb-score-doubled = { $player }: { $cards } → všech šest symbolů: zdvojeně { $doubled }, prostý součet { $plain } → { $score } { $score ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
}.
rb-result-winner = Vítězí { $player }: { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}.
rb-result-shared = O vítězství se dělí { $players }: { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}.

rb-scene-column = { $column }: { $point }
rb-scene-count = { $count }/{ $need } { $need ->
    [one] karta
    [few] karty
    [many] karty
   *[other] karet
}
rb-scene-full = { $count }/{ $need } · plný
rb-scene-closed = uzavřen Bouří
rb-scene-symbol = 12 ve sloupci { $symbol }, jinak 8
rb-scene-value = Jen hodnota
rb-scene-immediate = Efekt po otočení
rb-scene-end-of-round = Efekt na konci kola
rb-scene-face-down = Lícem dolů ({ $colour })
rb-scene-hidden = Skrytá karta ({ $colour })
rb-scene-down-known = Lícem dolů; znáte ji
rb-scene-hidden-known = Skrytá pod Převlekem
rb-scene-hand = ruka
rb-scene-deck = balíček
rb-scene-won = { $count ->
    [one] bodová karta
    [few] bodové karty
   *[other] bodových karet
}
rb-scene-discard = Odložené karty: { $cards }
rb-scene-seat = { $player } ({ $colour })

# branch clocks: refusals that say why
rb-refused-closed = Tento sloupec je uzavřený: sloupec { $column } v tomto kole uzavřela Bouře.
