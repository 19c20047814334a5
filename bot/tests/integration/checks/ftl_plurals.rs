//! Every count in the bot's Czech and English texts selects its plural form.

#[path = "../../../../engine/tests/integration/ftl_check/mod.rs"]
mod ftl_check;

use std::path::PathBuf;

#[test]
fn every_count_in_the_bot_texts_agrees_with_its_noun() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("locales");
    ftl_check::assert_plurals(&[root]);
}

#[test]
fn the_bot_texts_follow_the_wording_rules() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("locales");
    ftl_check::assert_wording(&[root]);
}
