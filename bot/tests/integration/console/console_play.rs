//! A person at the console (issue 17 item 5): the table once per decision point, what
//! changed since the last decision, forced choices decided, two humans at one terminal,
//! `vliv rules` and `vliv console --help`.

use crate::cli;
use cli::{typing, vliv_full, vliv_typed, vliv_typed_with};

/// Menus the human was asked (each lists a choice 1) and table prints (each opens with
/// the panel's `== title ==` line, after the `> ` of the answer before when the typing is
/// not echoed).
fn decisions_and_tables(out: &str) -> (usize, usize) {
    let decisions = out.lines().filter(|l| l.starts_with("   1) ")).count();
    let tables = out
        .lines()
        .filter(|l| l.starts_with("== ") || l.starts_with("> == "))
        .count();
    (decisions, tables)
}

/// Every menu shown offers at least two choices: one choice is never asked.
fn no_single_choice_menu(out: &str) {
    let lines: Vec<&str> = out.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if l.starts_with("   1) ") {
            assert!(
                lines.get(i + 1).is_some_and(|n| n.starts_with("   2) ")),
                "a menu with one choice was asked: {:?}",
                &lines[i.saturating_sub(3)..=i]
            );
        }
    }
}

/// The bound of the table prints: one per decision point at most, plus the opening and
/// the final table. Steps of a chained move print none.
fn assert_table_bound(game: &str, out: &str) -> (usize, usize) {
    let (decisions, tables) = decisions_and_tables(out);
    let lines = out.lines().count();
    eprintln!("{game}: {decisions} decisions, {tables} tables, {lines} lines");
    assert!(decisions > 10, "{game}: the human decided ({decisions})");
    assert!(
        tables <= decisions + 2,
        "{game}: {tables} tables for {decisions} decisions"
    );
    (decisions, tables)
}

/// Games whose moves are chains of menus: at most one table per two menus (plus the
/// final one), and at most 35 lines of output per menu (before issue 17 a Louis XIV game
/// printed about 52 lines per menu, Ovlivnění about 36, a table before every menu).
fn assert_chained_bound(game: &str, out: &str) {
    let (decisions, tables) = assert_table_bound(game, out);
    assert!(
        tables <= decisions / 2 + 2,
        "{game}: {tables} tables for {decisions} menus"
    );
    let lines = out.lines().count();
    assert!(
        lines <= 35 * decisions,
        "{game}: {lines} lines for {decisions} menus"
    );
}

#[test]
fn a_louis_xiv_game_prints_the_table_at_most_once_per_decision() {
    let (ok, out, err) = vliv_typed(
        &["console", "louis-xiv", "--seats", "human,ai", "--seed", "3"],
        &typing(3, 6, 20_000),
    );
    assert!(ok, "{err}");
    assert!(out.contains("The fourth round is over: final scoring."));
    // Steps of one placement (card, tile, stones…) share one table.
    assert_chained_bound("louis-xiv", &out);
    // The deal's events open the game: round 1 and its money card.
    assert!(out.contains("Round 1 begins"), "{}", &out[..2000]);
    assert!(out.contains("-- Since your last decision --"));
    no_single_choice_menu(&out);
}

#[test]
fn an_ovlivneni_game_prints_the_table_at_most_once_per_decision_and_decides_lone_passes() {
    let (ok, out, err) = vliv_typed(
        &["console", "ovlivneni", "--seats", "human,ai", "--seed", "5"],
        &typing(5, 5, 40_000),
    );
    assert!(ok, "{err}");
    assert!(out.contains(" owns three countries and wins!"));
    assert_chained_bound("ovlivneni", &out);
    assert!(out.contains("drew the lot and starts."), "the lot is told");
    // A reaction window where only a pass is open is decided, in one line.
    assert!(
        out.contains("Player 1: Pass — the only possible choice, made for you."),
        "{out}"
    );
    no_single_choice_menu(&out);
}

