//! `vliv admin rebuild-ratings [--config FILE]`: every rating rebuilt from the stored game
//! results, in the order they were stored (it equals what the bot computed game by game).
//! Finished games stored before results were kept are rated too, after the others. The
//! database is the bot's (`database_url` of the configuration, or `VLIV_DATABASE_URL`); the
//! bot may keep running meanwhile.

use std::{path::PathBuf, process::ExitCode, sync::Arc};

use clap::{Args, Subcommand};
use vliv_bot::config::Config;
use vliv_service::{
    service::{Service, SystemClock},
    store::Store,
};

#[derive(Args)]
pub struct AdminArgs {
    #[command(subcommand)]
    command: AdminCommand,
    /// A configuration file (default: vliv.toml if present), for its database_url.
    #[arg(long, global = true)]
    config: Option<PathBuf>,
}

#[derive(Subcommand)]
enum AdminCommand {
    /// Rebuild every rating from the stored game results.
    RebuildRatings,
}

pub fn main(args: AdminArgs) -> ExitCode {
    match run(args) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("vliv: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: AdminArgs) -> anyhow::Result<String> {
    let config = Config::load(args.config.as_deref())?;
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async {
        let store = Store::connect(&config.database_url).await?;
        let service = Service::new(store, Arc::new(SystemClock));
        match args.command {
            AdminCommand::RebuildRatings => {
                let games = service.rebuild_ratings().await?;
                Ok(format!("Ratings rebuilt from {games} rated games."))
            }
        }
    })
}
