//! A player's preferences for one game, as `/vliv preferences` shows them: each key with
//! what it means, the value in force and the values it takes.

use vliv_engine::{resolve_options, GameKind, Lang, OptionKind, OptionValues, Text};

use super::{table::option_value, Names};
use crate::i18n::tr;

pub fn preferences_text(kind: &dyn GameKind, prefs: &OptionValues, lang: Lang) -> String {
    let names = Names::none();
    let say = |t: &Text| tr(lang, t, &|s| names.get(s));
    let schema = kind.preference_schema();
    let resolved = resolve_options(&schema, prefs).unwrap_or_default();
    let mut lines = vec![say(&Text::new("prefs-title").arg("game", say(&kind.name())))];
    for spec in &schema {
        let value = option_value(spec, resolved.get(spec.key), lang, &names);
        lines.push(format!(
            "**{}** (`{}`): {value}",
            say(&spec.label),
            spec.key
        ));
        if let OptionKind::Choice { values, .. } = &spec.kind {
            for (id, label) in values {
                lines.push(format!("- `{}={id}`: {}", spec.key, say(label)));
            }
        }
    }
    lines.join("\n")
}
