# Vlastní zprávy bota (zprávy her jsou u každé hry v enginu).

## Chyby: krátce, nikdy se skrytými kartami.
err-unknown-game = Hra „{ $game }“ neexistuje.
err-game-disabled = Hra { $game } není na tomto serveru povolená.
err-channel-not-allowed = V tomto kanálu se hry hrát nemohou.
err-channel-busy = V tomto kanálu už jedna hra běží. Dohrajte ji, nebo založte svou v jiném kanálu či vlákně.
err-no-game = Tady žádná hra není.
err-not-in-lobby = Hra už začala, do lobby se přidat nelze.
err-not-running = Hra ještě nezačala.
err-frozen = Tato hra je zmrazená a nemůže pokračovat.
err-lobby-full = Lobby je plné.
err-already-seated = U tohoto stolu už sedíte.
err-not-a-player = Tuto hru nehrajete.
err-not-host = To může jen zakladatel hry.
err-not-admin = To může jen správce serveru (Spravovat server).
err-clocks-while-running = Připomínky a časové limity této konverzace lze měnit, jen dokud tu neběží žádná hra.
err-clocks-of-server = Tady připomínky a časové limity určuje nastavení serveru a mění je jeho správci.
err-too-few-players = Málo hráčů: { $got }, potřeba aspoň { $min }.
err-bad-option = Chybná volba hry: { $reason }
err-not-your-turn = Nejste na tahu.
err-illegal-choice = Tuto volbu teď nelze zvolit.
err-stale = Tato volba už neplatí: hra mezitím pokročila.
err-already-applied = Už provedeno.
err-malformed-id = Toto tlačítko není platné.
err-foreign-game = Toto tlačítko patří ke hře v jiném kanálu. Použijte tlačítka na stole té hry.
discord-not-in-bot-dm = Hry se hrají v kanálu serveru, nebo v soukromé či skupinové konverzaci s přáteli, jakmile si Vliv přidáte ke svému účtu (Přidat aplikaci v jeho profilu). Tady, v naší soukromé konverzaci, dostáváte své karty a upozornění na tah.
err-lobbies-per-user = Na tomto serveru už jste zakladatelem { $n ->
    [one] { $n } otevřeného lobby
    [few] { $n } otevřených lobby
    [many] { $n } otevřeného lobby
   *[other] { $n } otevřených lobby
}, víc nelze. Nejdřív některé spusťte nebo z něj odejděte.
err-lobbies-per-server = Tento server už má { $n ->
    [one] { $n } otevřené lobby
    [few] { $n } otevřená lobby
    [many] { $n } otevřeného lobby
   *[other] { $n } otevřených lobby
}, víc nelze. Přidejte se k některému, nebo počkejte, až začne či vyprší.
err-running-per-host = Na tomto serveru už jste zakladatelem { $n ->
    [one] { $n } rozehrané hry
    [few] { $n } rozehraných her
    [many] { $n } rozehrané hry
   *[other] { $n } rozehraných her
}, víc nelze. Nejdřív některou dohrajte.
err-running-per-server = Na tomto serveru už { $n ->
    [one] běží { $n } hra
    [few] běží { $n } hry
    [many] běží { $n } hry
   *[other] běží { $n } her
}, víc nelze. Počkejte, až některá skončí.
err-too-many-spectators = Tuto hru už { $n ->
    [one] sleduje { $n } divák
    [few] sledují { $n } diváci
    [many] sleduje { $n } diváka
   *[other] sleduje { $n } diváků
}, víc nelze.
err-confirm-forfeit = Odchodem z rozehrané hry ji vzdáváte; vaše místo převezme AI. Potvrďte odchod.
err-game-over = Hra už skončila.
err-rules-changed = Pravidla této hry se od uložení změnila; nemůže pokračovat.
err-newer-release = Tuto hru naposledy hrála novější verze Vlivu, která se právě aktualizuje. Jakmile bude zpět, hra bude pokračovat; zkuste to prosím za pár minut.
err-cooldown = Počkejte prosím { $secs ->
    [one] { $secs } sekundu
    [few] { $secs } sekundy
    [many] { $secs } sekundy
   *[other] { $secs } sekund
}, než se zeptáte znovu.
err-retry = Při ukládání se něco pokazilo. Nic se neprovedlo; zkuste to prosím znovu.

## Zmrazené hry při startu.
frozen-unknown-game = Tuto hru už nelze načíst (neznámý druh hry). Je zmrazená.
frozen-rules-changed = Pravidla této hry se od uložení změnila. Hra je zmrazená v posledním stavu.
frozen-diverged = Uložené tahy této hry už nevedou k uloženému stavu stolu. Hra je zmrazená v posledním stavu.
frozen-data-changed = Tato hra začala s jinými údaji o herních komponentách, než jaké bot používá teď (soubor s opravami se změnil). Aby se nehrálo dál s jinými čísly, je hra zmrazená v posledním stavu.

## Konce dohodou.
outcome-conceded = { $player } se vzdává.
outcome-draw-agreed = Všichni hráči se dohodli na remíze.
outcome-abandoned = Hra byla zrušena.
outcome-lobby-expired = Toto lobby nikdo nespustil { $minutes ->
    [one] za { $minutes } minutu
    [few] za { $minutes } minuty
    [many] za { $minutes } minuty
   *[other] za { $minutes } minut
}, proto se zavřelo. Nové otevřete příkazem /hra nová.
outcome-timed-out = { $player }: čas na tah vypršel; hra byla zrušena.

