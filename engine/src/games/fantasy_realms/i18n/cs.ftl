game-fantasy-realms-name = Tajuplné říše
game-fantasy-realms-rules = 2–7 hráčů. Každý drží 7 karet. Ve svém tahu si vezměte vrchní kartu z balíčku nebo libovolnou kartu z odkládacího prostoru a pak jednu kartu lícem nahoru odložte. Hra končí, jakmile je v odkládacím prostoru 10 karet (dva hráči: nejdřív si každý nabere 7 karet, konec při 12 odložených kartách; Chaotické říše: výměny jedna za jednu do vypršení časového limitu). Každá karta dává svou základní sílu plus bonus minus postih; vyhrává nejvyšší součet (při shodě nižší součet základních sil). Vliv za vás zvolí všechny možnosti při počítání tak, aby byl váš součet co nejvyšší.

fr-card-mountain = Hora
fr-card-cavern = Jeskyně
fr-card-bell-tower = Zvonice
fr-card-forest = Les
fr-card-earth-elemental = Elementál země
fr-card-fountain-of-life = Fontána života
fr-card-swamp = Bažina
fr-card-great-flood = Stoletá voda
fr-card-island = Ostrov
fr-card-water-elemental = Elementál vody
fr-card-rainstorm = Bouře
fr-card-blizzard = Sněhová vánice
fr-card-smoke = Kouř
fr-card-whirlwind = Tornádo
fr-card-air-elemental = Elementál vzduchu
fr-card-wildfire = Požár
fr-card-candle = Svíčka
fr-card-forge = Kovárna
fr-card-lightning = Blesk
fr-card-fire-elemental = Elementál ohně
fr-card-knights = Rytířky
fr-card-elven-archers = Elfí lučištníci
fr-card-light-cavalry = Těžká jízda
fr-card-dwarvish-infantry = Trpasličí pěchota
fr-card-rangers = Hraničáři
fr-card-collector = Sběratel
fr-card-beastmaster = Pán šelem
fr-card-necromancer = Nekromant
fr-card-warlock-lord = Nejvyšší mág
fr-card-enchantress = Kouzelnice
fr-card-king = Král
fr-card-queen = Královna
fr-card-princess = Princezna
fr-card-warlord = Velitel
fr-card-empress = Císařovna
fr-card-unicorn = Jednorožec
fr-card-basilisk = Bazilišek
fr-card-warhorse = Válečný oř
fr-card-dragon = Drak
fr-card-hydra = Hydra
fr-card-warship = Válečná loď
fr-card-magic-wand = Magická hůl
fr-card-sword-of-keth = Kethský meč
fr-card-elven-longbow = Elfský luk
fr-card-war-dirigible = Bojová vzducholoď
fr-card-shield-of-keth = Kethský štít
fr-card-gem-of-order = Krystal řádu
fr-card-world-tree = Strom světa
fr-card-book-of-changes = Kniha proměn
fr-card-protection-rune = Ochranná runa
fr-card-shapeshifter = Měňavec
fr-card-mirage = Přelud
fr-card-doppelganger = Dvojník

fr-suit-army = Armáda
fr-suit-leader = Vůdce
fr-suit-wizard = Čaroděj
fr-suit-weapon = Zbraň
fr-suit-artifact = Artefakt
fr-suit-beast = Tvor
fr-suit-land = Země
fr-suit-weather = Počasí
fr-suit-flood = Potopa
fr-suit-flame = Oheň
fr-suit-wild = Divoká

fr-variant-base = základní hra
fr-variant-two-player = dva hráči
fr-variant-chaotic = Chaotické říše

fr-option-variant = Varianta
fr-option-variant-auto = Podle počtu hráčů (2: dva hráči, 3–6: základní hra, 7: Chaotické říše)
fr-option-variant-base = Základní hra (3–6 hráčů)
fr-option-variant-two-player = Dva hráči
fr-option-variant-chaotic = Chaotické říše (3–7 hráčů)
fr-option-time-limit = Časový limit Chaotických říší (minuty)

fr-player = { $player }

