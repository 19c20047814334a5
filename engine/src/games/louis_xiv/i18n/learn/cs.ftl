# Režim učení (první hra Ludvíka XIV.): co která volba podle pravidel udělá a jak se
# počítá vyhodnocení a konec hry.

lx-learn-tile = { $tile } { $name } ({ $what }: { $reward })
lx-learn-supply-next = Schopnost této splněné mise pro zásobování se vyhodnotí teď; ostatní následují v pořadí, které zvolíte.
lx-learn-two-of = { $stones ->
    [one] 1 kámen
    [few] { $stones } kameny
   *[other] { $stones } kamenů
} do vlastní zásoby a { $money ->
    [one] 1 louisdor
    [few] { $money } louisdory
   *[other] { $money } louisdorů
}: kameny umisťují vliv, louisdory kupují odměny na kartičkách s podmínkou peněz.
lx-learn-stone-for-card = Jeden kámen se přesune z vlastní do společné zásoby a doberete si o 1 kartu vlivu víc.
lx-learn-stone-for-card-no = Kameny zůstanou, kde jsou; kartu vlivu navíc nedostanete.
lx-learn-start-place = Jeden kámen ze společné zásoby (z vlastní, je-li společná prázdná) přijde na kartičku { $item }.
lx-learn-no-stone = Žádný kámen se neumístí.
lx-learn-start-on = počínaje kartičkou { $item }
lx-learn-start-any = počínaje libovolnou kartičkou (žolík)
lx-learn-play = Karta jde lícem nahoru na odkládací balíček; pak umístíte až { $n ->
    [one] 1 kámen
    [few] { $n } kameny
   *[other] { $n } kamenů
} z vlastní zásoby { $item }, nebo si stejný počet vezmete zpět ze společné zásoby. Zbude-li vám pak jediná karta, vrací se do balíčku.
lx-learn-pay-pass = Místo zahrání karty zaplatíte bance 2 louisdory: tah končí a ruka zůstane, jak je.
lx-learn-exchange = Místo zahrání odložíte jednu kartu z ruky a doberete si vrchní kartu balíčku vlivu.
lx-learn-exchange-discard = Tato karta jde lícem nahoru na odkládací balíček; doberete si vrchní kartu balíčku vlivu.
lx-learn-use-place = Umístíte až { $n ->
    [one] 1 kámen
    [few] { $n } kameny
   *[other] { $n } kamenů
} z vlastní zásoby; při vyhodnocení soupeří o odměny kartiček.
lx-learn-use-retrieve = Vezmete zpět až { $n ->
    [one] 1 kámen
    [few] { $n } kameny
   *[other] { $n } kamenů
} ze společné do vlastní zásoby, abyste je mohli znovu umístit.
lx-learn-four-place = Na tuto kartu použijete misi na 4 kameny: umístíte až 4 kameny, počínaje libovolnou kartičkou.
lx-learn-four-retrieve = Na tuto kartu použijete misi na 4 kameny: vezmete zpět až 4 kameny.
lx-learn-four-no = Karta platí tak, jak je vytištěná.
lx-learn-place-start = První kámen přijde na kartičku { $item }.
lx-learn-place-jump = Zbylé kameny skočí na sousední kartičku { $item }.
lx-learn-place-total = Z vlastní zásoby tímto zahráním { $n ->
    [one] odejde 1 kámen
    [few] odejdou { $n } kameny
   *[other] odejde { $n } kamenů
}.
lx-learn-place-leave = Na této kartičce { $n ->
    [one] zůstane 1 kámen
    [few] zůstanou { $n } kameny
   *[other] zůstane { $n } kamenů
}; ostatní skočí dál na jednu sousední kartičku.
lx-learn-place-one = Jeden kámen přijde na kartičku { $item }.
lx-learn-intrigue-keep = Kartu intriky si necháte: na konci hry za ni dostanete 1 erb.
lx-learn-intrigue-common = Jeden kámen ze společné zásoby přijde na kartičku { $tile } a počítá se už při tomto vyhodnocení.
lx-learn-intrigue-own-one = Jeden kámen z vlastní zásoby přijde na kartičku { $tile } a počítá se už při tomto vyhodnocení.
lx-learn-intrigue-own-two = Dva kameny z vlastní zásoby přijdou na kartičku { $tile } a počítají se už při tomto vyhodnocení.
lx-learn-once-first = Použijete kartu „1× první“: remízu rozhodnete a na této kartičce máte většinu jen vy.
lx-learn-once-first-no = Remíza zůstane; karta zůstane pro toto vyhodnocení nepoužitá.
lx-learn-buy = Zaplatíte cenu bance a dostanete: { $reward }.
lx-learn-decline = Louisdory si necháte; z této kartičky nic nedostanete.
lx-learn-place-on = { $n ->
    [0] Na kartičku { $item } nepřijde žádný kámen
    [one] Na kartičku { $item } přijde 1 kámen
    [few] Na kartičku { $item } přijdou { $n } kameny
   *[other] Na kartičku { $item } přijde { $n } kamenů
}.
lx-learn-retrieve = { $n ->
    [0] Žádný kámen se nepřesune
    [one] 1 kámen se přesune
    [few] { $n } kameny se přesunou
   *[other] { $n } kamenů se přesune
} ze společné do vlastní zásoby.
lx-learn-end-turn = Ukončíte tah misí; máte-li víc než jeden žeton, jeden si necháte a každý další se změní na erb.
lx-learn-complete = Zaplatíte dva žetony mise: karta leží lícem nahoru (na konci se počítají její body, její schopnost platí od teď) a doberete si novou kartu mise.
lx-learn-use-ability = Schopnost této splněné mise použijete teď (jednou za fázi misí).
lx-learn-pay-chip = Žeton { $chip } zaplatí tento symbol a vrátí se do zásoby.
lx-learn-swap-chip = Zaplatíte 2 louisdory a žeton { $chip } se změní na korunu, která zaplatí jakýkoli symbol.
lx-learn-keep-chip = Žeton { $chip } si necháte; každý další žeton se vrátí do zásoby a dostanete za něj 1 erb.
lx-learn-draw-deck = Doberete si vrchní kartu mise z balíčku: { $kind }; vidíte ji jen vy.
lx-learn-return = Tuto kartu mise vrátíte lícem dolů pod její balíček a doberete si náhradu.
lx-learn-return-done = Výběr končí; vybrané karty se vymění za nové.
lx-learn-evaluated = Vyhodnocuje se { $tile } podle podmínky lícem nahoru: peníze (odměnu dostane většina, ostatní si ji smějí koupit), 1. místo (odměnu dostane jen jediná většina), nebo kameny (odměnu dostane každý, kdo jich má dost). Na kartičce s penězi nebo 1. místem jdou kameny jediné většiny do její společné zásoby; ostatní kameny se vracejí do vlastních zásob.
lx-learn-received-crown = Na kartičce Ludvíka XIV. dostane jediný první navíc korunu a jediný druhý dostane odměnu zdarma.
lx-learn-flipped = Otáčí se { $tile }: stejná odměna, od příštího kola jiná podmínka.
lx-learn-over = Konec hry: počítají se splněné mise a erby; zbylé kameny, louisdory a žetony se mění na erby a převaha v druhu erbu dává erb navíc. Vyhrává nejvíce bodů, při remíze více kamenů ve vlastní zásobě.