## Stůl.
table-lobby = Lobby hry { $game }, zakladatel: { $host }
table-seats = Místa
table-seat-empty = (volno)
table-seat-ai = { $name } (AI)
table-seat-forfeited = { $name } (AI místo hráče { $user })
table-waiting-for = Čeká se na: { $players }
table-waiting-until = Čeká se na: { $players }; čas vyprší { $time }
table-result = Výsledek
table-frozen = Zmrazeno
table-options = Volby
table-log = Poslední tahy
table-footer = Hra č. { $id }
button-join = Přidat se
button-start = Začít
button-hand = Moje ruka
button-rematch = Odveta
button-confirm-leave = Ano, vzdát
button-confirm-abandon = Ano, zrušit

## Průběh tahů.
ping-your-turn = { $player }, jste na tahu ve hře { $game }.
ping-reminder = { $player }, připomínka: hra { $game } čeká na vás.
dm-your-turn = Jste na tahu ve hře { $game }: { $link }
dm-refused = { $player } nepřijímá soukromé zprávy: použijte „Moje ruka“ u stolu.
panel-moved = Vaše ruka se do tohoto panelu už nevejde: celá pokračuje v nové zprávě níže.
timeout-applied = { $player }: čas na tah vypršel; tah zvolila hra.
automatic-stalled = Databáze neodpověděla, proto se další automatické tahy zdrží. Každý zobrazený tah je uložen; hra pokračuje sama, jakmile bude databáze opět dostupná.
move-applied = Hotovo.
done-not-shown = Hotovo, ale stůl se v tomto kanálu nepodařilo aktualizovat (botovi tu možná chybí oprávnění: Zobrazit kanál, Odesílat zprávy, Vkládat odkazy). Příkaz /hra stav ho vyvěsí znovu.
lobby-opened-not-shown = Lobby hry { $game } je otevřené, ale jeho stůl se v tomto kanálu nepodařilo vyvěsit: bot tu potřebuje oprávnění Zobrazit kanál, Odesílat zprávy a Vkládat odkazy. Udělte mu je a stůl vyvěsíte příkazem /hra stav, nebo lobby zavřete příkazem /hra odejít.
rematch-invite = { $host } chce odvetu ve hře { $game }: { $players }, chcete-li hrát znovu, stiskněte na stole Přidat se.
draw-offered = { $player } nabízí remízu. Ostatní ji přijmou příkazem /hra nabídnout-remízu.
game-abandoned = Hra byla zrušena.
lobby-opened = Lobby hry { $game } je otevřené.
seat-taken = { $player } přisedá ke stolu.
seat-left = { $player } odchází od stolu.
seat-forfeited = { $player } hru vzdává; místo přebírá AI.
confirm-abandon = Zrušit tuto hru pro všechny?

## Seznamy.
list-none = Nic k zobrazení.
list-game = č. { $id } { $game } v { $channel }
history-line = č. { $id } { $game }: { $players } — { $result } ({ $date })
history-draw = remíza
history-abandoned = zrušeno

## Nastavení.
settings-saved = Uloženo.
settings-show = Soukromé zprávy: { $dms }; jazyk: { $lang }
err-no-preferences = Hra { $game } nemá žádné osobní předvolby.
prefs-title = Vaše předvolby pro hru { $game }:
prefs-how = Změna: `/vliv předvolby hra:{ $game } hodnoty:klíč=hodnota`.
admin-show = Kanály: { $channels }; hry: { $games }; připomínka: { $reminder } min; časový limit: { $timeout } min ({ $action }); jazyk: { $lang }; vlákna: { $threads }; obrázky: { $pictures }; AI za hráče, kteří odešli: { $ai }; nápovědy: { $hints }
admin-show-discord = { $settings }; rozvržení stolu: { $layout }
layout-embed = klasické (vložený obsah)
layout-components-v2 = nové (Components V2)
admin-all = vše
yes = ano
no = ne
timeout-action-game-choice = volba hry při vypršení času
conversation-clocks = Hry v této konverzaci: připomínka hráči, na kterého se čeká, po { $reminder } min (0: žádná), jeho čas vyprší po { $timeout } min a potom: { $action }. Změnit to může kdokoli z vás, dokud tu neběží žádná hra.
timeout-action-abandon = zrušit hru

# chaos branch: a commit whose answer was lost; a table late because of the database
err-unconfirmed = Databáze přestala odpovídat právě ve chvíli ukládání, takže nevíme, zda se změna provedla. Za chvíli se podívejte na stůl; zkusit to znovu je bezpečné (tah, který už proběhl, se neprovede dvakrát).
err-unavailable = Databáze teď neodpovídá. Zkuste to prosím za chvíli znovu.
done-table-late = Hotovo, ale databáze během aktualizace stolu neodpověděla, takže stůl může chvíli ukazovat starší stav. Příkaz /hra stav ukáže hru tak, jak je uložená.
# A channel where Discord refuses the bot's files: said once, the tables go on as text.
pictures-need-attach-files = Obrázky stolu se v tomto kanálu nemohou zobrazit: bot tu nemá oprávnění **Připojit soubory**. Správce serveru mu ho může udělit v nastavení kanálu (Oprávnění) nebo roli bota; do té doby hra pokračuje jen v textu.
# A lobby refused before anything is created: the bot lacks permissions in the channel.
lobby-missing-permissions = Lobby se neotevřelo: bot nemá v kanálu { $channel } oprávnění { $permissions }. Správce serveru mu { $count ->
        [one] ho
       *[other] je
    } může udělit v nastavení kanálu (Oprávnění) nebo roli bota.
