//! The checker behind `book_links.rs`: every relative link of a set of Markdown files names a
//! file that exists (inside the tree it must stay in) and, with a `#fragment`, a heading or an
//! explicit id of that file. Plain text, no Markdown library: links in code are skipped.

use std::{
    collections::BTreeSet,
    fs,
    path::{Component, Path, PathBuf},
};

/// A Markdown file to check, and the folder its links must stay inside (the book's `src/`
/// for a book page, whose other links would break in the built HTML; the repository for
/// the rest).
pub struct Page {
    pub path: PathBuf,
    pub root: PathBuf,
}

/// Every broken link of `pages`, one line each: `file: link: why`.
pub fn broken_links(pages: &[Page]) -> Vec<String> {
    let mut broken = Vec::new();
    for page in pages {
        let text = match fs::read_to_string(&page.path) {
            Ok(t) => t,
            Err(e) => {
                broken.push(format!("{}: cannot read: {e}", page.path.display()));
                continue;
            }
        };
        for link in links(&text) {
            let target = link.target;
            if let Err(why) = check(page, &target, link.include) {
                broken.push(format!("{}: ({target}): {why}", page.path.display()));
            }
        }
    }
    broken
}

/// A link's target, and whether it is an mdBook `{{#include …}}` (whose text is copied into
/// the page, so it may come from outside the book).
pub struct Link {
    pub target: String,
    pub include: bool,
}

fn check(page: &Page, target: &str, include: bool) -> Result<(), String> {
    let (path, fragment) = match target.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (target, None),
    };
    let file = if path.is_empty() {
        page.path.clone()
    } else {
        let dir = page.path.parent().unwrap_or(Path::new("."));
        normalize(&dir.join(path))
    };
    if !include && !file.starts_with(normalize(&page.root)) {
        return Err(format!(
            "leads outside {} (it would break where the page is published)",
            page.root.display()
        ));
    }
    if !file.exists() {
        return Err("no such file".into());
    }
    if let Some(fragment) = fragment {
        if file.extension().is_some_and(|e| e == "md") {
            let text = with_includes(&file).map_err(|e| e.to_string())?;
            if !anchors(&text).contains(fragment) {
                return Err(format!("no heading with the anchor #{fragment}"));
            }
        }
    }
    Ok(())
}

/// A page's text with its mdBook `{{#include …}}` lines replaced by the files they name
/// (one level deep), as the built page shows it.
fn with_includes(file: &Path) -> std::io::Result<String> {
    let text = fs::read_to_string(file)?;
    let dir = file.parent().unwrap_or(Path::new("."));
    let mut out = String::new();
    for line in text.lines() {
        let included = line
            .trim()
            .strip_prefix("{{#include ")
            .and_then(|rest| rest.strip_suffix("}}"));
        match included {
            Some(path) => out.push_str(&fs::read_to_string(dir.join(path.trim()))?),
            None => out.push_str(line),
        }
        out.push('\n');
    }
    Ok(out)
}

/// `a/./b/../c` as `a/c`, without asking the file system (the file may not exist).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            c => out.push(c),
        }
    }
    out
}

/// The relative targets of a page's links, images and mdBook `{{#include …}}`s, outside
/// fenced code blocks and inline code. Absolute URLs (`scheme:`) are not ours to check.
pub fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let line = without_inline_code(line);
        let mut rest = line.as_str();
        while let Some(i) = rest.find("](") {
            rest = &rest[i + 2..];
            let Some(end) = rest.find(')') else { break };
            let target = rest[..end].split_whitespace().next().unwrap_or("");
            let target = target.trim_start_matches('<').trim_end_matches('>');
            if !target.is_empty() && !is_absolute(target) {
                out.push(Link {
                    target: target.to_string(),
                    include: false,
                });
            }
            rest = &rest[end..];
        }
        let mut rest = line.as_str();
        while let Some(i) = rest.find("{{#include ") {
            rest = &rest[i + "{{#include ".len()..];
            let Some(end) = rest.find("}}") else { break };
            // `file.md:anchor` or `file.md:2:10` includes a part of the file.
            let target = rest[..end].trim().split(':').next().unwrap_or("");
            out.push(Link {
                target: target.to_string(),
                include: true,
            });
            rest = &rest[end..];
        }
    }
    out
}

fn is_absolute(target: &str) -> bool {
    let scheme = target.split(':').next().unwrap_or("");
    target.contains(':')
        && !scheme.is_empty()
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
        && !target.starts_with('#')
}

fn without_inline_code(line: &str) -> String {
    let mut out = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            out.push_str(part);
        }
    }
    out
}

/// The anchors a page's headings get (as mdBook and GitHub make them: lower case, letters,
/// digits, `-` and `_` kept, spaces turned into `-`, the rest dropped; a repeated heading
/// gets `-1`, `-2`), and explicit `<a id="…">` / `{#…}` ids.
pub fn anchors(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut rest = line;
        while let Some(i) = rest.find("id=\"") {
            rest = &rest[i + 4..];
            if let Some(end) = rest.find('"') {
                out.insert(rest[..end].to_string());
            }
        }
        let Some(heading) = line.strip_prefix('#') else {
            continue;
        };
        let heading = heading.trim_start_matches('#');
        if !heading.starts_with(' ') {
            continue;
        }
        let mut heading = heading.trim();
        if let Some((head, id)) = heading.rsplit_once("{#") {
            out.insert(id.trim_end_matches('}').to_string());
            heading = head.trim();
        }
        let slug = slug(heading);
        let mut id = slug.clone();
        let mut n = 0;
        while out.contains(&id) {
            n += 1;
            id = format!("{slug}-{n}");
        }
        out.insert(id);
    }
    out
}

fn slug(heading: &str) -> String {
    without_inline_code_marks(heading)
        .chars()
        .filter_map(|c| {
            if c.is_alphanumeric() || c == '_' || c == '-' {
                Some(c.to_lowercase().next().unwrap_or(c))
            } else if c.is_whitespace() {
                Some('-')
            } else {
                None
            }
        })
        .collect()
}

fn without_inline_code_marks(heading: &str) -> String {
    heading.replace('`', "")
}
