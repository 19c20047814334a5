//! The one component handler: every button and select menu of the bot arrives here as a
//! custom id (`service::ComponentAction`), is answered within Discord's 3 s (deferred
//! first) and delegated to the session service.

use crate::ids::Ours;
use std::sync::Arc;

use poise::serenity_prelude as serenity;
use tracing::Instrument;
use vliv_engine::Text;

use super::{
    budget, commands, convert, custom_id, lang, layout_v2, permissions, pictures, publish,
    requests, tables, turn_shown, Data, Error,
};
use vliv_service::i18n::tr;
use vliv_service::{
    app::{execute, Answer, Origin, Outcome, Plan, Refusal, Request, Target},
    service::{Caller, ComponentAction, Place, PlaceKind, Platform, ServiceError, UserId},
};

/// Moves stored and shown on their panels at once (issue 22: at N = 1,000 saturated, a
/// thousand in flight held 211 MB). Publishing is outside it: it waits up to a second for
/// the table's turn, and a move waiting there must not hold a place.
static HANDLING: tokio::sync::Semaphore = tokio::sync::Semaphore::const_new(64);

/// The handler of every button and select menu, registered with serenity. It runs on the
/// gateway's thread (`mod.rs`): the first response goes out there, through a client of its
/// own (`ack`), and the rest is handed to the runtime's workers (`work`), so a click is
/// acknowledged without queueing behind the moves being handled.
///
/// It also counts the READY events of this process's shards (the fleet's gateway turn,
/// `gateway_turn`): serenity clones every event for each event handler and spawns a task
/// for it, so a second handler for READY alone cost each click a copy of its message.
pub struct Clicks {
    pub data: Arc<Data>,
    pub ack: Arc<serenity::Http>,
    pub work: tokio::runtime::Handle,
    pub ready: tokio::sync::watch::Sender<u32>,
}

#[serenity::async_trait]
impl serenity::EventHandler for Clicks {
    async fn ready(&self, _ctx: serenity::Context, _ready: serenity::Ready) {
        self.ready.send_modify(|n| *n += 1);
    }

    async fn interaction_create(&self, ctx: serenity::Context, interaction: serenity::Interaction) {
        let serenity::Interaction::Component(c) = interaction else {
            return;
        };
        let action = action_of(&c);
        if let Err(e) = c
            .create_response(&*self.ack, first_response(&c, &action))
            .await
        {
            tracing::error!(guild = ?c.guild_id, error = %e, "component not acknowledged");
            return;
        }
        let data = self.data.clone();
        self.work.spawn(async move {
            if let Err(e) = on_component(&ctx.http, &data, &c, action).await {
                tracing::error!(guild = ?c.guild_id, error = %e, "component failed");
            }
        });
    }
}

/// The click's action, its select menu's value included.
fn action_of(c: &serenity::ComponentInteraction) -> Result<ComponentAction, ServiceError> {
    custom_id::decode(&c.data.custom_id).and_then(|a| match &c.data.kind {
        serenity::ComponentInteractionDataKind::StringSelect { values } => {
            custom_id::with_value(a, values.first().map(String::as_str).unwrap_or(""))
        }
        _ => Ok(a),
    })
}

/// Discord's answer within 3 s: a click that updates the message it came from (a move, a
/// history page, a replay's step, a leaderboard page) acknowledges, the rest defer a reply
/// to the clicker.
fn first_response(
    c: &serenity::ComponentInteraction,
    action: &Result<ComponentAction, ServiceError>,
) -> serenity::CreateInteractionResponse {
    let updates_message = custom_id::is_board(&c.data.custom_id)
        || matches!(
            action,
            Ok(ComponentAction::Move(_) | ComponentAction::HistoryPage(_))
                | Ok(ComponentAction::Replay { slot: 1.., .. })
        );
    if updates_message {
        serenity::CreateInteractionResponse::Acknowledge
    } else {
        serenity::CreateInteractionResponse::Defer(
            serenity::CreateInteractionResponseMessage::new().ephemeral(true),
        )
    }
}

/// A click after its first response: delegated to the service, its result shown. In a
/// conversation outside any server, a table no token could show is posted again through
/// this click, once its answer is out.
async fn on_component(
    http: &serenity::Http,
    data: &Data,
    c: &serenity::ComponentInteraction,
    action: Result<ComponentAction, ServiceError>,
) -> Result<(), Error> {
    let handled = Box::pin(on_click(http, data, c, action)).await;
    if place_of(c).kind == PlaceKind::Conversation {
        publish::show_waiting_tables(http, &data.service, &c.token, c.channel_id.ours()).await;
    }
    handled
}