# A request about a game's table refused before anything is done: the bot lacks permissions where the table lives.
table-missing-permissions = Nic se nestalo: bot nemá v kanálu { $channel } oprávnění { $permissions }, bez { $count ->
        [one] kterého
       *[other] kterých
    } tu nemůže ukázat stůl hry. Správce serveru mu { $count ->
        [one] ho
       *[other] je
    } může udělit v nastavení kanálu (Oprávnění) nebo roli bota.
# Discord's names of its permissions.
permission-view-channel = **Zobrazit kanály**
permission-send-messages = **Odesílat zprávy**
permission-embed-links = **Vkládat odkazy**
permission-attach-files = **Připojit soubory**
permission-create-public-threads = **Vytvářet veřejná vlákna**
permission-send-messages-in-threads = **Odesílat zprávy ve vláknech**

# ai-bot: an AI seat thinking for longer than a second (on the table until its next edit).
table-ai-thinking = { $player } přemýšlí…
timeout-action-ai = předat místo AI
timeout-ai-takes-over = { $player }: čas na tah vypršel; místo od této chvíle hraje AI.

# branch console: vlastní řádky terminálu (vliv console)
console-title = { $game } — rozdání { $deal } — { $players }
console-since = -- Od vašeho posledního rozhodnutí --
console-pass = Předejte terminál (další na řadě: { $player }) a stiskněte Enter.
console-seat = ===== { $player } — ruka a volby níže jsou jen pro tohoto hráče =====
console-only-choice = { $player }: { $choice } — jediná možná volba, Vliv ji zvolil za vás.
console-answer = Napište číslo od 1 do { $max }, t pro nový výpis stolu, nebo h pro radu, co by zvolila AI.
console-hint-title = Co by tu zvolila AI podle toho, co víte (odhad šance na výhru):
# bare: percent
console-hint-line = { $choice }: { $percent } %
console-review-title = Rozbor rozhodnutí – { $player }: tahy, které vás podle odhadu stály nejvíc šance na výhru, posouzené podle toho, co jste tehdy věděli:
console-review-none = Žádné rozhodnutí nestálo víc než 1 % odhadované šance na výhru.
console-input-ended = Vstup skončil dřív než hra.
console-not-admin = K tomu je potřeba správce serveru nebo místnosti, a ten v konzoli není.
console-err-on-vacation = Vaše dovolená končí { $time }.
console-err-game-disabled = Hru { $game } tady hrát nelze.
console-err-malformed-choice = Tato volba není platná.
console-err-foreign-game = Tato volba patří k jiné hře.
console-err-seat-handed-over = Vaše místo v této hře bylo předáno jinému hráči, proto vaše dřívější volby už neplatí.
console-err-hints-off = Nápovědy jsou tady vypnuté.
console-draw-offered = { $player } nabízí remízu.
console-trade-done = { $player }: s výměnami pro tuto chvíli končíte; znovu budete vyzváni, až vám přijde nabídka nebo odpověď.
console-trade-over = Všichni lidští hráči skončili s výměnami a hráči za AI také: obchodování končí.
console-seats-exact = Hru { $game } { $min ->
    [one] hraje právě { $min } hráč
    [few] hrají právě { $min } hráči
   *[other] hraje právě { $min } hráčů
}, ale --seats { $got ->
    [one] uvádí { $got } místo
    [few] uvádí { $got } místa
   *[other] uvádí { $got } míst
}.
console-seats-range = Hru { $game } { $max ->
    [one] hraje { $min }–{ $max } hráč
    [few] hrají { $min }–{ $max } hráči
   *[other] hraje { $min }–{ $max } hráčů
}, ale --seats { $got ->
    [one] uvádí { $got } místo
    [few] uvádí { $got } místa
   *[other] uvádí { $got } míst
}.

# ratings branch: ratings, /statistiky, /žebříček, retention and storage (issue 20)
rating-rated = Hra se započítala do hodnocení hráčů (/statistiky).
rating-unrated-abandoned = Hra se do hodnocení nezapočítává: byla zrušena.
rating-unrated-ai = Hra se do hodnocení nezapočítává: za některé místo hrála AI.
rating-unrated-shared-seat = Hra se do hodnocení nezapočítává: jeden člověk hrál za více míst.
err-page-gone = Tato stránka žebříčku už neexistuje, žebříček má teď { $pages ->
    [one] { $pages } stránku
    [few] { $pages } stránky
    [many] { $pages } stránky
   *[other] { $pages } stránek
}. Vyžádejte si ho znovu příkazem /žebříček.
err-foreign-board = Tento žebříček patří k jinému serveru.
no-leaderboard-outside-servers = Žebříčky se vedou pro každý server zvlášť. Mimo server vám /statistiky ukáže vaše vlastní hry a hodnocení.
stats-title = Statistiky na tomto serveru
stats-player = Hráč: { $player }
stats-total = { $games ->
    [one] { $games } dohraná hra
    [few] { $games } dohrané hry
    [many] { $games } dohrané hry
   *[other] { $games } dohraných her
}, { $wins ->
    [one] { $wins } výhra
    [few] { $wins } výhry
    [many] { $wins } výhry
   *[other] { $wins } výher
}; nejčastěji hraná hra: { $favourite }
stats-none = { $player }: na tomto serveru zatím žádná dohraná hra.
stats-game = { $games ->
    [one] { $games } hra
    [few] { $games } hry
    [many] { $games } hry
   *[other] { $games } her
}, { $wins ->
    [one] { $wins } výhra
    [few] { $wins } výhry
    [many] { $wins } výhry
   *[other] { $wins } výher
}; hodnocení { $rating } ± { $sigma }
stats-game-unrated = { $games ->
    [one] { $games } hra
    [few] { $games } hry
    [many] { $games } hry
   *[other] { $games } her
}, { $wins ->
    [one] { $wins } výhra
    [few] { $wins } výhry
    [many] { $wins } výhry
   *[other] { $wins } výher
}; zatím bez hodnocení (hodnotí se jen hry, které lidé dohrají do konce)
leaderboard-title = Žebříček: { $game } ({ $page }/{ $pages })
leaderboard-row = { $rank }. { $player }: { $rating } ± { $sigma } ({ $games ->
    [one] { $games } hodnocená hra
    [few] { $games } hodnocené hry
    [many] { $games } hodnocené hry
   *[other] { $games } hodnocených her
}, { $wins ->
    [one] { $wins } výhra
    [few] { $wins } výhry
    [many] { $wins } výhry
   *[other] { $wins } výher
})
leaderboard-empty = Ve hře { $game } tu zatím nikdo nemá hodnocení: hodnotí se jen hry, které lidé dohrají do konce.
leaderboard-how = Pořadí určuje hodnocení minus trojnásobek jeho nejistoty.
admin-retention = Skončené hry se { $days ->
    [0] uchovávají navždy
    [one] mažou { $days } den po skončení
    [few] mažou { $days } dny po skončení
    [many] mažou { $days } dne po skončení
   *[other] mažou { $days } dní po skončení
}; výsledky a hodnocení zůstávají.
admin-storage = Úložiště tohoto serveru: { $games ->
    [one] { $games } hra
    [few] { $games } hry
    [many] { $games } hry
   *[other] { $games } her
} (skončených: { $ended }), { $moves ->
    [one] { $moves } tah
    [few] { $moves } tahy
    [many] { $moves } tahu
   *[other] { $moves } tahů
}, asi { $size }.

