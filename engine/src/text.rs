//! Language-neutral text: a fluent message id with arguments, localized at the edge.

use std::borrow::Cow;

use serde::{Deserialize, Serialize};

use crate::seat::Seat;

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Text {
    pub key: Cow<'static, str>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(Cow<'static, str>, Arg)>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Arg {
    Str(String),
    Int(i64),
    /// Rendered as the player's name.
    Seat(Seat),
    Text(Text),
    /// Rendered as the localized items joined by ", " (or "—" when empty).
    List(Vec<Text>),
}

impl Text {
    pub fn new(key: impl Into<Cow<'static, str>>) -> Self {
        Text {
            key: key.into(),
            args: Vec::new(),
        }
    }

    pub fn arg(mut self, name: &'static str, value: impl Into<Arg>) -> Self {
        self.args.push((Cow::Borrowed(name), value.into()));
        self
    }

    pub fn seat(self, name: &'static str, seat: Seat) -> Self {
        self.arg(name, Arg::Seat(seat))
    }
}

impl From<i64> for Arg {
    fn from(v: i64) -> Self {
        Arg::Int(v)
    }
}
impl From<usize> for Arg {
    fn from(v: usize) -> Self {
        Arg::Int(v as i64)
    }
}
impl From<u8> for Arg {
    fn from(v: u8) -> Self {
        Arg::Int(v as i64)
    }
}
impl From<i32> for Arg {
    fn from(v: i32) -> Self {
        Arg::Int(v as i64)
    }
}
impl From<Text> for Arg {
    fn from(t: Text) -> Self {
        Arg::Text(t)
    }
}
impl From<Vec<Text>> for Arg {
    fn from(v: Vec<Text>) -> Self {
        Arg::List(v)
    }
}
impl From<&str> for Arg {
    fn from(s: &str) -> Self {
        Arg::Str(s.to_owned())
    }
}
impl From<String> for Arg {
    fn from(s: String) -> Self {
        Arg::Str(s)
    }
}
