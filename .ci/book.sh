#!/usr/bin/env bash
# Builds the book (docs/) with mdBook, installing the pinned version if it is missing.
# A page listed in docs/src/SUMMARY.md but missing fails the build (create-missing = false);
# broken links between pages are caught by `cargo test -p vliv-bot --test integration checks::book_links`,
# part of the workspace's tests.
# Measured on a 2-core machine shared with another build: the install 3 min 51 s (skipped
# when mdbook 0.5.4 is installed already),
# the build 0.3 s.
set -euo pipefail
cd "$(dirname "$0")/.."
MDBOOK_VERSION=0.5.4
if ! command -v mdbook >/dev/null || [ "$(mdbook --version)" != "mdbook v$MDBOOK_VERSION" ]; then
    cargo install mdbook --locked --version "$MDBOOK_VERSION" --no-default-features --features search
fi
mdbook build docs
