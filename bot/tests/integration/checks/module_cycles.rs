//! No module cycle in `vliv-engine` or `vliv-bot`: a lower layer never imports a higher one.
//!
//! The rule, as this check reads the source (plain text, no compiler):
//! - A *module* is a file module (`x.rs`) or a folder module (`x/` with its `mod.rs`). Within
//!   one parent, the children are the nodes; a folder child stands for everything under it.
//! - An *edge* A → B between two siblings is any path in A's files that names B, written
//!   `crate::…` (in a `use` tree or inline) or `super::…`. `self::…` and the 2018-style
//!   relative `use child::…` of a parent name its own children.
//! - A parent declaring or using its children (`mod x;`, `use x::…`, re-exports) is not an
//!   edge, and neither is a child using its parent's own items (`super::State`): the parent
//!   is the unit's wiring, not a sibling. Consequently a path that reaches a sibling through
//!   a parent's re-export is not seen; name the defining module to make the layering visible.
//! - Every level is checked: the crate root's modules, then the children of each folder.
//!   A strongly connected component of more than one sibling is a cycle and fails the test.
//! - Test-only code is skipped: `tests.rs`, `tests_*.rs`, a `tests/` folder, and inline
//!   `#[cfg(test)] mod … { }` blocks. Nothing imports a test; it sits above every layer
//!   and may use any of them (a game's tests may play through the registry).

use std::{
    collections::{BTreeMap, BTreeSet},
    fs,
    path::{Path, PathBuf},
};

mod tokens;

use tokens::{strip, tokens, without_test_modules, Token};

/// A module path from the crate root, e.g. `["service", "lobby"]`.
type ModPath = Vec<String>;

/// One source file: the module it defines and its text.
struct Source {
    module: ModPath,
    text: String,
}

fn read_crate(src: &Path) -> Vec<Source> {
    let mut out = Vec::new();
    collect(src, src, &mut out);
    out
}

fn collect(root: &Path, dir: &Path, out: &mut Vec<Source>) {
    let mut entries: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("reading {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under the root");
            out.push(Source {
                module: module_of(rel),
                text: fs::read_to_string(&path).expect("a readable source file"),
            });
        }
    }
}

fn is_test_module(module: &ModPath) -> bool {
    module
        .iter()
        .any(|m| m == "tests" || m.starts_with("tests_"))
}

/// `lib.rs`/`main.rs` → root; `a/mod.rs` → `a`; `a/b.rs` → `a::b`.
fn module_of(rel: &Path) -> ModPath {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().expect("a file name");
    let stem = file.trim_end_matches(".rs");
    if !(parts.is_empty() && (stem == "lib" || stem == "main")) && stem != "mod" {
        parts.push(stem.to_owned());
    }
    parts
}

