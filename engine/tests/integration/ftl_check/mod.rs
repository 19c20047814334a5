//! The plural check shared by the engine's and the bot's `.ftl` files.
//!
//! A *count* is a variable placed right before a word (`{ $n } kamenů`, `{ $n } cards`).
//! Every count is rendered for 0, 1, 2, 5 and 21 and must change the text with the number:
//! Czech 1 against 5, English 1 against 2, i.e. the count selects the plural form
//! (`{ $n -> [one] … [few] … [many] … *[other] … }`).
//!
//! Conventions the check relies on:
//! - Variables that carry text (a player's name, a card, a list…) are named in
//!   [`TEXT_VARS`], numbers that name rather than count (a column, a round, a tile) in
//!   [`LABEL_VARS`]; every other variable is a count. A new text variable placed before a
//!   word fails the check until it is listed here.
//! - A number followed by an invariant unit ([`UNITS`]: "5 min", "3 L", the English spec's
//!   "3 Louisdor") is not a count.
//! - A number that is not a count of the word after it ("take { $amount } as Louisdor or
//!   stones") is marked by a comment right above the message: `# bare: amount, total`.

// Each test crate that includes this module uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

use fluent_bundle::{FluentArgs, FluentBundle, FluentResource, FluentValue};
use fluent_syntax::ast;

/// Variables that never carry a number.
pub const TEXT_VARS: &[&str] = &[
    "a",
    "ability",
    "action",
    "b",
    "by",
    "card",
    "cards",
    "channel",
    "channels",
    "character",
    "chip",
    "chips",
    "colour",
    "condition",
    "countries",
    "country",
    "date",
    "dms",
    "effect",
    "faction",
    "from",
    "gain",
    "game",
    "games",
    "gave",
    "got",
    "host",
    "item",
    "items",
    "kept",
    "kind",
    "lang",
    "lead",
    "leader",
    "link",
    "mine",
    "name",
    "new",
    "notes",
    "old",
    "pa",
    "params",
    "pb",
    "permissions",
    "pictures",
    "player",
    "players",
    "point",
    "points",
    "reason",
    "res",
    "result",
    "reward",
    "row",
    "side",
    "sizes",
    "sources",
    "suit",
    "sums",
    "symbol",
    "ta",
    "target",
    "tb",
    "theirs",
    "threads",
    "time",
    "to",
    "user",
    "variant",
    "variants",
    "what",
    "winner",
    "wish",
];

/// Numbers that name something (column 3, round 2, tile 5) rather than count a noun.
pub const LABEL_VARS: &[&str] = &[
    "column", "id", "number", "phase", "place", "pos", "round", "slot", "tile", "trick", "turn",
];

/// Words written the same after every number.
pub const UNITS: &[&str] = &["min", "L", "Louisdor"];

const NUMBERS: [i64; 5] = [0, 1, 2, 5, 21];

/// One message (or attribute) whose text does not follow a count.
#[derive(Debug)]
pub struct Offence {
    pub file: String,
    pub message: String,
    pub variable: String,
    pub renders: Vec<String>,
}

/// The language of an `.ftl` file: its name's last part (`cs.ftl`, `rules-cs.ftl`).
pub fn lang_of(path: &Path) -> &str {
    let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    stem.rsplit('-').next().unwrap_or(stem)
}

/// The `.ftl` files under `dir` (recursively), sorted.
pub fn ftl_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).unwrap_or_else(|e| panic!("{}: {e}", d.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ftl") {
                out.push(path);
            }
        }
    }
    out.sort();
    out
}

