//! A neutral table panel (title, sections of lines) that the bot maps to an embed and the
//! console prints. Built from a view only, so it can hold nothing the view does not.

use serde::{Deserialize, Serialize};

use crate::{
    i18n::{Catalog, Lang, MissingText},
    seat::Seat,
    text::Text,
};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Panel {
    pub title: Text,
    pub sections: Vec<Section>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Section {
    pub heading: Text,
    pub lines: Vec<Text>,
    /// Only for the viewer's eyes (their hand): never part of a public embed.
    pub private: bool,
}

impl Section {
    pub fn public(heading: Text, lines: Vec<Text>) -> Self {
        Section {
            heading,
            lines,
            private: false,
        }
    }
    pub fn private(heading: Text, lines: Vec<Text>) -> Self {
        Section {
            heading,
            lines,
            private: true,
        }
    }
}

/// A panel in one language.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalPanel {
    pub title: String,
    pub sections: Vec<LocalSection>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LocalSection {
    pub heading: String,
    pub lines: Vec<String>,
    pub private: bool,
}

impl LocalPanel {
    /// Plain text for the console and logs of private panels.
    pub fn to_plain(&self) -> String {
        let mut out = format!("== {} ==\n", self.title);
        for s in &self.sections {
            out.push_str(&format!("-- {} --\n", s.heading));
            for l in &s.lines {
                out.push_str(&format!("  {l}\n"));
            }
        }
        out
    }
}

impl Panel {
    /// The panel in `lang` with the messages of `catalog`.
    pub fn localize_in(
        &self,
        catalog: &Catalog,
        lang: Lang,
        names: &dyn Fn(Seat) -> String,
    ) -> Result<LocalPanel, MissingText> {
        let text = |t: &Text| catalog.try_text(lang, t, names);
        let sections = self
            .sections
            .iter()
            .map(|s| {
                Ok(LocalSection {
                    heading: text(&s.heading)?,
                    lines: s.lines.iter().map(text).collect::<Result<_, _>>()?,
                    private: s.private,
                })
            })
            .collect::<Result<_, MissingText>>()?;
        Ok(LocalPanel {
            title: text(&self.title)?,
            sections,
        })
    }
}
