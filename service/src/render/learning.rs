//! Learning mode on the hand panel, the same plain data for Discord and Matrix: under the
//! seat's menu, one line per choice saying what it does here (the engine's
//! `explain_choices`, read from that seat's knowledge only), in one section after the hand's
//! (a front end that limits a section's length continues it in whole lines).

use vliv_engine::{GameState, Lang, Text};

use super::{FieldSpec, MessageSpec, Names};
use crate::service::{GameRecord, PendingMenu};

/// Adds the explanation of each choice of `pending` to `spec` (a hand panel). Nothing when
/// nothing is pending or the game explains nothing.
pub fn with_learning(
    mut spec: MessageSpec,
    rec: &GameRecord,
    state: &dyn GameState,
    pending: Option<&PendingMenu>,
    lang: Lang,
) -> MessageSpec {
    let Some(p) = pending else {
        return spec;
    };
    let Some(lines) = state.explain_choices(p.seat) else {
        return spec;
    };
    // The menu the panel shows is the engine's: explanations follow its order.
    if lines.len() != p.menu.choices.len() {
        return spec;
    }
    let names = Names::for_game(rec, lang);
    let heading = names.say(lang, &Text::new("learn-panel-heading"));
    let entries = p
        .menu
        .choices
        .iter()
        .zip(&lines)
        .enumerate()
        .map(|(i, (c, l))| {
            format!(
                "{}) {} — {}",
                i + 1,
                names.say(lang, &c.label),
                names.say(lang, l)
            )
        });
    if let Some(embed) = spec.embed.as_mut() {
        // Explanations come last: a front end short of room drops them first, the hand stays.
        embed.fields.push(section(heading, entries));
    }
    spec
}

/// Adds why the latest scoring came out as it did (the explanations of public events, from
/// the game's recent events) to `spec`, a learning player's hand panel.
pub fn with_scoring(
    mut spec: MessageSpec,
    rec: &GameRecord,
    why: &[Text],
    lang: Lang,
) -> MessageSpec {
    if why.is_empty() {
        return spec;
    }
    let names = Names::for_game(rec, lang);
    let heading = names.say(lang, &Text::new("learn-why-heading"));
    let lines = why.iter().map(|t| names.say(lang, t));
    if let Some(embed) = spec.embed.as_mut() {
        embed.fields.push(section(heading, lines));
    }
    spec
}

/// What a player's learning setting is, for `/vliv settings` and `!vliv me learning`.
pub fn learning_setting_text(on: Option<bool>) -> Text {
    Text::new(match on {
        None => "learn-setting-first",
        Some(true) => "learn-setting-on",
        Some(false) => "learn-setting-off",
    })
}

fn section(heading: String, lines: impl Iterator<Item = String>) -> FieldSpec {
    FieldSpec {
        name: heading,
        value: lines.collect::<Vec<_>>().join("\n"),
        inline: false,
    }
}
