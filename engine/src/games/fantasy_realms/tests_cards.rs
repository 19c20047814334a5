//! One test per card (spec §3, §4): its bonus and its penalty, "blanked unless" and clears.
//! Small hands keep each test about one text; the scorer works on any hand of 1–8 cards.

use super::{
    cards::{Card as C, Suit},
    score::{Declarations, Identity},
    search::{best, score_with, CardScore, Declaration, Scored},
};

fn plain(hand: &[C]) -> Scored {
    score_with(hand, &Declarations::default())
}

fn line(scored: &Scored, card: C) -> CardScore {
    scored
        .cards
        .iter()
        .find(|l| l.card == card)
        .cloned()
        .unwrap_or_else(|| panic!("{card:?} not in the hand"))
}

fn bonus(hand: &[C], card: C) -> i32 {
    line(&plain(hand), card).bonus
}

fn penalty(hand: &[C], card: C) -> i32 {
    line(&plain(hand), card).penalty
}

fn blanked(hand: &[C], card: C) -> bool {
    line(&plain(hand), card).blanked
}

#[test]
fn card_01_mountain_bonus_with_smoke_and_wildfire_and_clears_floods() {
    assert_eq!(
        bonus(&[C::MOUNTAIN, C::SMOKE, C::WILDFIRE], C::MOUNTAIN),
        50
    );
    assert_eq!(bonus(&[C::MOUNTAIN, C::SMOKE], C::MOUNTAIN), 0);
    let s = plain(&[C::MOUNTAIN, C::SWAMP, C::KNIGHTS]);
    assert_eq!(line(&s, C::SWAMP).penalty, 0);
    assert_eq!(line(&s, C::SWAMP).cleared_by, vec![C::MOUNTAIN]);
}

#[test]
fn card_02_cavern_bonus_once_and_clears_weather() {
    assert_eq!(bonus(&[C::CAVERN, C::DRAGON], C::CAVERN), 25);
    assert_eq!(
        bonus(&[C::CAVERN, C::DRAGON, C::DWARVISH_INFANTRY], C::CAVERN),
        25
    );
    assert_eq!(bonus(&[C::CAVERN, C::KNIGHTS], C::CAVERN), 0);
    let s = plain(&[C::CAVERN, C::BLIZZARD, C::KNIGHTS]);
    assert_eq!(line(&s, C::BLIZZARD).penalty, 0);
    assert_eq!(line(&s, C::BLIZZARD).cleared_by, vec![C::CAVERN]);
}

#[test]
fn card_03_bell_tower_needs_a_wizard() {
    assert_eq!(bonus(&[C::BELL_TOWER, C::COLLECTOR], C::BELL_TOWER), 15);
    assert_eq!(bonus(&[C::BELL_TOWER, C::KNIGHTS], C::BELL_TOWER), 0);
}

#[test]
fn card_04_forest_counts_beasts_and_elven_archers() {
    let hand = [C::FOREST, C::UNICORN, C::HYDRA, C::ELVEN_ARCHERS];
    assert_eq!(bonus(&hand, C::FOREST), 36);
    assert_eq!(bonus(&[C::FOREST, C::KNIGHTS], C::FOREST), 0);
}

#[test]
fn card_05_earth_elemental_counts_other_lands() {
    let hand = [C::EARTH_ELEMENTAL, C::MOUNTAIN, C::CAVERN];
    assert_eq!(bonus(&hand, C::EARTH_ELEMENTAL), 30);
}

#[test]
fn card_06_fountain_of_life_adds_the_best_eligible_base() {
    assert_eq!(
        bonus(
            &[C::FOUNTAIN_OF_LIFE, C::WARSHIP, C::KNIGHTS],
            C::FOUNTAIN_OF_LIFE
        ),
        23
    );
    // Armies are not eligible; its own base is (D14).
    assert_eq!(
        bonus(&[C::FOUNTAIN_OF_LIFE, C::KNIGHTS], C::FOUNTAIN_OF_LIFE),
        1
    );
}

#[test]
fn card_07_swamp_minus_3_per_army_and_flame() {
    assert_eq!(penalty(&[C::SWAMP, C::KNIGHTS, C::CANDLE], C::SWAMP), -6);
    // Rangers clear the word Army (§4).
    let s = plain(&[C::SWAMP, C::KNIGHTS, C::CANDLE, C::RANGERS]);
    assert_eq!(line(&s, C::SWAMP).penalty, -3);
    assert_eq!(line(&s, C::SWAMP).army_cleared_by, vec![C::RANGERS]);
}

