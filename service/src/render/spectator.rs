//! A spectator's table: the public table without its buttons (a spectator has no hand and
//! no rematch to ask for), under a line naming the game. Built from the table message,
//! which is made from the spectator's view and public events only.

use vliv_engine::{Lang, Text};

use super::MessageSpec;
use crate::{i18n::tr, service::GameRecord};

/// The table as a spectator's DM; `link` points to the table in its channel.
pub fn spectator_table(
    mut table: MessageSpec,
    rec: &GameRecord,
    link: &str,
    lang: Lang,
) -> MessageSpec {
    table.rows.clear();
    let key = match rec.status.is_active() {
        true => "watch-dm-header",
        false => "watch-dm-ended",
    };
    let text = Text::new(key).arg("id", rec.id).arg("link", link);
    table.content = tr(lang, &text, &|s| lang.seat_name(s));
    table
}
