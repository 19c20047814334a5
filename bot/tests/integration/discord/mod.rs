//! The Discord front end end to end: the real `vliv` binary against the loopback Discord
//! (`fakecord`, harness in `crate::loopback`), one module per scenario.

mod chaos;
mod e2e_abuse;
mod e2e_ai;
mod e2e_ai_restart;
mod e2e_ai_timeout;
mod e2e_card;
mod e2e_commands;
mod e2e_conversations;
mod e2e_every_game;
mod e2e_fleet;
mod e2e_fleet_limits;
mod e2e_game;
mod e2e_layout;
mod e2e_learning;
mod e2e_permissions;
mod e2e_pictures;
mod e2e_pings;
mod e2e_quiet_hours;
mod e2e_ratelimit;
mod e2e_ratings;
mod e2e_replays;
mod e2e_restart;
mod e2e_restart_ended;
mod e2e_restart_turn_dm;
mod e2e_spectator_dms;
mod e2e_teaching;
mod e2e_web;
mod e2e_web_louis;
