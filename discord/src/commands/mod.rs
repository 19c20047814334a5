//! Slash commands, one module per group. Each command defers (Discord wants an answer
//! within 3 s), asks the service, refreshes the table, and answers the user ephemerally.

mod admin;
mod ai_level;
mod answer;
mod card;
mod game;
mod leaderboard;
mod play;
mod score;
mod settings;
mod stats;
mod vacation;
mod zones;

pub(super) use leaderboard::turn_page;

use crate::ids::Ours;
use crate::limits;
use vliv_engine::{Lang, Text};

use poise::serenity_prelude as serenity;

use super::{lang, publish, requests, Context, Data, Error};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{Answer, Origin, Refusal, Request, ServerChange},
    render::clip,
    service::{Caller, ComponentAction, GuildConfig, Place, PlaceKind, Platform, ServiceError},
};

/// Every command the bot registers.
pub fn all() -> Vec<poise::Command<Data, Error>> {
    vec![
        game::game(),
        play::play(),
        score::score(),
        card::card(),
        stats::stats(),
        leaderboard::leaderboard(),
        admin::vliv_admin(),
        settings::vliv(),
    ]
}

/// The language this user reads.
async fn user_lang(ctx: Context<'_>) -> Lang {
    lang::for_user(
        &ctx.data().service,
        ctx.author().id.ours(),
        ctx.locale(),
        ctx.guild_id().map(Ours::ours),
    )
    .await
}

/// The caller, with whether Discord says they manage the server.
async fn caller(ctx: Context<'_>) -> Caller {
    let is_admin = match ctx.author_member().await {
        Some(m) => m.permissions.is_some_and(|p| p.manage_guild()),
        None => false,
    };
    Caller {
        user: ctx.author().id.ours(),
        is_admin,
    }
}

/// Where the command was typed; a thread names its parent, whose restrictions apply.
fn place(ctx: Context<'_>) -> Place {
    match ctx {
        poise::Context::Application(a) => crate::place::place(
            a.interaction.guild_id.map(Ours::ours),
            a.interaction.channel_id.ours(),
            a.interaction.channel.as_ref(),
            a.interaction.context,
        ),
        poise::Context::Prefix(_) => Place {
            guild: ctx.guild_id().map(Ours::ours),
            channel: ctx.channel_id().ours(),
            parent: None,
            kind: match ctx.guild_id() {
                Some(_) => PlaceKind::Server,
                None => PlaceKind::BotDm,
            },
        },
    }
}

/// The name Discord shows everyone for a user: their global display name, else their
/// username.
pub(crate) fn public_name(user: &serenity::User) -> String {
    user.global_name
        .clone()
        .unwrap_or_else(|| user.name.clone())
}

/// Who runs the command, and where, for the application layer.
async fn origin(ctx: Context<'_>) -> Origin {
    let place = place(ctx);
    Origin {
        platform: Platform::Discord,
        user: ctx.author().id.ours(),
        place,
        admin: caller(ctx).await.is_admin,
        private: place.kind == PlaceKind::BotDm,
        key: None,
        reads: None,
        name: Some(public_name(ctx.author())),
    }
}

/// A command carried out through the application layer: the author gets its answer.
async fn run(ctx: Context<'_>, request: Request) -> Result<(), Error> {
    if let Some(text) = lacking_here(ctx, &request) {
        let lang = user_lang(ctx).await;
        return say(ctx, lang, &text).await;
    }
    answer(ctx, move |lang| async move {
        let origin = origin(ctx).await;
        carry(ctx, lang, &origin, request).await
    })
    .await
}

/// Why `request` cannot be carried out where it was asked: the bot lacks a permission
/// there that it needs (Discord says which it has with each interaction).
fn lacking_here(ctx: Context<'_>, request: &Request) -> Option<Text> {
    let poise::Context::Application(a) = ctx else {
        return None;
    };
    // In a conversation the bot's own permissions do not matter: it answers there only
    // through the interactions it is given.
    if place(ctx).kind == PlaceKind::Conversation {
        return None;
    }
    let allowed = a.interaction.app_permissions?;
    let in_thread = a
        .interaction
        .channel
        .as_ref()
        .is_some_and(|c| super::permissions::is_thread(c.kind));
    super::permissions::refusal(request, allowed.bits(), ctx.channel_id().get(), in_thread)
}

