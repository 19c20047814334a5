game-ovlivneni-name = Ovlivnění
game-ovlivneni-rules = 2 hráči, mafiánský boj o nadvládu nad Evropou. Na stole leží pět zemí; ve svém tahu hrajete karty z ruky (každá má dva efekty, vyberete jeden), investujete bohatství (B) a moc (M) do zemí, pak odložíte, co chcete, a doberete si do pěti. Na začátku tahu získáte každou zemi, kde máte jednoho zdroje víc než soupeř a aspoň tolik, kolik je její minimální hodnota. Soupeř může na každou kartu i získání země odpovědět reakcí (Investice kartu zruší, Licence ji zkopíruje…). Kdo první získá tři země, vyhrává.

ov-option-no-refill = Nedoplňování zemí: získané země se nenahrazují
ov-option-strict = Obtížnější země: minimální hodnotu je třeba překonat
ov-option-turn-limit = Limit tahů, pak remíza (0 = bez limitu)
ov-option-reaction-secs = Sekund na reakci
ov-option-move-minutes = Minut na tah, pak tah končí (0 = časový limit serveru)
ov-pref-reactions = Okna pro reakce (soupeř hraje kartu nebo získává zemi)
ov-pref-reactions-ask = vždy se mě zeptat, i když mohu jen pasovat (soupeř z rychlosti nic nepozná)
ov-pref-reactions-ask_when_able = ptát se jen, když mám v ruce reakci, kterou smím zahrát; jinak hned pasovat (soupeř tak může poznat, že jsem žádnou neměl)
ov-pref-reactions-auto_pass = každé okno hned pasovat (např. když jsem pryč)

ov-res-b = B
ov-res-m = M
ov-bm = { $b }B { $m }M

ov-choice-play = Zahrát kartu { $card }: { $effect }
ov-choice-react = Reagovat kartou { $card }: { $effect }
ov-choice-invest = Investovat { $res } do země { $country } (máte { $have })
ov-choice-factory = Aktivovat Fabriku (dvojnásobek B v tomto tahu)
ov-choice-end-turn = Ukončit tah, nechat si karty, dobrat do pěti
ov-choice-discard-end = Odložit karty a ukončit tah
ov-choice-draw-end = Hotovo: dobrat do pěti a ukončit tah
ov-choice-done = Hotovo
ov-choice-cancel = Zrušit
ov-choice-pass = Nereagovat
ov-choice-back = Zpět
ov-choice-abandon = Vzdát se této reakce a nereagovat
ov-choice-keep-rest = Vrátit zbytek v tomto pořadí
ov-choice-keep = Vrátit kartu { $card } jako další shora
ov-choice-look-discard = Odložit kartu { $card }
ov-choice-discard = Odložit kartu { $card }
ov-choice-amount = { $amount }
ov-choice-all = Vše ({ $amount })
ov-choice-country = { $country }
ov-choice-move = Přesunout 1{ $res } ze země { $from } do země { $to }
ov-choice-convert-treasury = Převést 1{ $res } v pokladnici
ov-choice-convert-country = Převést 1{ $res } investované v zemi { $country }
ov-choice-card = { $card }
ov-choice-base = Zrušit základnu { $card }
ov-choice-group = Karty č. { $from }–{ $to }
ov-choice-withdraw = Všechny vaše { $res } ze země { $country } ({ $have })

ov-params-none = —
ov-params-moves = přesuny: { $moves }
ov-params-move = { $from } → { $to }
ov-params-converts = převody z: { $sources }
ov-params-treasury = pokladnice
ov-params-base = základna: { $card }
ov-params-cards = karty: { $cards }
ov-params-count = { $count ->
    [one] 1 kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
} z ruky
ov-params-country = { $country }
ov-params-country-res = { $res } v zemi { $country }
ov-params-withdraw = { $b }B { $m }M ze země { $country }
ov-params-countries = { $countries }

ov-what-play = { $player } hraje kartu { $card }: { $effect } ({ $params })
ov-what-licence = { $player } kopíruje Licencí: { $effect } ({ $params })
ov-what-capture = { $player } získává zemi { $country }

ov-prompt-main = { $player }, jste na tahu ({ $b }B { $m }M v pokladnici)
ov-prompt-invest = Kolik { $res } investovat do země { $country }?
ov-prompt-declare = { $card }: { $effect } — zatím: { $params }
ov-prompt-window = { $what }. Reagujete?
ov-prompt-look = Vraťte karty v pořadí, jaké chcete, nebo je odložte
ov-prompt-discard = Odložte { $count ->
    [one] jednu kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}
ov-prompt-end-discard = Konec tahu: odložte libovolné karty, pak si doberte do pěti
ov-prompt-over = Hra skončila.

