//! Discord's documented request validation beyond lengths and counts (those are in
//! `limits.rs`): required fields, enum values, component shapes, flags, allowed mentions,
//! interaction callbacks and slash command registrations. A violation is named in the same
//! `errors` tree Discord answers with a 400 / 50035.

mod callback;
mod commands;
mod components;
mod message;
mod v2;

use serde_json::{json, Map, Value};

pub use crate::limits::{check_message_as, Refused};
pub use callback::{allowed_callbacks, check_callback};
pub use commands::{check_commands, is_locale, LOCALES};
pub(crate) use message::check_shape;
pub use message::{is_v2, CODE_EMPTY_MESSAGE, IS_COMPONENTS_V2};
pub use v2::{attachment_refs, texts as v2_texts, MAX_COMPONENTS, MAX_TEXT};

/// Where a message body is sent: Discord allows different `flags` in each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Use {
    /// `POST /channels/{id}/messages`.
    Create,
    /// An interaction response (type 4 or 7) or a follow-up.
    Interaction,
    /// `PATCH` of a channel message or of a webhook (interaction) message.
    Edit,
}

/// Collects violations as (path, Discord error code, message).
#[derive(Default)]
pub(crate) struct Violations(pub(crate) Vec<(Vec<String>, &'static str, String)>);

impl Violations {
    pub(crate) fn push(&mut self, path: &[&str], code: &'static str, message: impl Into<String>) {
        self.0.push((
            path.iter().map(|s| s.to_string()).collect(),
            code,
            message.into(),
        ));
    }

    /// A string of `min..=max` characters; absent counts as 0 (`required`: must be there).
    pub(crate) fn text(
        &mut self,
        path: &[&str],
        v: Option<&Value>,
        min: usize,
        max: usize,
        required: bool,
    ) -> usize {
        match v {
            None | Some(Value::Null) if required => {
                self.push(path, "BASE_TYPE_REQUIRED", "This field is required");
                0
            }
            None | Some(Value::Null) => 0,
            Some(Value::String(s)) => {
                let n = s.chars().count();
                if n > max {
                    self.push(
                        path,
                        "BASE_TYPE_MAX_LENGTH",
                        format!("Must be {max} or fewer in length."),
                    );
                } else if n < min {
                    self.push(path, "BASE_TYPE_BAD_LENGTH", between(min, max));
                }
                n
            }
            Some(_) => {
                self.push(
                    path,
                    "STRING_TYPE_CONVERT",
                    "Could not interpret as string.",
                );
                0
            }
        }
    }

    /// An array of at most `max` items, at least `min`; returns its items.
    pub(crate) fn list<'v>(
        &mut self,
        path: &[&str],
        v: Option<&'v Value>,
        min: usize,
        max: usize,
    ) -> &'v [Value] {
        match v {
            None | Some(Value::Null) => {
                if min > 0 {
                    self.push(path, "BASE_TYPE_REQUIRED", "This field is required");
                }
                &[]
            }
            Some(Value::Array(a)) => {
                if a.len() > max || a.len() < min {
                    self.push(path, "BASE_TYPE_BAD_LENGTH", between(min, max));
                }
                a
            }
            Some(_) => {
                self.push(
                    path,
                    "LIST_TYPE_CONVERT",
                    "Only iterables may be used in a ListType",
                );
                &[]
            }
        }
    }

    /// An integer among `allowed`; `required`: must be there.
    pub(crate) fn choice(
        &mut self,
        path: &[&str],
        v: Option<&Value>,
        allowed: &[u64],
        required: bool,
    ) -> Option<u64> {
        match v {
            None | Some(Value::Null) => {
                if required {
                    self.push(path, "BASE_TYPE_REQUIRED", "This field is required");
                }
                None
            }
            Some(x) => match x.as_u64().filter(|n| allowed.contains(n)) {
                Some(n) => Some(n),
                None => {
                    let list: Vec<String> = allowed.iter().map(u64::to_string).collect();
                    self.push(
                        path,
                        "BASE_TYPE_CHOICES",
                        format!("Value must be one of {{{}}}.", list.join(", ")),
                    );
                    None
                }
            },
        }
    }

    /// An integer in `min..=max`, if present.
    pub(crate) fn int(
        &mut self,
        path: &[&str],
        v: Option<&Value>,
        min: i64,
        max: i64,
    ) -> Option<i64> {
        match v {
            None | Some(Value::Null) => None,
            Some(x) => match x.as_i64() {
                Some(n) if (min..=max).contains(&n) => Some(n),
                Some(_) => {
                    self.push(
                        path,
                        "NUMBER_TYPE_MAX",
                        format!("int value should be between {min} and {max}."),
                    );
                    None
                }
                None => {
                    self.push(path, "NUMBER_TYPE_COERCE", "Value is not int.");
                    None
                }
            },
        }
    }

    /// A boolean, if present.
    pub(crate) fn boolean(&mut self, path: &[&str], v: Option<&Value>) {
        if let Some(x) = v.filter(|x| !x.is_null()) {
            if !x.is_boolean() {
                self.push(
                    path,
                    "BASE_TYPE_BAD_BOOLEAN",
                    "Must be either true or false.",
                );
            }
        }
    }

    pub(crate) fn into_errors(self) -> Option<Value> {
        if self.0.is_empty() {
            return None;
        }
        let mut root = Map::new();
        for (path, code, message) in self.0 {
            let mut node = &mut root;
            for part in &path {
                let next = node
                    .entry(part.clone())
                    .or_insert_with(|| Value::Object(Map::new()));
                if !next.is_object() {
                    *next = Value::Object(Map::new());
                }
                node = next.as_object_mut().expect("made an object above");
            }
            let list = node
                .entry("_errors")
                .or_insert_with(|| Value::Array(Vec::new()));
            if let Value::Array(a) = list {
                a.push(json!({ "code": code, "message": message }));
            }
        }
        Some(Value::Object(root))
    }
}

/// Discord's length message; an unbounded maximum is `limits.rs`'s to check.
fn between(min: usize, max: usize) -> String {
    if max == usize::MAX {
        format!("Must be {min} or more in length.")
    } else {
        format!("Must be between {min} and {max} in length.")
    }
}

/// A path of string parts with an index appended.
pub(crate) fn at<'a>(path: &[&'a str], more: &[&'a str]) -> Vec<&'a str> {
    let mut p = path.to_vec();
    p.extend_from_slice(more);
    p
}