#[test]
fn card_08_great_flood_blanks_armies_lands_but_mountain_flames_but_lightning() {
    let hand = [
        C::GREAT_FLOOD,
        C::KNIGHTS,
        C::CAVERN,
        C::CANDLE,
        C::LIGHTNING,
    ];
    assert!(blanked(&hand, C::KNIGHTS));
    assert!(blanked(&hand, C::CAVERN));
    assert!(blanked(&hand, C::CANDLE));
    assert!(!blanked(&hand, C::LIGHTNING));
    assert!(!blanked(&hand, C::GREAT_FLOOD));
    // Mountain is exempt and clears the Flood's penalty.
    let hand = [C::GREAT_FLOOD, C::MOUNTAIN, C::KNIGHTS];
    assert!(!blanked(&hand, C::MOUNTAIN));
    assert!(!blanked(&hand, C::KNIGHTS));
}

#[test]
fn card_09_island_clears_one_flood_or_flame_of_choice() {
    let s = best(&[C::ISLAND, C::SWAMP, C::KNIGHTS], &[]);
    assert_eq!(line(&s, C::SWAMP).penalty, 0);
    assert_eq!(line(&s, C::SWAMP).cleared_by, vec![C::ISLAND]);
    assert_eq!(
        line(&s, C::ISLAND).declaration,
        Some(Declaration::Clears(C::SWAMP))
    );
    // Not an Army: Knights keep their penalty even when chosen.
    let d = Declarations {
        island: Some(C::KNIGHTS),
        ..Declarations::default()
    };
    let s = score_with(&[C::ISLAND, C::KNIGHTS], &d);
    assert_eq!(line(&s, C::KNIGHTS).penalty, -8);
}

#[test]
fn card_10_water_elemental_counts_other_floods() {
    assert_eq!(
        bonus(
            &[C::WATER_ELEMENTAL, C::ISLAND, C::SWAMP],
            C::WATER_ELEMENTAL
        ),
        30
    );
}

#[test]
fn card_11_rainstorm_plus_10_per_flood_blanks_flames_but_lightning() {
    let hand = [C::RAINSTORM, C::ISLAND, C::SWAMP, C::CANDLE, C::LIGHTNING];
    assert_eq!(bonus(&hand, C::RAINSTORM), 20);
    assert!(blanked(&hand, C::CANDLE));
    assert!(!blanked(&hand, C::LIGHTNING));
}

#[test]
fn card_12_blizzard_blanks_floods_and_minus_5_per_army_leader_beast_flame() {
    let hand = [
        C::BLIZZARD,
        C::ISLAND,
        C::KNIGHTS,
        C::KING,
        C::UNICORN,
        C::LIGHTNING,
    ];
    assert!(blanked(&hand, C::ISLAND));
    assert_eq!(penalty(&hand, C::BLIZZARD), -20);
}

#[test]
fn card_13_smoke_blanked_unless_a_flame() {
    assert!(blanked(&[C::SMOKE, C::KNIGHTS], C::SMOKE));
    assert!(!blanked(&[C::SMOKE, C::CANDLE], C::SMOKE));
}

#[test]
fn card_14_whirlwind_with_rainstorm_and_blizzard_or_great_flood() {
    let w = C::WHIRLWIND;
    assert_eq!(bonus(&[w, C::RAINSTORM, C::BLIZZARD], w), 40);
    assert_eq!(bonus(&[w, C::RAINSTORM, C::GREAT_FLOOD], w), 40);
    assert_eq!(bonus(&[w, C::RAINSTORM], w), 0);
    assert_eq!(bonus(&[w, C::BLIZZARD], w), 0);
}

#[test]
fn card_15_air_elemental_counts_other_weather() {
    let hand = [C::AIR_ELEMENTAL, C::RAINSTORM, C::WHIRLWIND];
    assert_eq!(bonus(&hand, C::AIR_ELEMENTAL), 30);
}

