# Shrnutí pravidel, která vypisuje `vliv rules HRA` (větev console). Každá hra má stejné
# oddíly pod nadpisy níže; úplné specifikace jsou ve shared/rules/*.md.

rules-heading-goal = Hráči a cíl hry
rules-heading-setup = Příprava
rules-heading-play = Průběh tahu
rules-heading-end = Konec hry a počítání bodů
rules-heading-vliv = Ve Vlivu
rules-footer = Zahrajte si ji v terminálu: vliv console { $game } --lang cs

## Claim

rules-claim-goal =
    Dva hráči. Král je mrtev a pět frakcí (skřeti, trpaslíci, nemrtví, měňavci a rytíři)
    rozhoduje, kdo převezme moc. Získejte hlas alespoň tří frakcí.
rules-claim-setup =
    52 karet: 14 skřetů (0–9, nula pětkrát), po 10 trpaslících, nemrtvých a měňavcích (0–9)
    a 8 rytířů (2–9). Každý hráč dostane 13 karet, zbytek tvoří dobírací balíček.
rules-claim-play =
    Fáze první, verbování (13 štychů): vrchní karta balíčku se odkryje, o ni se hraje.
    Vedoucí hráč zahraje libovolnou kartu, druhý musí ctít barvu, má-li kartu vynesené
    frakce (měňavce smíte zahrát vždy a počítá se, jako by barvu ctil). Štych vyhrává vyšší
    karta vynesené frakce, při shodě vedoucí hráč. Vítěz si bere odkrytou kartu, poražený
    naslepo další kartu balíčku; obě jdou mezi jejich následovníky. Nemrtví zahraní v první
    fázi jdou na skórovací balíček vítěze, ostatní zahrané karty odcházejí ze hry.
    Fáze druhá, boj o přízeň (13 štychů): oba si vezmou do ruky svých 13 následovníků a hrají
    stejně; vítěz štychu si obě karty dá na skórovací balíček, jen trpaslíky si bere
    poražený.
    Rytíř zahraný po vyneseném skřetovi vždy vyhrává. Vítěz štychu vynáší další.
rules-claim-end =
    Hlas frakce získá ten, kdo má v skórovacím balíčku víc jejích karet; při shodě rozhoduje
    vyšší karta této frakce. Tři hlasy vítězí.
rules-claim-vliv =
    Prvního vedoucího hráče určí los. Měňavec nepřebírá schopnost frakce, kterou kopíruje.

## Tajuplné říše

rules-fantasy-realms-goal =
    2 až 7 hráčů. Sestavte ze sedmi karet co nejhodnotnější kombinaci: každá karta má
    základní sílu a bonusy a postihy podle ostatních karet ve vaší ruce.
rules-fantasy-realms-setup =
    53 karet v 11 barvách. Každý hráč dostane 7 karet (dva hráči žádnou, viz níže), zbytek
    tvoří balíček. Odkládací prostor uprostřed stolu je lícem nahoru a všechny karty v něm
    vidí všichni. Začínajícího hráče určí los.
rules-fantasy-realms-play =
    Ve svém tahu si vezměte vrchní kartu balíčku nebo libovolnou kartu z odkládacího
    prostoru a pak jednu kartu z ruky odložte lícem nahoru; tah tedy vždy končíte se sedmi
    kartami.
    Dva hráči: dokud oba nemají 7 karet, ve svém tahu si buď doberte dvě karty, jednu si
    nechte a druhou odložte, nebo si vezměte jednu kartu z odkládacího prostoru.
    Chaotické říše (3–7 hráčů): tahy nejsou. Až do vypršení časového limitu si hráči
    vyměňují karty jedna za jednu: nabídněte kartu jednomu hráči nebo všem, na nabídku
    odpovězte vlastní kartou a nabízející výměnu potvrdí, nebo odmítne. Stůl vidí, kdo si
    vyměnil karty, nikdy však které.
rules-fantasy-realms-end =
    Základní hra končí, jakmile je v odkládacím prostoru 10 karet (dva hráči: oba mají
    7 karet a odloženo je aspoň 12 karet; Chaotické říše: vypršením času). Každá karta dává
    základní sílu plus bonus minus postih; vymazaná karta nedává nic. Vítězí nejvyšší
    součet, při shodě nižší součet základních sil.
rules-fantasy-realms-vliv =
    Vliv za vás zvolí všechny možnosti při počítání (divoké karty, Knihu proměn, Ostrov,
    osmou kartu Nekromanta) tak, aby byl váš součet co nejvyšší.
    V konzoli končí obchodování v Chaotických říších, jakmile všichni lidští hráči ohlásí,
    že skončili, a hráči za AI už nemají co vyměnit.

## Louis XIV