/// Every count in `path` whose text does not change with the number.
pub fn check_file(path: &Path) -> Vec<Offence> {
    let source = std::fs::read_to_string(path).expect("a readable .ftl file");
    let lang = lang_of(path);
    let resource = fluent_syntax::parser::parse(source.as_str())
        .unwrap_or_else(|(_, e)| panic!("{}: {e:?}", path.display()));
    let mut bundle = FluentBundle::new(vec![lang.parse().expect("a language id")]);
    bundle.set_use_isolating(false);
    bundle
        .add_resource(FluentResource::try_new(source.clone()).expect("parsed above"))
        .expect("no duplicate messages");
    let mut out = Vec::new();
    for entry in &resource.body {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let bare = bare_marks(message.comment.as_ref());
        let patterns = message.value.iter().map(|p| (None, p)).chain(
            message
                .attributes
                .iter()
                .map(|a| (Some(a.id.name), &a.value)),
        );
        for (attribute, pattern) in patterns {
            let mut vars = Vec::new();
            let mut counts = Vec::new();
            walk(pattern, &mut vars, &mut counts);
            for var in counts {
                if TEXT_VARS.contains(&var) || LABEL_VARS.contains(&var) || bare.contains(&var) {
                    continue;
                }
                let renders: Vec<String> = NUMBERS
                    .iter()
                    .map(|&n| render(&bundle, message.id.name, attribute, &vars, var, n))
                    .collect();
                let stripped: Vec<String> = renders
                    .iter()
                    .map(|r| r.chars().filter(|c| !c.is_ascii_digit()).collect())
                    .collect();
                // 1 and 5 differ in Czech (karta, karet), 1 and 2 in English (card, cards).
                let other = if lang == "cs" { 3 } else { 2 };
                if stripped[1] == stripped[other] {
                    out.push(Offence {
                        file: path.display().to_string(),
                        message: match attribute {
                            Some(a) => format!("{}.{a}", message.id.name),
                            None => message.id.name.to_string(),
                        },
                        variable: var.to_string(),
                        renders,
                    });
                }
            }
        }
    }
    out
}

fn bare_marks<'s>(comment: Option<&ast::Comment<&'s str>>) -> Vec<&'s str> {
    comment
        .into_iter()
        .flat_map(|c| c.content.iter())
        .filter_map(|line| line.trim().strip_prefix("bare:"))
        .flat_map(|names| names.split(','))
        .map(str::trim)
        .collect()
}

/// Collects every variable of `pattern` into `vars` and the counts (a variable placed
/// right before a space and a word) into `counts`.
fn walk<'s>(pattern: &ast::Pattern<&'s str>, vars: &mut Vec<&'s str>, counts: &mut Vec<&'s str>) {
    let elements = &pattern.elements;
    for (i, element) in elements.iter().enumerate() {
        let ast::PatternElement::Placeable { expression } = element else {
            continue;
        };
        match expression {
            ast::Expression::Inline(inline) => {
                inline_vars(inline, vars);
                if let ast::InlineExpression::VariableReference { id } = inline {
                    let before_word = match elements.get(i + 1) {
                        Some(ast::PatternElement::TextElement { value }) => {
                            let word: String = value
                                .trim_start_matches([' ', '\u{a0}'])
                                .chars()
                                .take_while(|c| c.is_alphabetic())
                                .collect();
                            value.starts_with([' ', '\u{a0}'])
                                && !word.is_empty()
                                && !UNITS.contains(&word.as_str())
                        }
                        _ => false,
                    };
                    if before_word && !counts.contains(&id.name) {
                        counts.push(id.name);
                    }
                }
            }
            ast::Expression::Select { selector, variants } => {
                inline_vars(selector, vars);
                for variant in variants {
                    walk(&variant.value, vars, counts);
                }
            }
        }
    }
}

fn inline_vars<'s>(inline: &ast::InlineExpression<&'s str>, vars: &mut Vec<&'s str>) {
    match inline {
        ast::InlineExpression::VariableReference { id } if !vars.contains(&id.name) => {
            vars.push(id.name);
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => {
            if let ast::Expression::Inline(i) = expression.as_ref() {
                inline_vars(i, vars);
            }
        }
        _ => {}
    }
}

