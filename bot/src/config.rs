//! The bot's configuration: a TOML file (see `config.example.toml`) with environment
//! overrides. The Discord token is never part of it: it comes only from `DISCORD_TOKEN`.

use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
};

use anyhow::{Context, Result};
use serde::Deserialize;
use vliv_engine::Lang;

use vliv_discord::shards::ShardPlan;
pub use vliv_discord::DiscordConfig;
pub use vliv_matrix::MatrixConfig;
use vliv_service::{
    service::{GameLimits, LobbyLimits},
    store::{GuildConfig, Layout, TimeoutAction},
};
pub use vliv_web::WebConfig;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Config {
    /// `sqlite://vliv.db` (the embedded default) or `postgres://user@host/db`.
    pub database_url: String,
    /// A `tracing` filter, e.g. `info` or `vliv_bot=debug,info`.
    pub log: String,
    pub discord: DiscordConfig,
    /// The Matrix front end: on when `homeserver` is set (issue 21).
    pub matrix: MatrixConfig,
    /// The web table: on when `bind` is set.
    pub web: WebConfig,
    /// Server settings until a server changes them with `/vliv-admin`.
    pub defaults: Defaults,
    /// Caps on open lobbies and their idle time.
    pub lobbies: Lobbies,
    /// Caps on running games and on each game's spectators.
    pub games: Games,
    /// Component data override files by game id (e.g. Louis XIV's corrected prices).
    pub game_data: BTreeMap<String, PathBuf>,
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Lobbies {
    /// Open lobbies one user may host in a server.
    pub max_per_user: u32,
    /// Open lobbies a server may have.
    pub max_per_server: u32,
    /// A lobby nobody starts (or joins) for this many minutes closes.
    pub idle_minutes: u32,
}

impl Default for Lobbies {
    fn default() -> Self {
        let l = LobbyLimits::default();
        Lobbies {
            max_per_user: l.per_user,
            max_per_server: l.per_server,
            idle_minutes: l.idle_minutes,
        }
    }
}

impl Lobbies {
    pub fn limits(&self) -> LobbyLimits {
        LobbyLimits {
            per_user: self.max_per_user,
            per_server: self.max_per_server,
            idle_minutes: self.idle_minutes,
        }
    }
}

#[derive(Clone, Copy, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Games {
    /// Running games one user may host in a server.
    pub max_running_per_host: u32,
    /// Running games a server may have.
    pub max_running_per_server: u32,
    /// Spectators one game may have.
    pub max_spectators: u32,
}

impl Default for Games {
    fn default() -> Self {
        let g = GameLimits::default();
        Games {
            max_running_per_host: g.running_per_host,
            max_running_per_server: g.running_per_server,
            max_spectators: g.spectators_per_game,
        }
    }
}

impl Games {
    pub fn limits(&self) -> GameLimits {
        GameLimits {
            running_per_host: self.max_running_per_host,
            running_per_server: self.max_running_per_server,
            spectators_per_game: self.max_spectators,
        }
    }
}

/// The most spectators a game may be allowed.
pub const MAX_SPECTATORS: u32 = 1_000;

/// The most lobbies a server may be allowed at once.
pub const MAX_LOBBIES: u32 = 10_000;

#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(default, deny_unknown_fields)]
pub struct Defaults {
    pub language: Lang,
    pub reminder_minutes: u32,
    pub timeout_minutes: u32,
    pub timeout_action: TimeoutAction,
    /// The table's layout on Discord for servers that chose none (`/vliv-admin layout`),
    /// and in conversations (user installs), which have no admin.
    pub layout: Layout,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            database_url: "sqlite://vliv.db".into(),
            log: "info".into(),
            discord: DiscordConfig::default(),
            matrix: MatrixConfig::default(),
            web: WebConfig::default(),
            defaults: Defaults::default(),
            lobbies: Lobbies::default(),
            games: Games::default(),
            game_data: BTreeMap::new(),
        }
    }
}

impl Default for Defaults {
    fn default() -> Self {
        let g = GuildConfig::default();
        Defaults {
            language: g.language,
            reminder_minutes: g.reminder_minutes,
            timeout_minutes: g.timeout_minutes,
            timeout_action: g.timeout_action,
            layout: g.layout,
        }
    }
}

impl Defaults {
    pub fn guild_config(&self) -> GuildConfig {
        GuildConfig {
            language: self.language,
            reminder_minutes: self.reminder_minutes,
            timeout_minutes: self.timeout_minutes,
            timeout_action: self.timeout_action,
            layout: self.layout,
            ..GuildConfig::default()
        }
    }
}

