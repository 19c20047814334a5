game-louis-xiv-name = Louis XIV
game-louis-xiv-rules = 2–4 hráči, 4 kola. Každé kolo: příjem a kartička Ludvíka XIV. (zásobování); karty vlivu umisťují kameny na 12 kartiček dvora se skoky po diagonále, nebo vracejí kameny ze společné zásoby (vliv); kartičky 1–12 se vyhodnotí podle podmínky lícem nahoru — peníze, 1. místo nebo počet kamenů — s odměnami, nákupy a otáčením (vyhodnocení); žetony misí plní tajné mise po 5 bodech, ponechá se jeden žeton (mise). Na konci se zbytky mění na erby, převaha v druhu erbu dává erb navíc; vyhrává nejvíce bodů, při remíze více kamenů ve vlastní zásobě.
lx-option-start-player = Začínající hráč (číslo místa; 0 = náhodně)

lx-tile = č. { $number }
lx-tile-named = { $number } { $name }
lx-seat = { $player }
lx-yes = Ano
lx-no = Ne

lx-chip-crown = koruna
lx-chip-sceptre = žezlo
lx-chip-scroll = listina
lx-chip-ring = prsten
lx-chip-helmet = helmice
lx-chip-any = libovolný žeton
lx-deck-light = světle modrý balíček
lx-deck-medium = středně modrý balíček
lx-deck-dark = tmavě modrý balíček
lx-coat-kind = erb { $kind }
lx-coat-plain = náhradní erb
lx-count-of = { $n }× { $what }

lx-cond-money = Peníze { $price } L
lx-cond-first = 1. místo
lx-cond-stones = Kameny { $n }+
lx-side-front = líc
lx-side-back = rub

lx-reward-chip = 1× { $chip }
lx-reward-money = { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
}
lx-reward-coats = { $n ->
    [one] 1 erb
    [few] { $n } erby
   *[other] { $n } erbů
}
lx-reward-influence = { $n ->
    [one] 1 karta vlivu
    [few] { $n } karty vlivu
   *[other] { $n } karet vlivu
}
lx-reward-intrigue = { $n ->
    [one] 1 karta intriky
    [few] { $n } karty intriky
   *[other] { $n } karet intriky
}
lx-reward-place-any = smí umístit { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} ze společné zásoby na libovolnou kartičku
lx-reward-place-on = smí umístit až { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} ze společné zásoby na kartičku { $tile }
lx-reward-retrieve = smí přesunout { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} ze společné do vlastní zásoby

lx-ability-extra-missions = při splnění dobere navíc { $n ->
    [one] { $n } kartu mise
    [few] { $n } karty mise
    [many] { $n } karty mise
   *[other] { $n } karet mise
}
lx-ability-retrieve = zásobování: { $n ->
    [one] +{ $n } kámen
    [few] +{ $n } kameny
    [many] +{ $n } kamene
   *[other] +{ $n } kamenů
} ze společné zásoby
lx-ability-money = zásobování: { $n ->
    [one] +{ $n } louisdor
    [few] +{ $n } louisdory
    [many] +{ $n } louisdoru
   *[other] +{ $n } louisdorů
}
lx-ability-two-of = zásobování: { $n ->
    [one] { $n } louisdor nebo kámen
    [few] { $n } louisdory nebo kameny
    [many] { $n } louisdoru nebo kamene
   *[other] { $n } louisdorů nebo kamenů
} v libovolném poměru
lx-ability-coats = zásobování: { $n ->
    [one] +{ $n } erb
    [few] +{ $n } erby
    [many] +{ $n } erbu
   *[other] +{ $n } erbů
}
lx-ability-intrigue = zásobování: { $n ->
    [one] +{ $n } karta intriky
    [few] +{ $n } karty intriky
    [many] +{ $n } karty intriky
   *[other] +{ $n } karet intriky
}
lx-ability-stone-for-card = zásobování: 1 kámen do společné zásoby za 1 kartu vlivu
lx-ability-place-start = začátek fáze vlivu: 1 kámen na kartičku { $tile }
lx-ability-place-king = začátek fáze vlivu: 1 kámen na kartičku s Ludvíkem XIV.
lx-ability-pay-pass = vliv: zaplatit { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
} místo zahrání karty
lx-ability-exchange-influence = vliv: vyměnit 1 kartu vlivu místo zahrání
lx-ability-four-stone = vliv: jedna karta za fázi platí jako žolík na { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
}
lx-ability-place-end = konec fáze vlivu: 1 kámen na libovolnou kartičku
lx-ability-once-first = vyhodnocení: 1× první — rozhodne jednu remízu o 1. místo
lx-ability-discount = vyhodnocení: každý nákup o { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
} levnější
lx-ability-crown-swap = mise: za { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
} vyměnit žeton za korunu
lx-ability-exchange-missions = konec tahu misí: vyměnit až { $n ->
    [one] { $n } kartu mise
    [few] { $n } karty mise
    [many] { $n } karty mise
   *[other] { $n } karet mise
}
lx-mission = { $a } + { $b }: { $ability }