fr-title = Tajuplné říše — { $variant }
fr-title-over = Tajuplné říše — { $variant } — konec hry
fr-sec-table = Stůl
fr-sec-discard = Odkládací prostor ({ $count })
fr-sec-hand = Vaše ruka — { $total } { $total ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
}
fr-sec-trading = Výměny
fr-sec-final-hand = { $place }. { $player } — { $total } { $total ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
}
fr-sec-result = Výsledek
fr-line-to-move = Na tahu: { $player }
fr-line-trading = Výměny až do časového limitu ({ $minutes } min)
fr-line-deck = Balíček: { $count } { $count ->
    [one] karta
    [few] karty
    [many] karty
   *[other] karet
}
fr-line-discards-left = Do konce hry zbývá odložit { $count ->
    [one] { $count } kartu
    [few] { $count } karty
   *[other] { $count } karet
}
fr-line-trades = Dosud výměn: { $count }
fr-line-hand-size = { $player }: { $count }
fr-line-hand-sizes = Karty v rukou — { $sizes }
fr-line-discard = { $card } ({ $player })
fr-line-list = { $items }
fr-line-taken = Právě vzatá karta: { $card }
fr-line-drawn = Dobrané karty: { $cards }
fr-line-card = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total }
fr-line-card-notes = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total } ({ $notes })
fr-line-card-blanked = { $card } [{ $suit }]: VYMAZÁNA = 0
fr-line-card-blanked-notes = { $card } [{ $suit }]: VYMAZÁNA = 0 ({ $notes })
fr-line-no-offer = Nemáte žádnou otevřenou nabídku.
fr-line-offer-to = { $from } nabízí kartu { $card } hráči { $to }; přání: { $wish }
fr-line-offer-all = { $from } nabízí všem kartu { $card }; přání: { $wish }
fr-line-my-answer = Za nabídku hráče { $to } navrhujete kartu { $card }
fr-line-answer-to-me = { $from } za vaši nabídku navrhuje kartu { $card }

fr-note-copies = kopíruje kartu { $card }
fr-note-becomes = platí jako karta { $card }
fr-note-becomes-suit = platí jako blíže neurčená karta barvy { $suit }
fr-note-changes = mění barvu karty { $card } na { $suit }
fr-note-clears = odstraňuje postih karty { $card }
fr-note-takes = bere kartu { $card }
fr-note-cleared = postih odstraňuje: { $cards }
fr-note-army-cleared = slovo „Armáda“ odstraňuje: { $cards }

fr-wish-none = žádné
fr-wish-suit = cokoli z barvy { $suit }
fr-wish-card = { $card }

fr-prompt-take = Vezměte si vrchní kartu z balíčku, nebo kartu z odkládacího prostoru.
fr-prompt-discard = Nová karta v ruce: { $card }. Odložte jednu kartu.
fr-prompt-draft = Doberte dvě karty (jednu si nechte, druhou odložte), nebo si vezměte kartu z odkládacího prostoru.
fr-prompt-keep = Nechte si jednu ze dvou karet; druhá jde do odkládacího prostoru.
fr-prompt-trade = Vyměňujte karty jedna za jednu, dokud nevyprší čas.
fr-prompt-offer-card = Kterou kartu nabízíte?
fr-prompt-offer-to = Komu nabízíte kartu { $card }?
fr-prompt-offer-wish = Co chcete za kartu { $card }?
fr-prompt-offer-wish-card = Cokoli z barvy { $suit }, nebo určitou kartu?
fr-prompt-answer-card = { $player } nabízí kartu { $card }. Kterou kartu navrhujete výměnou?
fr-prompt-clock = Výměny končí uplynutím časového limitu ({ $minutes } min).

fr-choice-deck = Vrchní karta balíčku
fr-choice-draw-two = Dobrat dvě
fr-choice-back = Zpět
fr-choice-offer = Nabídnout kartu
fr-choice-cancel-offer = Stáhnout mou nabídku karty { $card }
fr-choice-wait = Zatím nic (čekat na nabídky)
fr-choice-everyone = Všem
fr-choice-no-wish = Bez přání
fr-choice-wish-any = Cokoli z barvy { $suit }
fr-choice-time-up = Čas vypršel
fr-choice-answer = Odpovědět na nabídku hráče { $player } ({ $card })
fr-choice-withdraw = Stáhnout mou odpověď hráči { $player }
fr-choice-confirm = Vyměnit mou kartu { $mine } za kartu { $theirs } hráče { $player }
fr-choice-decline = Odmítnout kartu { $card } hráče { $player }

