//! Game options with a published schema, so lobbies render them without knowing the game.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::{setup::SetupError, text::Text};

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OptionSpec {
    pub key: &'static str,
    pub label: Text,
    pub kind: OptionKind,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum OptionKind {
    Bool {
        default: bool,
    },
    Int {
        min: i64,
        max: i64,
        default: i64,
    },
    /// One of named values, each with its label.
    Choice {
        values: Vec<(&'static str, Text)>,
        default: &'static str,
    },
}

/// Option values as a lobby collects them: key → value.
pub type OptionValues = BTreeMap<String, OptionValue>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum OptionValue {
    Bool(bool),
    Int(i64),
    Str(String),
}

/// Checks values against the schema and fills defaults: the JSON object a game's
/// `Options` deserializes from. Unknown keys and out-of-range values are refused.
pub fn resolve_options(
    schema: &[OptionSpec],
    values: &OptionValues,
) -> Result<Map<String, Value>, SetupError> {
    let bad = |key: &str, reason: String| SetupError::BadOption {
        key: key.to_owned(),
        reason,
    };
    if let Some(unknown) = values
        .keys()
        .find(|k| !schema.iter().any(|s| s.key == k.as_str()))
    {
        return Err(bad(unknown, "this game has no such option".into()));
    }
    let mut out = Map::new();
    for spec in schema {
        let given = values.get(spec.key);
        let value = match (&spec.kind, given) {
            (OptionKind::Bool { default }, None) => Value::Bool(*default),
            (OptionKind::Bool { .. }, Some(OptionValue::Bool(b))) => Value::Bool(*b),
            (OptionKind::Int { default, .. }, None) => Value::from(*default),
            (OptionKind::Int { min, max, .. }, Some(OptionValue::Int(n))) => {
                if n < min || n > max {
                    return Err(bad(spec.key, format!("must be between {min} and {max}")));
                }
                Value::from(*n)
            }
            (OptionKind::Choice { default, .. }, None) => Value::from(*default),
            (OptionKind::Choice { values, .. }, Some(OptionValue::Str(s))) => {
                if !values.iter().any(|(v, _)| v == s) {
                    let names: Vec<_> = values.iter().map(|(v, _)| *v).collect();
                    return Err(bad(
                        spec.key,
                        format!("must be one of {}", names.join(", ")),
                    ));
                }
                Value::from(s.clone())
            }
            (kind, Some(_)) => {
                let expected = match kind {
                    OptionKind::Bool { .. } => "true or false",
                    OptionKind::Int { .. } => "a whole number",
                    OptionKind::Choice { .. } => "one of the listed values",
                };
                return Err(bad(spec.key, format!("expected {expected}")));
            }
        };
        out.insert(spec.key.to_owned(), value);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn schema() -> Vec<OptionSpec> {
        vec![
            OptionSpec {
                key: "rounds",
                label: Text::new("x"),
                kind: OptionKind::Int {
                    min: 1,
                    max: 6,
                    default: 6,
                },
            },
            OptionSpec {
                key: "variant",
                label: Text::new("x"),
                kind: OptionKind::Choice {
                    values: vec![("base", Text::new("a")), ("chaotic", Text::new("b"))],
                    default: "base",
                },
            },
        ]
    }

    #[test]
    fn defaults_are_filled() {
        let m = resolve_options(&schema(), &OptionValues::new()).unwrap();
        assert_eq!(m["rounds"], Value::from(6));
        assert_eq!(m["variant"], Value::from("base"));
    }

    #[test]
    fn out_of_range_unknown_and_mistyped_values_are_refused() {
        let mut v = OptionValues::new();
        v.insert("rounds".into(), OptionValue::Int(9));
        assert!(
            matches!(resolve_options(&schema(), &v), Err(SetupError::BadOption { key, .. }) if key == "rounds")
        );
        let mut v = OptionValues::new();
        v.insert("colour".into(), OptionValue::Bool(true));
        assert!(resolve_options(&schema(), &v).is_err());
        let mut v = OptionValues::new();
        v.insert("variant".into(), OptionValue::Int(1));
        assert!(resolve_options(&schema(), &v).is_err());
        let mut v = OptionValues::new();
        v.insert("variant".into(), OptionValue::Str("wild".into()));
        assert!(resolve_options(&schema(), &v).is_err());
    }
}