/// The longest reminder or timeout a server may set (30 days), as `/vliv-admin` allows.
pub const MAX_MINUTES: u32 = 43_200;

/// The environment variables that override the file, with the key each one sets.
pub const ENV_OVERRIDES: &[(&str, &str)] = &[
    ("VLIV_DATABASE_URL", "database_url"),
    ("VLIV_LOG", "log"),
    ("VLIV_API_BASE", "discord.api_base"),
    ("VLIV_API_ADDRESS", "discord.api_address"),
    ("VLIV_API_CA", "discord.api_ca"),
    ("VLIV_GLOBAL_LIMIT", "discord.global_limit"),
    ("VLIV_TABLE_DRAW_WAIT_MS", "discord.table_draw_wait_ms"),
    ("VLIV_DEVELOPMENT_GUILD", "discord.development_guild"),
    ("VLIV_SHARDS", "discord.shards"),
    ("VLIV_SHARD_TOTAL", "discord.shard_total"),
    ("VLIV_LANGUAGE", "defaults.language"),
    ("VLIV_REMINDER_MINUTES", "defaults.reminder_minutes"),
    ("VLIV_TIMEOUT_MINUTES", "defaults.timeout_minutes"),
    ("VLIV_TIMEOUT_ACTION", "defaults.timeout_action"),
    ("VLIV_LAYOUT", "defaults.layout"),
    ("VLIV_LOBBIES_PER_USER", "lobbies.max_per_user"),
    ("VLIV_LOBBIES_PER_SERVER", "lobbies.max_per_server"),
    ("VLIV_LOBBY_IDLE_MINUTES", "lobbies.idle_minutes"),
    ("VLIV_RUNNING_PER_HOST", "games.max_running_per_host"),
    ("VLIV_RUNNING_PER_SERVER", "games.max_running_per_server"),
    ("VLIV_SPECTATORS", "games.max_spectators"),
    ("VLIV_MATRIX_HOMESERVER", "matrix.homeserver"),
    ("VLIV_MATRIX_USER_ID", "matrix.user_id"),
    ("VLIV_MATRIX_CRYPTO_STORE", "matrix.crypto_store"),
    ("VLIV_MATRIX_COMMAND_BURST", "matrix.command_burst"),
    ("VLIV_MATRIX_COMMAND_EVERY_MS", "matrix.command_every_ms"),
    ("VLIV_MATRIX_ROOMS_PER_INVITER", "matrix.rooms_per_inviter"),
    ("VLIV_MATRIX_MAX_ROOMS", "matrix.max_rooms"),
    ("VLIV_WEB_BIND", "web.bind"),
    ("VLIV_WEB_PUBLIC_URL", "web.public_url"),
    ("VLIV_WEB_ACTIVITY_CLIENT_ID", "web.activity_client_id"),
];

impl Config {
    /// The file at `path` if given (it must exist), else `vliv.toml` if present, else the
    /// defaults; then the environment overrides.
    pub fn load(path: Option<&Path>) -> Result<Config> {
        let text = match path {
            Some(p) => Some(
                std::fs::read_to_string(p)
                    .with_context(|| format!("cannot read {}", p.display()))?,
            ),
            None => std::fs::read_to_string("vliv.toml").ok(),
        };
        let mut cfg = match text {
            Some(t) => Config::parse(&t)?,
            None => Config::default(),
        };
        cfg.apply_env(|k| std::env::var(k).ok())?;
        cfg.validate()?;
        Ok(cfg)
    }