fr-ev-took-deck = { $player } si bere vrchní kartu z balíčku.
fr-ev-drew = Dobíráte si kartu { $card }.
fr-ev-took-discard = { $player } si bere kartu { $card } z odkládacího prostoru.
fr-ev-discarded = { $player } odkládá kartu { $card }.
fr-ev-drew-two = { $player } dobírá dvě karty.
fr-ev-drew-two-cards = Dobíráte si karty: { $cards }.
fr-ev-kept = Necháváte si kartu { $card }.
fr-ev-offer-to = { $from } nabízí kartu { $card } hráči { $to }; přání: { $wish }.
fr-ev-offer-all = { $from } nabízí všem kartu { $card }; přání: { $wish }.
fr-ev-offer-withdrawn = { $player } stahuje svou nabídku.
fr-ev-answered-you = { $player } za vaši nabídku navrhuje kartu { $card }.
fr-ev-you-answered = Za nabídku hráče { $player } navrhujete kartu { $card }.
fr-ev-answer-withdrawn = { $from } stahuje svou odpověď hráči { $to }.
fr-ev-answer-declined = { $to } odmítá odpověď hráče { $from }.
fr-ev-traded = { $a } a { $b } si vyměňují kartu.
fr-ev-traded-cards = Dáváte kartu { $gave } a dostáváte kartu { $got }.
fr-ev-trading-over = Čas vypršel: výměny skončily.
fr-ev-deck-empty = Balíček je prázdný: hra končí.
fr-ev-necromancer = Nekromant ({ $player }) si bere kartu { $card } jako osmou.
fr-ev-final-score = { $player }: { $total } { $total ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
}.
fr-ev-game-over = Konec hry, ruce se počítají.

fr-result-line = { $place }. { $player }: { $total } { $total ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
} (součet základních sil { $base })
fr-result-tie-break = Shodně { $total } { $total ->
    [one] bod
    [few] body
    [many] bodu
   *[other] bodů
} { $count ->
    [one] má { $count } hráč
    [few] mají { $count } hráči
   *[other] má { $count } hráčů
}: vyhrává nižší součet základních sil.
fr-result-winner = Vítězí { $player }: { $total ->
    [one] { $total } bod
    [few] { $total } body
    [many] { $total } bodu
   *[other] { $total } bodů
}.
fr-result-shared = O vítězství se dělí { $players }: { $total ->
    [one] { $total } bod
    [few] { $total } body
    [many] { $total } bodu
   *[other] { $total } bodů
}.

fr-calc-total = Nejlepší skóre: { $total }
fr-calc-unknown = Neznámá karta „{ $card }“: zadejte její číslo 1–53 nebo český či anglický název (s mezerami v uvozovkách).
fr-calc-duplicate = Karta { $card } je zadána dvakrát.
fr-calc-count = Ruka má 7 karet (s Nekromantem 8), ne { $count }.
fr-calc-eighth = Osmá karta je povolena jen s Nekromantem.
fr-calc-ineligible = Osmá karta Nekromanta musí být Armáda, Vůdce, Čaroděj nebo Tvor.

fr-scene-deck = balíček
fr-scene-hand = { $count ->
    [one] karta v ruce
    [few] karty v ruce
   *[other] karet v ruce
}
fr-scene-seat = { $player }
fr-scene-scores = { $suit }, boduje { $total }
fr-scene-blanked = Vymazána: 0 bodů

# branch clocks: refusals that say why
fr-refused-in-hand = Tuto kartu už máte v ruce.
fr-refused-not-in-area = Tato karta neleží v odkládacím prostoru: vezměte si vrchní kartu z balíčku nebo kartu z odkládacího prostoru.
fr-refused-not-in-hand = Odložit můžete jen kartu z ruky.
