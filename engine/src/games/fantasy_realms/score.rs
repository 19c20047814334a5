//! One evaluation of a hand with every scoring choice fixed (spec §10): wild cards and
//! Book of Changes (steps 1–2, `Declarations`), clears (3), blanking and point penalties
//! (4), bonuses (5), total (6). Every card's text is one arm of a `match` on its number.
//! The search for the best choices is in `search.rs`.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Suit};

/// What a Mirage or Shapeshifter becomes: a named card of the game (its name and suit), or
/// only a suit (FAQ, D11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Identity {
    Named(#[serde(with = "super::cards::as_name")] Card),
    SuitOnly(Suit),
}

impl Identity {
    pub fn suit(self) -> Suit {
        match self {
            Identity::Named(c) => c.suit(),
            Identity::SuitOnly(s) => s,
        }
    }
}

/// Every scoring-time option of §11; `None` = not used.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Declarations {
    /// The card the Necromancer added (§10.2).
    pub necromancer: Option<Card>,
    /// The card of the hand the Doppelgänger copies.
    pub doppelganger: Option<Card>,
    pub mirage: Option<Identity>,
    pub shapeshifter: Option<Identity>,
    /// The card whose suit Book of Changes changes, and to what.
    pub book: Option<(Card, Suit)>,
    /// The Flood or Flame whose penalty Island clears.
    pub island: Option<Card>,
}

/// A card as the scorer sees it after steps 1–2. `name` 0 = a suit-only declaration;
/// `penalty` = the number of the card whose penalty text it carries (0 = none).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Slot {
    pub card: Card,
    pub name: u8,
    pub suit: Suit,
    pub base: i16,
    pub penalty: u8,
    /// Only printed, non-wild cards have a bonus (and with it any CLEARS or power).
    pub bonus: bool,
}

impl Slot {
    pub fn printed(card: Card) -> Slot {
        Slot {
            card,
            name: card.0,
            suit: card.suit(),
            base: card.base(),
            penalty: if card.has_penalty() { card.0 } else { 0 },
            bonus: !card.is_wild(),
        }
    }

    /// Step 1 for the Doppelgänger: the printed name, suit, base and penalty of `target`.
    pub fn copy_of(self, target: Card) -> Slot {
        Slot {
            name: target.0,
            suit: target.suit(),
            base: target.base(),
            penalty: if target.has_penalty() { target.0 } else { 0 },
            bonus: false,
            ..self
        }
    }

    pub fn declared(self, identity: Identity) -> Slot {
        match identity {
            Identity::Named(c) => Slot {
                name: c.0,
                suit: c.suit(),
                ..self
            },
            Identity::SuitOnly(s) => Slot {
                name: 0,
                suit: s,
                ..self
            },
        }
    }
}

pub const MAX_CARDS: usize = 8;

/// The result of one evaluation, per slot.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Eval {
    pub total: i32,
    pub blanked: u8,
    pub bonus: [i32; MAX_CARDS],
    pub penalty: [i32; MAX_CARDS],
    /// Slots whose CLEARS removed this slot's whole penalty / the word "Army" from it.
    pub cleared_by: [u8; MAX_CARDS],
    pub army_cleared_by: [u8; MAX_CARDS],
}

const fn bit(i: usize) -> u8 {
    1 << i
}

fn bits(mask: u8) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

/// Step 3, the clears of every card that has them, blanked or not (S4). `island` is the
/// slot Island clears.
pub(crate) fn clears(slots: &[Slot], island: Option<usize>) -> ([u8; MAX_CARDS], [u8; MAX_CARDS]) {
    let mut cleared = [0u8; MAX_CARDS];
    let mut army = [0u8; MAX_CARDS];
    for (h, holder) in slots.iter().enumerate() {
        if !holder.bonus {
            continue;
        }
        let each = |target: &mut [u8; MAX_CARDS], pick: &dyn Fn(&Slot) -> bool| {
            for (x, s) in slots.iter().enumerate() {
                if pick(s) {
                    target[x] |= bit(h);
                }
            }
        };
        match holder.card {
            Card::MOUNTAIN => each(&mut cleared, &|s| s.suit == Suit::Flood),
            Card::CAVERN => each(&mut cleared, &|s| s.suit == Suit::Weather),
            Card::BEASTMASTER => each(&mut cleared, &|s| s.suit == Suit::Beast),
            Card::PROTECTION_RUNE => each(&mut cleared, &|_| true),
            Card::RANGERS => each(&mut army, &|_| true),
            Card::WARSHIP => each(&mut army, &|s| s.suit == Suit::Flood),
            Card::ISLAND => {
                if let Some(t) = island {
                    if matches!(slots[t].suit, Suit::Flood | Suit::Flame) {
                        cleared[t] |= bit(h);
                    }
                }
            }
            _ => {}
        }
    }
    (cleared, army)
}