    /// The ranges `/vliv-admin` accepts hold for the defaults too: a zero timeout would time
    /// every player out at once, and a reminder past the 30-day bound never fires.
    pub fn validate(&self) -> Result<()> {
        let d = &self.defaults;
        anyhow::ensure!(
            (1..=MAX_MINUTES).contains(&d.timeout_minutes),
            "defaults.timeout_minutes must be from 1 to {MAX_MINUTES}, not {}",
            d.timeout_minutes
        );
        anyhow::ensure!(
            d.reminder_minutes <= MAX_MINUTES,
            "defaults.reminder_minutes must be from 0 (no reminders) to {MAX_MINUTES}, not {}",
            d.reminder_minutes
        );
        anyhow::ensure!(
            self.matrix.homeserver.is_empty() || self.matrix.user_id.starts_with('@'),
            "matrix.user_id must be the bot's Matrix user, e.g. @vliv:example.org, not `{}`",
            self.matrix.user_id
        );
        anyhow::ensure!(
            self.web.link_hours >= 1,
            "web.link_hours must be at least 1, not {}",
            self.web.link_hours
        );
        anyhow::ensure!(
            self.web.max_live_pages >= 1 && self.web.max_live_pages_per_reader >= 1,
            "web.max_live_pages and web.max_live_pages_per_reader must be at least 1, not {} and {}",
            self.web.max_live_pages,
            self.web.max_live_pages_per_reader
        );
        let l = &self.lobbies;
        anyhow::ensure!(
            (1..=MAX_LOBBIES).contains(&l.max_per_server),
            "lobbies.max_per_server must be from 1 to {MAX_LOBBIES}, not {}",
            l.max_per_server
        );
        anyhow::ensure!(
            (1..=l.max_per_server).contains(&l.max_per_user),
            "lobbies.max_per_user must be from 1 to lobbies.max_per_server ({}), not {}",
            l.max_per_server,
            l.max_per_user
        );
        anyhow::ensure!(
            (1..=MAX_MINUTES).contains(&l.idle_minutes),
            "lobbies.idle_minutes must be from 1 to {MAX_MINUTES}, not {}",
            l.idle_minutes
        );
        let g = &self.games;
        anyhow::ensure!(
            (1..=MAX_LOBBIES).contains(&g.max_running_per_server),
            "games.max_running_per_server must be from 1 to {MAX_LOBBIES}, not {}",
            g.max_running_per_server
        );
        anyhow::ensure!(
            (1..=g.max_running_per_server).contains(&g.max_running_per_host),
            "games.max_running_per_host must be from 1 to games.max_running_per_server ({}), not {}",
            g.max_running_per_server,
            g.max_running_per_host
        );
        anyhow::ensure!(
            (1..=MAX_SPECTATORS).contains(&g.max_spectators),
            "games.max_spectators must be from 1 to {MAX_SPECTATORS}, not {}",
            g.max_spectators
        );
        self.shard_plan_if_known()?;
        Ok(())
    }

    /// The shards this process connects when the settings say without asking Discord
    /// (`shard_total` set), refused on SQLite if other processes must serve the rest.
    pub fn shard_plan_if_known(&self) -> Result<Option<ShardPlan>> {
        self.discord.shard_plan_if_known(&self.database_url)
    }

    pub fn parse(text: &str) -> Result<Config> {
        toml::from_str(text).context("invalid configuration")
    }