ov-ev-first = Los určil, že začíná { $player }.
ov-ev-turn = Tah { $turn }: { $player }.
ov-ev-capturing = { $player } získává zemi { $country }.
ov-ev-captured = { $player } nyní ovládá zemi { $country } ({ $total }/{ $need }).
ov-ev-refilled = Na místo { $slot } přichází { $country }.
ov-ev-base-income = Základna { $card } ({ $player }) přináší { $gain }.
ov-ev-invested = { $player } investuje { $amount }{ $res } do země { $country }.
ov-ev-factory = { $player } aktivuje Fabriku: v tomto tahu dvojnásobek B.
ov-ev-declared = { $player } hraje kartu { $card }: { $effect } ({ $params }).
ov-ev-declared-licence = { $player } reaguje kartou { $card } a kopíruje: { $effect } ({ $params }).
ov-ev-passed = { $player } nereaguje.
ov-ev-cancelled = Karta { $card } byla zrušena.
ov-ev-gained = { $player } získává { $gain }.
ov-ev-shares = Akcie ({ $player }) přinášejí { $gain }.
ov-ev-moved = { $player } přesouvá 1{ $res } ze země { $from } do země { $to }.
ov-ev-converted = { $player } převádí 1{ $from } na 1{ $to } ({ $place }).
ov-ev-withdrew = { $player } stahuje { $gain } ze země { $country }.
ov-ev-insured = Pojištění ({ $player }): { $gain } ze země { $country } se vrací do pokladnice.
ov-ev-base-removed = { $player } přichází o základnu { $card }.
ov-ev-base-removed-instead = { $player } přichází o základnu { $card } místo základny { $target }.
ov-ev-base-placed = { $player } vykládá základnu { $card }.
ov-ev-status = Status je nyní karta { $card } ({ $player }).
ov-ev-status-replaced = Status je nyní karta { $card } ({ $player }); karta { $old } jde do odkládacího balíčku.
ov-ev-took = { $player } si bere kartu { $card } z odkládacího balíčku do ruky.
ov-ev-put-on-deck = { $player } vrací na vrchol balíčku: { $cards }.
ov-ev-looked = Vidíte: { $cards }.
ov-ev-looked-count = { $player } nahlíží na vrchní { $count ->
    [one] 1 kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
} balíčku.
ov-ev-put-back = { $player } vrací na balíček { $count ->
    [one] 1 kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}.
ov-ev-drew = Dobrané karty: { $cards }.
ov-ev-drew-count = { $player } si dobírá { $count ->
    [one] 1 kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
}.
ov-ev-reshuffled = { $player } zamíchává pod balíček { $count ->
    [one] 1 kartu
    [few] { $count } karty
    [many] { $count } karty
   *[other] { $count } karet
} z odkládacího balíčku.
ov-ev-discarded = { $player } odkládá: { $cards }.
ov-ev-replaced = Země { $old } odchází ze hry; nahrazuje ji země { $new }.
ov-ev-replaced-none = Země { $old } odchází ze hry; balíček zemí je prázdný.
ov-ev-doubled = { $player } zdvojnásobuje B v zemi { $country } na { $now }.
ov-ev-removed-m = { $player } přichází o { $amount }M v zemi { $country }.
ov-ev-turn-ended = { $player } končí tah.
ov-ev-won = { $player } ovládá tři země a vítězí!
ov-ev-turn-limit = Dosažen limit tahů ({ $turns }): remíza.

