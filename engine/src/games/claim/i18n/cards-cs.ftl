# Co dělají karty každé frakce (spec §1, znění z pravidel), plně a krátce (≤ 100 znaků:
# nabídky; obrázky mají vlastní řádek `claim-scene-power-*`). Odděleně od cs.ftl.

claim-text-goblin = 14 karet, hodnoty 0–9 (pět nul). Bez schopnosti; rytíř zahraný po skřetovi ho poráží.
claim-text-goblin-short = 0–9 (pět nul). Bez schopnosti; rytíř zahraný po skřetovi ho poráží.
claim-text-dwarf = 10 karet, hodnoty 0–9. Ve druhé fázi si trpaslíky zahrané ve štychu bere poražený na svůj skórovací balíček; vítěz si bere ostatní karty.
claim-text-dwarf-short = 0–9. Fáze 2: trpaslíky ze štychu si bere poražený na skórovací balíček.
claim-text-undead = 10 karet, hodnoty 0–9. Karty nemrtvých zahrané v první fázi nejsou vyřazeny ze hry, ale putují na vítězův skórovací balíček.
claim-text-undead-short = 0–9. Fáze 1: nemrtví ze štychu jdou na vítězův skórovací balíček.
claim-text-doppelganger = 10 karet, hodnoty 0–9. Žolíci: měňavce smíte hrát místo vynesené frakce, i když ji máte v ruce, a počítá se, jako by ctil barvu; schopnost kopírované frakce nemá. Vynese-li se měňavec, musí druhý hráč ctít barvu měňavcem, je-li to možné.
claim-text-doppelganger-short = 0–9. Smí vždy ctít barvu a počítá se za vynesenou frakci (bez její schopnosti).
claim-text-knight = 8 karet, hodnoty 2–9. Rytíř zahraný po skřetovi ho poráží bez ohledu na hodnotu. Stále však musíte ctít barvu, je-li to možné.
claim-text-knight-short = 2–9. Rytíř zahraný po skřetovi ho poráží bez ohledu na hodnotu.