/// Every module-relative path a file names, resolved to an absolute module path (the
/// resolution stops at the first segment that is not a known module).
fn imports(source: &Source, known: &BTreeSet<ModPath>) -> BTreeSet<ModPath> {
    let toks = without_test_modules(tokens(&strip(&source.text)));
    let mut found = BTreeSet::new();
    // Inline `mod name { … }` blocks: `super` inside them first climbs out of the block.
    let mut inline_mods: Vec<usize> = Vec::new();
    let mut depth = 0usize;
    let mut i = 0;
    while i < toks.len() {
        match &toks[i] {
            Token::Punct('{') => depth += 1,
            Token::Punct('}') => {
                depth = depth.saturating_sub(1);
                if inline_mods.last() == Some(&depth) {
                    inline_mods.pop();
                }
            }
            Token::Ident(k)
                if k == "mod"
                    && matches!(toks.get(i + 1), Some(Token::Ident(_)))
                    && toks.get(i + 2) == Some(&Token::Punct('{')) =>
            {
                inline_mods.push(depth);
            }
            Token::Ident(k) if k == "use" => {
                let mut prefixes = Vec::new();
                i = use_tree(&toks, i + 1, Vec::new(), &mut prefixes);
                for p in prefixes {
                    if let Some(m) = resolve(&source.module, inline_mods.len(), &p, known) {
                        found.insert(m);
                    }
                }
                continue;
            }
            Token::Ident(k)
                if (k == "crate" || k == "super")
                    && toks.get(i + 1) == Some(&Token::PathSep)
                    && !matches!(i.checked_sub(1).map(|j| &toks[j]), Some(Token::PathSep)) =>
            {
                let mut path = vec![k.clone()];
                let mut j = i + 1;
                while toks.get(j) == Some(&Token::PathSep) {
                    match toks.get(j + 1) {
                        Some(Token::Ident(s)) => path.push(s.clone()),
                        _ => break,
                    }
                    j += 2;
                }
                if let Some(m) = resolve(&source.module, inline_mods.len(), &path, known) {
                    found.insert(m);
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Flattens a `use` tree from `i` into its paths; returns the index after the tree.
fn use_tree(
    toks: &[Token],
    mut i: usize,
    prefix: Vec<String>,
    out: &mut Vec<Vec<String>>,
) -> usize {
    let mut path = prefix;
    loop {
        match toks.get(i) {
            Some(Token::Ident(s)) => {
                path.push(s.clone());
                i += 1;
            }
            Some(Token::PathSep) => i += 1,
            Some(Token::Punct('{')) => {
                i += 1;
                loop {
                    match toks.get(i) {
                        Some(Token::Punct('}')) => return i + 1,
                        Some(Token::Punct(',')) => i += 1,
                        None => return i,
                        _ => i = use_tree(toks, i, path.clone(), out),
                    }
                }
            }
            Some(Token::Punct('*')) => i += 1,
            _ => {
                // `as alias`: the alias is not part of the path.
                if let Some(pos) = path.iter().position(|s| s == "as") {
                    path.truncate(pos);
                }
                out.push(path);
                return if toks.get(i) == Some(&Token::Punct(';')) {
                    i + 1
                } else {
                    i
                };
            }
        }
    }
}

/// The module a path names, from the file's module; `None` for outside paths (`std::…`,
/// other crates) and for a file's own children (2018 relative paths, `self::`).
fn resolve(
    from: &ModPath,
    inline: usize,
    path: &[String],
    known: &BTreeSet<ModPath>,
) -> Option<ModPath> {
    let mut segs = path.iter().peekable();
    let mut base: ModPath = match segs.peek().map(|s| s.as_str()) {
        Some("crate") => {
            segs.next();
            Vec::new()
        }
        Some("super") => {
            let mut base = from.clone();
            let mut climbs_inline = inline;
            while segs.peek().map(|s| s.as_str()) == Some("super") {
                segs.next();
                if climbs_inline > 0 {
                    climbs_inline -= 1;
                } else {
                    base.pop()?;
                }
            }
            base
        }
        _ => return None,
    };
    for s in segs {
        let mut next = base.clone();
        next.push(s.clone());
        if known.contains(&next) {
            base = next;
        } else {
            break;
        }
    }
    Some(base)
}

/// Sibling cycles at every level: each is the sorted module paths of one strongly connected
/// component of more than one sibling.
fn cycles(sources: &[Source]) -> Vec<Vec<String>> {
    let sources: Vec<&Source> = sources
        .iter()
        .filter(|s| !is_test_module(&s.module))
        .collect();
    let known: BTreeSet<ModPath> = sources
        .iter()
        .flat_map(|s| (0..=s.module.len()).map(|n| s.module[..n].to_vec()))
        .collect();
    // Edges between siblings: the child of their common parent on each side.
    let mut edges: BTreeMap<ModPath, BTreeSet<ModPath>> = BTreeMap::new();
    for s in &sources {
        for target in imports(s, &known) {
            let common = s
                .module
                .iter()
                .zip(&target)
                .take_while(|(a, b)| a == b)
                .count();
            if common < s.module.len() && common < target.len() {
                edges
                    .entry(s.module[..=common].to_vec())
                    .or_default()
                    .insert(target[..=common].to_vec());
            }
        }
    }
    strongly_connected(&known, &edges)
        .into_iter()
        .filter(|c| c.len() > 1)
        .map(|c| c.iter().map(|m| m.join("::")).collect())
        .collect()
}

/// Tarjan's algorithm over the known modules.
fn strongly_connected(
    nodes: &BTreeSet<ModPath>,
    edges: &BTreeMap<ModPath, BTreeSet<ModPath>>,
) -> Vec<Vec<ModPath>> {
    struct State<'a> {
        edges: &'a BTreeMap<ModPath, BTreeSet<ModPath>>,
        index: BTreeMap<ModPath, usize>,
        low: BTreeMap<ModPath, usize>,
        stack: Vec<ModPath>,
        on_stack: BTreeSet<ModPath>,
        out: Vec<Vec<ModPath>>,
    }
    fn visit(st: &mut State, v: &ModPath) {
        let n = st.index.len();
        st.index.insert(v.clone(), n);
        st.low.insert(v.clone(), n);
        st.stack.push(v.clone());
        st.on_stack.insert(v.clone());
        let targets: Vec<ModPath> = st
            .edges
            .get(v)
            .map(|t| t.iter().cloned().collect())
            .unwrap_or_default();
        for w in targets {
            if !st.index.contains_key(&w) {
                visit(st, &w);
                let low = st.low[v].min(st.low[&w]);
                st.low.insert(v.clone(), low);
            } else if st.on_stack.contains(&w) {
                let low = st.low[v].min(st.index[&w]);
                st.low.insert(v.clone(), low);
            }
        }
        if st.low[v] == st.index[v] {
            let mut component = Vec::new();
            while let Some(w) = st.stack.pop() {
                st.on_stack.remove(&w);
                let done = &w == v;
                component.push(w);
                if done {
                    break;
                }
            }
            component.sort();
            st.out.push(component);
        }
    }
    let mut st = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in nodes {
        if !st.index.contains_key(v) {
            visit(&mut st, v);
        }
    }
    st.out
}

fn crate_src(dir: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join(dir)
        .join("src")
}

fn source(path: &str, text: &str) -> Source {
    Source {
        module: module_of(Path::new(path)),
        text: text.to_owned(),
    }
}

#[test]
fn the_engine_has_no_module_cycle() {
    let found = cycles(&read_crate(&crate_src("engine")));
    assert!(found.is_empty(), "module cycles in vliv-engine: {found:?}");
}

#[test]
fn the_service_and_the_front_ends_have_no_module_cycle() {
    for dir in ["service", "discord", "matrix", "web", "bot"] {
        let found = cycles(&read_crate(&crate_src(dir)));
        assert!(found.is_empty(), "module cycles in {dir}: {found:?}");
    }
}

#[test]
fn a_cycle_through_a_use_tree_and_an_inline_path_is_reported() {
    // The engine's old shape: i18n gathered the games' texts from the registry.
    let crate_ = [
        source(
            "lib.rs",
            "pub mod i18n; pub mod registry; pub mod games; mod text;",
        ),
        source("i18n.rs", "use crate::{text::Text, registry};"),
        source(
            "registry.rs",
            "fn all() { crate::games::claim::Claim::new() }",
        ),
        source("games/mod.rs", "pub mod claim;"),
        source(
            "games/claim.rs",
            "use crate::i18n::Lang; // crate::registry in a comment",
        ),
        source("text.rs", "const S: &str = \"crate::i18n\";"),
    ];
    assert_eq!(
        cycles(&crate_),
        vec![vec![
            "games".to_owned(),
            "i18n".to_owned(),
            "registry".to_owned()
        ]]
    );
}

#[test]
fn siblings_inside_a_folder_module_are_checked_too() {
    let crate_ = [
        source("lib.rs", "mod service;"),
        source("service/mod.rs", "mod lobby; mod play; use lobby::open;"),
        source("service/lobby.rs", "use super::play::apply;"),
        source("service/play.rs", "use super::{lobby::seats, Service};"),
    ];
    assert_eq!(
        cycles(&crate_),
        vec![vec![
            "service::lobby".to_owned(),
            "service::play".to_owned()
        ]]
    );
}

#[test]
fn parents_children_and_tests_make_no_cycle() {
    let crate_ = [
        source(
            "lib.rs",
            "mod store; mod service; pub use service::Service;",
        ),
        source(
            "service/mod.rs",
            "mod lobby; use self::lobby::open; pub struct Service; use crate::store::Store;",
        ),
        source(
            "service/lobby.rs",
            "use super::Service; #[cfg(test)] mod tests { use crate::service::play::x; }",
        ),
        source("store.rs", "pub struct Store;"),
        source("service/play.rs", "use super::lobby::open;"),
        source("service/tests.rs", "use crate::service::play::x;"),
    ];
    assert_eq!(cycles(&crate_), Vec::<Vec<String>>::new());
}

/// The front ends (the chats and the web table) render views the application layer (`service/src/app`) built for
/// one reader: none of their code may hold a game's whole state, where every hand lies open.
#[test]
fn the_chat_front_ends_hold_no_game_state() {
    let mut holding = Vec::new();
    for front_end in ["discord", "matrix", "web"] {
        let mut dirs = vec![crate_src(front_end)];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for (n, line) in text.lines().enumerate() {
                    if line.contains("GameState") || line.contains(".live(") {
                        holding.push(format!("{}:{}: {}", path.display(), n + 1, line.trim()));
                    }
                }
            }
        }
    }
    assert!(
        holding.is_empty(),
        "front-end code holding a game state: {holding:#?}"
    );
}
