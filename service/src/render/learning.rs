//! Learning mode on the hand panel, the same plain data for Discord and Matrix: under the
//! seat's menu, one line per choice saying what it does here (the engine's
//! `explain_choices`, read from that seat's knowledge only), packed into embed fields of at
//! most 1,024 characters each, whole lines only.

use vliv_engine::{GameState, Lang, Text};

use super::{clip, limits, FieldSpec, MessageSpec, Names};
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
            let line = format!(
                "{}) {} — {}",
                i + 1,
                names.say(lang, &c.label),
                names.say(lang, l)
            );
            clip(&line, limits::FIELD_VALUE)
        });
    let fields = pack(entries, &heading);
    if let Some(embed) = spec.embed.take() {
        let mut embed = embed;
        embed.fields.extend(fields);
        // Explanations come last: over the embed's limits they go first, the hand stays.
        spec.embed = Some(embed.fit());
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
    let lines = why
        .iter()
        .map(|t| clip(&names.say(lang, t), limits::FIELD_VALUE));
    let fields = pack(lines, &heading);
    if let Some(mut embed) = spec.embed.take() {
        embed.fields.extend(fields);
        spec.embed = Some(embed.fit());
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

/// Whole lines into fields of at most [`limits::FIELD_VALUE`] characters; the first field
/// carries the heading.
fn pack(lines: impl Iterator<Item = String>, heading: &str) -> Vec<FieldSpec> {
    let mut fields: Vec<FieldSpec> = Vec::new();
    let mut value = String::new();
    for line in lines {
        let len = value.chars().count() + line.chars().count() + 1;
        if !value.is_empty() && len > limits::FIELD_VALUE {
            fields.push(field(&fields, std::mem::take(&mut value), heading));
        }
        if !value.is_empty() {
            value.push('\n');
        }
        value.push_str(&line);
    }
    if !value.is_empty() {
        fields.push(field(&fields, value, heading));
    }
    fields
}

fn field(before: &[FieldSpec], value: String, heading: &str) -> FieldSpec {
    FieldSpec {
        name: match before.is_empty() {
            true => heading.to_owned(),
            false => String::new(),
        },
        value,
        inline: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_explanations_fill_fields_of_whole_lines_within_discords_limit() {
        let lines = (0..30).map(|i| format!("{i}) {}", "x".repeat(100)));
        let fields = pack(lines, "What each choice does");
        assert!(fields.len() > 1);
        assert_eq!(fields[0].name, "What each choice does");
        assert!(fields[1..].iter().all(|f| f.name.is_empty()));
        for f in &fields {
            assert!(f.value.chars().count() <= limits::FIELD_VALUE);
            assert!(f.value.lines().all(|l| l.ends_with(&"x".repeat(100))));
        }
        let total: usize = fields.iter().map(|f| f.value.lines().count()).sum();
        assert_eq!(total, 30);
    }
}