async fn on_click(
    http: &serenity::Http,
    data: &Data,
    c: &serenity::ComponentInteraction,
    action: Result<ComponentAction, ServiceError>,
) -> Result<(), Error> {
    if custom_id::is_board(&c.data.custom_id) {
        return commands::turn_page(http, data, c, action).await;
    }
    let service = &data.service;
    let user = c.user.id.ours();
    let is_admin = c
        .member
        .as_ref()
        .and_then(|m| m.permissions)
        .is_some_and(|p| p.manage_guild());
    let caller = Caller { user, is_admin };
    let lang = lang::for_user(service, user, Some(&c.locale), c.guild_id.map(Ours::ours)).await;
    let refuse = |e: ServiceError| refusal(lang, e);
    let action = match action {
        Ok(a) => a,
        Err(e) => {
            c.create_followup(http, refuse(e)).await?;
            return Ok(());
        }
    };
    let span = tracing::info_span!(
        "component",
        game = action.game(),
        guild = c.guild_id.map(|g| g.get())
    );
    if let Some(request) = request_of(&action) {
        let in_thread = c
            .channel
            .as_ref()
            .is_some_and(|ch| permissions::is_thread(ch.kind));
        // In a conversation the bot's own permissions do not matter (interactions only).
        let conversation = place_of(c).kind == PlaceKind::Conversation;
        let lacking = c
            .app_permissions
            .filter(|_| !conversation)
            .and_then(|allowed| {
                permissions::refusal(&request, allowed.bits(), c.channel_id.get(), in_thread)
            });
        if let Some(text) = lacking {
            c.create_followup(http, to_clicker(lang, &text)).await?;
            return Ok(());
        }
        let origin = Origin {
            platform: Platform::Discord,
            user,
            place: place_of(c),
            admin: caller.is_admin,
            private: place_of(c).kind == PlaceKind::BotDm,
            key: None,
            reads: None,
            name: Some(commands::public_name(&c.user)),
        };
        return Box::pin(ask(http, service, c, &origin, request, lang))
            .instrument(span)
            .await;
    }
    // A move is the request `Click`, admitted where its game lives by the application
    // layer; its panel is then edited in place here.
    if let ComponentAction::Move(click) = action {
        return Box::pin(play_move(http, service, c, click, user, lang))
            .instrument(span)
            .await;
    }
    let caller = match service.admit(&place_of(c), caller, &action).await {
        Ok(caller) => caller,
        Err(e) => {
            c.create_followup(http, refuse(e)).await?;
            return Ok(());
        }
    };
    let place = place_of(c);
    Box::pin(handle(http, service, c, action, caller, &place, lang))
        .instrument(span)
        .await
}

/// A click's refusal, said to the clicker only.
/// The clicks that are requests of the application layer (it admits them where their game
/// lives); the rest are read here.
fn request_of(action: &ComponentAction) -> Option<Request> {
    Some(match *action {
        ComponentAction::Join(game) => Request::Join(Target::Game(game)),
        ComponentAction::Start(game) => Request::Start(Target::Game(game)),
        ComponentAction::Rematch(game) => Request::Rematch(Target::Game(game)),
        ComponentAction::ConfirmLeave(game) => Request::Leave {
            game: Target::Game(game),
            confirmed: true,
        },
        ComponentAction::ConfirmAbandon(game) => Request::Abandon {
            game: Target::Game(game),
            confirmed: true,
        },
        _ => return None,
    })
}

/// A click carried out through the application layer, answered to the clicker.
async fn ask(
    http: &serenity::Http,
    service: &vliv_service::service::Service,
    c: &serenity::ComponentInteraction,
    origin: &Origin,
    request: Request,
    lang: vliv_engine::Lang,
) -> Result<(), Error> {
    tracing::debug!("component clicked");
    let text = match requests::ask(http, service, origin, request).await {
        Ok(asked) => {
            let answered = c
                .create_followup(
                    http,
                    to_clicker(lang, &requests::answer_text(&asked.answer)),
                )
                .await;
            // The publishing goes on whether or not the answer could be sent.
            if let Some(rest) = asked.rest {
                publish::finish_publishing(rest).await;
            }
            answered?;
            return Ok(());
        }
        Err(Refusal::Refused(text)) => text,
        Err(Refusal::NotShown(e)) => {
            tracing::warn!(error = %e, "change stored but not shown");
            Text::new(publish::not_shown_key(&e))
        }
        Err(Refusal::Failed(e)) => {
            tracing::error!(error = %e, "click failed");
            Text::new("err-retry")
        }
    };
    c.create_followup(http, to_clicker(lang, &text)).await?;
    Ok(())
}