/// [`run`] for a request naming what the author reads in `reads` (a typed choice's label).
async fn run_reading(ctx: Context<'_>, request: Request, reads: Lang) -> Result<(), Error> {
    answer(ctx, move |lang| async move {
        let mut origin = origin(ctx).await;
        origin.reads = Some(reads);
        carry(ctx, lang, &origin, request).await
    })
    .await
}

/// The request carried out and published; the author gets its answer.
async fn carry(
    ctx: Context<'_>,
    lang: Lang,
    origin: &Origin,
    request: Request,
) -> Result<(), Stop> {
    let service = &ctx.data().service;
    let asked = requests::ask(ctx.http(), service, origin, request).await?;
    let said = answer::render(ctx, lang, asked.answer).await;
    // The publishing goes on whether or not the answer could be sent.
    if let Some(rest) = asked.rest {
        publish::finish_publishing(rest).await;
    }
    said
}

/// A request answered at once, without deferring (a quick one whose answer may be public):
/// its answer, or `None` when it was refused and the author told why.
async fn answered_now(
    ctx: Context<'_>,
    lang: Lang,
    request: Request,
) -> Result<Option<Answer>, Error> {
    let origin = origin(ctx).await;
    match vliv_service::app::execute(&ctx.data().service, &origin, request).await {
        Ok(outcome) => Ok(Some(outcome.answer)),
        Err(Refusal::Refused(text)) => {
            say(ctx, lang, &text).await?;
            Ok(None)
        }
        Err(Refusal::Failed(e) | Refusal::NotShown(e)) => Err(e),
    }
}

/// A change of the server's settings through the application layer (which checks that
/// the asker manages the server), answered with `shown` of the settings it left.
async fn server_change(
    ctx: Context<'_>,
    change: ServerChange,
    shown: fn(&GuildConfig) -> Text,
) -> Result<(), Error> {
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx).await;
    let request = Request::ServerSettings {
        change: Some(change),
        storage: false,
    };
    if let Some(Answer::ServerSettings { config, .. }) = answered_now(ctx, lang, request).await? {
        say(ctx, lang, &shown(&config)).await?;
    }
    Ok(())
}

