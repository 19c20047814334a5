# Režim učení (první hra Tajuplných říší): u každé volby nejlepší skóre ruky, ke které
# vede (přesný výpočet), a změna proti ruce, kterou máte teď.

fr-learn-deck = Vezmete si vrchní kartu balíčku (nikdo ji neviděl) a pak odložíte jednu z 8 karet. Nejlepší skóre vaší ruky teď: { $now }.
fr-learn-take = Vezmete si ji a odložíte kartu, bez které je ruka nejsilnější: nejlepší skóre { $total } ({ $delta }).
fr-learn-discard = Ponecháte si zbylých 7 karet: nejlepší skóre { $total } ({ $delta }).
fr-learn-draw-two = Doberete dvě karty z balíčku: jednu si necháte, druhá jde lícem nahoru do odkládacího prostoru.
fr-learn-draft-take = Vezmete si ji do ruky a v tomto tahu nic neodkládáte: nejlepší skóre { $total } ({ $delta }).
fr-learn-keep = Necháte si ji; druhá dobraná karta jde lícem nahoru do odkládacího prostoru. Nejlepší skóre { $total } ({ $delta }).
fr-learn-give = Dáte ji při výměně pryč: zbylé karty samy mají skóre { $total } ({ $delta }).
fr-learn-wish-card = Výměnou chcete kartu { $card }.
fr-learn-confirm = Výměna s hráčem { $player }: nejlepší skóre nové ruky { $total } ({ $delta }).
fr-learn-confirm-plain = Provedete výměnu: obě karty hned mění majitele.
fr-learn-offer = Nabídnete jednu ze svých karet jednomu hráči nebo všem; k výměně dojde, jen když potvrdíte odpověď.
fr-learn-cancel-offer = Stáhnete svou nabídku; odpovědi na ni propadnou.
fr-learn-wait = Zatím přestanete vyměňovat; znovu se vás zeptáme, až vám přijde nabídka nebo odpověď.
fr-learn-everyone = Na nabídku smí odpovědět kterýkoli jiný hráč.
fr-learn-to-seat = Na nabídku smí odpovědět jen tento hráč.
fr-learn-no-wish = Výměnou nechcete nic určitého.
fr-learn-wish-suit = Výměnou chcete kartu této barvy.
fr-learn-wish-any = Výměnou vám stačí jakákoli karta této barvy.
fr-learn-answer = Odpovíte na nabídku jednou ze svých karet; k výměně dojde, pokud ji nabízející potvrdí.
fr-learn-withdraw = Stáhnete svou odpověď.
fr-learn-decline = Odpověď odmítnete; vaše nabídka platí dál.
fr-learn-back = Vrátíte se o krok zpět; nic se nehraje.
fr-learn-over = Konec hry. Každá ruka se počítá co nejlépe: základní síla karet, k tomu bonusy, minus postihy, a žolíky tak, aby daly co nejvíc bodů. Vyhrává nejvyšší součet.
fr-learn-necromancer = Nekromant hráče { $player } si bere z odkládacího prostoru kartu { $card } jako osmou kartu.