fn refusal(
    lang: vliv_engine::Lang,
    e: ServiceError,
) -> serenity::CreateInteractionResponseFollowup {
    to_clicker(lang, &e.text())
}

/// `text` said to the clicker only.
fn to_clicker(lang: vliv_engine::Lang, text: &Text) -> serenity::CreateInteractionResponseFollowup {
    serenity::CreateInteractionResponseFollowup::new()
        .content(crate::markup::discord(&tr(lang, text, &|s| {
            lang.seat_name(s)
        })))
        .ephemeral(true)
}

/// A move clicked on a panel: stored, the panel edited to show it, the table published.
/// Each step is boxed, so a click waiting in one holds only that step's state.
async fn play_move(
    http: &serenity::Http,
    service: &vliv_service::service::Service,
    c: &serenity::ComponentInteraction,
    click: vliv_service::service::Click,
    user: UserId,
    lang: vliv_engine::Lang,
) -> Result<(), Error> {
    // Under overload the rest wait here holding their event only, not a move's views.
    let handling = HANDLING.acquire().await;
    let origin = clicker(user, &place_of(c));
    let report = match Box::pin(execute(service, &origin, Request::Click(click))).await {
        Ok(Outcome {
            publish: Plan::Report { report, .. },
            ..
        }) => report,
        Ok(_) => return Ok(()),
        Err(refused) => {
            let text = match refused {
                Refusal::Refused(text) => text,
                other => {
                    tracing::error!(error = ?other, "click failed");
                    Text::new("err-retry")
                }
            };
            c.create_followup(http, to_clicker(lang, &text)).await?;
            return Ok(());
        }
    };
    // The panel the click came from now shows the new hand (or nothing to do).
    let (game, message) = (report.game.id, c.message.id.get());
    pictures::panel_seen(message, game, layout_v2::panel::is_v2(&c.message));
    let mut rec = report.game.clone();
    // A publisher may have shown a later version on it first (the game's record moves on
    // with the table's own writes too): the answer is then made from the latest record.
    for _ in 0..3 {
        let Ok(view) = tables::hand_view(service, &rec, user, lang).await else {
            break;
        };
        let shown = Box::pin(pictures::edit_panel(
            http,
            (&c.token, layout_v2::panel::At::Original),
            (game, user, message),
            (rec.version, pictures::PanelEdit::Answer),
            view,
        ))
        .await?;
        let channel = c.channel_id.ours();
        match shown {
            pictures::PanelShows::Shown => {
                budget::panel_opened(game, user, &c.token, channel, message, lang);
                break;
            }
            pictures::PanelShows::Moved(to) => {
                budget::panel_opened(game, user, &c.token, channel, message, lang);
                budget::panel_moved(game, user, &c.token, to);
                break;
            }
            pictures::PanelShows::Newer => {}
        }
        match service.game(game).await {
            Ok(latest) => rec = latest,
            Err(_) => break,
        }
    }
    Box::pin(turn_shown::turn_on_panels(
        http,
        service,
        &report.game,
        Some(user),
    ))
    .await;
    drop(handling);
    if let Err(e) = Box::pin(publish::after_report(http, service, &report, false)).await {
        tracing::warn!(error = %e, "move stored but the table not updated");
        let note = to_clicker(lang, &Text::new(publish::not_shown_key(&e)));
        c.create_followup(http, note).await?;
    }
    Ok(())
}

/// Where the click was made; a thread names its parent, whose restrictions apply to it.
fn place_of(c: &serenity::ComponentInteraction) -> Place {
    crate::place::place(
        c.guild_id.map(Ours::ours),
        c.channel_id.ours(),
        c.channel.as_ref(),
        c.context,
    )
}

