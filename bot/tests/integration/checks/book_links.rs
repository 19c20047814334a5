//! The documentation's links hold: every relative link and image of the book
//! (`docs/src/`), the measurement logs and the root's Markdown files names a file that
//! exists, and a `#fragment` a heading of it; a book page links only inside the book; every
//! page of the book is listed in its `SUMMARY.md`. (A page listed there but missing fails
//! `mdbook build` itself: `create-missing = false` in `docs/book.toml`.)

mod check;

use std::{
    fs,
    path::{Path, PathBuf},
};

use check::{anchors, broken_links, links, Page};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the bot crate sits in the repository")
        .to_path_buf()
}

fn markdown_under(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            markdown_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "md") {
            out.push(path);
        }
    }
}

fn book_pages() -> Vec<PathBuf> {
    let mut pages = Vec::new();
    markdown_under(&repo().join("docs/src"), &mut pages);
    pages
}

#[test]
fn every_link_of_the_documentation_leads_somewhere() {
    let repo = repo();
    let src = repo.join("docs/src");
    let mut pages: Vec<Page> = book_pages()
        .into_iter()
        .map(|path| Page {
            path,
            root: src.clone(),
        })
        .collect();
    for file in [
        "README.md",
        "CHANGELOG.md",
        "ARCHITECTURE.md",
        "docs/performance.md",
        "docs/ai-measurements.md",
    ] {
        pages.push(Page {
            path: repo.join(file),
            root: repo.clone(),
        });
    }
    assert!(pages.len() > 20, "only {} pages found", pages.len());
    let broken = broken_links(&pages);
    assert!(
        broken.is_empty(),
        "broken links ({}):\n{}",
        broken.len(),
        broken.join("\n")
    );
}

#[test]
fn every_page_of_the_book_is_in_its_summary() {
    let src = repo().join("docs/src");
    let summary = fs::read_to_string(src.join("SUMMARY.md")).unwrap();
    let listed: Vec<String> = links(&summary).into_iter().map(|l| l.target).collect();
    let unlisted: Vec<String> = book_pages()
        .iter()
        .map(|p| {
            p.strip_prefix(&src)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/")
        })
        .filter(|p| p != "SUMMARY.md" && !listed.contains(p))
        .collect();
    assert!(
        unlisted.is_empty(),
        "pages the book does not list (add them to docs/src/SUMMARY.md or delete them): {unlisted:?}"
    );
}

/// A scratch tree of Markdown files for the checker's own tests.
fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("vliv-book-links-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    for (path, text) in files {
        let path = dir.join(path);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, text).unwrap();
    }
    dir
}

#[test]
fn the_checker_finds_a_missing_file_a_missing_heading_and_a_link_out_of_the_book() {
    let dir = scratch(
        "broken",
        &[
            (
                "src/a.md",
                "# Playing in the console\n\nSee [b](b.md#quiet-hours), [gone](gone.md), \
                 [no such heading](b.md#vacations), [outside](../../rules/claim.md), \
                 ![picture](pictures/missing.png) and [web](https://example.org/x.md).\n\n\
                 {{#include ../missing-log.md}}\n",
            ),
            ("src/b.md", "# Time\n\n## Quiet hours\n\nText.\n"),
        ],
    );
    let src = dir.join("src");
    let pages = [Page {
        path: src.join("a.md"),
        root: src.clone(),
    }];
    let broken = broken_links(&pages);
    let said = broken.join("\n");
    assert_eq!(broken.len(), 5, "{said}");
    assert!(said.contains("(gone.md): no such file"), "{said}");
    assert!(said.contains("(b.md#vacations): no heading"), "{said}");
    assert!(
        said.contains("(../../rules/claim.md): leads outside"),
        "{said}"
    );
    assert!(
        said.contains("(pictures/missing.png): no such file"),
        "{said}"
    );
    assert!(said.contains("(../missing-log.md): no such file"), "{said}");
    assert!(!said.contains("b.md#quiet-hours"), "{said}");
    assert!(!said.contains("example.org"), "{said}");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_checker_passes_good_links_and_skips_code() {
    let dir = scratch(
        "good",
        &[
            (
                "src/a.md",
                "# A\n\n[self](#a) [b](b.md) [b's part](b.md#the-fleet-two-processes) \
                 [again](b.md#notes-1) [explicit](b.md#here)\n\n\
                 `[not a link](nowhere.md)`\n\n```md\n[nor this](nowhere.md)\n```\n",
            ),
            (
                "src/b.md",
                "# B\n\n## The fleet: two processes\n\n## Notes\n\n## Notes\n\n<a id=\"here\"></a>\n",
            ),
        ],
    );
    let src = dir.join("src");
    let pages = [Page {
        path: src.join("a.md"),
        root: src.clone(),
    }];
    assert_eq!(broken_links(&pages), Vec::<String>::new());
    let b = anchors(&fs::read_to_string(src.join("b.md")).unwrap());
    assert!(
        b.contains("notes") && b.contains("notes-1") && b.contains("b"),
        "{b:?}"
    );
    fs::remove_dir_all(dir).unwrap();
}