# branch humane (issue 23): časová pásma, klidové hodiny, dovolená, dny na tah
settings-time = Časové pásmo: { $zone }; klidové hodiny: { $quiet }
settings-quiet-none = žádné
err-unknown-zone = „{ $zone }“ není časové pásmo: vyberte některé ze seznamu (např. Europe/Prague).
err-bad-quiet-hours = „{ $quiet }“ nejsou klidové hodiny: napište od–do v hodinách, např. 22-08 nebo 22:30-07:00, nebo „vypnout“.
err-vacation-allowance = { $n ->
    [one] Letos vám zbývá už jen { $n } den dovolené.
    [few] Letos vám zbývají už jen { $n } dny dovolené.
    [many] Letos vám zbývá už jen { $n } dne dovolené.
   *[other] Letos vám zbývá už jen { $n } dní dovolené.
}
err-on-vacation = Vaše dovolená končí { $time }; dříve ji ukončíte příkazem /vliv návrat.
err-not-on-vacation = Tento hráč nemá dovolenou.
err-vacation-in-reaction = Hra { $id } čeká na vaši reakci: nejdřív odpovězte, potom si vezměte dovolenou.
err-vacation-in-shared-step = Hra { $id } čeká na vás spolu s dalšími hráči: nejdřív dokončete tento krok, potom si vezměte dovolenou.
vacation-started = Hezkou dovolenou! Váš čas na tah stojí a dovolená končí { $time }. { $n ->
    [one] Letos vám zbývá { $n } den dovolené.
    [few] Letos vám zbývají { $n } dny dovolené.
    [many] Letos vám zbývá { $n } dne dovolené.
   *[other] Letos vám zbývá { $n } dní dovolené.
}
vacation-ended = Vítejte zpět: čas na tah vám znovu běží od místa, kde se zastavil. { $n ->
    [one] Letos vám zbývá { $n } den dovolené.
    [few] Letos vám zbývají { $n } dny dovolené.
    [many] Letos vám zbývá { $n } dne dovolené.
   *[other] Letos vám zbývá { $n } dní dovolené.
}
vacation-ended-by-admin = { $user }: dovolená skončila a čas na tah znovu běží.
table-on-vacation = { $player }: dovolená končí { $time }
table-turn-ends = Čas na tah skončí { $time }
table-days-per-move = { $n ->
    [one] { $n } den na tah
    [few] { $n } dny na tah
    [many] { $n } dne na tah
   *[other] { $n } dní na tah
}
admin-vacations = { $n ->
    [one] Dovolená: { $n } den za rok
    [few] Dovolená: { $n } dny za rok
    [many] Dovolená: { $n } dne za rok
   *[other] Dovolená: { $n } dní za rok
}; čas na tah se v klidových hodinách zastavuje: { $sleeping }