ov-title = Ovlivnění — tah { $turn }, hraje { $player }
ov-title-over = Ovlivnění — konec hry
ov-sec-table = Stůl
ov-sec-countries = Země (minimální hodnota B/M; investice)
ov-sec-stack = Vyhodnocuje se (poslední nahoře)
ov-sec-player = { $player }
ov-sec-hand = Vaše ruka
ov-sec-result = Výsledek
ov-line-waiting = Čeká se na: { $player }.
ov-line-waiting-reaction = Čeká se na reakci: { $player }.
ov-line-status = Status: { $card }
ov-line-confusion = Investované M se počítají jako poloviční (Zmatek).
ov-line-no-status = Status: žádný
ov-line-doubling = Fabrika ({ $player }) v tomto tahu zdvojnásobuje B.
ov-line-country-deck = Balíček zemí: { $count }
ov-line-removed = Mimo hru: { $countries }
ov-line-turn-limit = Remíza po tahu { $turns }
ov-line-variants = Varianty: { $variants }
ov-line-country = { $slot }. { $country } { $b }B/{ $m }M (na kartě { $pb }/{ $pm }) — { $p0 }: { $b0 }B { $m0 }M; { $p1 }: { $b1 }B { $m1 }M
ov-line-item-play = { $player }: { $card } — { $effect }
ov-line-item-licence = { $player }: kopie Licencí — { $effect }
ov-line-item-capture = { $player } získává zemi { $country }
ov-line-item-cancelled = { $item } (zrušeno)
ov-line-treasury = Pokladnice: { $gain }
ov-line-captured = Země: { $count }/{ $need } { $countries }
ov-line-bases = Základny: { $cards }
ov-line-sizes = Ruka { $hand }, balíček { $deck }, odkládací balíček { $discard }
ov-line-discard = Odkládací balíček: { $cards }
ov-line-hand = { $cards }
ov-line-known-top = Vrchol vašeho balíčku: { $cards }
ov-line-looking = Prohlížíte: { $cards }
ov-result-captured = { $player }: { $count ->
    [one] 1 země
    [few] { $count } země
    [many] { $count } země
   *[other] { $count } zemí
}
ov-result-winner = Vítězí { $player }: ovládá { $need ->
    [one] { $need } zemi
    [few] { $need } země
    [many] { $need } země
   *[other] { $need } zemí
}.
ov-result-draw = Remíza: { $turns ->
    [one] po { $turns } tahu
   *[other] po { $turns } tazích
} nikdo neovládá tři země.

ov-card-opportunity = Příležitost
ov-card-investment = Investice
ov-card-optimisation = Optimalizace
ov-card-slander = Pomluvy
ov-card-history = Historie
ov-card-decline = Úpadek
ov-card-interest = Zúročení
ov-card-cooperation = Spolupráce
ov-card-extortion = Vydírání
ov-card-weakening = Oslabení
ov-card-planning = Plánování
ov-card-licence = Licence
ov-card-factory = Fabrika
ov-card-enterprise = Podnikání
ov-card-espionage = Špionáž
ov-card-experience = Zkušenosti
ov-card-bodyguards = Ochranka
ov-card-shares = Akcie
ov-card-withdrawal = Stažení
ov-card-reorganisation = Reorganizace
ov-card-dominance = Převaha
ov-card-agents = Agenti
ov-card-insurance = Pojištění
ov-card-bribes = Úplatky
ov-card-confusion = Zmatek
ov-card-reinforcements = Posily
ov-card-diligence = Pečlivost

ov-eff-opportunity-a = Získejte 1B
ov-eff-opportunity-b = Doberte si 1 kartu
ov-eff-investment-a = Získejte 2B
ov-eff-investment-b = Reakce: zrušte platnost právě zahrané soupeřovy karty
ov-eff-optimisation-a = Získejte 3B
ov-eff-optimisation-b = Přesuňte až 3M mezi zeměmi
ov-eff-slander-a = Získejte 1M
ov-eff-slander-b = Zrušte jednu soupeřovu kartu základny
ov-eff-history-a = Získejte 2M
ov-eff-history-b = Vezměte si do ruky jednu libovolnou kartu z odkládacího balíčku
ov-eff-decline-a = Získejte 3M
ov-eff-decline-b = Status: všechny země mají o 1 nižší minimální potřebnou hodnotu B
ov-eff-interest-a = Získejte 1B
ov-eff-interest-b = Reakce: pokud soupeř získal nějakou zemi, získejte 3B
ov-eff-cooperation-a = Získejte 1M
ov-eff-cooperation-b = Reakce: pokud soupeř zahrál kartu získávající M, získejte 3M
ov-eff-extortion-a = Převeďte až 3M na B, zásobní nebo investované
ov-eff-extortion-b = Vyměňte si všechny karty v ruce za nové
ov-eff-weakening-a = Status: všechny země mají o 1 sníženou minimální potřebnou hodnotu M
ov-eff-weakening-b = Stáhněte do pokladnice z jedné neovládnuté země libovolné množství investovaných zdrojů
ov-eff-planning-a = Nahlédněte na 5 vrchních karet, libovolně je přeuspořádejte či odložte do odkládacího balíčku
ov-eff-planning-b = Doberte si 2 karty a 1 odložte
ov-eff-licence-a = Získejte 2B
ov-eff-licence-b = Reakce: okamžitě pro sebe zkopírujte efekt právě zahrané soupeřovy karty
ov-eff-factory-a = Základna: zrušte tuto kartu a do konce kola vám každá karta vynese dvojnásobek B
ov-eff-factory-b = Získejte 1B za každou aktivní kartu základny
ov-eff-enterprise-a = Základna: na počátku svého tahu získáte 1B
ov-eff-enterprise-b = Doberte si 3 karty, potom 2 odložte
ov-eff-espionage-a = Základna: na počátku svého tahu získáte 1M
ov-eff-espionage-b = Přesuňte až 3B mezi zeměmi
ov-eff-experience-a = Vraťte až 3 libovolné karty z odkládacího balíčku na vrchol herního balíčku
ov-eff-experience-b = Základna: na počátku svého tahu získáte 1B a 1M
ov-eff-bodyguards-a = Zrušte jednu soupeřovu kartu základny
ov-eff-bodyguards-b = Základna: máte-li ztratit kartu základny, ztrácíte vždy nejdříve tuto
ov-eff-shares-a = Základna: kdykoliv soupeř hraje kartu získávající zdroj, získejte 1 téhož zdroje
ov-eff-shares-b = Získejte 2M
ov-eff-withdrawal-a = Získejte 2B
ov-eff-withdrawal-b = Vraťte do pokladnice všechny investované body jednoho zdroje z jedné země
ov-eff-reorganisation-a = Vyměňte jednu kartu dosud neovládnuté země za novou z balíčku zemí; investované body obou hráčů mizí
ov-eff-reorganisation-b = Získejte 2M
ov-eff-dominance-a = Zdvojnásobte investované B v jedné zemi
ov-eff-dominance-b = Zrušte všechny soupeřovy M v jedné zemi
ov-eff-agents-a = Získejte 1B
ov-eff-agents-b = Získejte 3M, které ihned investujte do 3 různých zemí
ov-eff-insurance-a = Získejte 1M
ov-eff-insurance-b = Reakce: pokud soupeř získává zemi, vraťte své investované zdroje z ní do pokladnice
ov-eff-bribes-a = Převeďte až 3B na M, zásobní nebo investované
ov-eff-bribes-b = Získejte 3B, které ihned investujte do 3 různých zemí
ov-eff-confusion-a = Získejte 2B
ov-eff-confusion-b = Status: veškeré investice M se počítají jako poloviční
ov-eff-reinforcements-a = Získejte 2M
ov-eff-reinforcements-b = Odložte libovolný počet karet a doberte si stejný počet nových
ov-eff-diligence-a = Podívejte se na 3 vrchní karty, libovolně je přeuspořádejte či přesuňte do odkládacího balíčku
ov-eff-diligence-b = Získejte 1B a 1M

