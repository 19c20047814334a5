//! Headless Chromium through whole games (to be written).
