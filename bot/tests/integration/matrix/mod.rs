//! The Matrix front end: its client against a scripted homeserver, identities in the store,
//! and the real `vliv` binary against a loopback Synapse (harness in `crate::matrix_support`).

mod matrix_client;
mod matrix_commands;
mod matrix_defects;
mod matrix_e2e;
mod matrix_encrypted;
mod matrix_encryption_cost;
mod matrix_fleet;
mod matrix_flood;
mod matrix_identities;
mod matrix_languages;
mod matrix_learning;
mod matrix_pictures;
mod matrix_player_time;
mod matrix_preferences;
mod matrix_profile_zone;
mod matrix_quiet_hours;
mod matrix_records;
mod matrix_replays;
mod matrix_room_words;
mod matrix_teaching;
mod matrix_thinking;
mod matrix_watch;
mod matrix_web;
mod matrix_with_discord;