/// The message with `var` = `n`, other numbers 3 and texts "X".
fn render(
    bundle: &FluentBundle<FluentResource>,
    id: &str,
    attribute: Option<&str>,
    vars: &[&str],
    var: &str,
    n: i64,
) -> String {
    let mut args = FluentArgs::new();
    for &v in vars {
        let value: FluentValue = if v == var {
            n.into()
        } else if TEXT_VARS.contains(&v) {
            "X".into()
        } else {
            3.into()
        };
        args.set(v, value);
    }
    let message = bundle.get_message(id).expect("a message of this file");
    let pattern = match attribute {
        Some(a) => message.get_attribute(a).expect("its attribute").value(),
        None => message.value().expect("a message with a value"),
    };
    let mut errors = Vec::new();
    let out = bundle.format_pattern(pattern, Some(&args), &mut errors);
    assert!(errors.is_empty(), "{id} with {var}={n}: {errors:?}");
    out.into_owned()
}

/// Fails listing every offence in the `.ftl` files under `dirs`.
pub fn assert_plurals(dirs: &[PathBuf]) {
    let files: Vec<PathBuf> = dirs.iter().flat_map(|d| ftl_files(d)).collect();
    assert!(files.len() >= 2, "no .ftl files under {dirs:?}");
    let offences: Vec<Offence> = files.iter().flat_map(|f| check_file(f)).collect();
    let report: Vec<String> = offences
        .iter()
        .map(|o| {
            format!(
                "{}: {} (${}): {}",
                o.file,
                o.message,
                o.variable,
                o.renders.join(" | ")
            )
        })
        .collect();
    assert!(
        offences.is_empty(),
        "{} messages do not change with their count:\n{}",
        offences.len(),
        report.join("\n")
    );
}

/// Words and marks no Czech text may use: a gender hedge, the informal "ty", internal words,
/// English slash command names and the terms replaced by the rulebooks' own.
const CS_FORBIDDEN_WORDS: &[&str] = &[
    // Informal address (the product says "vy", as the rulebooks do).
    "jsi",
    "nejsi",
    "sis",
    "máš",
    "nemáš",
    "chceš",
    "smíš",
    "můžeš",
    "bys",
    "tvůj",
    "tvoje",
    "tvá",
    "tvou",
    "tvého",
    "tvých",
    "tebe",
    "tobě",
    "vezmi",
    "zahraj",
    "vynes",
    "odlož",
    "dober",
    "vyber",
    "získej",
    "lízni",
    "zruš",
    "vrať",
    "odhoď",
    "zadej",
    "nech",
    // Internal words.
    "seed",
    "seedu",
    // Cards are drawn ("dobírat", as the rulebooks say), never licked ("lízat").
    "líže",
    "lížete",
    "lízne",
    "líznete",
    "lízněte",
    "lízni",
    "líznout",
    "líznutá",
    "líznuté",
    "líznutou",
    "lízání",
    "lízat",
    // Cards are put away ("odložit"), never thrown ("odhodit", "zahodit").
    "odhodit",
    "odhoďte",
    "odhodíte",
    "odhodí",
    "odhazuje",
    "odhazovací",
    "odhazovacího",
    "odhazovacím",
    "odhozené",
    "zahodit",
    "zahoďte",
    "zahodí",
    // Claim's rulebook says "ctít barvu", not "přiznat".
    "přiznat",
    "přiznejte",
    // One word for the host (zakladatel), for capture (získat) and the rulebook's Status.
    "hostitel",
    "hostíte",
    "statut",
    "statutem",
    "obsazené",
    "obsadil",
];
const CS_FORBIDDEN_MARKS: &[&str] = &[
    // The seat of a player who leaves goes to the AI, not to a "random player".
    "náhodný hráč",
    "náhodného hráče",
    "(a)",
    "(y)",
    "/odešla",
    "/ni",
    "kámen/",
    "§",
    "O-D",
    "/game",
    "/play",
    "/score",
    "/vliv-admin",
    "/vliv settings",
    "/vliv preferences",
];
const EN_FORBIDDEN_MARKS: &[&str] = &["(s)", "seed", "§", "O-D", "random player takes"];