# replays branch: stránky /hra historie, záznamy her, export, sledování, náhradníci
err-seat-handed-over = Vaše místo v této hře bylo předáno jinému hráči, proto vaše dřívější tlačítka už neplatí.
err-not-your-seat = Místo může předat jen hráč, který na něm sedí, nebo správce serveru.
err-no-such-seat = U tohoto stolu není místo { $seat }.
err-still-running = Tato hra ještě běží. Exportovat ji lze až po jejím konci (soubor prozrazuje všechny karty).
err-not-watching = Tuto hru nesledujete.
history-title = Dohrané hry v tomto kanálu — strana { $page }
history-length = { $moves ->
    [one] { $moves } tah
    [few] { $moves } tahy
    [many] { $moves } tahu
   *[other] { $moves } tahů
}, { $duration }
duration-minutes = { $minutes } min
duration-hours = { $hours ->
    [one] { $hours } hodina
    [few] { $hours } hodiny
    [many] { $hours } hodiny
   *[other] { $hours } hodin
}
duration-days = { $days ->
    [one] { $days } den
    [few] { $days } dny
    [many] { $days } dne
   *[other] { $days } dní
}
history-seat-change = { $name }: { $from } → { $to } (po tahu { $at })
history-seat-ai = AI
# bare: step
replay-title = Záznam hry č. { $id }: { $game }, tah { $step } z { $total }
replay-public-only = Hra ještě běží: záznam ukazuje jen to, co ukazoval stůl.
replay-seat-changes = Předaná místa
button-replay-back = ◀ o 10 tahů
button-replay-forward = o 10 tahů ▶
button-replay-game = Záznam č. { $id }
button-history-newer = ◀ Novější
button-history-older = Starší ▶
export-ready = Hra č. { $id } jako soubor: její volby, rozdání a tahy, z nichž ji lze přesně zopakovat.
watch-started = Sledujete hru č. { $id }: stůl vám přijde do soukromých zpráv a obnoví se po každém tahu. Sledování ukončíte příkazem /hra nesledovat.
watch-dm-closed = Soukromou zprávu vám poslat nelze, takže sledování nezačalo. Povolte si zprávy od členů serveru a zkuste to znovu.
watch-stopped = Tuto hru už nesledujete.
watch-dm-header = Sledujete hru č. { $id }: { $link }
watch-dm-ended = Hra č. { $id } skončila; toto je její poslední stůl a sledování končí. { $link }
seat-handed-over = Místo { $name } od této chvíle hraje { $to } (dosud { $from }).
dm-seat-handed = Od této chvíle hrajete za místo { $name }: { $link }. Vaše ruka a volby jsou níže.

# matrix (issue 21): texty rozhraní pro Matrix.
matrix-command-join = !vliv přidat-se
matrix-command-start = !vliv začít
matrix-command-hand = !vliv ruka
matrix-command-leave = !vliv odejít potvrdit
matrix-command-hint = { $label }: { $command }
matrix-answer-by-number = Odpovězte sem číslem své volby.
matrix-dm-your-turn = Jste na tahu ve hře { $game }.
matrix-dm-your-hand = Vaše ruka ve hře { $game }.
matrix-help = Vliv v této místnosti pořádá karetní hry. Příkazy:
    !vliv nová HRA [klíč=hodnota …] otevře lobby (hry: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni),
    !vliv přidat-se vás posadí ke stolu, !vliv ai [lehká|normální|těžká] posadí ke stolu AI, !vliv začít hru zahájí,
    !vliv hrát ČÍSLO zvolí tah (nebo odpovězte číslem na nabídku v soukromých zprávách),
    !vliv ruka vám znovu pošle vaši ruku do soukromých zpráv, !vliv stav znovu vystaví stůl,
    !vliv odejít vás ze hry odhlásí, !vliv nastavení ukáže nastavení místnosti; moderátoři je mění příkazy
    !vliv nastavení jazyk cs|en a !vliv nastavení hry všechny|claim,… .
matrix-cannot-decrypt-yet = Vliv zatím nemůže přečíst jednu zprávu v této místnosti, protože k ní ještě nedostal šifrovací klíč. Odpoví, jakmile klíč dorazí; pokud se tak nestane, pošlete prosím příkaz znovu.
matrix-not-moderator = Nastavení místnosti mohou měnit jen její moderátoři a správci.
matrix-err-game-disabled = Hra { $game } není v této místnosti povolená.
matrix-not-in-direct-room = Hraje se v místnostech: v soukromých zprávách Vliv přijímá čísla svých nabídek, !vliv ruka, !vliv karty, !vliv pravidla, !vliv karta, !vliv skóre a !vliv nápověda.
matrix-started = Hra začala: každý hráč má svou ruku v soukromých zprávách s Vlivem.
matrix-confirm-abandon = Zrušením hra skončí pro všechny. Chcete-li ji zrušit, pošlete: !vliv zrušit potvrdit
matrix-draw-offered = { $player } nabízí remízu. Ostatní ji přijmou příkazem !vliv remíza.
matrix-confirm-leave = Odchodem z rozehrané hry ji vzdáváte; vaše místo převezme AI. Chcete-li odejít, pošlete: !vliv odejít potvrdit
# bare: n
matrix-no-such-number = Volba { $n } v nabídce není: odpovězte číslem od 1 do { $max }.
matrix-hand-sent = Vaši ruku najdete v soukromých zprávách s Vlivem.
matrix-unknown-setting = Nastavení „{ $words }“ neexistuje. Zkuste !vliv nastavení jazyk cs|en nebo !vliv nastavení hry všechny|claim,… .
matrix-unknown-command = Příkaz „{ $word }“ Vliv nezná. Seznam příkazů ukáže !vliv nápověda.
matrix-failed = Nepodařilo se to celé: Vliv se nespojil s domovským serverem nebo se svou databází. Podívejte se na stůl; zkusit to znovu je bezpečné (tah, který už proběhl, se znovu neprovede).
matrix-unknown-level = AI hraje lehce, normálně nebo těžce: !vliv ai lehká|normální|těžká

