//! The Discord layer on poise/serenity: thin commands (one module per command group) and
//! one component handler, all delegating to the session service. Nothing here applies a
//! move or decides a rule; it translates interactions and renders what the service says.

mod budget;
mod commands;
mod components;
mod config;
mod convert;
pub mod custom_id;
mod dispatched;
mod dm;
mod entry_point;
mod gateway;
mod gateway_turn;
mod ids;
mod lang;
mod late;
pub mod layout_v2;
mod limiter;
pub mod limits;
mod lost_turn_dms;
mod markup;
mod no_pictures;
pub mod permissions;
mod pictures;
mod place;
mod publish;
mod requests;
pub mod shards;
mod spectate;
mod table_message;
mod tables;
mod token_routes;
mod turn_shown;
mod unread;

use std::sync::Arc;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

use vliv_service::{dispatch::Dispatcher, service::Service, store::Store};

use shards::ShardPlan;

pub use commands::all as commands;
pub use config::DiscordConfig;

/// What every command and handler can reach.
pub struct Data {
    pub service: Arc<Service>,
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
pub type Context<'a> = poise::Context<'a, Data, Error>;

/// Discord before the gateway: the HTTP client, its token checked, and the shards this
/// process connects (they shape the store: see [`Connection::store`]).
pub struct Connection {
    http: serenity::Http,
    /// A client of its own for the clicks' first responses, used on the gateway's thread
    /// only (`gateway.rs`), so its connections are served there, not by the busy workers.
    ack: serenity::Http,
    pub plan: ShardPlan,
}

/// Checks the token and settles the shards (a fleet is refused on SQLite: `database_url`).
/// The database is opened before this, so a wrong URL is said before anything reaches
/// Discord.
pub async fn connect(
    config: &DiscordConfig,
    database_url: &str,
    token: &str,
) -> anyhow::Result<Connection> {
    let http = http_client(config, token)?;
    let ack = http_client(config, token)?;
    let fleet_limit = match config.global_limit {
        0 => budget::DISCORD_GLOBAL_PER_SEC,
        n => n,
    };
    check_token(&http).await?;
    let plan = shard_plan(config, database_url, &http).await?;
    // Discord's global limit is the bot token's, whichever process sends: each member of a
    // fleet keeps under its shards' share of it.
    let share = plan.share_of(fleet_limit);
    budget::set_global_limit(share).await;
    pictures::set_table_draw_wait(config.table_draw_wait_ms);
    tracing::info!(
        first = plan.first,
        last = plan.last,
        total = plan.total,
        global_per_sec = share,
        "connecting shards"
    );
    Ok(Connection { http, ack, plan })
}

impl Connection {
    /// The store of a process running Discord: one writer serves every shard and trusts
    /// its cache; a fleet member checks versions and serves its own shards' servers first.
    pub fn store(&self, store: Store) -> Store {
        store
            .with_game_cache(!self.plan.is_fleet())
            .with_places(shards::places(self.plan))
    }
}

/// Connects to Discord's gateway and serves until stopped; the Discord side registers
/// with `dispatcher` once it can publish.
pub async fn serve(
    connection: Connection,
    config: DiscordConfig,
    service: Arc<Service>,
    dispatcher: Arc<Dispatcher>,
) -> anyhow::Result<()> {
    let Connection { http, ack, plan } = connection;
    let ack = Arc::new(ack);
    let intents = serenity::GatewayIntents::GUILDS;
    let dev_guild = config.development_guild;
    let activity = config.activity;
    let data_service = service.clone();
    let swept = ack.clone();
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: commands(),
            on_error: |error| Box::pin(commands::on_error(error)),
            pre_command: |ctx| {
                Box::pin(async move {
                    tracing::info!(
                        guild = ctx.guild_id().map(|g| g.get()),
                        channel = ctx.channel_id().get(),
                        command = %ctx.command().qualified_name,
                        "command"
                    );
                })
            },
            ..Default::default()
        })
        .setup(move |ctx, _ready, framework| {
            Box::pin(async move {
                let cmds = &framework.options().commands;
                entry_point::register(ctx, cmds, dev_guild, activity).await?;
                // Tables are re-rendered and deadlines served in the background: interactions
                // are answered from the first moment.
                pictures::start(ctx.http.clone(), data_service.clone());
                limiter::start(ctx.http.clone());
                limiter::start(swept);
                dispatcher.register(Arc::new(dispatched::Discord {
                    http: ctx.http.clone(),
                    service: data_service.clone(),
                    plan,
                }));
                Ok(Data {
                    service: data_service,
                })
            })
        })
        .build();

    // Buttons and menus reach their handler straight from serenity, not through poise's
    // event handler: poise's dispatch future is ~50 KB and lived as long as the click's
    // handling (issue 22: ~95 MB of the heap with 1,000 games under load); now it ends at once.
    let work = tokio::runtime::Handle::current();
    let (ready, readies) = tokio::sync::watch::channel(0);
    let clicks = components::Clicks {
        data: Arc::new(Data {
            service: service.clone(),
        }),
        ack: ack.clone(),
        work: work.clone(),
        ready,
    };
    let framework = gateway::OnWorkers {
        poise: Arc::new(framework),
        work,
    };
    let turn = gateway_turn::take(&service).await;
    gateway_turn::release_when_ready(turn, readies, plan.count());
    // serenity 0.12 takes this range's end as the last shard (inclusive), not one past it.
    gateway::run(
        http,
        intents,
        framework,
        clicks,
        (plan.first, plan.last, plan.total),
    )
    .await
}

