game-fantasy-realms-name = Tajuplné říše
game-fantasy-realms-rules = 2–7 hráčů. Každý drží 7 karet. Ve svém tahu si vezmi vrchní kartu z balíčku nebo libovolnou kartu z odkládacího prostoru a pak jednu kartu lícem nahoru odlož. Hra končí, jakmile je v odkládacím prostoru 10 karet (dva hráči: nejdřív si každý nabere 7 karet, konec při 12 odložených kartách; Chaotické říše: výměny jedna za jednu do vypršení časového limitu). Každá karta dává svou základní sílu plus bonus minus postih; vyhrává nejvyšší součet (při shodě nižší součet základních sil). Vliv za tebe zvolí všechny možnosti při počítání tak, aby byl tvůj součet co nejvyšší.

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
fr-sec-hand = Tvá ruka — { $total } { $total ->
    [one] bod
    [few] body
   *[other] bodů
}
fr-sec-trading = Výměny
fr-sec-final-hand = { $place }. { $player } — { $total } { $total ->
    [one] bod
    [few] body
   *[other] bodů
}
fr-sec-result = Výsledek
fr-line-to-move = Na tahu: { $player }
fr-line-trading = Výměny až do časového limitu ({ $minutes } min)
fr-line-deck = Balíček: { $count } { $count ->
    [one] karta
    [few] karty
   *[other] karet
}
fr-line-discards-left = Odložení do konce: { $count }
fr-line-trades = Dosud výměn: { $count }
fr-line-hand-size = { $player } { $count }
fr-line-hand-sizes = Karty v rukou: { $sizes }
fr-line-discard = { $card } ({ $player })
fr-line-list = { $items }
fr-line-taken = Právě vzatá karta: { $card }
fr-line-drawn = Dobrané karty: { $cards }
fr-line-card = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total }
fr-line-card-notes = { $card } [{ $suit }]: { $base } { $bonus } { $penalty } = { $total } ({ $notes })
fr-line-card-blanked = { $card } [{ $suit }]: VYMAZÁNA = 0
fr-line-card-blanked-notes = { $card } [{ $suit }]: VYMAZÁNA = 0 ({ $notes })
fr-line-no-offer = Nemáš žádnou otevřenou nabídku.
fr-line-offer-to = { $from } nabízí { $card } hráči { $to }; přání: { $wish }
fr-line-offer-all = { $from } nabízí { $card } všem; přání: { $wish }
fr-line-my-answer = Za nabídku hráče { $to } navrhuješ { $card }
fr-line-answer-to-me = { $from } za tvou nabídku navrhuje { $card }

fr-note-copies = kopíruje { $card }
fr-note-becomes = je { $card }
fr-note-becomes-suit = je blíže neurčená karta barvy { $suit }
fr-note-changes = mění barvu karty { $card } na { $suit }
fr-note-clears = odstraňuje postih karty { $card }
fr-note-takes = bere kartu { $card }
fr-note-cleared = postih odstranil(a): { $cards }
fr-note-army-cleared = slovo „Armáda“ odstranil(a): { $cards }

fr-wish-none = žádné
fr-wish-suit = cokoli z barvy { $suit }
fr-wish-card = { $card }

fr-prompt-take = Vezmi si vrchní kartu z balíčku, nebo kartu z odkládacího prostoru.
fr-prompt-discard = Vzal(a) sis { $card }. Odlož jednu kartu.
fr-prompt-draft = Dober dvě karty (jednu si nech, druhou odlož), nebo si vezmi kartu z odkládacího prostoru.
fr-prompt-keep = Nech si jednu ze dvou karet; druhá jde do odkládacího prostoru.
fr-prompt-trade = Vyměňuj karty jedna za jednu, dokud nevyprší čas.
fr-prompt-offer-card = Kterou kartu nabízíš?
fr-prompt-offer-to = Komu nabízíš { $card }?
fr-prompt-offer-wish = Co bys chtěl(a) za { $card }?
fr-prompt-offer-wish-card = Cokoli z barvy { $suit }, nebo určitou kartu?
fr-prompt-answer-card = { $player } nabízí { $card }. Kterou kartu navrhuješ výměnou?
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

fr-ev-took-deck = { $player } si vzal(a) vrchní kartu z balíčku.
fr-ev-drew = Dobral(a) sis { $card }.
fr-ev-took-discard = { $player } si vzal(a) { $card } z odkládacího prostoru.
fr-ev-discarded = { $player } odložil(a) { $card }.
fr-ev-drew-two = { $player } dobral(a) dvě karty.
fr-ev-drew-two-cards = Dobral(a) sis: { $cards }.
fr-ev-kept = Nechal(a) sis { $card }.
fr-ev-offer-to = { $from } nabízí { $card } hráči { $to }; přání: { $wish }.
fr-ev-offer-all = { $from } nabízí { $card } všem; přání: { $wish }.
fr-ev-offer-withdrawn = { $player } stáhl(a) svou nabídku.
fr-ev-answered-you = { $player } za tvou nabídku navrhuje { $card }.
fr-ev-you-answered = Za nabídku hráče { $player } jsi navrhl(a) { $card }.
fr-ev-answer-withdrawn = { $from } stáhl(a) svou odpověď hráči { $to }.
fr-ev-answer-declined = { $to } odmítl(a) odpověď hráče { $from }.
fr-ev-traded = { $a } a { $b } si vyměnili kartu.
fr-ev-traded-cards = Dal(a) jsi { $gave } a dostal(a) { $got }.
fr-ev-trading-over = Čas vypršel: výměny skončily.
fr-ev-deck-empty = Balíček je prázdný: hra končí.
fr-ev-necromancer = Nekromant hráče { $player } si bere { $card } jako osmou kartu.
fr-ev-final-score = { $player }: { $total } { $total ->
    [one] bod
    [few] body
   *[other] bodů
}.
fr-ev-game-over = Konec hry, ruce se počítají.

fr-result-line = { $place }. { $player }: { $total } { $total ->
    [one] bod
    [few] body
   *[other] bodů
} (součet základních sil { $base })
fr-result-tie-break = { $count ->
    [few] Shodně { $total } bodů mají { $count } hráči
   *[other] Shodně { $total } bodů má { $count } hráčů
}: vyhrává nižší součet základních sil.
fr-result-winner = { $player } vítězí s { $total } body.
fr-result-shared = { $players } se dělí o vítězství s { $total } body.

fr-calc-total = Nejlepší skóre: { $total }
fr-calc-unknown = Neznámá karta „{ $card }“: zadej její číslo 1–53 nebo český či anglický název (s mezerami v uvozovkách).
fr-calc-duplicate = Karta { $card } je zadána dvakrát.
fr-calc-count = Ruka má 7 karet (s Nekromantem 8), ne { $count }.
fr-calc-eighth = Osmá karta je povolena jen s Nekromantem.
fr-calc-ineligible = Osmá karta Nekromanta musí být Armáda, Vůdce, Čaroděj nebo Tvor.

fr-scene-deck = balíček
fr-scene-hand = karet v ruce
fr-scene-seat = { $player }
fr-scene-scores = { $suit }, boduje { $total }
fr-scene-blanked = Vymazána: 0 bodů

# branch clocks: refusals that say why
fr-refused-in-hand = Tuto kartu už máte v ruce.
fr-refused-not-in-area = Tato karta neleží v odkládacím prostoru: vezměte si horní kartu z balíčku nebo kartu z odkládacího prostoru.
fr-refused-not-in-hand = Odhodit můžete jen kartu z ruky.