# matrix2 (issue 21): vzdání, odveta, historie a nastavení obrázků v místnostech Matrixu
matrix-help-endings = Dále: !vliv vzdát ukončí vaši rozehranou hru (skončíte poslední), !vliv remíza nabídne remízu (nebo přijme nabízenou: souhlasit musí všichni), !vliv zrušit ukončí hru místnosti pro všechny (zakladatel nebo moderátor, po potvrzení), !vliv odveta otevře nové lobby se stejnou hrou, jaká se v místnosti hrála naposledy, !vliv historie [STRANA] vypíše dohrané hry místnosti, !vliv seznam vypíše vaše lobby a rozehrané hry v místnosti, !vliv záznam vám do soukromých zpráv pošle dosavadní tahy hry v místnosti (i ty vaše soukromé), !vliv karty vám pošle karty z vaší ruky s tím, co která dělá, !vliv rada vám na vašem tahu pošle tři nejlepší volby podle AI (hra s nápovědou se nehodnotí), !vliv rozbor [HRA] [MÍSTO] vám pošle rozbor rozhodnutí dohrané hry, !vliv náhradník @hráč:server předá vaše místo jinému hráči (moderátoři: !vliv náhradník @hráč:server MÍSTO předá dané místo).
conceded = Vzdali jste se: hra skončila.
matrix-card-texts-sent = Karty z vaší ruky s tím, co která dělá, najdete v soukromých zprávách s Vlivem.
matrix-log-sent = Dosavadní tahy najdete v soukromých zprávách s Vlivem.
matrix-log-heading = Hra č. { $id }, dosavadní tahy:
matrix-list-lobby = č. { $id } { $game } (lobby)
matrix-list-running = č. { $id } { $game } (rozehraná)
matrix-substitute-usage = Uveďte hráče, který místo převezme: !vliv náhradník @hráč:server (moderátoři přidají číslo místa: !vliv náhradník @hráč:server 2)
matrix-rematch-invite = { $host } navrhuje odvetu ve hře { $game }: { $players }, znovu se přidáte příkazem !vliv přidat-se.
# bare: next
matrix-history-older = Starší hry: !vliv historie { $next }
matrix-command-rematch = !vliv odveta
matrix-room-settings = Nastavení místnosti: jazyk { $language }, časové pásmo { $zone }, hry { $games }, obrázky stolu { $pictures ->
        [on] zapnuté
       *[off] vypnuté
    } (změníte příkazem !vliv nastavení obrázky zapnuto|vypnuto), nápovědy { $hints ->
        [on] zapnuté
       *[off] vypnuté
    } (změníte příkazem !vliv nastavení nápovědy zapnuto|vypnuto). { $vacations }.

# matrix-finish (issue 21): instants in words, a player's time and vacations on Matrix
instant-now = právě teď
instant-in-minutes = { $n ->
    [one] za { $n } minutu
    [few] za { $n } minuty
    [many] za { $n } minuty
   *[other] za { $n } minut
}
instant-in-hours = { $n ->
    [one] za { $n } hodinu
    [few] za { $n } hodiny
    [many] za { $n } hodiny
   *[other] za { $n } hodin
}
instant-in-days = { $n ->
    [one] za { $n } den
    [few] za { $n } dny
    [many] za { $n } dne
   *[other] za { $n } dní
}
instant-minutes-ago = { $n ->
    [one] před { $n } minutou
    [few] před { $n } minutami
    [many] před { $n } minuty
   *[other] před { $n } minutami
}
instant-hours-ago = { $n ->
    [one] před { $n } hodinou
    [few] před { $n } hodinami
    [many] před { $n } hodiny
   *[other] před { $n } hodinami
}
instant-days-ago = { $n ->
    [one] před { $n } dnem
    [few] před { $n } dny
    [many] před { $n } dne
   *[other] před { $n } dny
}
matrix-help-time = Vaše nastavení: !vliv já ukáže vaše časové pásmo, klidové hodiny a jazyk, !vliv já pásmo Europe/Prague nastaví pásmo, !vliv já klid 22-08 nastaví klidové hodiny (!vliv já klid vypnout je zruší), !vliv já jazyk en nastaví angličtinu pro vaše soukromé zprávy (cs: češtinu; místnost: jazyk místnosti), !vliv dovolená DNY zastaví váš čas na tah ve hrách této místnosti, !vliv návrat dovolenou ukončí (moderátoři ukončí dovolenou jiného hráče příkazem !vliv návrat @hráč:server), !vliv předvolby HRA ukáže vaše předvolby pro hru a !vliv předvolby HRA klíč=hodnota jednu z nich změní. Moderátoři nastaví výchozí pásmo místnosti příkazem !vliv nastavení pásmo Europe/Prague, roční nárok na dovolenou příkazem !vliv nastavení dny-dovolené 14, zastavování času na tah v klidových hodinách příkazem !vliv nastavení klidové-hodiny zapnuto|vypnuto a nápovědy příkazem !vliv nastavení nápovědy zapnuto|vypnuto.
matrix-my-settings = Vaše časové pásmo: { $zone }; klidové hodiny: { $quiet }; jazyk soukromých zpráv: { $lang }. Změníte je příkazy !vliv já pásmo Europe/Prague, !vliv já klid 22-08 (nebo vypnout) a !vliv já jazyk en (nebo cs, případně místnost pro jazyk místnosti).
matrix-my-lang-cs = čeština
matrix-my-lang-en = angličtina
matrix-my-lang-room = jazyk místnosti
matrix-my-zone-profile = { $zone } (z vašeho profilu na Matrixu)
matrix-unknown-zone = „{ $zone }“ není časové pásmo: napište jeho název z databáze pásem, např. Europe/Prague nebo America/New_York.
matrix-err-on-vacation = Vaše dovolená končí { $time }; dříve ji ukončíte příkazem !vliv návrat.
matrix-unknown-me = Tohle nastavení neznám. Zkuste !vliv já pásmo Europe/Prague, !vliv já klid 22-08 nebo !vliv já jazyk en.
matrix-vacation-days = Kolik dní dovolené? Napište třeba !vliv dovolená 3.
matrix-prefs-usage = Pro kterou hru? Napište třeba !vliv předvolby ovlivneni (osobní předvolby mají hry: { $games }).
matrix-prefs-how = Změna: !vliv předvolby { $game } klíč=hodnota.
matrix-prefs-sent = Vaše předvolby najdete v soukromých zprávách s Vlivem.
matrix-status-just-posted = Stůl byl vystaven před chvílí, najdete ho o kousek výš.