#[test]
fn card_16_wildfire_blanks_all_but_its_exceptions() {
    let hand = [
        C::WILDFIRE,
        C::KNIGHTS,
        C::MOUNTAIN,
        C::ISLAND,
        C::UNICORN,
        C::COLLECTOR,
        C::HYDRA,
        C::SHIELD_OF_KETH,
    ];
    for c in [C::KNIGHTS, C::HYDRA] {
        assert!(blanked(&hand, c), "{c:?}");
    }
    for c in [
        C::WILDFIRE,
        C::MOUNTAIN,
        C::ISLAND,
        C::UNICORN,
        C::COLLECTOR,
        C::SHIELD_OF_KETH,
    ] {
        assert!(!blanked(&hand, c), "{c:?}");
    }
}

#[test]
fn card_17_candle_with_book_bell_tower_and_a_wizard() {
    let hand = [C::CANDLE, C::BOOK_OF_CHANGES, C::BELL_TOWER, C::COLLECTOR];
    assert_eq!(bonus(&hand, C::CANDLE), 100);
    assert_eq!(
        bonus(&[C::CANDLE, C::BOOK_OF_CHANGES, C::BELL_TOWER], C::CANDLE),
        0
    );
}

#[test]
fn card_18_forge_plus_9_per_weapon_and_artifact() {
    let hand = [C::FORGE, C::MAGIC_WAND, C::SHIELD_OF_KETH, C::KNIGHTS];
    assert_eq!(bonus(&hand, C::FORGE), 18);
}

#[test]
fn card_19_lightning_with_rainstorm() {
    assert_eq!(bonus(&[C::LIGHTNING, C::RAINSTORM], C::LIGHTNING), 30);
    assert_eq!(bonus(&[C::LIGHTNING], C::LIGHTNING), 0);
}

#[test]
fn card_20_fire_elemental_counts_other_flames() {
    let hand = [C::FIRE_ELEMENTAL, C::CANDLE, C::FORGE];
    assert_eq!(bonus(&hand, C::FIRE_ELEMENTAL), 30);
}

#[test]
fn card_21_knights_minus_8_unless_a_leader() {
    assert_eq!(penalty(&[C::KNIGHTS], C::KNIGHTS), -8);
    assert_eq!(penalty(&[C::KNIGHTS, C::KING], C::KNIGHTS), 0);
}

#[test]
fn card_22_elven_archers_plus_5_without_weather() {
    assert_eq!(bonus(&[C::ELVEN_ARCHERS], C::ELVEN_ARCHERS), 5);
    assert_eq!(
        bonus(&[C::ELVEN_ARCHERS, C::RAINSTORM], C::ELVEN_ARCHERS),
        0
    );
}

#[test]
fn card_23_light_cavalry_minus_2_per_land() {
    let hand = [C::LIGHT_CAVALRY, C::MOUNTAIN, C::CAVERN];
    assert_eq!(penalty(&hand, C::LIGHT_CAVALRY), -4);
}

#[test]
fn card_24_dwarvish_infantry_minus_2_per_other_army() {
    let hand = [C::DWARVISH_INFANTRY, C::KNIGHTS, C::ELVEN_ARCHERS];
    assert_eq!(penalty(&hand, C::DWARVISH_INFANTRY), -4);
    // Rangers clear the word Army: no penalty at all (§4).
    let hand = [C::DWARVISH_INFANTRY, C::KNIGHTS, C::RANGERS];
    assert_eq!(penalty(&hand, C::DWARVISH_INFANTRY), 0);
}

#[test]
fn card_25_rangers_plus_10_per_land_and_clear_the_word_army() {
    assert_eq!(bonus(&[C::RANGERS, C::MOUNTAIN, C::CAVERN], C::RANGERS), 20);
    let hand = [C::RANGERS, C::BASILISK, C::KNIGHTS];
    assert!(!blanked(&hand, C::KNIGHTS));
    assert!(!blanked(&hand, C::RANGERS));
    let s = plain(&hand);
    assert_eq!(line(&s, C::BASILISK).army_cleared_by, vec![C::RANGERS]);
}

