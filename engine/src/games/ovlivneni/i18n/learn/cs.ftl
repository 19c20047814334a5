# Režim učení (první hra Ovlivnění): co která volba podle pravidel udělá, u investic
# počty podle pravidla o ovládnutí země, a co znamená ovládnutí.

ov-learn-play = { $effect }. Než se vyhodnotí, smí soupeř odpovědět reakcí; karta pak jde na váš odkládací balíček.
ov-learn-play-base = { $effect }. Karta zůstane před vámi jako základna; soupeř smí nejdřív odpovědět reakcí.
ov-learn-play-status = { $effect }. Zůstane ve hře jako jediný stav, dokud ho nenahradí jiný; soupeř smí nejdřív odpovědět reakcí.
ov-learn-react = { $effect }. Vaše reakce se vyhodnotí dřív než to, na co odpovídá, a soupeř na ni smí odpovědět svou.
ov-learn-invest = Investujete { $res } do země { $country } (počet zvolíte vzápětí). Teď tam máte { $mine }, soupeř { $theirs }, práh je { $need }.
ov-learn-amount = V zemi { $country } pak budete mít { $mine }{ $res }, soupeř { $theirs }{ $res }, práh je { $need }{ $res }: { $what }.
ov-learn-would-capture = na začátku svého příštího tahu ji ovládnete, pokud to soupeř předtím nezmění
ov-learn-not-more = to nestačí, musíte mít víc než soupeř
ov-learn-below-threshold = to nestačí, máte víc než soupeř, ale práh ještě nedosahujete
ov-learn-param = Tím určíte, na co efekt působí; nic se nevyhodnotí, dokud kartu nezahrajete.
ov-learn-factory = Fabrika odejde ze základen na váš odkládací balíček; každá karta, kterou do konce tohoto tahu zahrajete, vám dá dvojnásobek B.
ov-learn-end-turn = Ukončíte hlavní fázi a karty si necháte; doberete do pěti karet a na tahu bude soupeř.
ov-learn-drop-end-turn = Zrušíte rozehrané a ukončíte tah; karty si necháte a doberete do pěti.
ov-learn-discard-end = Nejdřív vyberete karty k odhození, pak doberete do pěti karet a tah skončí.
ov-learn-draw-end = Přestanete odhazovat: doberete do pěti karet a tah skončí.
ov-learn-done = Dokončíte tento krok s tím, co jste vybrali.
ov-learn-cancel = Vrátíte tento krok; nic se nezahraje.
ov-learn-pass = Necháte ho vyhodnotit bez reakce.
ov-learn-abandon = Této reakce se vzdáte a necháte ho vyhodnotit; nic vašeho se nezahraje.
ov-learn-back = Zpět k předchozí otázce; zatím se nic nezahrálo.
ov-learn-keep-rest = Zbylé prohlížené karty se vrátí na vrch vašeho balíčku v tomto pořadí.
ov-learn-discard-drawn = Odložíte naposledy dobrané karty.
ov-learn-country = { $country } (prahy { $b }B a { $m }M): vy { $mine }, soupeř { $theirs }.
ov-learn-country-plain = { $country } (prahy { $b }B a { $m }M).
ov-learn-amounts = { $pb }B { $pa }M
ov-learn-move = Jeden investovaný bod se přesune z první země do druhé; zemi ovládne ten, kdo v ní má víc než soupeř a dosahuje prahu.
ov-learn-convert = Jedno M odtud se převede na B.
ov-learn-discard-card = Tato karta jde na váš odkládací balíček.
ov-learn-group = Zúžíte výběr na tuto skupinu karet.
ov-learn-keep = Tato karta se vrátí na vrch vašeho balíčku; dobere se po kartách, které už jste vrátili.
ov-learn-look-discard = Tato prohlížená karta jde na odkládací balíček místo zpět na váš balíček.
ov-learn-confirm = Zahrajete kartu se zvolenými údaji; soupeř pak smí reagovat.
ov-learn-captured = { $player } ovládá zemi { $country }: na začátku tahu v ní měl víc jedné suroviny než soupeř a dosáhl jejího prahu. Všechny investice v ní jdou do banky. Ovládnuté země: { $count }/3, tři vítězí.
ov-learn-play-gain = { $effect }. Pokud soupeř nezareaguje, bude ve vaší pokladnici { $mine } (teď { $theirs }); karta pak jde na váš odkládací balíček.