#[test]
fn the_two_player_fantasy_realms_table_is_shown_at_every_turn_after_the_draft() {
    let (ok, out, err) = vliv_typed(
        &[
            "console",
            "fantasy-realms",
            "--seats",
            "human,ai",
            "--seed",
            "3",
        ],
        &typing(3, 4, 2_000),
    );
    assert!(ok, "{err}");
    let (decisions, tables) = assert_table_bound("fantasy-realms", &out);
    // After the draft a turn is two menus (take, then put one away): one table a turn.
    assert!(
        2 * tables + 4 >= decisions,
        "{tables} tables for {decisions} decisions"
    );
    // Every turn after the draft (its "take" menu) comes under a table of its own.
    let mut turns = 0;
    let mut table = false;
    for line in out.lines() {
        if line.starts_with("== ") || line.starts_with("> == ") {
            table = true;
        } else if line.contains("Take the top card of the deck or a card from the discard area") {
            assert!(table, "turn {turns} after the draft without its table");
            table = false;
            turns += 1;
        }
    }
    assert!(turns >= 5, "{turns} turns after the draft");
}

#[test]
fn an_ai_seat_thinking_long_says_so_once_a_turn_in_the_players_language() {
    let args = ["console", "louis-xiv", "--seats", "human,ai", "--seed", "3"];
    // The notice time at zero: every thought counts as a long one.
    let (ok, out, err) =
        vliv_typed_with(&args, &typing(3, 6, 20_000), &[("VLIV_AI_NOTICE_MS", "0")]);
    assert!(ok, "{err}");
    let thinking = out.matches("Player 2 (AI) is thinking…").count();
    assert!(thinking >= 10, "{thinking} thinking lines");
    // Once a turn: never twice without a menu of the human in between, though the AI's
    // turn is several decisions (a card, a tile, its stones…).
    let mut said = false;
    for line in out.lines() {
        if line.contains(" is thinking…") {
            assert!(!said, "two thinking lines in one turn");
            said = true;
        } else if line.starts_with("   1) ") || line.contains("the only possible choice") {
            said = false;
        }
    }
    // The same game with the usual second: the random AI is quick and says nothing.
    let (ok, quick, err) = vliv_typed(&args, &typing(3, 6, 20_000));
    assert!(ok, "{err}");
    assert!(!quick.contains("is thinking"));
    // In Czech.
    let mut cs_args = args.to_vec();
    cs_args.extend(["--lang", "cs"]);
    let (ok, cs, err) = vliv_typed_with(
        &cs_args,
        &typing(3, 6, 20_000),
        &[("VLIV_AI_NOTICE_MS", "0")],
    );
    assert!(ok, "{err}");
    assert!(cs.contains("Hráč 2 (AI) přemýšlí…"), "{}", &cs[..2000]);
}

#[test]
fn a_wrong_number_of_seats_is_said_in_the_terminals_words_and_language() {
    let (ok, _, err) = vliv_typed(
        &["console", "claim", "--seats", "human,ai,ai", "--lang", "cs"],
        "",
    );
    assert!(!ok);
    assert!(
        err.contains("Hru Claim hrají právě 2 hráči, ale --seats uvádí 3 místa."),
        "{err}"
    );
    assert!(!err.contains("lobby"), "{err}");
    let (ok, _, err) = vliv_typed(&["console", "louis-xiv", "--seats", "human"], "");
    assert!(!ok);
    assert!(
        err.contains("Louis XIV is played by 2–4 players, but --seats lists 1 seat."),
        "{err}"
    );
}

#[test]
fn claim_opens_with_the_first_leader_and_the_same_typing_gives_the_same_game() {
    let args = ["console", "claim", "--seats", "human,ai", "--seed", "7"];
    let input = typing(7, 9, 2_000);
    let (ok, first, err) = vliv_typed(&args, &input);
    assert!(ok, "{err}");
    assert!(first.contains("leads the first trick (chosen at random)."));
    assert_eq!(first.matches(" won the trick.").count(), 26);
    assert_table_bound("claim", &first);
    let (_, second, _) = vliv_typed(&args, &input);
    assert_eq!(first, second);
}