rules-louis-xiv-goal =
    2 až 4 hráči na dvoře Ludvíka XIV. Získávejte vliv u dvanácti osobností dvora, plňte
    tajné mise a sbírejte erby. Po čtyřech kolech vítězí nejvíce bodů.
rules-louis-xiv-setup =
    Dvanáct kartiček osobností leží v mřížce. Každý hráč má 16 kamenů rozdělených mezi
    vlastní a společnou zásobu (pozdější hráči dávají do společné zásoby víc), 5 louisdorů
    a dvě karty misí v ruce.
rules-louis-xiv-play =
    Každé kolo má čtyři fáze.
    Zásobování: karta peněz dá všem příjem a postaví Ludvíka XIV. na jednu z kartiček 1–4;
    každý dostane 5 karet vlivu.
    Vliv: hráči se střídají a každý zahraje jednu kartu: kartou osobnosti položí až 3 kameny
    z vlastní zásoby na její kartičku a skoky po diagonále na sousední kartičky, žolíkem až
    2 kameny kamkoli, nebo místo toho vrátí kameny ze společné do vlastní zásoby. Poslední
    karta v ruce se vrací do balíčku nezahraná.
    Vyhodnocení: kartičky 1–12 se vyhodnotí postupně podle podmínky lícem nahoru: peníze
    (odměnu získá převaha, ostatní si ji smějí koupit), 1. místo (jen převaha) nebo počet
    kamenů (každý, kdo ho dosáhne). Kameny vítěze jdou do společné zásoby, ostatní zpět do
    vlastní; rozhodnutá kartička se otočí. Karty intrik přidají kameny těsně před
    vyhodnocením kartičky.
    Mise: za dva žetony misí splníte kartu mise (5 bodů a od té chvíle její schopnost)
    a doberete si novou; ponecháte si nejvýše jeden žeton, ostatní se mění na erby.
rules-louis-xiv-end =
    Po čtvrtém kole se zbytky mění na erby (karty, žetony, kameny na kartičkách, každé celé
    3 louisdory). Kdo má nejvíce erbů jednoho druhu, získá erb navíc. Body: 1 za každý erb
    a 5 za každou splněnou misi. Při shodě vítězí ten, kdo má víc kamenů ve vlastní zásobě.
rules-louis-xiv-vliv =
    Ve hře dvou hráčů se každého vyhodnocení účastní neutrální barva; ve hře tří hráčů
    začíná začínající hráč prvního kola i čtvrté kolo a dobere si za to kartu intrik.

## Kabale und Hiebe

rules-ruse-and-bruise-goal =
    2 až 6 hráčů, šest kol. Získávejte bodové karty tím, že do jejich sloupců hrajete karty
    vlivu; po šesti kolech vítězí nejvíce bodů.
rules-ruse-and-bruise-setup =
    Každý hráč má vlastní balíček 25 karet vlivu své barvy a dobere si 3. Bodový balíček má
    6 karet na hráče; ostatní bodové karty zůstanou neviděné mimo hru.
rules-ruse-and-bruise-play =
    V každém kole se vyloží tolik bodových karet, kolik je hráčů; každá stojí v čele
    sloupce. Ve svém tahu položte kartu z ruky lícem dolů na konec libovolného sloupce, který
    neuzavřela Bouře, otočte skrytou kartu nad ní (jakékoli barvy) a doberte si jednu kartu.
    Otočená karta může působit hned: Objevitel, Mordýř, Bouře, Převlek, Zrádce.
    Sloupec je naplněn, když v něm leží alespoň tolik karet, kolik je hodnota jeho bodové
    karty, nebo když ho uzavřela Bouře. Jakmile jsou po tahu naplněny všechny sloupce, kolo
    končí: všechny karty se odkryjí, zapůsobí karty vyhodnocení (Mušketýři, Mág,
    Čarodějnice, Princ s Panošem, Poustevník, Dvojník, Drak, Romeo, Žebrák, Paleček)
    a bodovou kartu každého sloupce získá nejvyšší součet (se Žebrákem nejnižší). Další kolo
    začíná levý soused hráče, který kolo ukončil.
rules-ruse-and-bruise-end =
    Po šesti kolech sečtěte své bodové karty. Máte-li všech šest symbolů, smíte zdvojnásobit
    jednu kartu každého symbolu a za každou další bodovou kartu ztrácíte 1 bod; Vliv vybere
    lepší výsledek. Vítězí nejvyšší součet, při shodě se o vítězství dělí.
rules-ruse-and-bruise-vliv =
    Začínajícího hráče prvního kola určí los. Karty ze sloupců jdou na odkládací balíčky
    svých majitelů, ze kterých se po vyčerpání balíčku znovu míchá.

## Ovlivnění