#[test]
fn card_26_collector_per_suit_with_3_4_5_names() {
    let w = [C::COLLECTOR, C::BEASTMASTER, C::NECROMANCER];
    assert_eq!(bonus(&w, C::COLLECTOR), 10);
    let hand = [
        C::COLLECTOR,
        C::BEASTMASTER,
        C::NECROMANCER,
        C::WARLOCK_LORD,
    ];
    assert_eq!(bonus(&hand, C::COLLECTOR), 40);
    let hand = [
        C::COLLECTOR,
        C::BEASTMASTER,
        C::NECROMANCER,
        C::WARLOCK_LORD,
        C::ENCHANTRESS,
    ];
    assert_eq!(bonus(&hand, C::COLLECTOR), 100);
}

#[test]
fn card_27_beastmaster_plus_9_per_beast_and_clears_beasts() {
    let hand = [C::BEASTMASTER, C::BASILISK, C::UNICORN];
    assert_eq!(bonus(&hand, C::BEASTMASTER), 18);
    assert!(!blanked(&hand, C::UNICORN));
    assert_eq!(
        line(&plain(&hand), C::BASILISK).cleared_by,
        vec![C::BEASTMASTER]
    );
}

#[test]
fn card_28_necromancer_takes_the_best_extra_card() {
    let s = best(&[C::NECROMANCER, C::KING, C::QUEEN], &[C::KNIGHTS]);
    assert_eq!(s.declarations.necromancer, Some(C::KNIGHTS));
    assert_eq!(s.total, 3 + 8 + 20 + 6 + 20 + 20);
    assert_eq!(
        line(&s, C::NECROMANCER).declaration,
        Some(Declaration::Takes(C::KNIGHTS))
    );
    // Without the printed Necromancer nothing is added.
    let s = best(&[C::KING, C::QUEEN], &[C::KNIGHTS]);
    assert_eq!(s.cards.len(), 2);
}

#[test]
fn card_29_warlock_lord_minus_10_per_leader_and_other_wizard() {
    let hand = [C::WARLOCK_LORD, C::KING, C::COLLECTOR];
    assert_eq!(penalty(&hand, C::WARLOCK_LORD), -20);
    assert_eq!(penalty(&[C::WARLOCK_LORD], C::WARLOCK_LORD), 0);
}

#[test]
fn card_30_enchantress_plus_5_per_land_weather_flood_flame() {
    let hand = [
        C::ENCHANTRESS,
        C::MOUNTAIN,
        C::RAINSTORM,
        C::ISLAND,
        C::LIGHTNING,
    ];
    assert_eq!(bonus(&hand, C::ENCHANTRESS), 20);
}

#[test]
fn card_31_king_plus_5_per_army_or_20_with_queen() {
    assert_eq!(bonus(&[C::KING, C::KNIGHTS, C::RANGERS], C::KING), 10);
    assert_eq!(
        bonus(&[C::KING, C::QUEEN, C::KNIGHTS, C::RANGERS], C::KING),
        40
    );
}

#[test]
fn card_32_queen_plus_5_per_army_or_20_with_king() {
    assert_eq!(bonus(&[C::QUEEN, C::KNIGHTS], C::QUEEN), 5);
    assert_eq!(bonus(&[C::QUEEN, C::KING, C::KNIGHTS], C::QUEEN), 20);
}

#[test]
fn card_33_princess_plus_8_per_army_wizard_other_leader() {
    let hand = [C::PRINCESS, C::KNIGHTS, C::COLLECTOR, C::KING];
    assert_eq!(bonus(&hand, C::PRINCESS), 24);
}

#[test]
fn card_34_warlord_adds_the_bases_of_armies() {
    let hand = [C::WARLORD, C::KNIGHTS, C::RANGERS];
    assert_eq!(bonus(&hand, C::WARLORD), 25);
}

#[test]
fn card_35_empress_plus_10_per_army_minus_5_per_other_leader() {
    let hand = [C::EMPRESS, C::KNIGHTS, C::KING];
    assert_eq!(bonus(&hand, C::EMPRESS), 10);
    assert_eq!(penalty(&hand, C::EMPRESS), -5);
}

#[test]
fn card_36_unicorn_30_with_princess_else_15() {
    assert_eq!(bonus(&[C::UNICORN, C::PRINCESS, C::QUEEN], C::UNICORN), 30);
    assert_eq!(bonus(&[C::UNICORN, C::ENCHANTRESS], C::UNICORN), 15);
    assert_eq!(bonus(&[C::UNICORN, C::EMPRESS], C::UNICORN), 15);
    assert_eq!(bonus(&[C::UNICORN], C::UNICORN), 0);
}