lx-card-joker = Žolík
lx-card-personality = Osobnost { $number }
lx-card-named = { $number } { $name }

lx-phase-supply = zásobování
lx-phase-influence = vliv
lx-phase-evaluation = vyhodnocení
lx-phase-missions = mise
lx-phase-over = konec hry

lx-title = Louis XIV — kolo { $round }/4, { $phase }
lx-title-over = Louis XIV — konec hry
lx-sec-court = Dvůr (♔ = Ludvík XIV.; L peníze, #1 první místo, ≥ kameny)
lx-sec-table = Stůl
lx-sec-player = { $player }
lx-sec-result = Konečné hodnocení
lx-sec-private = Vaše ruka
lx-line-grid = { $row }
lx-line-tile = { $tile } ({ $side }): { $condition } → { $reward } · kameny: { $stones }
lx-line-tile-king = { $tile } ({ $side }) ♔ Ludvík XIV.: { $condition } → { $reward } · kameny: { $stones }
lx-stones-seat = { $player }: { $n }
lx-stones-neutral = neutrální: { $n }
lx-line-start = Začínající hráč: { $player }
lx-line-to-act = Čeká se na: { $player }
lx-line-money-card = Peněžní karta: příjem { $income ->
    [one] { $income } louisdor
    [few] { $income } louisdory
    [many] { $income } louisdoru
   *[other] { $income } louisdorů
}, Ludvík XIV. na kartičce { $tile }
lx-line-decks = Zbývá peněžních karet { $money } · balíček vlivu { $influence }, odložené { $discard } · intriky { $intrigue } · mise světlé { $light }, střední { $medium }, tmavé { $dark } · erby { $coats }
lx-line-neutral = Neutrální kameny v zásobě: { $n }
lx-line-player = { $money ->
    [one] { $money } louisdor
    [few] { $money } louisdory
    [many] { $money } louisdoru
   *[other] { $money } louisdorů
} · vlastní zásoba { $own } · společná zásoba { $common } · erby { $coats }
lx-line-chips = Žetony: { $chips }
lx-line-hands = Karty v ruce: vliv { $influence }, intriky { $intrigue }, mise { $missions }
lx-line-completed = Splněno: { $card }
lx-line-coats-revealed = { $player }: { $coats }
lx-line-hand-influence = Karty vlivu: { $cards }
lx-line-hand-intrigue = Karty intrik: { $cards }
lx-line-hand-mission = Mise: { $card }
lx-line-hand-coats = Vaše erby: { $coats }

lx-prompt-supply-next = Kterou kartu zásobování vyhodnotíte teď?
# bare: amount
lx-prompt-two-of = Vezměte si { $amount } jako louisdory nebo kameny: kolik kamenů?
lx-prompt-stone-for-card = Přesunout 1 kámen z vlastní do společné zásoby za 1 kartu vlivu?
lx-prompt-start-place = Umístit 1 kámen na kartičku { $tile }?
lx-prompt-turn = Jste na tahu: zahrajte kartu vlivu.
lx-prompt-exchange = Kterou kartu vlivu vyměníte?
lx-prompt-use = Karta { $card }: umístit kameny, nebo vzít kameny zpět?
lx-prompt-four-place = Použít kartu jako žolíka na 4 kameny?
lx-prompt-four-retrieve = Použít kartu jako žolíka na 4 kameny (vzít zpět 4)?
lx-prompt-start-tile = Výchozí kartička (až { $max ->
    [one] { $max } kámen
    [few] { $max } kameny
    [many] { $max } kamene
   *[other] { $max } kamenů
})?
lx-prompt-total = Kolik kamenů celkem, začínáte na kartičce { $tile } (až { $max })?
lx-prompt-leave = Kolik { $n ->
    [one] z { $n } kamene
    [few] z { $n } kamenů
    [many] z { $n } kamene
   *[other] z { $n } kamenů
} zůstane na kartičce { $tile }?
lx-prompt-jump = Skok: { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} z kartičky { $tile } na kterou sousední kartičku?
lx-prompt-end-place = Umístit na konci fáze vlivu 1 kámen na kartičku?
lx-prompt-intrigue = Zahrát kartu intriky pro kartičku { $tile }?
lx-prompt-once-first = Rozhodnout remízu o 1. místo na kartičce { $tile } kartou „1× první“?
lx-prompt-buy = Koupit odměnu kartičky { $tile } za { $price ->
    [one] { $price } louisdor
    [few] { $price } louisdory
    [many] { $price } louisdoru
   *[other] { $price } louisdorů
}?
lx-prompt-place-any = Umístit kámen na libovolnou kartičku?
lx-prompt-place-on = Kolik kamenů na kartičku { $tile } (až { $max })?
lx-prompt-retrieve = Kolik kamenů vzít zpět ze společné zásoby (až { $max })?
lx-prompt-mission = Váš tah misí.
lx-prompt-pay-first = Mise { $card } — který žeton platí první symbol?
lx-prompt-pay-second = Mise { $card } — který žeton platí druhý symbol?
lx-prompt-draw-deck = Z kterého balíčku si doberete kartu mise?
lx-prompt-swap-chip = Který žeton vyměníte za korunu?
lx-prompt-return-missions = Vrátit karty misí pod jejich balíčky (vybráno { $chosen }/{ $max })?
lx-prompt-keep-chip = Smíte si ponechat jeden žeton, ostatní se změní na erby. Který si necháte?

lx-choice-two-of = { $money ->
    [one] { $money } louisdor
    [few] { $money } louisdory
    [many] { $money } louisdoru
   *[other] { $money } louisdorů
} + { $stones ->
    [one] { $stones } kámen
    [few] { $stones } kameny
    [many] { $stones } kamene
   *[other] { $stones } kamenů
}
lx-choice-buy = Koupit za { $price ->
    [one] { $price } louisdor
    [few] { $price } louisdory
    [many] { $price } louisdoru
   *[other] { $price } louisdorů
}
lx-choice-decline = Nekupovat
lx-choice-play = Zahrát kartu { $card }
lx-choice-pay-pass = Zaplatit { $cost ->
    [one] { $cost } louisdor
    [few] { $cost } louisdory
    [many] { $cost } louisdoru
   *[other] { $cost } louisdorů
} a nehrát
lx-choice-exchange = Vyměnit kartu vlivu
lx-choice-place = Umístit až { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
}
lx-choice-retrieve = Vzít zpět až { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
}
lx-choice-stones = { $n }
lx-choice-no-stone = Žádný kámen
lx-choice-intrigue-keep = Ponechat si kartu
lx-choice-intrigue-common = 1 kámen ze společné zásoby
lx-choice-intrigue-own-one = 1 kámen z vlastní zásoby
lx-choice-intrigue-own-two = 2 kameny z vlastní zásoby
lx-choice-end-turn = Ukončit tah misí
lx-choice-complete = Splnit misi { $card }
lx-choice-use = Použít: { $ability }
lx-choice-no-exchange = Nevyměňovat
lx-choice-done = Hotovo

lx-ev-round = Začíná { $round }. kolo; začínající hráč je { $player }.
lx-ev-money-card = Peněžní karta: každý bere { $income ->
    [one] { $income } louisdor
    [few] { $income } louisdory
    [many] { $income } louisdoru
   *[other] { $income } louisdorů
}; Ludvík XIV. stojí na kartičce { $tile }.
lx-ev-compensation = { $player } začíná podruhé a jako odškodnění si bere kartu intriky.
lx-ev-intrigue-drawn = Dostáváte kartu intriky pro kartičku { $tile }.
lx-ev-intrigue-taken = { $player } si bere kartu intriky.
lx-ev-money = { $player } bere { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
}.
lx-ev-retrieved = { $player } bere zpět ze společné zásoby { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
}.
lx-ev-stone-for-card = { $player } přesouvá 1 kámen do společné zásoby za kartu vlivu.
lx-ev-influence-taken = { $player } bere { $n ->
    [one] { $n } kartu vlivu
    [few] { $n } karty vlivu
    [many] { $n } karty vlivu
   *[other] { $n } karet vlivu
}.
lx-ev-influence-drawn = Dobrané karty: { $cards }.
lx-ev-coat-taken = { $player } bere skrytě erb.
lx-ev-coat-drawn = Váš nový erb: { $kind }.
lx-ev-neutral-placed = Neutrální kameny na kartičku { $tile }: { $n }.
lx-ev-neutral-revealed = Odkryto pro neutrální barvu: { $card }.
lx-ev-stone-placed = { $player } umisťuje 1 kámen na kartičku { $tile }.
lx-ev-played = { $player } hraje kartu { $card }.
lx-ev-four-stone = { $player } používá kartu jako žolíka na { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
}.
lx-ev-placed = { $player } umisťuje kameny: { $stones }.
# bare: n
lx-n-on-tile = { $n } na { $tile }
lx-ev-paid-pass = { $player } platí { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
} a nehraje.
lx-ev-exchanged = { $player } vyměňuje kartu { $card } za vrchní kartu balíčku.
lx-ev-last-card = { $player } vrací poslední kartu vlivu nezahranou.
lx-ev-last-card-own = Vaše poslední karta { $card } jde pod balíček.
lx-ev-reshuffled = Všechny karty vlivu se zamíchají do nového balíčku.
lx-ev-intrigue-common = { $player } hraje intriku pro kartičku { $tile }: { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} ze společné zásoby.
lx-ev-intrigue-own = { $player } hraje intriku pro kartičku { $tile }: { $n ->
    [one] { $n } kámen
    [few] { $n } kameny
    [many] { $n } kamene
   *[other] { $n } kamenů
} z vlastní zásoby.
lx-ev-once-first = { $player } používá „1× první“ na kartičce { $tile }.
lx-ev-evaluated = Vyhodnocení kartičky { $tile } — { $stones }.
lx-ev-empty = Kartička { $tile }: žádné kameny.
lx-ev-received = { $player } získává odměnu kartičky { $tile }.
lx-ev-received-crown = { $player } je první na kartičce { $tile } s Ludvíkem XIV.: odměna a koruna.
lx-ev-bought = { $player } kupuje odměnu kartičky { $tile } za { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
}.
lx-ev-declined = { $player } nekupuje odměnu kartičky { $tile }.
lx-ev-chip = { $player } získává žeton: { $chip }.
lx-ev-flipped = Kartička { $tile } se otáčí.
lx-ev-completed = { $player } plní misi a platí: { $chips }.
lx-ev-mission-taken = { $player } si dobírá kartu mise ({ $deck }).
lx-ev-mission-drawn = Dobíráte si novou kartu mise (najdete ji ve své ruce).
lx-ev-missions-returned = { $player } vrací karty misí pod: { $decks }.
lx-ev-crown-swap = { $player } platí { $n ->
    [one] { $n } louisdor
    [few] { $n } louisdory
    [many] { $n } louisdoru
   *[other] { $n } louisdorů
} a mění žeton { $chip } za korunu.
lx-ev-chips-returned = { $player } si nechává žeton { $kept } a vrací { $chips } za erby.
lx-ev-game-over = Čtvrté kolo skončilo: konečné hodnocení.

lx-result-conversions = { $player } mění: vliv { $influence }, intriky { $intrigue }, žetony { $chips }, kameny na kartičkách { $stones }, { $money }× 3 louisdory.
lx-result-majority = Nejvíce erbů { $kind } ({ $n }): { $players } — každý erb navíc.
lx-result-score = { $player }: { $coats ->
    [one] { $coats } erb
    [few] { $coats } erby
    [many] { $coats } erbu
   *[other] { $coats } erbů
} + { $missions ->
    [one] { $missions } mise
    [few] { $missions } mise
    [many] { $missions } mise
   *[other] { $missions } misí
} × 5 = { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
} ({ $own ->
    [one] { $own } kámen
    [few] { $own } kameny
    [many] { $own } kamene
   *[other] { $own } kamenů
} ve vlastní zásobě).
lx-result-winner = Vítězí { $player }: { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}.
lx-result-winner-tiebreak = Vítězí { $player }: { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}; rozhodl rozstřel (nejvíce kamenů ve vlastní zásobě).
lx-result-shared = Dělené vítězství: { $players }, { $score ->
    [one] { $score } bod
    [few] { $score } body
    [many] { $score } bodu
   *[other] { $score } bodů
}.

lx-scene-court = Dvůr (♔ = Ludvík XIV.; barva dílku: hráč s nejvíce kameny)
lx-scene-name = { $name }
lx-scene-tile = { $condition } → { $reward } · { $stones }
lx-scene-money = { $count ->
    [one] louisdor
    [few] louisdory
   *[other] louisdorů
}
lx-scene-own = vlastní zásoba
lx-scene-common = společná zásoba
lx-scene-coats = { $count ->
    [one] erb
    [few] erby
   *[other] erbů
}
lx-scene-influence = vliv
lx-scene-intrigue = { $count ->
    [one] intrika
    [few] intriky
   *[other] intrik
}
lx-scene-missions = { $count ->
    [one] mise
    [few] mise
   *[other] misí
}
lx-scene-intrigue-card = Intrika
lx-scene-mission = { $a } + { $b }

# branch clocks: passes labelled as passes, refusals that say why
lx-choice-place-on-none = Nic: nepokládat žádný kámen (pas)
lx-choice-retrieve-none = Nic: nepřesouvat žádný kámen do vlastní zásoby (pas)
lx-refused-card-not-in-hand = Zahrát můžete jen kartu vlivu, kterou máte v ruce.
