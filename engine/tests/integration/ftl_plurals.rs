//! Every count in the engine's Czech and English texts selects its plural form.

use crate::ftl_check;

use std::path::PathBuf;

#[test]
fn every_count_in_the_engine_texts_agrees_with_its_noun() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    ftl_check::assert_plurals(&[root]);
}
