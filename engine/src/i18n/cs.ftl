seat-default-name = Hráč { $number }
error-game-over = Hra už skončila.
error-not-your-decision = Teď nejste na řadě s rozhodnutím.
error-illegal-choice = Tuto volbu teď nelze použít.
outcome-draw = Hra končí remízou.
outcome-winner = Vítězí { $player }.
outcome-place = { $place }. { $player }
option-seats = Hráči
# Přehled dohrané hry: zlomový okamžik. $turn je číslo tahu.
ai-review-turning-point = Tah { $turn }: volba „{ $made }“ místo „{ $best }“ vás stála odhadem { $percent } % šance na výhru.
# Obě volby zlomového okamžiku slovy výukového režimu, každá na vlastním řádku.
ai-review-why-made = Vaše volba: { $why }
ai-review-why-best = Lepší volba: { $why }