ov-country-germany = Německo
ov-country-austria = Rakousko
ov-country-spain = Španělsko
ov-country-france = Francie
ov-country-sweden = Švédsko
ov-country-hungary = Maďarsko
ov-country-czechia = Česko
ov-country-italy = Itálie
ov-country-belgium = Belgie
ov-country-slovakia = Slovensko
ov-country-poland = Polsko
ov-country-denmark = Dánsko
ov-country-norway = Norsko
ov-country-ireland = Irsko
ov-country-portugal = Portugalsko
ov-country-greece = Řecko
ov-country-lithuania = Litva
ov-country-slovenia = Slovinsko

ov-scene-countries = Země (prahy B/M; investice)
ov-scene-country = { $p0 }: { $b0 }B { $m0 }M · { $p1 }: { $b1 }B { $m1 }M
ov-scene-effects = A: { $a } · B: { $b }
ov-scene-country-deck = balíček zemí
ov-scene-wealth = Bohatství (B)
ov-scene-power = Moc (M)
ov-scene-captured = získané země (z { $need })
ov-scene-captured-list = Získané země: { $countries }
ov-scene-hand = ruka
ov-scene-deck = balíček

# branch clocks: the move clock (§7.4 item 8) and refusals that say why
ov-option-move-timeout = Časový limit tahu v minutách (1 minuta až 72 hodin); po jeho vypršení tah končí
ov-choice-drop-end-turn = Zrušit rozehrané a ukončit tah (karty si ponecháte, doberete do pěti)
ov-choice-discard-drawn = { $count ->
    [one] Odložit naposledy dobranou kartu
    [few] Odložit { $count } naposledy dobrané karty
   *[other] Odložit { $count } naposledy dobraných karet
}
ov-refused-reaction = Reakci lze zahrát jen v okně reakcí jako odpověď soupeři, ne jako akci hlavní fáze.
ov-refused-no-object = Tento efekt jmenuje něco, co teď na stole není, proto ho nelze zvolit.

# a declaration waits for its confirm (§6.1, §13)
ov-choice-confirm = Potvrdit a zahrát
ov-choice-back-step = Zpět: změnit poslední volbu
ov-prompt-confirm = Opravdu zahrát kartu { $card }: { $effect } ({ $params })?
ov-prompt-confirm-licence = Opravdu reagovat kartou { $card } a kopírovat: { $effect } ({ $params })?
