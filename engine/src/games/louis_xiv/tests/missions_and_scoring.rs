//! Louis XIV: missions (§8), the end and the final scoring (§11).

use super::*;

// ---------------- §8 missions ----------------

#[test]
fn s8_crown_is_wild_and_a_new_mission_follows_each_completion() {
    let mut st = quiet(3);
    st.phase = Phase::Missions;
    let m06 = mission(&st, "M06"); // scroll + ring
    st.players[0].missions = cards(&[m06]);
    st.players[0].chips[Chip::Crown as usize] = 1;
    st.players[0].chips[Chip::Ring as usize] = 1;
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, MISSION + m06 as u32]);
    let ev = pick(&mut st, MISSION + m06 as u32);
    assert!(ev.contains(&Ev::Completed {
        seat: 0,
        card: st.mission_ref(m06),
        paid: [Chip::Crown, Chip::Ring]
    }));
    assert_eq!(st.decision, Some(Decision::DrawDeck { seat: 0 }));
    pick(&mut st, Deck::Dark as u32);
    assert_eq!(st.players[0].missions.len(), 1);
    assert_eq!(st.players[0].completed, cards(&[m06]));
}

#[test]
fn s8_question_mark_takes_any_chip_and_two_crowns_pay_a_dark_card() {
    let mut st = quiet(3);
    let l03 = mission(&st, "L03"); // sceptre + ?
    let d01 = mission(&st, "D01"); // sceptre + sceptre
    st.players[0].missions = cards(&[l03, d01]);
    st.players[0].chips = [2, 1, 0, 0, 1];
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, MISSION + l03 as u32, MISSION + d01 as u32]);
    pick(&mut st, MISSION + l03 as u32);
    assert_eq!(ids(&st), [Chip::Crown as u32, Chip::Sceptre as u32]);
    pick(&mut st, Chip::Sceptre as u32);
    assert_eq!(
        ids(&st),
        [Chip::Crown as u32, Chip::Helmet as u32],
        "? takes any chip"
    );
    pick(&mut st, Chip::Helmet as u32);
    pick(&mut st, Deck::Light as u32);
    let id = ids(&st);
    assert!(id.contains(&(MISSION + d01 as u32)), "two crowns pay D01");
    pick(&mut st, MISSION + d01 as u32);
    assert_eq!(st.players[0].chips, [0; 5]);
}

#[test]
fn s12_l01_draws_two_mission_cards() {
    let mut st = quiet(3);
    let l01 = mission(&st, "L01");
    st.players[0].missions = cards(&[l01]);
    st.players[0].chips[Chip::Sceptre as usize] = 2;
    run(&mut st, [Task::MissionTurn(0)]);
    pick(&mut st, MISSION + l01 as u32);
    pick(&mut st, Deck::Light as u32);
    assert_eq!(st.decision, Some(Decision::DrawDeck { seat: 0 }));
    pick(&mut st, Deck::Medium as u32);
    assert_eq!(st.players[0].missions.len(), 2);
}

#[test]
fn s8_keep_one_chip_the_others_become_coats_of_arms() {
    let mut st = quiet(3);
    st.players[1].chips = [0, 0, 0, 1, 2];
    run(&mut st, [Task::MissionTurn(1)]);
    assert_eq!(st.decision, Some(Decision::KeepChip { seat: 1 }));
    assert_eq!(ids(&st), [Chip::Ring as u32, Chip::Helmet as u32]);
    pick(&mut st, Chip::Ring as u32);
    assert_eq!(st.players[1].chips, [0, 0, 0, 1, 0]);
    assert_eq!(st.players[1].coats.len(), 2);
}

