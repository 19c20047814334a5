//! The gateway on a thread of its own. serenity reads every shard's events in one task
//! each; on the runtime's workers that task, and the first response of a click, waited
//! behind whatever moves the workers were handling (issue 22: first response p99 ~42 ms
//! with 1,000 live games). Here a single-threaded runtime runs the shards and the clicks'
//! first responses only: commands (poise) and the clicks' handling go to the workers.

use std::sync::Arc;

use anyhow::Context as _;
use poise::serenity_prelude as serenity;

use super::{components::Clicks, entry_point, Data, Error};

/// poise's framework, its events handled on the runtime's workers. A click is not a
/// command: poise has nothing to do with it, so it is not sent there at all.
pub struct OnWorkers {
    pub poise: Arc<poise::Framework<Data, Error>>,
    pub work: tokio::runtime::Handle,
}

#[serenity::async_trait]
impl serenity::Framework for OnWorkers {
    async fn init(&mut self, client: &serenity::Client) {
        match Arc::get_mut(&mut self.poise) {
            Some(poise) => serenity::Framework::init(poise, client).await,
            None => tracing::error!("poise's framework shared before the client started"),
        }
    }

    async fn dispatch(&self, ctx: serenity::Context, event: serenity::FullEvent) {
        if let serenity::FullEvent::InteractionCreate {
            interaction: serenity::Interaction::Component(_),
        } = &event
        {
            return;
        }
        // The Activity's "Launch" button is no poise command: answered here, on the workers.
        if let serenity::FullEvent::InteractionCreate { interaction } = &event {
            if let Some(command) = entry_point::is_launch(interaction) {
                let (command, http) = (command.clone(), ctx.http.clone());
                self.work
                    .spawn(async move { entry_point::launch(&http, &command).await });
                return;
            }
        }
        let poise = self.poise.clone();
        let handled = self.work.spawn(async move {
            serenity::Framework::dispatch(&*poise, ctx, event).await;
        });
        if let Err(e) = handled.await {
            tracing::error!(error = %e, "a command's handling failed");
        }
    }
}

/// Connects the shards `first..last` (serenity's inclusive range) of `total` and serves
/// them on the gateway's thread until the connection ends.
pub async fn run(
    http: serenity::Http,
    intents: serenity::GatewayIntents,
    framework: OnWorkers,
    clicks: Clicks,
    shards: (u32, u32, u32),
) -> anyhow::Result<()> {
    let (done, ended) = tokio::sync::oneshot::channel();
    std::thread::Builder::new()
        .name("vliv-gateway".into())
        .spawn(move || {
            let served = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .context("cannot start the gateway's runtime")
                .and_then(|runtime| {
                    runtime.block_on(serve(http, intents, framework, clicks, shards))
                });
            let _ = done.send(served);
        })
        .context("cannot start the gateway's thread")?;
    ended.await.context("the gateway's thread ended")?
}

async fn serve(
    http: serenity::Http,
    intents: serenity::GatewayIntents,
    framework: OnWorkers,
    clicks: Clicks,
    (first, last, total): (u32, u32, u32),
) -> anyhow::Result<()> {
    let mut client = serenity::ClientBuilder::new_with_http(http, intents)
        .framework(framework)
        .event_handler(clicks)
        .await
        .context("cannot create the Discord client")?;
    client
        .start_shard_range(first..last, total)
        .await
        .context("the Discord connection failed")
}