fn is_blanker(penalty: u8) -> bool {
    matches!(
        Card(penalty),
        Card::GREAT_FLOOD | Card::RAINSTORM | Card::BLIZZARD | Card::WILDFIRE | Card::BASILISK
    )
}

/// §10.6 4a: does the blanking text `penalty` on slot `b` cover slot `x`?
fn covers(penalty: u8, b: usize, x: usize, target: &Slot, army_cleared: bool) -> bool {
    let named = |c: Card| target.name == c.0;
    match Card(penalty) {
        Card::GREAT_FLOOD => match target.suit {
            Suit::Army => !army_cleared,
            Suit::Land => !named(Card::MOUNTAIN),
            Suit::Flame => !named(Card::LIGHTNING),
            _ => false,
        },
        Card::RAINSTORM => target.suit == Suit::Flame && !named(Card::LIGHTNING),
        Card::BLIZZARD => target.suit == Suit::Flood,
        Card::WILDFIRE => {
            !matches!(
                target.suit,
                Suit::Flame | Suit::Wizard | Suit::Weather | Suit::Weapon | Suit::Artifact
            ) && ![
                Card::MOUNTAIN,
                Card::GREAT_FLOOD,
                Card::ISLAND,
                Card::UNICORN,
                Card::DRAGON,
            ]
            .iter()
            .any(|&c| named(c))
        }
        Card::BASILISK => match target.suit {
            Suit::Army => !army_cleared,
            Suit::Leader => true,
            Suit::Beast => x != b,
            _ => false,
        },
        _ => false,
    }
}

/// §10.6 4a with D1: propagate what is decided, then blank the undecided cards on cycles
/// of undecided cards, and repeat. `by[x]` = the blankers whose text covers `x`.
fn resolve_blanking(n: usize, by: &[u8; MAX_CARDS]) -> u8 {
    let all = ((1u16 << n) - 1) as u8;
    let (mut blanked, mut kept) = (0u8, 0u8);
    loop {
        let mut changed = true;
        while changed {
            changed = false;
            for x in bits(all & !(blanked | kept)) {
                if by[x] & bit(x) != 0 || by[x] & kept != 0 {
                    blanked |= bit(x);
                    changed = true;
                } else if by[x] & !blanked == 0 {
                    kept |= bit(x);
                    changed = true;
                }
            }
        }
        let open = all & !(blanked | kept);
        if open == 0 {
            return blanked;
        }
        let mut on_cycle = 0u8;
        for x in bits(open) {
            // Everything that reaches x through undecided cards.
            let mut reach = by[x] & open;
            loop {
                let mut next = reach;
                for y in bits(reach) {
                    next |= by[y] & open;
                }
                if next == reach {
                    break;
                }
                reach = next;
            }
            if reach & bit(x) != 0 {
                on_cycle |= bit(x);
            }
        }
        debug_assert!(on_cycle != 0, "undecided cards always contain a cycle");
        blanked |= on_cycle;
    }
}

/// Counts over the non-blanked cards (S1, S2).
struct Held {
    suits: [i32; 11],
    /// Bit `n` = a non-blanked card is named card `n`.
    names: u64,
}

impl Held {
    fn of(slots: &[Slot], alive: u8) -> Held {
        let mut held = Held {
            suits: [0; 11],
            names: 0,
        };
        for x in bits(alive) {
            held.suits[slots[x].suit as usize] += 1;
            held.names |= 1u64 << slots[x].name;
        }
        held
    }
    fn n(&self, s: Suit) -> i32 {
        self.suits[s as usize]
    }
    fn has(&self, c: Card) -> bool {
        self.names & (1u64 << c.0) != 0
    }
    /// "other X": the count without the card itself when it is an X.
    fn other(&self, s: Suit, me: &Slot) -> i32 {
        self.n(s) - i32::from(me.suit == s)
    }
}

