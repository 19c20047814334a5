# Co dělá každá karta a kartička dvora (spec §2.1, §6.3–§6.5, §7.1, §12; znění z pravidel),
# plně a krátce (≤ 100 znaků: nabídky, obrázky). Odměny, podmínky a schopnosti berou
# zprávy z cs.ftl podle dat komponent. Odděleně od cs.ftl.

lx-text-tile = Odměna: { $reward }. Podmínka: líc { $front }, rub { $back }.
lx-text-tile-short = { $reward } · { $front } / { $back }
lx-short-place-any = { $n ->
    [one] { $n } kámen na libovolnou kartičku
    [few] { $n } kameny na libovolné kartičky
    [many] { $n } kamene na libovolné kartičky
   *[other] { $n } kamenů na libovolné kartičky
}
lx-short-place-on = až { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} na kartičku { $tile }
lx-short-retrieve = { $n ->
    [one] { $n } kámen zpět do vlastní zásoby
    [few] { $n } kameny zpět do vlastní zásoby
    [many] { $n } kamene zpět do vlastní zásoby
   *[other] { $n } kamenů zpět do vlastní zásoby
}
lx-text-influence-name = Karta vlivu { $number } { $name }
lx-text-influence = Karta vlivu: umístěte až 3 kameny z vlastní zásoby, alespoň jeden na kartičku { $number } { $name }, ostatní skoky po diagonále nejvýše na dvě další sousední kartičky; nebo si vraťte až 3 kameny ze společné zásoby.
lx-text-influence-short = Až 3 kameny od kartičky { $number } (skoky po diagonále), nebo vrátit 3 kameny.
lx-text-joker = Karta vlivu: umístěte 1 kámen z vlastní zásoby na libovolnou kartičku a případně druhý na tutéž nebo sousední; nebo si vraťte až 2 kameny ze společné zásoby.
lx-text-joker-short = Až 2 kameny od libovolné kartičky, nebo vrátit 2 kameny.
lx-text-intrigue-name = Karta intriky { $number } { $name }
lx-text-intrigue = Karta intriky: těsně před vyhodnocením kartičky { $number } { $name } na ni přidejte 1 kámen ze společné zásoby nebo až 2 z vlastní zásoby; karta pak jde pod balíček intrik. Nepoužitá na konci hry: 1 erb.
lx-text-intrigue-short = Před vyhodnocením kartičky { $number }: 1 kámen ze společné nebo 1–2 z vlastní zásoby.
lx-text-mission-name = Mise { $id }
lx-text-mission = Karta mise ({ $deck }), 5 bodů. Splníte ji žetony: { $a } + { $b }. Poté: { $ability }.