rules-ovlivneni-goal =
    Dva hráči, mafiánský boj o nadvládu nad Evropou. Kdo první získá tři země, vítězí.
rules-ovlivneni-setup =
    Každý hráč má stejný balíček 27 karet a vezme si do ruky 5 karet. Na stole leží pět
    zemí, každá s minimální hodnotou bohatství (B) a moci (M). Obě pokladnice jsou na
    začátku prázdné; kdo začíná, určí los.
rules-ovlivneni-play =
    Na začátku svého tahu získáte každou zemi, do které máte investováno víc jednoho zdroje
    než soupeř a aspoň tolik, kolik je její minimální hodnota; na její místo přijde nová
    země. Pak vám karty základny vynesou své zdroje.
    Potom v libovolném pořadí hrajete karty z ruky a z každé zvolíte jeden ze dvou efektů
    (zisk zdrojů, dobírání karet, přesun nebo zrušení investic, Základna, která zůstává před vámi,
    Status, který mění minimální hodnoty pro oba), a investujete zdroje z pokladnice do zemí.
    Nakonec odložíte, co chcete, a doberete si do pěti karet.
    Reakce se hrají v soupeřově tahu, hned po kartě nebo získání země, na které odpovídají:
    Investice zruší právě zahranou kartu, Licence ji zkopíruje, Spolupráce a Zúročení
    přinesou zdroje, Pojištění vám vrátí vaše investice v zemi, kterou soupeř získává, do
    pokladnice.
rules-ovlivneni-end =
    Kdo na začátku svého tahu vlastní tři země, okamžitě vítězí.
rules-ovlivneni-vliv =
    Soupeř smí reagovat po každé vaší kartě a každém získání země. Nemáte-li v konzoli
    jakou reakci zahrát, Vliv za vás pasuje a oznámí to jedním řádkem.

## Režim učení, jeden blok pro každou hru (vypisuje se poslední, pod vlastním nadpisem)

rules-heading-learn = Režim učení
rules-claim-learn =
    Pod každou kartou, kterou smíte zahrát, řádek řekne, co udělá se štychem: zda ho vezme,
    jakou frakci musí soupeř ctít, na čí skórovací balíček karty půjdou; po každém štychu,
    proč dopadl, jak dopadl. Zapnutý ve vaší první hře Claimu.
    Přepnete ho příkazem /vliv nastavení učení (první hra, zapnuto nebo vypnuto),
    na Matrixu příkazem !vliv já učení zapnuto, vypnuto nebo první;
    v terminálu: vliv console claim --learn --lang cs.
rules-fantasy-realms-learn =
    Pod každou kartou, kterou si smíte vzít nebo odložit, řádek uvede nejlepší skóre vaší
    ruky po tahu a změnu (např. +28). Zapnutý ve vaší první hře Tajuplných říší.
    Přepnete ho příkazem /vliv nastavení učení (první hra, zapnuto nebo vypnuto),
    na Matrixu příkazem !vliv já učení zapnuto, vypnuto nebo první;
    v terminálu: vliv console fantasy-realms --learn --lang cs.
rules-louis-xiv-learn =
    Pod každou volbou řádek řekne, co podle pravidel udělá, a kam jdou kameny, tam i podmínku
    a odměnu kartičky; každé vyhodnocení se vysvětlí, jak probíhá. Zapnutý ve vaší první hře
    Ludvíka XIV.
    Přepnete ho příkazem /vliv nastavení učení (první hra, zapnuto nebo vypnuto),
    na Matrixu příkazem !vliv já učení zapnuto, vypnuto nebo první;
    v terminálu: vliv console louis-xiv --learn --lang cs.
rules-ruse-and-bruise-learn =
    Pod každým tahem řádek uvede hodnotu karty v daném sloupci, její efekt, kartu, kterou
    otočí, a jak se sloupec naplní; konec každého kola se vysvětlí. Zapnutý ve vaší první
    hře Kabale und Hiebe.
    Přepnete ho příkazem /vliv nastavení učení (první hra, zapnuto nebo vypnuto),
    na Matrixu příkazem !vliv já učení zapnuto, vypnuto nebo první;
    v terminálu: vliv console ruse-and-bruise --learn --lang cs.
rules-ovlivneni-learn =
    Pod každou volbou řádek řekne, co podle pravidel udělá; u investice počty obou stran
    v zemi proti jejímu prahu. Každé ovládnutí země se vysvětlí. Zapnutý ve vaší první hře
    Ovlivnění.
    Přepnete ho příkazem /vliv nastavení učení (první hra, zapnuto nebo vypnuto),
    na Matrixu příkazem !vliv já učení zapnuto, vypnuto nebo první;
    v terminálu: vliv console ovlivneni --learn --lang cs.
