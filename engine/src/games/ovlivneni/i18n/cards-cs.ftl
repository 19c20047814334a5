# Oba efekty každé karty (spec §1.1, znění z pravidel): plný text skládá `ov-text-card`
# z efektů `ov-eff-*` v cs.ftl, krátký (≤ 100 znaků: nabídky, obrázky) je zde.

ov-text-card = A: { $a }. NEBO B: { $b }.
ov-text-opportunity-short = A: Získejte 1B. NEBO B: Doberte si 1 kartu.
ov-text-investment-short = A: Získejte 2B. NEBO B: Reakce: zrušte platnost právě zahrané soupeřovy karty.
ov-text-optimisation-short = A: Získejte 3B. NEBO B: Přesuňte až 3M mezi zeměmi.
ov-text-slander-short = A: Získejte 1M. NEBO B: Zrušte jednu soupeřovu kartu základny.
ov-text-history-short = A: Získejte 2M. NEBO B: Vezměte si do ruky jednu libovolnou kartu z odkládacího balíčku.
ov-text-decline-short = A: Získejte 3M. NEBO B: Status: všechny země mají o 1 nižší minimální potřebnou hodnotu B.
ov-text-interest-short = A: Získejte 1B. NEBO B: Reakce: pokud soupeř získal nějakou zemi, získejte 3B.
ov-text-cooperation-short = A: Získejte 1M. NEBO B: Reakce: pokud soupeř zahrál kartu získávající M, získejte 3M.
ov-text-extortion-short = A: Převeďte až 3M na B, zásobní nebo investované. NEBO B: Vyměňte si všechny karty v ruce za nové.
ov-text-weakening-short = A: Status: země mají o 1 nižší hranici M. NEBO B: Stáhněte investice z jedné země do pokladnice.
ov-text-planning-short = A: Nahlédněte na 5 vrchních karet, přeuspořádejte či odložte. NEBO B: Doberte si 2 karty, 1 odložte.
ov-text-licence-short = A: Získejte 2B. NEBO B: Reakce: okamžitě pro sebe zkopírujte efekt právě zahrané soupeřovy karty.
ov-text-factory-short = A: Základna: zrušte ji a do konce kola máte z karet dvojnásobek B. NEBO B: 1B za každou základnu.
ov-text-enterprise-short = A: Základna: na počátku svého tahu získáte 1B. NEBO B: Doberte si 3 karty, potom 2 odložte.
ov-text-espionage-short = A: Základna: na počátku svého tahu získáte 1M. NEBO B: Přesuňte až 3B mezi zeměmi.
ov-text-experience-short = A: Vraťte až 3 karty z odkládacího balíčku navrch balíčku. NEBO B: Základna: každý tah 1B a 1M.
ov-text-bodyguards-short = A: Zrušte soupeřovu základnu. NEBO B: Základna: ztrácíte-li základnu, ztratíte nejdřív tuto.
ov-text-shares-short = A: Základna: získá-li soupeř kartou zdroj, získáte 1 téhož. NEBO B: Získejte 2M.
ov-text-withdrawal-short = A: Získejte 2B. NEBO B: Vraťte do pokladnice všechny investované body jednoho zdroje z jedné země.
ov-text-reorganisation-short = A: Vyměňte neovládnutou zemi za novou; investice v ní mizí. NEBO B: Získejte 2M.
ov-text-dominance-short = A: Zdvojnásobte investované B v jedné zemi. NEBO B: Zrušte všechny soupeřovy M v jedné zemi.
ov-text-agents-short = A: Získejte 1B. NEBO B: Získejte 3M, které ihned investujte do 3 různých zemí.
ov-text-insurance-short = A: Získejte 1M. NEBO B: Reakce: získává-li soupeř zemi, vraťte si z ní své investice.
ov-text-bribes-short = A: Převeďte až 3B na M. NEBO B: Získejte 3B a ihned je investujte do 3 různých zemí.
ov-text-confusion-short = A: Získejte 2B. NEBO B: Status: veškeré investice M se počítají jako poloviční.
ov-text-reinforcements-short = A: Získejte 2M. NEBO B: Odložte libovolný počet karet a doberte si stejný počet nových.
ov-text-diligence-short = A: Nahlédněte na 3 vrchní karty, přeuspořádejte je či odložte. NEBO B: Získejte 1B a 1M.