#[test]
fn card_37_basilisk_blanks_armies_leaders_other_beasts() {
    let hand = [C::BASILISK, C::KNIGHTS, C::KING, C::UNICORN, C::COLLECTOR];
    for c in [C::KNIGHTS, C::KING, C::UNICORN] {
        assert!(blanked(&hand, c), "{c:?}");
    }
    assert!(!blanked(&hand, C::COLLECTOR));
    assert!(!blanked(&hand, C::BASILISK));
}

#[test]
fn card_38_warhorse_with_a_leader_or_wizard_once() {
    assert_eq!(bonus(&[C::WARHORSE, C::COLLECTOR], C::WARHORSE), 14);
    assert_eq!(
        bonus(&[C::WARHORSE, C::KING, C::COLLECTOR], C::WARHORSE),
        14
    );
    assert_eq!(bonus(&[C::WARHORSE], C::WARHORSE), 0);
}

#[test]
fn card_39_dragon_minus_40_unless_a_wizard() {
    assert_eq!(penalty(&[C::DRAGON], C::DRAGON), -40);
    assert_eq!(penalty(&[C::DRAGON, C::COLLECTOR], C::DRAGON), 0);
}

#[test]
fn card_40_hydra_with_swamp() {
    assert_eq!(bonus(&[C::HYDRA, C::SWAMP], C::HYDRA), 28);
    assert_eq!(bonus(&[C::HYDRA], C::HYDRA), 0);
}

#[test]
fn card_41_warship_blanked_unless_a_flood_and_clears_army_from_floods() {
    assert!(blanked(&[C::WARSHIP], C::WARSHIP));
    let hand = [C::WARSHIP, C::SWAMP, C::KNIGHTS];
    assert!(!blanked(&hand, C::WARSHIP));
    let s = plain(&hand);
    assert_eq!(line(&s, C::SWAMP).penalty, 0);
    assert_eq!(line(&s, C::SWAMP).army_cleared_by, vec![C::WARSHIP]);
}

#[test]
fn card_42_magic_wand_with_a_wizard() {
    assert_eq!(bonus(&[C::MAGIC_WAND, C::COLLECTOR], C::MAGIC_WAND), 25);
    assert_eq!(bonus(&[C::MAGIC_WAND], C::MAGIC_WAND), 0);
}

#[test]
fn card_43_sword_of_keth_10_with_a_leader_40_with_shield() {
    assert_eq!(bonus(&[C::SWORD_OF_KETH, C::KING], C::SWORD_OF_KETH), 10);
    assert_eq!(
        bonus(
            &[C::SWORD_OF_KETH, C::KING, C::SHIELD_OF_KETH],
            C::SWORD_OF_KETH
        ),
        40
    );
    assert_eq!(
        bonus(&[C::SWORD_OF_KETH, C::SHIELD_OF_KETH], C::SWORD_OF_KETH),
        0
    );
}

#[test]
fn card_44_elven_longbow_with_archers_warlord_or_beastmaster_once() {
    assert_eq!(bonus(&[C::ELVEN_LONGBOW, C::WARLORD], C::ELVEN_LONGBOW), 30);
    let hand = [
        C::ELVEN_LONGBOW,
        C::ELVEN_ARCHERS,
        C::WARLORD,
        C::BEASTMASTER,
    ];
    assert_eq!(bonus(&hand, C::ELVEN_LONGBOW), 30);
    assert_eq!(bonus(&[C::ELVEN_LONGBOW], C::ELVEN_LONGBOW), 0);
}

#[test]
fn card_45_war_dirigible_blanked_unless_an_army_and_by_any_weather() {
    assert!(blanked(&[C::WAR_DIRIGIBLE], C::WAR_DIRIGIBLE));
    assert!(!blanked(&[C::WAR_DIRIGIBLE, C::KNIGHTS], C::WAR_DIRIGIBLE));
    assert!(blanked(
        &[C::WAR_DIRIGIBLE, C::KNIGHTS, C::RAINSTORM],
        C::WAR_DIRIGIBLE
    ));
}

