# Režim učení (první hra Kabale und Hiebe): co která volba podle pravidel udělá a jak se
# vyhodnocuje kolo a celá hra.

rb-learn-play = { $card } jde lícem dolů na konec sloupce { $column } ({ $value }); { $effect }. { $item } { $notes }
rb-learn-worth = hodnota zde: { $value }
rb-learn-worth-copy = hodnota: jako karta položená pod ním
rb-learn-flip-none = Nad ní neleží žádná karta, nic se neotáčí.
rb-learn-flip-up = Karta nad ní už leží lícem nahoru, nic se neotáčí.
rb-learn-flip-known = Otočí kartu { $card } nad sebou.
rb-learn-flip-known-effect = Otočí kartu { $card } nad sebou: { $effect }.
rb-learn-flip-unknown = Otočí kartu hráče { $player }, která nad ní leží lícem dolů; má-li okamžitý efekt, hned se provede.
rb-learn-full = Sloupec tím bude naplněn ({ $count }/{ $need }); kolo končí, jakmile jsou naplněny všechny sloupce.
rb-learn-filling = Karet ve sloupci pak bude { $count }/{ $need }.
rb-learn-hide = { $card } ({ $effect }) zůstane do konce kola lícem dolů pod převlekem: v tomto sloupci platí její hodnota i efekt na konci kola, okamžitý efekt se nikdy neprovede. Pak si doberete kartu.
rb-learn-hide-nothing = Nic neskryjete: převlek zůstane sám s hodnotou 0.
rb-learn-swap = Bodová karta tohoto sloupce ({ $point }) a bodová karta sloupce { $column } ({ $target }) si vymění místa; karty vlivu zůstanou, kde jsou, a naplnění obou sloupců se řídí novou bodovou kartou.
rb-learn-no-swap = Bodové karty zůstanou, kde jsou.
rb-learn-colour = Všech 25 vašich karet bude mít tuto barvu; barva jen ukazuje, čí karta je čí.
rb-learn-start-random = Kdo bude hrát první tah, rozhodne los.
rb-learn-start = První tah hry bude hrát { $player }.
rb-learn-round-ended = { $round }. kolo skončilo: všechny sloupce jsou naplněny. Sloupce se odkryjí a vyhodnotí: uplatní se efekty na konci kola a bodovou kartu sloupce získá nejvyšší součet (leží-li tam žebrák, nejnižší); jednotlivé sloupce ukazují řádky níže.
rb-learn-over = Hra skončila: každý hráč sečte hodnoty bodových karet, které získal. Kdo má všech šest symbolů, může nejvyšší kartu každého symbolu počítat dvakrát a za každou další bodovou kartu odečíst 1, pokud je to víc. Vyhrává nejvyšší skóre.

rb-learn-eff-king = žádný efekt, jen hodnota
rb-learn-eff-queen = žádný efekt, jen hodnota
rb-learn-eff-juliet = sama nemá efekt; váš Romeo ve stejném sloupci má hodnotu 15
rb-learn-eff-alchemist = pod bodovou kartou Alchymie má hodnotu 12, jinde 8
rb-learn-eff-swordsman = pod bodovou kartou Vojenství má hodnotu 12, jinde 8
rb-learn-eff-landowner = pod bodovou kartou Zemědělství má hodnotu 12, jinde 8
rb-learn-eff-merchant = pod bodovou kartou Obchod má hodnotu 12, jinde 8
rb-learn-eff-cardinal = pod bodovou kartou Náboženství má hodnotu 12, jinde 8
rb-learn-eff-troubadour = pod bodovou kartou Umění má hodnotu 12, jinde 8
rb-learn-eff-explorer = po otočení se přesune lícem dolů do dalšího sloupce vpravo
rb-learn-eff-assassin = po otočení jde karta, která ho otočila, na odkládací balíček svého majitele
rb-learn-eff-storm = po otočení uzavře svůj sloupec: nic dalšího se tam nepokládá a sloupec je naplněn
rb-learn-eff-disguise = po otočení pod něj smí majitel skrýt jednu kartu z ruky
rb-learn-eff-traitor = po otočení smí majitel vyměnit bodovou kartu jeho sloupce s bodovou kartou jiného sloupce
rb-learn-eff-musketeers = na konci kola ruší všechny efekty ve svém sloupci
rb-learn-eff-magician = na konci kola odstraní ze svého sloupce karty s hodnotou 10 a víc
rb-learn-eff-witch = na konci kola odstraní ze svého sloupce karty s hodnotou 9 a méně, kromě sebe
rb-learn-eff-prince = na konci kola získá sloupec spolu s vaším panošem ve stejném sloupci
rb-learn-eff-squire = na konci kola získá sloupec spolu s vaším princem ve stejném sloupci
rb-learn-eff-hermit = na konci kola se jeho hodnota sníží o 1 za každou další kartu ve sloupci
rb-learn-eff-doppelganger = na konci kola přebírá hodnotu karty přímo pod sebou (té, která ho otočila)
rb-learn-eff-dragon = na konci kola sníží hodnotu každé karty ostatních hráčů ve svém sloupci o 2
rb-learn-eff-romeo = s vaší Julií ve stejném sloupci má hodnotu 15
rb-learn-eff-beggar = na konci kola získá jeho sloupec nejnižší součet
rb-learn-eff-tom-thumb = na konci kola se jeho hodnota zvýší o 3 za každou další kartu ve sloupci
