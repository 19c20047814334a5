//! Every count in the bot's Czech and English texts selects its plural form.

#[path = "../../../../engine/tests/integration/ftl_check/mod.rs"]
mod ftl_check;

use std::path::PathBuf;

#[test]
fn every_count_in_the_bot_texts_agrees_with_its_noun() {
    ftl_check::assert_plurals(&roots());
}

#[test]
fn the_bot_texts_follow_the_wording_rules() {
    ftl_check::assert_wording(&roots());
}

/// The service's texts and the console's rules summaries.
fn roots() -> [PathBuf; 2] {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    [root.join("../service/locales"), root.join("locales")]
}