/// An ephemeral answer with a localized text.
async fn say(ctx: Context<'_>, lang: Lang, text: &Text) -> Result<(), Error> {
    // A text may repeat what the user typed (a card name, an option): Discord takes 2,000.
    let line = clip(&tr(lang, text, &|s| lang.seat_name(s)), limits::CONTENT);
    ctx.send(
        poise::CreateReply::default()
            .content(crate::markup::discord(&line))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// A refused request: a short localized message, logged with its ids.
async fn refuse(ctx: Context<'_>, lang: Lang, e: ServiceError) -> Result<(), Error> {
    if e.is_transient() {
        tracing::warn!(guild = ?ctx.guild_id(), error = %e, "request failed");
    } else {
        tracing::debug!(guild = ?ctx.guild_id(), error = %e, "request refused");
    }
    say(ctx, lang, &e.text()).await
}

/// Why a command's body stopped early: the service refused (the user gets the localized
/// refusal), or something failed (Discord, a bug: [`on_error`] answers and logs it).
pub(super) enum Stop {
    Refused(ServiceError),
    /// Refused by the application layer, in its words.
    Said(Text),
    Failed(Error),
    /// The change was stored but the channel could not be updated (see [`shown`]).
    NotShown(Error),
}

impl From<ServiceError> for Stop {
    fn from(e: ServiceError) -> Stop {
        Stop::Refused(e)
    }
}

impl From<Refusal> for Stop {
    fn from(r: Refusal) -> Stop {
        match r {
            Refusal::Refused(text) => Stop::Said(text),
            Refusal::Failed(e) => Stop::Failed(e),
            Refusal::NotShown(e) => Stop::NotShown(e),
        }
    }
}

impl From<Error> for Stop {
    fn from(e: Error) -> Stop {
        Stop::Failed(e)
    }
}

impl From<poise::serenity_prelude::Error> for Stop {
    fn from(e: poise::serenity_prelude::Error) -> Stop {
        Stop::Failed(e.into())
    }
}

/// The three steps every ephemeral command shares: defer (Discord wants an answer within
/// 3 s), read the user's language, and turn a refusal into its localized message, so the
/// body reads as what the command does.
async fn answer<'a, F, Fut>(ctx: Context<'a>, body: F) -> Result<(), Error>
where
    F: FnOnce(Lang) -> Fut,
    Fut: std::future::Future<Output = Result<(), Stop>> + 'a,
{
    ctx.defer_ephemeral().await?;
    let lang = user_lang(ctx).await;
    let answered = answer_stop(ctx, lang, body(lang).await).await;
    // In a conversation, the tables no token could show come back with this command.
    if let poise::Context::Application(a) = ctx {
        if place(ctx).kind == PlaceKind::Conversation {
            let channel = ctx.channel_id().ours();
            let service = &ctx.data().service;
            super::publish::show_waiting_tables(ctx.http(), service, &a.interaction.token, channel)
                .await;
        }
    }
    answered
}

/// The answer of a command whose body ended with `done`.
async fn answer_stop(ctx: Context<'_>, lang: Lang, done: Result<(), Stop>) -> Result<(), Error> {
    match done {
        Ok(()) => Ok(()),
        Err(Stop::Refused(e)) => refuse(ctx, lang, e).await,
        Err(Stop::Said(text)) => {
            tracing::debug!(guild = ?ctx.guild_id(), key = %text.key, "request refused");
            say(ctx, lang, &text).await
        }
        Err(Stop::Failed(e)) => Err(e),
        Err(Stop::NotShown(e)) => {
            tracing::warn!(guild = ?ctx.guild_id(), error = %e, "change stored but not shown");
            say(ctx, lang, &Text::new(super::publish::not_shown_key(&e))).await
        }
    }
}

/// Unexpected failures (Discord errors, bugs): logged, and the user still gets an answer.
pub async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    match error {
        poise::FrameworkError::Command { error, ctx, .. } => {
            tracing::error!(guild = ?ctx.guild_id(), command = %ctx.command().qualified_name, error = %error, "command failed");
            let lang = user_lang(ctx).await;
            let _ = say(ctx, lang, &Text::new("err-retry")).await;
        }
        poise::FrameworkError::CooldownHit {
            remaining_cooldown,
            ctx,
            ..
        } => {
            let lang = user_lang(ctx).await;
            let secs = remaining_cooldown.as_secs().max(1);
            let _ = say(
                ctx,
                lang,
                &Text::new("err-cooldown").arg("secs", secs as i64),
            )
            .await;
        }
        // poise's own answer is English only: say it in the user's language.
        poise::FrameworkError::MissingUserPermissions { ctx, .. } => {
            let lang = user_lang(ctx).await;
            let _ = say(ctx, lang, &Text::new("err-not-admin")).await;
        }
        other => {
            if let Err(e) = poise::builtins::on_error(other).await {
                tracing::error!(error = %e, "error while handling an error");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_cs(
        l: &[(
            std::borrow::Cow<'static, str>,
            std::borrow::Cow<'static, str>,
        )],
    ) -> bool {
        l.iter()
            .any(|(locale, text)| locale == "cs" && !text.is_empty())
    }

    fn walk(cmd: &poise::Command<Data, Error>, out: &mut Vec<String>) {
        // Discord: names of 1–32 lowercase letters, digits, - or _; descriptions ≤ 100.
        let names = std::iter::once(cmd.name.as_ref())
            .chain(cmd.name_localizations.iter().map(|(_, n)| n.as_ref()));
        for name in names {
            let ok = (1..=32).contains(&name.chars().count())
                && name.chars().all(|c| {
                    c == '-'
                        || c == '_'
                        || c.is_numeric()
                        || (c.is_alphabetic() && !c.is_uppercase())
                });
            if !ok {
                out.push(format!("{}: invalid name {name}", cmd.qualified_name));
            }
        }
        let descriptions = cmd.description.iter().map(|d| d.as_ref()).chain(
            cmd.description_localizations
                .iter()
                .map(|(_, d)| d.as_ref()),
        );
        for d in descriptions {
            if d.chars().count() > 100 {
                out.push(format!("{}: description over 100: {d}", cmd.qualified_name));
            }
        }
        if !has_cs(&cmd.name_localizations) {
            out.push(format!("{}: no Czech name", cmd.qualified_name));
        }
        if cmd.description.as_deref().unwrap_or("").is_empty() {
            out.push(format!("{}: no English description", cmd.qualified_name));
        }
        if !has_cs(&cmd.description_localizations) {
            out.push(format!("{}: no Czech description", cmd.qualified_name));
        }
        for p in &cmd.parameters {
            if p.description.as_deref().unwrap_or("").is_empty()
                || !has_cs(&p.description_localizations)
                || !has_cs(&p.name_localizations)
            {
                out.push(format!(
                    "{} {}: parameter not in both languages",
                    cmd.qualified_name, p.name
                ));
            }
        }
        for sub in &cmd.subcommands {
            walk(sub, out);
        }
    }

    #[test]
    fn every_command_and_parameter_is_registered_in_czech_and_english() {
        let mut missing = Vec::new();
        for cmd in all() {
            walk(&cmd, &mut missing);
        }
        assert!(missing.is_empty(), "{missing:#?}");
    }

    #[test]
    fn the_commands_of_the_issue_exist() {
        let game = all().into_iter().find(|c| c.name == "game").unwrap();
        let subs: Vec<&str> = game.subcommands.iter().map(|c| c.name.as_ref()).collect();
        for name in [
            "new",
            "join",
            "leave",
            "add-ai",
            "start",
            "status",
            "hand",
            "log",
            "concede",
            "offer-draw",
            "abandon",
            "list",
            "history",
            "rules",
            "replay",
            "export",
            "watch",
            "unwatch",
            "substitute",
        ] {
            assert!(subs.contains(&name), "/game {name}");
        }
        let names: Vec<String> = all().iter().map(|c| c.name.to_string()).collect();
        assert_eq!(
            names,
            [
                "game",
                "play",
                "score",
                "card",
                "stats",
                "leaderboard",
                "vliv-admin",
                "vliv"
            ]
        );
    }

    /// A Czech text names a slash command (and its subcommand) by their Czech names.
    #[test]
    fn the_czech_texts_name_the_czech_commands() {
        fn cs(c: &poise::Command<Data, Error>) -> &str {
            c.name_localizations
                .iter()
                .find(|(l, _)| l == "cs")
                .map_or(c.name.as_ref(), |(_, n)| n.as_ref())
        }
        let commands = all();
        let source = include_str!("../../../service/locales/cs.ftl").replace("`/", " /");
        let mut named = 0;
        for mention in source.split(" /").skip(1) {
            let mut words = mention.split([' ', '.', ',', '`', '\n']);
            let name = words.next().unwrap_or_default();
            let cmd = commands.iter().find(|c| cs(c) == name);
            let cmd = cmd.unwrap_or_else(|| panic!("no Czech command /{name}"));
            if !cmd.subcommands.is_empty() {
                let sub = words.next().unwrap_or_default();
                assert!(
                    cmd.subcommands.iter().any(|c| cs(c) == sub),
                    "no Czech subcommand /{name} {sub}"
                );
            }
            named += 1;
        }
        assert!(named >= 4, "the Czech texts name {named} commands");
    }
}