/// Steps 3–6 for slots already through steps 1–2.
pub(crate) fn evaluate(slots: &[Slot], island: Option<usize>) -> Eval {
    let n = slots.len();
    debug_assert!(n <= MAX_CARDS);
    let all = ((1u16 << n) - 1) as u8;
    let (cleared_by, army_cleared_by) = clears(slots, island);
    let cleared = |x: usize| cleared_by[x] != 0;
    let army_cleared = |x: usize| army_cleared_by[x] != 0;

    // 4a: the blanking graph.
    let mut by = [0u8; MAX_CARDS];
    let mut any_blanker = false;
    for (b, s) in slots.iter().enumerate() {
        if s.penalty != 0 && !cleared(b) && is_blanker(s.penalty) {
            any_blanker = true;
            for (x, t) in slots.iter().enumerate() {
                if covers(s.penalty, b, x, t, army_cleared(b)) {
                    by[x] |= bit(b);
                }
            }
        }
    }
    let mut blanked = if any_blanker {
        resolve_blanking(n, &by)
    } else {
        0
    };

    // 4b: "BLANKED unless" texts, in the three phases of D7.
    let conditional: u8 = slots
        .iter()
        .enumerate()
        .filter(|&(x, s)| {
            !cleared(x)
                && matches!(
                    Card(s.penalty),
                    Card::SMOKE | Card::WARSHIP | Card::WAR_DIRIGIBLE
                )
        })
        .fold(0, |m, (x, _)| m | bit(x));
    if conditional != 0 {
        let unless = |blanked: &mut u8| loop {
            let held = Held::of(slots, all & !*blanked);
            let mut changed = false;
            for x in bits(conditional & !*blanked) {
                let fails = match Card(slots[x].penalty) {
                    Card::SMOKE => held.n(Suit::Flame) == 0,
                    Card::WARSHIP => held.n(Suit::Flood) == 0,
                    _ => !army_cleared(x) && held.n(Suit::Army) == 0,
                };
                if fails {
                    *blanked |= bit(x);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        };
        unless(&mut blanked);
        if Held::of(slots, all & !blanked).n(Suit::Weather) > 0 {
            for x in bits(conditional & !blanked) {
                if Card(slots[x].penalty) == Card::WAR_DIRIGIBLE {
                    blanked |= bit(x);
                }
            }
        }
        unless(&mut blanked);
    }

    let alive = all & !blanked;
    let held = Held::of(slots, alive);
    let mut out = Eval {
        blanked,
        cleared_by,
        army_cleared_by,
        ..Eval::default()
    };
    for x in bits(alive) {
        let me = &slots[x];
        if me.penalty != 0 && !cleared(x) {
            out.penalty[x] = point_penalty(me, &held, army_cleared(x));
        }
        if me.bonus {
            out.bonus[x] = bonus(me, slots, alive, &held);
        }
        out.total += me.base as i32 + out.bonus[x] + out.penalty[x];
    }
    out
}

/// §10.6 4c.
fn point_penalty(me: &Slot, held: &Held, army_cleared: bool) -> i32 {
    use Suit::*;
    let armies = if army_cleared { 0 } else { held.n(Army) };
    match Card(me.penalty) {
        Card::SWAMP => -3 * (armies + held.n(Flame)),
        Card::BLIZZARD => -5 * (armies + held.n(Leader) + held.n(Beast) + held.n(Flame)),
        Card::KNIGHTS if held.n(Leader) == 0 => -8,
        Card::LIGHT_CAVALRY => -2 * held.n(Land),
        Card::DWARVISH_INFANTRY if !army_cleared => -2 * held.other(Army, me),
        Card::WARLOCK_LORD => -10 * (held.n(Leader) + held.other(Wizard, me)),
        Card::EMPRESS => -5 * held.other(Leader, me),
        Card::DRAGON if held.n(Wizard) == 0 => -40,
        _ => 0,
    }
}

/// §10.7: the bonus of a non-blanked printed card.
fn bonus(me: &Slot, slots: &[Slot], alive: u8, held: &Held) -> i32 {
    use Suit::*;
    let if_ = |cond: bool, v: i32| if cond { v } else { 0 };
    let n = |s: Suit| held.n(s);
    match me.card {
        Card::MOUNTAIN => if_(held.has(Card::SMOKE) && held.has(Card::WILDFIRE), 50),
        Card::CAVERN => if_(
            held.has(Card::DWARVISH_INFANTRY) || held.has(Card::DRAGON),
            25,
        ),
        Card::BELL_TOWER => if_(n(Wizard) > 0, 15),
        Card::FOREST => {
            let count = bits(alive)
                .filter(|&x| slots[x].suit == Beast || slots[x].name == Card::ELVEN_ARCHERS.0)
                .count();
            12 * count as i32
        }
        Card::EARTH_ELEMENTAL => 15 * held.other(Land, me),
        Card::FOUNTAIN_OF_LIFE => bits(alive)
            .filter(|&x| matches!(slots[x].suit, Weapon | Flood | Flame | Land | Weather))
            .map(|x| slots[x].base as i32)
            .max()
            .unwrap_or(0),
        Card::WATER_ELEMENTAL => 15 * held.other(Flood, me),
        Card::RAINSTORM => 10 * n(Flood),
        Card::WHIRLWIND => if_(
            held.has(Card::RAINSTORM) && (held.has(Card::BLIZZARD) || held.has(Card::GREAT_FLOOD)),
            40,
        ),
        Card::AIR_ELEMENTAL => 15 * held.other(Weather, me),
        Card::CANDLE => if_(
            held.has(Card::BOOK_OF_CHANGES) && held.has(Card::BELL_TOWER) && n(Wizard) > 0,
            100,
        ),
        Card::FORGE => 9 * (n(Weapon) + n(Artifact)),
        Card::LIGHTNING => if_(held.has(Card::RAINSTORM), 30),
        Card::FIRE_ELEMENTAL => 15 * held.other(Flame, me),
        Card::ELVEN_ARCHERS => if_(n(Weather) == 0, 5),
        Card::RANGERS => 10 * n(Land),
        Card::COLLECTOR => collector(slots, alive),
        Card::BEASTMASTER => 9 * n(Beast),
        Card::ENCHANTRESS => 5 * (n(Land) + n(Weather) + n(Flood) + n(Flame)),
        Card::KING => n(Army) * if held.has(Card::QUEEN) { 20 } else { 5 },
        Card::QUEEN => n(Army) * if held.has(Card::KING) { 20 } else { 5 },
        Card::PRINCESS => 8 * (n(Army) + n(Wizard) + held.other(Leader, me)),
        Card::WARLORD => bits(alive)
            .filter(|&x| slots[x].suit == Army)
            .map(|x| slots[x].base as i32)
            .sum(),
        Card::EMPRESS => 10 * n(Army),
        Card::UNICORN => {
            if held.has(Card::PRINCESS) {
                30
            } else {
                if_(
                    held.has(Card::EMPRESS) || held.has(Card::QUEEN) || held.has(Card::ENCHANTRESS),
                    15,
                )
            }
        }
        Card::WARHORSE => if_(n(Leader) + n(Wizard) > 0, 14),
        Card::HYDRA => if_(held.has(Card::SWAMP), 28),
        Card::MAGIC_WAND => if_(n(Wizard) > 0, 25),
        Card::SWORD_OF_KETH | Card::SHIELD_OF_KETH => {
            let (partner, alone) = if me.card == Card::SWORD_OF_KETH {
                (Card::SHIELD_OF_KETH, 10)
            } else {
                (Card::SWORD_OF_KETH, 15)
            };
            match (n(Leader) > 0, held.has(partner)) {
                (true, true) => 40,
                (true, false) => alone,
                _ => 0,
            }
        }
        Card::ELVEN_LONGBOW => if_(
            held.has(Card::ELVEN_ARCHERS) || held.has(Card::WARLORD) || held.has(Card::BEASTMASTER),
            30,
        ),
        Card::GEM_OF_ORDER => {
            let mut counts = [0u8; 41];
            for x in bits(alive) {
                counts[slots[x].base.clamp(0, 40) as usize] += 1;
            }
            gem_of_order(&mut counts)
        }
        Card::WORLD_TREE => if_(held.suits.iter().all(|&c| c <= 1), 50),
        _ => 0,
    }
}

/// Collector (§4, D4): per suit, distinct names (a suit-only declaration is a name of its own).
fn collector(slots: &[Slot], alive: u8) -> i32 {
    let mut names = [0u64; 11];
    let mut anonymous = [0u32; 11];
    for x in bits(alive) {
        let s = &slots[x];
        if s.name == 0 {
            anonymous[s.suit as usize] += 1;
        } else {
            names[s.suit as usize] |= 1u64 << s.name;
        }
    }
    (0..11)
        .map(|i| match names[i].count_ones() + anonymous[i] {
            0..=2 => 0,
            3 => 10,
            4 => 40,
            _ => 100,
        })
        .sum()
}

/// Gem of Order (§10.7, D5): repeatedly score the longest run of distinct consecutive
/// values, using one card per value.
pub(crate) fn gem_of_order(counts: &mut [u8; 41]) -> i32 {
    let mut total = 0;
    loop {
        let (mut best_start, mut best_len, mut start, mut len) = (0, 0, 0, 0);
        // A trailing 0 closes a run that reaches 40.
        for (v, &count) in counts.iter().chain([&0]).enumerate() {
            if count > 0 {
                if len == 0 {
                    start = v;
                }
                len += 1;
            } else {
                if len > best_len {
                    (best_start, best_len) = (start, len);
                }
                len = 0;
            }
        }
        if best_len < 3 {
            return total;
        }
        total += match best_len {
            3 => 10,
            4 => 30,
            5 => 60,
            6 => 100,
            _ => 150,
        };
        for c in &mut counts[best_start..best_start + best_len] {
            *c -= 1;
        }
    }
}
