//! The web table end to end: the HTTP tests read every body the server sends to each reader
//! (a player, the other player, a spectator) and check that none names a card hidden from
//! that reader; the browser tests drive headless Chromium through whole games.

mod accessibility;
mod activity;
mod browser;
mod caps;
mod framed;
mod http;
mod leaks;
mod publishing;
mod records;
mod sight;
mod support;
mod widget;