/// Variables that carry a player's (seat's) name: a number placed right next to one runs
/// into the name ("Player 1 4"), so it is told apart by a colon, a dash or brackets.
pub const SEAT_VARS: &[&str] = &[
    "a", "b", "by", "follower", "from", "host", "leader", "p0", "p1", "player", "players",
    "target", "to", "user", "winner",
];

/// The variable of a placeable at the start of `s`: `{ $x }` or a selector `{ $x -> …`.
fn placeable_var(s: &str) -> Option<&str> {
    let rest = s.strip_prefix("{ $")?;
    let end = rest.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    let name = &rest[..end];
    let after = &rest[end..];
    (after.starts_with(" }") || after.starts_with(" ->")).then_some(name)
}

/// The places in `text` where a number stands right next to a seat's name, separated by
/// a space only: `{ $player } { $count }`, `{ $n } { $player }` or `{ $player } 3`.
pub fn numbers_next_to_names(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let starts: Vec<usize> = text.match_indices("{ $").map(|(i, _)| i).collect();
    for &i in &starts {
        let Some(first) = placeable_var(&text[i..]) else {
            continue;
        };
        // Only a closed `{ $x }` is followed by text on this line.
        let after = i + first.len() + "{ $ }".len();
        if !text[i..].starts_with(&format!("{{ ${first} }}")) {
            continue;
        }
        let Some(rest) = text[after..].strip_prefix(' ') else {
            continue;
        };
        let is_name = |v: &str| SEAT_VARS.contains(&v);
        let is_number = |v: &str| !TEXT_VARS.contains(&v) && !SEAT_VARS.contains(&v);
        let pair = match placeable_var(rest) {
            Some(second) => {
                (is_name(first) && is_number(second)) || (is_number(first) && is_name(second))
            }
            None => is_name(first) && rest.starts_with(|c: char| c.is_ascii_digit()),
        };
        if pair {
            out.push(text[i..].chars().take(40).collect());
        }
    }
    out
}

/// Fails listing every message of the `.ftl` files under `dirs` that breaks a wording rule.
pub fn assert_wording(dirs: &[PathBuf]) {
    let mut faults = Vec::new();
    for file in dirs.iter().flat_map(|d| ftl_files(d)) {
        let lang = lang_of(&file);
        let source = std::fs::read_to_string(&file).expect("a readable .ftl file");
        for line in source.lines().filter(|l| !l.trim_start().starts_with('#')) {
            // The text after a message's `id =`, or a continuation line.
            let text = match line.split_once(" = ") {
                Some((id, rest)) if !id.contains(' ') => rest,
                _ => line,
            };
            let marks = if lang == "cs" {
                CS_FORBIDDEN_MARKS
            } else {
                EN_FORBIDDEN_MARKS
            };
            let mut found: Vec<&str> = marks.iter().copied().filter(|m| text.contains(m)).collect();
            let run_ins = numbers_next_to_names(text);
            found.extend(run_ins.iter().map(|_| "a number next to a player's name"));
            if lang == "cs" {
                found.extend(
                    text.split(|c: char| !c.is_alphanumeric())
                        .filter(|w| CS_FORBIDDEN_WORDS.contains(&w.to_lowercase().as_str()))
                        .collect::<Vec<_>>(),
                );
            }
            if !found.is_empty() {
                faults.push(format!(
                    "{}: {found:?} in `{}`",
                    file.display(),
                    line.trim()
                ));
            }
        }
    }
    assert!(
        faults.is_empty(),
        "{} lines break the wording rules:\n{}",
        faults.len(),
        faults.join("\n")
    );
}