#[test]
fn s12_l17_swaps_a_chip_for_a_crown_and_l19_exchanges_missions_a14() {
    let mut st = quiet(3);
    let l17 = mission(&st, "L17");
    let l19 = mission(&st, "L19");
    let m02 = mission(&st, "M02");
    st.players[0].completed = cards(&[l17, l19]);
    st.players[0].missions = cards(&[m02]);
    for d in &mut st.mission_decks {
        d.retain(|&m| m != m02);
    }
    st.players[0].chips = [0, 0, 1, 0, 0];
    run(&mut st, [Task::MissionTurn(0)]);
    assert_eq!(ids(&st), [STOP, 2000 + l17 as u32]);
    pick(&mut st, 2000 + l17 as u32);
    pick(&mut st, Chip::Scroll as u32);
    assert_eq!(st.players[0].chips, [1, 0, 0, 0, 0]);
    assert_eq!(st.players[0].money, 8);
    // L17 is used and nothing can be completed: the turn ends by itself, L19 comes.
    assert!(matches!(st.decision, Some(Decision::ReturnMissions { .. })));
    assert_eq!(ids(&st), [STOP, MISSION + m02 as u32]);
    pick(&mut st, MISSION + m02 as u32);
    assert_eq!(ids(&st), [STOP]);
    pick(&mut st, STOP);
    assert_eq!(
        st.mission_decks[Deck::Medium as usize][0],
        m02,
        "under its own deck"
    );
    pick(&mut st, Deck::Light as u32);
    assert_eq!(st.players[0].missions.len(), 1);
    assert!(!st.players[0].missions.contains(&m02));
}

// ---------------- §11 end and scoring ----------------

#[test]
fn s11_conversions_kind_majorities_and_scores_a13() {
    let mut st = quiet(3);
    for p in &mut st.players {
        p.money = 0;
        p.own = 16;
        p.common = 0;
    }
    // Kind I (0..10) majority shared by seats 0 and 1, kind II (10..20) by seat 2.
    st.players[0].coats = vec![0, 1];
    st.players[1].coats = vec![2, 3, PLAIN_COAT];
    st.players[2].coats = vec![10];
    st.players[2].money = 7; // 2 coats, 1 Louisdor stays
    st.players[2].own = 15;
    st.tiles[3].stones[2] = 1; // a stone left on a tile
    st.players[1].completed = cards(&[mission(&st, "L03")]);
    st.coat_pile = vec![50, 51, 52, 53, 54, 55, 56, 57]; // kind VI only: no effect on I, II
    run(&mut st, [Task::Final]);
    let r = st.result.clone().unwrap();
    assert_eq!(r.conversions[2], [0, 0, 0, 1, 2]);
    assert_eq!(st.players[2].money, 1);
    assert_eq!(r.majorities[0], (2, vec![0, 1]));
    assert_eq!(r.majorities[1], (1, vec![2]));
    assert_eq!(
        r.majorities[5],
        (3, vec![2]),
        "converted coats count, bonus coats don't"
    );
    // Seat 0: 2 + bonus I = 3. Seat 1: 3 + bonus I + 5 = 9. Seat 2: 1 + 3 + bonus II + bonus VI = 6.
    assert_eq!(r.scores, [3, 9, 6]);
    assert_eq!(r.places, [3, 1, 2]);
    assert_eq!(st.tiles[3].stones[2], 0);
}

#[test]
fn s11_tie_break_by_own_supply_then_shared_victory_a20() {
    let mut st = quiet(3);
    for p in &mut st.players {
        p.money = 0;
        p.coats = vec![PLAIN_COAT; 4];
    }
    st.players[0].own = 12;
    st.players[1].own = 12;
    st.players[2].own = 9;
    run(&mut st, [Task::Final]);
    let out = LouisXiv::outcome(&st).unwrap();
    assert_eq!(out.places, [1, 1, 3]);
    assert_eq!(out.winners(), [0, 1]);

    let mut st = quiet(2);
    for p in &mut st.players {
        p.money = 0;
        p.coats = vec![PLAIN_COAT; 4];
    }
    st.players[1].own = 13;
    run(&mut st, [Task::Final]);
    assert_eq!(LouisXiv::outcome(&st).unwrap().places, [2, 1]);
}