#[test]
fn two_humans_at_one_terminal_pass_it_and_see_only_their_own_hand() {
    let (ok, out, err) = vliv_typed(
        &["console", "claim", "--seats", "human,human", "--seed", "7"],
        &typing(8, 9, 4_000),
    );
    assert!(ok, "{err}");
    let passes = out.matches("Pass the terminal to Player ").count();
    assert!(passes >= 26, "{passes} hand-overs");
    // Every hand shown is under a header naming its seat, right after a hand-over.
    let lines: Vec<&str> = out.lines().collect();
    for (i, l) in lines.iter().enumerate() {
        if let Some(rest) = l.strip_prefix("Pass the terminal to ") {
            let seat = rest.trim_end_matches(" and press Enter.");
            assert!(
                lines[i + 1].starts_with(&format!("===== {seat} — ")),
                "{:?}",
                &lines[i..i + 2]
            );
        }
    }
    // A seat's private draw is shown to it only: never in the other seat's block.
    for block in out.split("Pass the terminal to ").skip(1) {
        let seat = &block[..block.find(" and press").unwrap()];
        for line in block.lines().filter(|l| l.starts_with("(Player ")) {
            assert!(line.starts_with(&format!("({seat})")), "{seat} read {line}");
        }
    }
}

#[test]
fn chaotic_realms_trades_without_a_clock_until_the_players_are_done() {
    let (ok, out, err) = vliv_typed(
        &[
            "console",
            "fantasy-realms",
            "--seats",
            "human,ai,ai,ai,ai,ai,ai",
            "--seed",
            "3",
        ],
        &typing(3, 3, 5_000),
    );
    assert!(ok, "{err}");
    // The AI seats trade among themselves, not only with the human's offers.
    let ai_trades = out
        .lines()
        .filter(|l| l.contains(" (AI) and Player ") && l.ends_with(" (AI) traded a card."))
        .count();
    assert!(ai_trades >= 1, "{out}");
    // "Done for now" does not end the period: offers reach the human, who is asked again.
    let done = out.matches("you are done trading for now").count();
    assert!(done >= 2, "{done} times done");
    let first_done = out.find("you are done trading for now").unwrap();
    assert!(out[first_done..].contains("(AI) offers "));
    let over = out
        .find("Every human player is done trading and the AI players have finished")
        .expect("the period ends by the players");
    assert!(out.rfind("you are done trading for now").unwrap() < over);
    assert!(out[over..].contains("Time is up: trading is over."));
    assert!(out.lines().last().unwrap().contains(" wins with "));
}

#[test]
fn rules_print_every_games_summary_in_both_languages() {
    let games = [
        ("claim", "Claim", "Claim"),
        ("fantasy-realms", "Fantasy Realms", "Tajuplné říše"),
        ("louis-xiv", "Louis XIV", "Louis XIV"),
        ("ruse-and-bruise", "Ruse & Bruise", "Kabale und Hiebe"),
        ("ovlivneni", "Ovlivnění", "Ovlivnění"),
    ];
    for (id, en_name, cs_name) in games {
        let (ok, en, err) = vliv_full(&["rules", id]);
        assert!(ok, "{id}: {err}");
        assert!(en.starts_with(en_name), "{id}: {en}");
        for heading in [
            "Players and goal",
            "Setup",
            "How a turn goes",
            "End and scoring",
        ] {
            assert!(en.contains(&format!("\n{heading}\n")), "{id} en: {heading}");
        }
        let (ok, cs, err) = vliv_full(&["rules", id, "--lang", "cs"]);
        assert!(ok, "{id}: {err}");
        assert!(cs.contains(cs_name), "{id}: {cs}");
        for heading in [
            "Hráči a cíl hry",
            "Příprava",
            "Průběh tahu",
            "Konec hry a počítání bodů",
        ] {
            assert!(cs.contains(&format!("\n{heading}\n")), "{id} cs: {heading}");
        }
        // The rulebooks' formal address: no informal "ty" forms.
        for informal in [
            " tvůj", " tvoj", " tvé", " ti ", " tebe", "ješ ", "íš ", " máš",
        ] {
            assert!(
                !cs.contains(informal),
                "{id}: informal `{informal}` in {cs}"
            );
        }
        assert!(en.lines().count() > 15 && cs.lines().count() > 15);
        assert!(
            en.trim_end().ends_with(&format!("vliv console {id}")),
            "{en}"
        );
        assert!(cs
            .trim_end()
            .ends_with(&format!("vliv console {id} --lang cs")));
    }
    let (ok, _, err) = vliv_full(&["rules", "chess"]);
    assert!(!ok);
    assert!(err.contains("claim"), "{err}");
}

