//! The console front end as a user runs it.
//! The scripted sessions of each game and the `vliv` binary's start-up are in this folder.

mod console_card;
mod console_learning;
mod console_louis_xiv;
mod console_ovlivneni;
mod console_play;
mod console_ruse_and_bruise;
mod event_lines;
mod fantasy_realms;
mod render_command;
mod seat_views;
mod startup;

use std::process::Command;

use crate::cli;
use cli::vliv;

#[test]
fn two_ais_play_a_whole_claim_game_the_same_way_for_the_same_seed() {
    let args = ["console", "claim", "--seats", "ai,ai", "--seed", "7"];
    let (ok, first) = vliv(&args);
    assert!(ok);
    assert!(first.contains("The game is over; the factions vote."));
    let last = first.lines().last().unwrap();
    assert!(
        last.contains(" wins with ") || last.starts_with("A draw"),
        "the result closes the output: {last}"
    );
    assert_eq!(
        first.matches(" won the trick.").count(),
        26,
        "every trick is printed"
    );
    let (_, second) = vliv(&args);
    assert_eq!(first, second);
    let (_, other) = vliv(&["console", "claim", "--seats", "ai,ai", "--seed", "8"]);
    assert_ne!(first, other);
}

#[test]
fn the_console_speaks_czech() {
    let (ok, out) = vliv(&[
        "console", "claim", "--seats", "ai,ai", "--seed", "7", "--lang", "cs",
    ]);
    assert!(ok);
    assert!(out.contains("Konec hry, frakce hlasují."));
}

#[test]
fn an_unknown_game_fails_with_the_list_of_games() {
    let out = Command::new(env!("CARGO_BIN_EXE_vliv"))
        .args(["console", "chess"])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("claim"));
}

#[test]
fn without_a_token_the_bot_explains_what_to_do_and_fails() {
    for args in [&[][..], &["run"][..]] {
        let out = Command::new(env!("CARGO_BIN_EXE_vliv"))
            .args(args)
            .env_remove("DISCORD_TOKEN")
            .output()
            .unwrap();
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("DISCORD_TOKEN"), "{err}");
        assert!(err.contains("vliv console claim"), "{err}");
    }
}
