//! Louis XIV: the components (§2) and the data file.

use super::*;

// ---------------- §2 components and the data file ----------------

#[test]
fn s2_1_default_data_has_the_seed_front_conditions() {
    let d = Data::default_data();
    let kind = |n: usize| match d.tile[n - 1].front {
        Condition::Money { .. } => 'M',
        Condition::First => 'F',
        Condition::Stones { .. } => 'S',
    };
    for n in [1, 2, 3, 4, 8, 12] {
        assert_eq!(kind(n), 'M', "tile {n}");
    }
    for n in [5, 7, 9, 11] {
        assert_eq!(kind(n), 'F', "tile {n}");
    }
    for n in [6, 10] {
        assert_eq!(kind(n), 'S', "tile {n}");
    }
    assert_eq!(d.tile[0].front, Condition::Money { price: 3 });
    assert_eq!(
        d.tile[0].reward.chip,
        Some(Chip::Sceptre),
        "A4: Anne gives the sceptre"
    );
}

#[test]
fn s2_2_adjacency_is_the_spec_table() {
    let d = Data::default_data();
    let expected: [&[u8]; 12] = [
        &[2, 4, 6, 7],
        &[1, 3, 8, 9],
        &[2, 4, 10, 11],
        &[1, 3, 5, 12],
        &[4, 6],
        &[1, 5],
        &[1, 8],
        &[2, 7],
        &[2, 10],
        &[3, 9],
        &[3, 12],
        &[4, 11],
    ];
    for (i, t) in d.tile.iter().enumerate() {
        let mut a = t.adjacent.clone();
        a.sort();
        assert_eq!(a, expected[i], "tile {}", i + 1);
        for other in &d.tile {
            let diagonal = t.row.abs_diff(other.row) == 1 && t.col.abs_diff(other.col) == 1;
            assert_eq!(diagonal, t.adjacent.contains(&other.number), "grid agrees");
        }
    }
}

#[test]
fn s2_components_counts() {
    let d = Data::default_data();
    assert_eq!(d.influence_cards(), 30);
    let count = |deck| d.mission.iter().filter(|m| m.deck == deck).count();
    assert_eq!(
        (count(Deck::Light), count(Deck::Medium), count(Deck::Dark)),
        (20, 12, 8)
    );
    assert_eq!(d.money_card.len(), 8);
    for king in 1..=4 {
        assert_eq!(d.money_card.iter().filter(|m| m.king == king).count(), 2);
    }
    let m = |id: &str| d.mission.iter().filter(|c| c.id.starts_with(id)).count();
    assert_eq!(m("M05") + m("M06") + m("M07"), 3, "A3: three +1 coat cards");
}

fn with_price_of_tile_1(price: u32) -> String {
    DEFAULT_TOML.replacen(
        "front = { condition = \"money\", price = 3 }",
        &format!("front = {{ condition = \"money\", price = {price} }}"),
        1,
    )
}

#[test]
fn data_override_changing_a_price_changes_play() {
    let text = with_price_of_tile_1(5);
    assert_ne!(text, DEFAULT_TOML);
    let scene = |data: Data| {
        let mut st = LouisXiv::with_data(data, 3, 1).unwrap();
        let base = quiet(3);
        st.tasks.clear();
        st.decision = None;
        st.start = 0;
        st.king = None;
        st.players = base.players.clone();
        st.tiles = base.tiles;
        st.tiles[0].stones = [2, 1, 0, 0, 0];
        st.players[1].money = 4;
        evaluate(&mut st, 1);
        st.decision.clone()
    };
    assert_eq!(
        scene(Data::default_data()),
        Some(Decision::Buy {
            seat: 1,
            tile: 0,
            price: 3
        })
    );
    assert_eq!(
        scene(Data::parse(&text).unwrap()),
        None,
        "at 5 Louisdor the buyer with 4 cannot buy"
    );
}

#[test]
fn data_malformed_override_fails_naming_the_entry() {
    let asym = DEFAULT_TOML.replacen("adjacent = [2, 4, 6, 7]", "adjacent = [2, 6, 7]", 1);
    let err = Data::parse(&asym).unwrap_err().to_string();
    assert!(err.contains("tile 4") && err.contains("symmetric"), "{err}");

    let dup = DEFAULT_TOML.replacen("id = \"L02\"", "id = \"L01\"", 1);
    let err = Data::parse(&dup).unwrap_err().to_string();
    assert!(err.contains("`L01`") && err.contains("twice"), "{err}");

    let same_sides = DEFAULT_TOML.replacen(
        "back = { condition = \"first\" }",
        "back = { condition = \"money\", price = 2 }",
        1,
    );
    let err = Data::parse(&same_sides).unwrap_err().to_string();
    assert!(err.contains("tile 1") && err.contains("different"), "{err}");

    let bad_shape = DEFAULT_TOML.replacen(
        "requires = [\"sceptre\", \"sceptre\"]",
        "requires = [\"sceptre\", \"ring\"]",
        1,
    );
    let err = Data::parse(&bad_shape).unwrap_err().to_string();
    assert!(err.contains("`D01`") && err.contains("identical"), "{err}");

    let bad_value = DEFAULT_TOML.replacen("price = 3", "price = \"three\"", 1);
    let err = Data::parse(&bad_value).unwrap_err().to_string();
    assert!(err.contains("price"), "{err}");

    let counts = DEFAULT_TOML.replacen(
        "common_stones_4 = [5, 5, 6, 7]",
        "common_stones_4 = [5, 5, 6]",
        1,
    );
    let err = Data::parse(&counts).unwrap_err().to_string();
    assert!(err.contains("common_stones_4"), "{err}");

    let err = LouisXiv::new_with_data(&LouisOptions::default(), 3, 1, &asym).unwrap_err();
    assert!(matches!(err, SetupError::BadData(m) if m.contains("tile 4")));
}

#[test]
fn data_hash_is_recorded_and_kept_by_the_state() {
    let kind = registry::find("louis-xiv").unwrap();
    let default_hash = kind.data_hash(kind.default_data().unwrap()).unwrap();
    let text = with_price_of_tile_1(4);
    let other_hash = kind.data_hash(&text).unwrap();
    assert_ne!(default_hash, other_hash);
    let commented = format!("# a note\n{DEFAULT_TOML}");
    assert_eq!(
        kind.data_hash(&commented).unwrap(),
        default_hash,
        "comments don't count"
    );

    let plain = kind.new_game(&OptionValues::new(), 3, 5).unwrap();
    assert_eq!(plain.data_hash(), Some(default_hash.clone()));
    let custom = kind
        .new_game_with_data(&OptionValues::new(), 3, 5, &text)
        .unwrap();
    assert_eq!(custom.data_hash(), Some(other_hash.clone()));
    // A stored game keeps its data: reloading needs no file.
    let back = kind.load(&custom.to_json()).unwrap();
    assert_eq!(back.data_hash(), Some(other_hash));
    assert!(back.same_state(custom.as_ref()));
    let claim = registry::find("claim").unwrap();
    assert!(claim.default_data().is_none());
    assert_eq!(claim.data_hash("x"), Err(SetupError::NoData));
}