#[test]
fn card_46_shield_of_keth_15_with_a_leader_40_with_sword() {
    assert_eq!(bonus(&[C::SHIELD_OF_KETH, C::KING], C::SHIELD_OF_KETH), 15);
    assert_eq!(
        bonus(
            &[C::SHIELD_OF_KETH, C::KING, C::SWORD_OF_KETH],
            C::SHIELD_OF_KETH
        ),
        40
    );
}

#[test]
fn card_47_gem_of_order_scores_runs_of_bases() {
    // Necromancer 3, Shield 4, Gem 5.
    let hand = [C::GEM_OF_ORDER, C::SHIELD_OF_KETH, C::NECROMANCER];
    assert_eq!(bonus(&hand, C::GEM_OF_ORDER), 10);
    assert_eq!(bonus(&[C::GEM_OF_ORDER, C::KNIGHTS], C::GEM_OF_ORDER), 0);
}

#[test]
fn card_48_world_tree_when_no_two_cards_share_a_suit() {
    assert_eq!(
        bonus(&[C::WORLD_TREE, C::KNIGHTS, C::KING], C::WORLD_TREE),
        50
    );
    assert_eq!(
        bonus(&[C::WORLD_TREE, C::KNIGHTS, C::RANGERS], C::WORLD_TREE),
        0
    );
}

#[test]
fn card_49_book_of_changes_changes_one_other_cards_suit() {
    let s = best(&[C::BOOK_OF_CHANGES, C::BELL_TOWER, C::CANDLE], &[]);
    // Bell Tower becomes a Wizard: it holds a Wizard itself (S2), and Candle gets its +100.
    assert_eq!(s.declarations.book, Some((C::BELL_TOWER, Suit::Wizard)));
    assert_eq!(s.total, 3 + (8 + 15) + (2 + 100));
    assert_eq!(line(&s, C::BELL_TOWER).suit, Suit::Wizard);
}

#[test]
fn card_50_protection_rune_clears_every_penalty() {
    let hand = [
        C::PROTECTION_RUNE,
        C::KNIGHTS,
        C::DRAGON,
        C::BLIZZARD,
        C::ISLAND,
    ];
    let s = plain(&hand);
    assert!(s.cards.iter().all(|l| l.penalty == 0 && !l.blanked));
    assert_eq!(line(&s, C::BLIZZARD).cleared_by, vec![C::PROTECTION_RUNE]);
    assert_eq!(s.total, 1 + 20 + 30 + 30 + 14);
}

#[test]
fn card_51_shapeshifter_takes_name_and_suit_not_strength() {
    let s = best(&[C::SHAPESHIFTER, C::SWORD_OF_KETH, C::KING], &[]);
    assert_eq!(
        s.declarations.shapeshifter,
        Some(Identity::Named(C::SHIELD_OF_KETH))
    );
    assert_eq!(line(&s, C::SWORD_OF_KETH).bonus, 40);
    let shifter = line(&s, C::SHAPESHIFTER);
    assert_eq!((shifter.base, shifter.bonus, shifter.total), (0, 0, 0));
    assert_eq!(s.total, 8 + 47);
}

#[test]
fn card_52_mirage_takes_name_and_suit_not_penalty() {
    let s = best(&[C::MIRAGE, C::LIGHTNING], &[]);
    assert_eq!(s.declarations.mirage, Some(Identity::Named(C::RAINSTORM)));
    // Rainstorm's penalty would blank Lightning; the Mirage does not take it.
    assert_eq!(s.total, 11 + 30);
}

#[test]
fn card_53_doppelganger_copies_name_base_suit_and_penalty_not_bonus() {
    let d = Declarations {
        doppelganger: Some(C::DRAGON),
        ..Declarations::default()
    };
    let s = score_with(&[C::DOPPELGANGER, C::DRAGON], &d);
    let copy = line(&s, C::DOPPELGANGER);
    assert_eq!(
        (copy.suit, copy.base, copy.penalty, copy.name),
        (Suit::Beast, 30, -40, Some(C::DRAGON))
    );
    let d = Declarations {
        doppelganger: Some(C::RANGERS),
        ..Declarations::default()
    };
    let s = score_with(&[C::DOPPELGANGER, C::RANGERS, C::MOUNTAIN], &d);
    assert_eq!(line(&s, C::DOPPELGANGER).bonus, 0);
    assert_eq!(line(&s, C::RANGERS).bonus, 10);
}