/// serenity's HTTP client. In production (and against the fake's HTTPS side, where
/// `discord.com` resolves to `api_address` and its test CA is trusted) the rate limiter is on;
/// only the plain `api_base` proxy needs it off, since the limiter ignores the proxy.
fn http_client(d: &DiscordConfig, token: &str) -> anyhow::Result<serenity::Http> {
    if !d.api_address.is_empty() {
        let address: std::net::SocketAddr = d
            .api_address
            .parse()
            .with_context(|| format!("discord.api_address `{}` is not host:port", d.api_address))?;
        let mut client = reqwest::Client::builder()
            .use_rustls_tls()
            .resolve("discord.com", address);
        if !d.api_ca.is_empty() {
            let pem = std::fs::read(&d.api_ca)
                .with_context(|| format!("cannot read discord.api_ca `{}`", d.api_ca))?;
            let ca = reqwest::Certificate::from_pem(&pem).with_context(|| {
                format!("discord.api_ca `{}` is not a PEM certificate", d.api_ca)
            })?;
            client = client.add_root_certificate(ca);
        }
        let client = client.build().context("cannot build the HTTP client")?;
        return Ok(serenity::HttpBuilder::new(token).client(client).build());
    }
    if d.api_base.is_empty() {
        return Ok(serenity::HttpBuilder::new(token).build());
    }
    // The rate limiter would bypass the proxy and reach discord.com (discord-loopback.md).
    Ok(serenity::HttpBuilder::new(token)
        .proxy(d.api_base.clone())
        .ratelimiter_disabled(true)
        .build())
}

/// The shards to connect: the settings', with Discord's recommended total when
/// `shard_total` is unset; a fleet on SQLite is refused before anything is opened.
async fn shard_plan(
    config: &DiscordConfig,
    database_url: &str,
    http: &serenity::Http,
) -> anyhow::Result<ShardPlan> {
    if let Some(plan) = config.shard_plan_if_known(database_url)? {
        return Ok(plan);
    }
    let recommended = http
        .get_bot_gateway()
        .await
        .context("cannot ask Discord how many shards to use")?
        .shards;
    let plan = ShardPlan::new(&config.shards, recommended)
        .context("with Discord's recommended shard count")?;
    plan.refuse_on_sqlite(database_url)?;
    Ok(plan)
}

/// One request before the gateway: serenity answers a rejected token by falling back to the
/// default gateway URL and retrying every 5 s for ever, so a wrong token would never be said.
async fn check_token(http: &serenity::Http) -> anyhow::Result<()> {
    use serenity::{Error, HttpError};
    match http.get_current_user().await {
        Ok(me) => {
            tracing::info!(bot = me.id.get(), "Discord accepted the token");
            Ok(())
        }
        Err(Error::Http(HttpError::UnsuccessfulRequest(e))) if e.status_code.as_u16() == 401 => {
            anyhow::bail!(
                "Discord rejected the token (401 Unauthorized): set DISCORD_TOKEN to the bot \
                 token from the Developer Portal (Bot → Reset Token)"
            )
        }
        Err(e) => Err(anyhow::Error::new(e).context("cannot reach Discord to check the token")),
    }
}