## Režim učení (první hra každého druhu vysvětluje každou volbu)

learn-panel-heading = Co která volba udělá
learn-why-heading = Proč to dopadlo takto
# The explanation of a scoring, kept with the game's latest events.
learn-why = { $why }
learn-setting-first = Režim učení: zapnutý ve vaší první hře každého druhu.
learn-setting-on = Režim učení: zapnutý ve všech hrách.
learn-setting-off = Režim učení: vypnutý.

# Texty karet: vyhledání (/card, !vliv card, ? v konzoli) a seznam karet v ruce.
card-line = { $name }: { $text }
card-unknown = Hra { $game } nemá kartu „{ $query }“: napište její číslo nebo český či anglický název.
console-card-hint = V této nabídce není žádná karta. Napište ? a číslo nebo název karty, např. ?1.
card-no-game = Takovou hru neznám: vyberte ji ze seznamu.
matrix-card-usage = Napište !vliv karta HRA KARTA, např. !vliv karta fantasy-realms Hydra (hry: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni).
card-texts-button = Texty karet
card-texts-title = { $game }: co dělají vaše karty
card-texts-none = V ruce nemáte žádnou kartu.
err-hints-off-server = Nápovědy jsou na tomto serveru vypnuté.
err-hints-off-lobby = V této hře jsou nápovědy vypnuté: vypnulo je její lobby.
err-review-running = Tato hra ještě běží: rozebrat ji lze až po jejím konci (rozbor by teď prozradil karty ostatních hráčů).
err-review-which-seat = V této hře jste nehráli: uveďte, které místo se má rozebrat (místo 1, 2, …).
rating-unrated-hinted = Hra se do hodnocení nezapočítává: některý hráč si od AI vyžádal nápovědu.
history-hinted = s nápovědou, bez hodnocení
hint-title = Hra č. { $id }: co by tu zvolila AI podle toho, co víte (odhad šance na výhru):
hint-line = { $rank }. { $choice }: { $percent } %
hint-unrated = Hra s nápovědou se do hodnocení nezapočítává.
review-title = Rozbor hry č. { $id } – { $player }: každé rozhodnutí je posouzeno jen podle toho, co tento hráč tehdy věděl.
review-turning-points = Zlomové okamžiky:
review-decisions = { $n ->
    [one] { $n } tah s volbou
    [few] { $n } tahy s volbou
    [many] { $n } tahu s volbou
   *[other] { $n } tahů s volbou
} (odhad šance na výhru po zvolené volbě a po nejlepší volbě AI):
review-decision = Tah { $turn }: „{ $made }“ { $percent } %; nejlepší: „{ $best }“ { $best_percent } %
review-decision-best = Tah { $turn }: „{ $made }“ { $percent } % (nejlepší volba)
review-queued = Právě běží jiné rozbory: ten váš čeká ve frontě a přijde, jakmile některý z nich skončí.
review-file = Celý rozbor je v přiloženém souboru.
matrix-hint-sent = Nápovědu najdete v soukromých zprávách s Vlivem. Hra s nápovědou se do hodnocení nezapočítává.
matrix-review-sent = Rozbor za chvíli najdete v soukromých zprávách s Vlivem.
matrix-review-queued = Právě běží jiné rozbory: ten váš čeká ve frontě a najdete ho v soukromých zprávách s Vlivem, jakmile některý z nich skončí.

## Webový stůl (stránka hry v prohlížeči)