async fn handle(
    http: &serenity::Http,
    service: &vliv_service::service::Service,
    c: &serenity::ComponentInteraction,
    action: ComponentAction,
    caller: Caller,
    place: &Place,
    lang: vliv_engine::Lang,
) -> Result<(), Error> {
    let user = caller.user;
    let refuse = |e: ServiceError| refusal(lang, e);
    tracing::debug!("component clicked");
    match action {
        ComponentAction::Hand(game) => {
            let view = match service.game(game).await {
                Ok(rec) => (tables::hand_view(service, &rec, user, lang).await)
                    .map(|view| (rec.version, view)),
                Err(e) => Err(e),
            };
            match view {
                Ok((version, view)) => {
                    let panel = pictures::open_panel(http, c, game, version, view).await?;
                    let channel = c.channel_id.ours();
                    budget::panel_opened(game, user, &c.token, channel, panel.id.get(), lang);
                    // A move stored while this panel was being posted was shown on the
                    // player's previous panel (this one was not known yet): it shows here
                    // too, so the panel in front of the player offers what they are asked.
                    if let Ok(rec) = service.game(game).await {
                        if rec.version > version {
                            turn_shown::turn_on_panel(http, service, &rec, user).await;
                        }
                    }
                }
                Err(e) => {
                    c.create_followup(http, refuse(e)).await?;
                }
            };
        }
        ComponentAction::CardTexts(game) => {
            let request = Request::CardTexts(Target::Game(game));
            match execute(service, &clicker(user, place), request).await {
                Ok(Outcome {
                    answer: Answer::CardTexts(hands),
                    ..
                }) => {
                    for (rec, cards) in &hands {
                        let Some(kind) = vliv_engine::registry::find(&rec.kind) else {
                            continue;
                        };
                        let spec =
                            vliv_service::render::cards::card_texts_message(kind, cards, lang);
                        c.create_followup(http, convert::followup(&spec)).await?;
                    }
                }
                Ok(_) => return Ok(()),
                Err(refused) => {
                    c.create_followup(http, to_clicker(lang, &refused_text(refused)))
                        .await?;
                }
            };
        }
        // `on_component` sends moves to `play_move` itself (a small future: under load
        // thousands are in flight at once) and the application layer's requests to `ask`;
        // these arms only keep the match whole.
        // A leaderboard page too (`on_component` sends it to `turn_page`).
        ComponentAction::Move(_)
        | ComponentAction::Join(_)
        | ComponentAction::Start(_)
        | ComponentAction::Rematch(_)
        | ComponentAction::ConfirmLeave(_)
        | ComponentAction::ConfirmAbandon(_)
        | ComponentAction::Board(_) => {
            c.create_followup(http, refuse(ServiceError::MalformedId))
                .await?;
        }
        ComponentAction::HistoryPage(page) => {
            match execute(service, &clicker(user, place), Request::History { page }).await {
                Ok(Outcome {
                    answer: Answer::History(page),
                    ..
                }) => {
                    let spec = vliv_service::render::history_message(&page, lang);
                    c.edit_response(http, convert::edit_response(&spec)).await?
                }
                Ok(_) => return Ok(()),
                Err(refused) => {
                    c.create_followup(http, to_clicker(lang, &refused_text(refused)))
                        .await?
                }
            };
        }
        ComponentAction::Replay { game, step, slot } => {
            let request = Request::Replay { game, step };
            match execute(service, &clicker(user, place), request).await {
                Ok(Outcome {
                    answer: Answer::Replay(step),
                    ..
                }) => {
                    let spec = vliv_service::render::replay_message(&step, lang);
                    match slot {
                        // From the history: a replay of its own.
                        0 => c.create_followup(http, convert::followup(&spec)).await?,
                        _ => c.edit_response(http, convert::edit_response(&spec)).await?,
                    }
                }
                Ok(_) => return Ok(()),
                Err(refused) => {
                    c.create_followup(http, to_clicker(lang, &refused_text(refused)))
                        .await?
                }
            };
        }
        // `with_value` turned every select into a move; an empty select is malformed.
        ComponentAction::Menu { .. } => {
            c.create_followup(http, refuse(ServiceError::MalformedId))
                .await?;
        }
    }
    Ok(())
}

/// Who clicked, and where: the origin of a click's request (never an admin's: buttons
/// carry no admin action).
fn clicker(user: UserId, place: &Place) -> Origin {
    Origin {
        platform: Platform::Discord,
        user,
        place: *place,
        admin: false,
        private: place.kind == PlaceKind::BotDm,
        key: None,
        reads: None,
        name: None,
    }
}

/// A refusal's words for the clicker: its reason, or "try again" when something failed.
fn refused_text(refused: Refusal) -> Text {
    match refused {
        Refusal::Refused(text) => text,
        _ => Text::new("err-retry"),
    }
}