#[test]
fn console_help_lists_the_game_ids() {
    let (ok, help, _) = vliv_full(&["console", "--help"]);
    assert!(ok);
    for id in [
        "claim",
        "fantasy-realms",
        "louis-xiv",
        "ruse-and-bruise",
        "ovlivneni",
    ] {
        assert!(help.contains(id), "{id} in {help}");
    }
    let (ok, help, _) = vliv_full(&["rules", "--help"]);
    assert!(ok);
    assert!(help.contains("louis-xiv"));
}

#[test]
fn h_names_the_ais_best_choices_with_their_chances_in_the_players_language() {
    for (lang, title) in [
        ("en", "What the AI would choose here"),
        ("cs", "Co by tu zvolila AI"),
    ] {
        let args = [
            "console", "claim", "--seats", "human,ai", "--seed", "7", "--lang", lang,
        ];
        let input = format!("h\n{}", typing(7, 9, 2_000));
        let (ok, out, err) = vliv_typed(&args, &input);
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.contains(title))
            .unwrap_or_else(|| panic!("{lang}: no hint in {out}"));
        // The menu it answers: the labels listed before it.
        let menu: Vec<&str> = lines[..at]
            .iter()
            .rev()
            .take_while(|l| !l.ends_with(':'))
            .filter_map(|l| l.trim().split_once(") ").map(|(_, label)| label))
            .collect();
        let hints: Vec<&str> = lines[at + 1..]
            .iter()
            .take_while(|l| l.contains('%'))
            .copied()
            .collect();
        assert!(
            (1..=3).contains(&hints.len()),
            "{lang}: {hints:?} after {:?}",
            &lines[at..at + 4]
        );
        for hint in &hints {
            let hint = hint.trim().trim_start_matches('↳').trim();
            let (choice, percent) = hint.rsplit_once(": ").expect("choice: percent");
            assert!(menu.contains(&choice), "{lang}: {choice} not in {menu:?}");
            let n: u32 = percent
                .trim_end_matches('%')
                .trim()
                .parse()
                .expect("a number");
            assert!(n <= 100, "{lang}: {hint}");
        }
    }
}

#[test]
fn review_names_a_human_seats_costliest_decisions_after_the_game_in_both_languages() {
    for (lang, title, unit, yours) in [
        (
            "en",
            "Review of Player 1's decisions",
            "chance to win",
            "Your choice: ",
        ),
        (
            "cs",
            "Rozbor rozhodnutí – Hráč 1",
            "šance na výhru",
            "Vaše volba: ",
        ),
    ] {
        let args = [
            "console", "claim", "--seats", "human,ai", "--seed", "7", "--lang", lang, "--review",
        ];
        let (ok, out, err) = vliv_typed(&args, &typing(7, 9, 2_000));
        assert!(ok, "{err}");
        let lines: Vec<&str> = out.lines().collect();
        let at = lines
            .iter()
            .position(|l| l.starts_with(title))
            .unwrap_or_else(|| panic!("{lang}: no review in {out}"));
        // After the final table: the game is over when it is said.
        assert!(
            lines[..at].iter().any(|l| l.starts_with("== ")),
            "{lang}: the review comes after the game"
        );
        // Each turning point, then what its two choices do, indented under it.
        let why = "          – ";
        let block: Vec<&str> = lines[at + 1..]
            .iter()
            .take_while(|l| l.starts_with("      ↳ ") || l.starts_with(why))
            .copied()
            .collect();
        let points: Vec<&str> = block
            .iter()
            .filter(|l| l.starts_with("      ↳ "))
            .copied()
            .collect();
        assert!((1..=3).contains(&points.len()), "{lang}: {points:?}");
        for point in &points {
            assert!(point.contains(unit), "{lang}: {point}");
        }
        let explained: Vec<&str> = block
            .iter()
            .filter(|l| l.starts_with(why))
            .copied()
            .collect();
        assert!(
            explained.len().is_multiple_of(2) && explained.len() <= 2 * points.len(),
            "{lang}: {block:?}"
        );
        for pair in explained.chunks(2) {
            assert!(
                pair[0].starts_with(&format!("{why}{yours}")),
                "{lang}: {pair:?}"
            );
        }
        // The same game and typing give the same review.
        let (_, again, _) = vliv_typed(&args, &typing(7, 9, 2_000));
        assert_eq!(out, again, "{lang}");
    }
}
