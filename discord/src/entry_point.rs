//! The Activity's "Launch" button: when the web table opens as this application's Activity,
//! the application's `PRIMARY_ENTRY_POINT` command (type 4) is registered with the slash
//! commands, handled by the app (`handler` 1, `APP_HANDLER`), and answered by launching the
//! Activity (`LAUNCH_ACTIVITY`, callback type 12) in the channel it was pressed in. What the
//! Activity then shows is the web table's: the game of that channel, for that player.
//! Discord's documentation: developers/interactions/application-commands.mdx ("Entry Point
//! Commands") and developers/interactions/receiving-and-responding.mdx ("Interaction
//! Callback Type").

use poise::serenity_prelude as serenity;

use super::{Data, Error};

/// The entry point's name (Discord's default one is called so too).
const NAME: &str = "launch";

/// Registers `cmds` (in `guild` only when not 0) and, for an Activity, the entry point.
pub async fn register(
    ctx: &serenity::Context,
    cmds: &[poise::Command<Data, Error>],
    guild: u64,
    activity: bool,
) -> Result<(), serenity::Error> {
    let mut commands = poise::builtins::create_application_commands(cmds);
    if activity {
        commands.push(
            serenity::CreateCommand::new(NAME)
                .kind(serenity::CommandType::PrimaryEntryPoint)
                .handler(serenity::EntryPointHandlerType::AppHandler)
                .description("Open the game table of this channel")
                .description_localized("cs", "Otevřít herní stůl tohoto kanálu"),
        );
    }
    match guild {
        0 => {
            serenity::Command::set_global_commands(ctx, commands).await?;
        }
        g => {
            serenity::GuildId::new(g)
                .set_commands(ctx, commands)
                .await?;
        }
    }
    Ok(())
}

/// Is this interaction the entry point's?
pub fn is_launch(interaction: &serenity::Interaction) -> Option<&serenity::CommandInteraction> {
    match interaction {
        serenity::Interaction::Command(c)
            if c.data.kind == serenity::CommandType::PrimaryEntryPoint =>
        {
            Some(c)
        }
        _ => None,
    }
}

/// Answers the entry point: Discord launches the Activity for the user in the channel.
pub async fn launch(http: &serenity::Http, command: &serenity::CommandInteraction) {
    let launched = command
        .create_response(http, serenity::CreateInteractionResponse::LaunchActivity)
        .await;
    match launched {
        Ok(()) => tracing::info!(channel = command.channel_id.get(), "the Activity launched"),
        Err(e) => tracing::warn!(error = %e, "the Activity could not be launched"),
    }
}