web-title = { $game } — stůl Vliv
web-heading-decision = Váš tah
web-heading-hand = Vidíte jen vy
web-heading-table = Stůl
web-heading-log = Průběh hry
web-heading-cards = Texty karet
web-waiting = Teď nemáte nic na rozhodnutí: stránka se obnoví, až budete na tahu.
web-spectating = Sledujete hru: stránka ukazuje jen to, co vidí všichni, žádné karty z rukou hráčů.
web-private-mark = jen pro vás
# Jméno místa hráče na stránce, označené jako čtenářovo vlastní.
web-you-mark = { $name } (vy)
web-someone = někdo
web-live-lost = Spojení se přerušilo: zkontrolujte připojení a zkuste to znovu.
web-activity-connecting = Připojování k Discordu…
web-activity-refused = Discord nepotvrdil, kdo jste. Aktivitu zavřete a spusťte znovu.
web-activity-no-channel = Aktivitu spusťte v kanálu se hrou.
web-activity-off = Tento bot hry jako aktivitu Discordu nenabízí.
web-activity-wrong-channel = Tato aktivita nebyla spuštěna v tomto kanálu. Zavřete ji a spusťte znovu v kanálu se hrou.
web-widget-connecting = Zjišťujeme od Elementu, kdo jste…
web-widget-refused = Váš domovský server nepotvrdil, kdo jste. Widget zavřete a otevřete znovu.
web-widget-no-game = V této místnosti zatím žádná hra není.
web-widget-off = Tento bot hry jako widget Matrixu nenabízí.
web-live-too-many-yours = Máte otevřeno příliš mnoho stránek tohoto stolu, a tak se tato stránka sama neaktualizuje. Jednu z nich zavřete a tuto načtěte znovu.
web-live-too-many = Právě je otevřeno příliš mnoho stránek, a tak se tato stránka sama neaktualizuje. Načtěte ji znovu za minutu.
web-refused-title = Tento stůl nejde otevřít
web-link-invalid = Tento odkaz není platný. Požádejte bota o nový (/hra web na Discordu, !vliv web na Matrixu).
web-link-expired = Platnost tohoto odkazu vypršela. Požádejte bota o nový (/hra web na Discordu, !vliv web na Matrixu).
web-no-game = Tato hra už neexistuje.
web-failed = U bota se něco pokazilo. Nic se nezměnilo; zkuste to za chvíli znovu.
web-bad-move = Tah se nepodařilo přečíst. Načtěte stránku znovu a vyberte tah ještě jednou.
web-off = Tento bot webový stůl nenabízí.
web-link-given = Váš stůl hry { $game } v prohlížeči (odkaz je jen pro vás, nikomu ho neposílejte: ukazuje vaše karty): { $url }
web-link-given-spectator = Stůl hry { $game } v prohlížeči (to, co vidí všichni): { $url }
web-heading-records = Hra skončila
web-replay-link = Záznam hry tah po tahu
web-review-link = Rozbor tahů
web-leaderboard-link = Žebříček
web-back-to-table = Zpět ke stolu
web-replay-steps = Tahy záznamu
web-replay-first = Na začátek
web-replay-back = O 10 tahů zpět
web-replay-previous = Předchozí tah
web-replay-next = Další tah
web-replay-forward = O 10 tahů dál
web-replay-last = Poslední tah
web-review-seats = Rozbor tahů jiného hráče
web-review-preparing-title = Připravuje se rozbor hry č. { $id }
web-review-preparing = Rozbor se připravuje: umělá inteligence prochází každé rozhodnutí hry. Jakmile bude hotový, objeví se na této stránce sám.
web-review-queued = Nejdřív se připravují jiné rozbory, tento přijde na řadu hned po nich. Jakmile bude hotový, objeví se na této stránce sám.
web-review-again = Načíst znovu
web-leaderboard-pages = Strany žebříčku
web-leaderboard-previous = Předchozí strana
web-leaderboard-next = Další strana
matrix-web-link-sent = Odkaz na stůl v prohlížeči máte v přímých zprávách s Vlivem.

## Záznamy a pomůcky v místnosti: záznamy her, export, hodnocení, pravidla a kalkulačka

matrix-help-records = Záznamy a pomůcky: !vliv sledovat vám soukromě posílá stůl rozehrané hry z této místnosti, vždy aktuální (!vliv nesledovat to ukončí), !vliv přehrát HRA [TAH] vám pošle hru z této místnosti tah po tahu (rozehranou hru jen tak, jak ji ukazoval stůl), !vliv exportovat HRA vám pošle dohranou hru jako soubor, !vliv žebříček HRA [STRANA] ukáže nejlepší hráče hry v této místnosti, !vliv statistiky [@hráč:server] [HRA] ukáže hry, výhry a hodnocení hráče v této místnosti, !vliv pravidla HRA shrne pravidla hry, !vliv karta HRA KARTA řekne, co karta dělá, !vliv skóre KARTA, KARTA, … spočítá skóre ruky fyzických karet Tajuplných říší.
matrix-help-room = V této místnosti se smí hrát { $games }; nápovědy { $hints ->
        [on] jsou povolené
       *[off] nejsou povolené
    }.
matrix-stats-title = Statistiky v této místnosti
matrix-invite-declined-inviter = Jeden člověk smí Vliv pozvat jen do omezeného počtu místností a vy jste ho už pozvali do { $rooms ->
    [one] { $rooms } místnosti
   *[other] { $rooms } místností
}.
matrix-invite-declined-full = Vliv je už v tolika místnostech, v kolika smí být, takže se teď do další připojit nemůže.
matrix-watch-started = Sledujete hru č. { $id }: stůl vám přijde do soukromé místnosti s botem a obnoví se po každém tahu. Sledování ukončíte příkazem !vliv nesledovat.
matrix-watch-unreached = Stůl se do vaší soukromé místnosti s botem nedostal, takže sledování nezačalo. Zkuste to za chvíli znovu.
matrix-stats-none = { $player }: v této místnosti zatím žádná dohraná hra.
matrix-leaderboard-empty = Ve hře { $game } zatím v této místnosti nikdo nemá hodnocení: hodnotí se jen hry, které lidé dohrají do konce.
matrix-rules-usage = Napište, o kterou hru jde: !vliv pravidla HRA, např. !vliv pravidla claim (hry: claim, fantasy-realms, louis-xiv, ruse-and-bruise, ovlivneni).
matrix-score-usage = Vyjmenujte karty ruky čísly nebo jmény a oddělte je čárkami: !vliv skóre 1, Stoletá voda, 15, … (7 karet, 8 s Nekromantem; pro Chaotické říše !vliv skóre chaotické …).
matrix-leaderboard-usage = Napište, o kterou hru jde: !vliv žebříček HRA [STRANA], např. !vliv žebříček claim.
# bare: next
matrix-leaderboard-next = Další strana: !vliv žebříček { $game } { $next }
matrix-replay-usage = Napište číslo hry (viz !vliv historie): !vliv přehrát HRA [TAH], např. !vliv přehrát 12.
# bare: id, next, total
matrix-replay-next = Další tah: !vliv přehrát { $id } { $next } (tahy 0–{ $total })
matrix-replay-sent = Záznam hry najdete v soukromých zprávách s Vlivem.
matrix-export-usage = Napište číslo dohrané hry (viz !vliv historie): !vliv exportovat HRA.
matrix-export-sent = Soubor hry najdete v soukromých zprávách s Vlivem.
# bare: id
matrix-export-too-long = Hra č. { $id } je na zprávu příliš dlouhá.