    /// Applies `VLIV_*` overrides read through `get`.
    pub fn apply_env(&mut self, get: impl Fn(&str) -> Option<String>) -> Result<()> {
        let num = |k: &str, v: &str| -> Result<u64> {
            v.trim()
                .parse()
                .with_context(|| format!("{k} must be a whole number, not `{v}`"))
        };
        // Parsed at the field's own width: 4294967296 is refused, not wrapped to 0.
        let minutes = |k: &str, v: &str| -> Result<u32> {
            v.trim()
                .parse()
                .with_context(|| format!("{k} must be a whole number, not `{v}`"))
        };
        for (var, _) in ENV_OVERRIDES {
            let Some(v) = get(var) else { continue };
            match *var {
                "VLIV_DATABASE_URL" => self.database_url = v,
                "VLIV_LOG" => self.log = v,
                "VLIV_API_BASE" => self.discord.api_base = v,
                "VLIV_MATRIX_HOMESERVER" => self.matrix.homeserver = v,
                "VLIV_MATRIX_USER_ID" => self.matrix.user_id = v,
                "VLIV_MATRIX_CRYPTO_STORE" => self.matrix.crypto_store = v,
                "VLIV_MATRIX_COMMAND_BURST" => self.matrix.command_burst = minutes(var, &v)?,
                "VLIV_MATRIX_COMMAND_EVERY_MS" => {
                    self.matrix.command_every_ms = minutes(var, &v)?.into()
                }
                "VLIV_MATRIX_ROOMS_PER_INVITER" => {
                    self.matrix.rooms_per_inviter = minutes(var, &v)?
                }
                "VLIV_MATRIX_MAX_ROOMS" => self.matrix.max_rooms = minutes(var, &v)?,
                "VLIV_WEB_BIND" => self.web.bind = v,
                "VLIV_WEB_PUBLIC_URL" => self.web.public_url = v,
                "VLIV_WEB_ACTIVITY_CLIENT_ID" => self.web.activity_client_id = v,
                "VLIV_API_ADDRESS" => self.discord.api_address = v,
                "VLIV_API_CA" => self.discord.api_ca = v,
                "VLIV_GLOBAL_LIMIT" => self.discord.global_limit = minutes(var, &v)?,
                "VLIV_TABLE_DRAW_WAIT_MS" => self.discord.table_draw_wait_ms = num(var, &v)?,
                "VLIV_DEVELOPMENT_GUILD" => self.discord.development_guild = num(var, &v)?,
                "VLIV_SHARDS" => self.discord.shards = v,
                "VLIV_SHARD_TOTAL" => self.discord.shard_total = minutes(var, &v)?,
                "VLIV_LANGUAGE" => {
                    self.defaults.language = v.parse().map_err(anyhow::Error::msg)?
                }
                "VLIV_REMINDER_MINUTES" => self.defaults.reminder_minutes = minutes(var, &v)?,
                "VLIV_TIMEOUT_MINUTES" => self.defaults.timeout_minutes = minutes(var, &v)?,
                "VLIV_LOBBIES_PER_USER" => self.lobbies.max_per_user = minutes(var, &v)?,
                "VLIV_LOBBIES_PER_SERVER" => self.lobbies.max_per_server = minutes(var, &v)?,
                "VLIV_LOBBY_IDLE_MINUTES" => self.lobbies.idle_minutes = minutes(var, &v)?,
                "VLIV_RUNNING_PER_HOST" => self.games.max_running_per_host = minutes(var, &v)?,
                "VLIV_RUNNING_PER_SERVER" => self.games.max_running_per_server = minutes(var, &v)?,
                "VLIV_SPECTATORS" => self.games.max_spectators = minutes(var, &v)?,
                "VLIV_TIMEOUT_ACTION" => {
                    self.defaults.timeout_action = match v.as_str() {
                        "game_choice" => TimeoutAction::GameChoice,
                        "abandon" => TimeoutAction::Abandon,
                        "ai" => TimeoutAction::Ai,
                        _ => anyhow::bail!("{var} must be game_choice, abandon or ai, not `{v}`"),
                    }
                }
                "VLIV_LAYOUT" => {
                    self.defaults.layout = match v.as_str() {
                        "embed" => Layout::Embed,
                        "components_v2" => Layout::ComponentsV2,
                        _ => anyhow::bail!("{var} must be embed or components_v2, not `{v}`"),
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_example_file_parses_to_the_defaults() {
        let example = include_str!("../../config.example.toml");
        assert_eq!(Config::parse(example).unwrap(), Config::default());
    }

    #[test]
    fn environment_overrides_win_and_bad_values_are_refused() {
        let mut cfg = Config::default();
        cfg.apply_env(|k| match k {
            "VLIV_DATABASE_URL" => Some("postgres://x@h/db".into()),
            "VLIV_API_BASE" => Some("http://127.0.0.1:9".into()),
            "VLIV_LANGUAGE" => Some("cs".into()),
            "VLIV_TIMEOUT_ACTION" => Some("abandon".into()),
            "VLIV_DEVELOPMENT_GUILD" => Some("42".into()),
            _ => None,
        })
        .unwrap();
        assert_eq!(cfg.database_url, "postgres://x@h/db");
        assert_eq!(cfg.discord.api_base, "http://127.0.0.1:9");
        assert_eq!(cfg.discord.development_guild, 42);
        assert_eq!(cfg.defaults.language, Lang::Cs);
        assert_eq!(cfg.defaults.timeout_action, TimeoutAction::Abandon);
        let mut cfg = Config::default();
        assert!(cfg
            .apply_env(|k| (k == "VLIV_TIMEOUT_MINUTES").then(|| "soon".into()))
            .is_err());
    }

    #[test]
    fn the_default_layout_is_the_embed_and_the_environment_may_choose_components_v2() {
        let mut cfg = Config::default();
        assert_eq!(cfg.defaults.guild_config().layout, Layout::Embed);
        cfg.apply_env(|k| (k == "VLIV_LAYOUT").then(|| "components_v2".into()))
            .unwrap();
        assert_eq!(cfg.defaults.guild_config().layout, Layout::ComponentsV2);
        let err = cfg
            .apply_env(|k| (k == "VLIV_LAYOUT").then(|| "v2".into()))
            .unwrap_err();
        assert!(format!("{err:#}").contains("VLIV_LAYOUT"), "{err:#}");
    }

    #[test]
    fn a_zero_or_overflowing_timeout_is_refused_from_file_and_environment() {
        let env = |value: &'static str| {
            move |k: &str| (k == "VLIV_TIMEOUT_MINUTES").then(|| value.to_string())
        };
        // 2^32 would wrap to 0 with a cast; it must be an error instead.
        let mut cfg = Config::default();
        let err = cfg.apply_env(env("4294967296")).unwrap_err();
        assert!(
            format!("{err:#}").contains("VLIV_TIMEOUT_MINUTES"),
            "{err:#}"
        );
        let mut cfg = Config::default();
        cfg.apply_env(env("0")).unwrap();
        let err = cfg.validate().unwrap_err().to_string();
        assert!(err.contains("timeout_minutes must be from 1"), "{err}");

        let file = Config::parse("[defaults]\ntimeout_minutes = 0").unwrap();
        assert!(file.validate().is_err());
        assert!(Config::parse("[defaults]\ntimeout_minutes = 4294967296").is_err());
        let file = Config::parse("[defaults]\nreminder_minutes = 50000").unwrap();
        assert!(file
            .validate()
            .unwrap_err()
            .to_string()
            .contains("reminder_minutes"));
        let ok = Config::parse("[defaults]\ntimeout_minutes = 43200\nreminder_minutes = 0");
        ok.unwrap().validate().unwrap();
        Config::default().validate().unwrap();
    }

    #[test]
    fn lobby_caps_come_from_file_and_environment_and_nonsense_is_refused() {
        let file = Config::parse("[lobbies]\nmax_per_user = 2\nmax_per_server = 5").unwrap();
        file.validate().unwrap();
        assert_eq!(file.lobbies.limits().per_user, 2);
        assert_eq!(file.lobbies.limits().per_server, 5);
        let mut cfg = file.clone();
        cfg.apply_env(|k| (k == "VLIV_LOBBY_IDLE_MINUTES").then(|| "15".into()))
            .unwrap();
        assert_eq!(cfg.lobbies.limits().idle_minutes, 15);
        for bad in [
            "[lobbies]\nmax_per_user = 0",
            "[lobbies]\nmax_per_server = 0",
            "[lobbies]\nmax_per_user = 30\nmax_per_server = 5",
            "[lobbies]\nidle_minutes = 0",
        ] {
            assert!(Config::parse(bad).unwrap().validate().is_err(), "{bad}");
        }
        let mut cfg = Config::default();
        assert!(cfg
            .apply_env(|k| (k == "VLIV_LOBBIES_PER_SERVER").then(|| "4294967296".into()))
            .is_err());
    }

    #[test]
    fn shards_come_from_file_and_environment_and_a_fleet_on_sqlite_is_refused() {
        let file = Config::parse(
            "database_url = \"postgres://u@h/vliv\"\n[discord]\nshards = \"0-3\"\nshard_total = 8",
        )
        .unwrap();
        file.validate().unwrap();
        let plan = file.shard_plan_if_known().unwrap().unwrap();
        assert_eq!((plan.first, plan.last, plan.total), (0, 3, 8));
        let mut cfg = Config::default();
        cfg.apply_env(|k| match k {
            "VLIV_SHARDS" => Some("1".into()),
            "VLIV_SHARD_TOTAL" => Some("2".into()),
            _ => None,
        })
        .unwrap();
        let err = cfg.validate().unwrap_err().to_string();
        assert!(err.contains("a fleet needs Postgres"), "{err}");
        // Unset: Discord's recommendation decides at start.
        assert_eq!(Config::default().shard_plan_if_known().unwrap(), None);
        for bad in ["shards = \"4-1\"", "shards = \"9\"\nshard_total = 4"] {
            let cfg = Config::parse(&format!("[discord]\n{bad}")).unwrap();
            assert!(cfg.validate().is_err(), "{bad}");
        }
        let mut cfg = Config::default();
        assert!(cfg
            .apply_env(|k| (k == "VLIV_SHARD_TOTAL").then(|| "many".into()))
            .is_err());
    }

    #[test]
    fn a_token_is_not_a_configuration_key() {
        assert!(Config::parse("discord_token = \"x\"").is_err());
        assert!(Config::parse("[discord]\ntoken = \"x\"").is_err());
        assert!(Config::parse("[matrix]\naccess_token = \"x\"").is_err());
        assert!(Config::parse("[matrix]\npassword = \"x\"").is_err());
    }
}
