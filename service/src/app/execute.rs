//! [`execute`]: a request carried out for an origin, the same way for every front end.
//! The place is checked here, once: a command finds its game through the place's rules
//! (the server's allowed channels and games) and a click only where its game lives.

mod lobby;
mod ratings;
mod records;
mod reference;
mod replays;
mod settings;
mod table;
mod teaching;
mod time_off;

use vliv_engine::{Lang, Text};

use super::{Origin, Outcome, Refusal, Request, Target};
use crate::service::{GameRecord, Service, ServiceError};

/// Carries `request` out for `origin`: the answer and what to publish, or why not.
pub async fn execute(
    service: &Service,
    origin: &Origin,
    request: Request,
) -> Result<Outcome, Refusal> {
    // Taking a seat shows the player to everyone: their name is kept for the lists of
    // players beyond one table (a leaderboard on the web).
    let seats_the_asker = matches!(
        request,
        Request::OpenLobby { .. } | Request::Join(_) | Request::Rematch(_)
    );
    let done = match request {
        Request::CheckLobby { game, options } => {
            lobby::check(service, origin, &game, &options).await
        }
        Request::OpenLobby {
            game,
            options,
            thread,
        } => lobby::open(service, origin, &game, &options, thread).await,
        Request::Join(target) => lobby::join(service, origin, target).await,
        Request::AddAi(level) => lobby::add_ai(service, origin, level).await,
        Request::Start(target) => lobby::start(service, origin, target).await,
        Request::Leave { game, confirmed } => lobby::leave(service, origin, game, confirmed).await,
        Request::Rematch(target) => lobby::rematch(service, origin, target).await,
        Request::Status => table::status(service, origin).await,
        Request::Hand => table::hand(service, origin).await,
        Request::Play { typed, numbers } => table::play(service, origin, &typed, numbers).await,
        Request::Click(click) => table::click(service, origin, click).await,
        Request::Concede => table::concede(service, origin).await,
        Request::OfferDraw => table::offer_draw(service, origin).await,
        Request::Abandon { game, confirmed } => {
            table::abandon(service, origin, game, confirmed).await
        }
        Request::Watch => table::watch(service, origin).await,
        Request::Unwatch => table::unwatch(service, origin).await,
        Request::Substitute { to, seat } => table::substitute(service, origin, to, seat).await,
        Request::Vacation { days } => time_off::vacation(service, origin, days).await,
        Request::Back { who } => time_off::back(service, origin, who).await,
        Request::History { page } => records::history(service, origin, page).await,
        Request::MyGames => records::my_games(service, origin).await,
        Request::Log => records::log(service, origin).await,
        Request::CardTexts(game) => table::card_texts(service, origin, game).await,
        Request::Hint => teaching::hint(service, origin).await,
        Request::Review { game, seat } => teaching::review(service, origin, game, seat).await,
        Request::WebLink(game) => table::web_link(service, origin, game).await,
        Request::Rules { game } => reference::rules(&game),
        Request::CardLookup { game, card } => reference::card(&game, &card),
        Request::Score { cards, chaotic } => reference::score(&cards, chaotic),
        Request::Replay { game, step } => replays::replay(service, origin, game, step).await,
        Request::Export { game } => replays::export(service, origin, game).await,
        Request::Stats { player, game } => {
            ratings::stats(service, origin, player, game.as_deref()).await
        }
        Request::Leaderboard { game, page, of } => {
            ratings::leaderboard(service, origin, &game, page, of).await
        }
        Request::MySettings(change) => settings::mine(service, origin, change).await,
        Request::GamePreferences { game, values } => {
            settings::game_preferences(service, origin, &game, &values).await
        }
        Request::ConversationClocks(change) => settings::clocks(service, origin, change).await,
        Request::ServerSettings { change, storage } => {
            settings::server(service, origin, change, storage).await
        }
    };
    if let (true, Ok(_), Some(name)) = (seats_the_asker, &done, &origin.name) {
        if let Err(e) = service.remember_display_name(origin.user, name).await {
            // A name is a nicety: the seat taken stands without it.
            tracing::info!(user = %origin.user, error = %e, "a display name was not kept");
        }
    }
    done.map_err(|why| match why {
        Why::Service(e) => Refusal::of(origin.platform, e),
        Why::Private => Refusal::not_in_private(origin.platform),
        Why::Rule(text) => Refusal::Refused(text),
    })
}

/// Why a request stopped, before it is worded for the origin's platform.
enum Why {
    Service(ServiceError),
    /// Asked in a private place (a DM), where games are not hosted.
    Private,
    /// A typed choice names nothing that may be chosen now: the text says why.
    Rule(Text),
}

impl From<ServiceError> for Why {
    fn from(e: ServiceError) -> Why {
        Why::Service(e)
    }
}

type Done = Result<Outcome, Why>;

/// The place's lobby or running game, where its server still allows it.
async fn here(service: &Service, origin: &Origin) -> Result<GameRecord, Why> {
    if origin.private {
        return Err(Why::Private);
    }
    Ok(service.game_here(&origin.place).await?)
}

/// The game a request names, for closing it (leaving, abandoning, no longer watching):
/// possible even where the server has since disallowed it, so nobody is kept in a game
/// the server no longer wants.
async fn closing(service: &Service, origin: &Origin, target: Target) -> Result<GameRecord, Why> {
    match target {
        Target::Here => {
            if origin.private {
                return Err(Why::Private);
            }
            Ok(service.game_to_leave_here(&origin.place).await?)
        }
        Target::Game(id) => clicked(service, origin, id, false).await,
    }
}

/// The game a request is about, where the server allows it.
async fn target(service: &Service, origin: &Origin, target: Target) -> Result<GameRecord, Why> {
    match target {
        Target::Here => here(service, origin).await,
        Target::Game(id) => clicked(service, origin, id, true).await,
    }
}

/// A game a button names: only in the place it lives in (a button copied elsewhere names
/// another channel's game), and, unless it closes the game, where the server allows it.
async fn clicked(
    service: &Service,
    origin: &Origin,
    id: crate::service::GameId,
    allowed: bool,
) -> Result<GameRecord, Why> {
    let rec = service.game(id).await?;
    if !origin.place.holds(&rec) {
        tracing::info!(
            game = rec.id,
            channel = %origin.place.channel,
            "click on a game of another channel refused"
        );
        return Err(ServiceError::ForeignGame.into());
    }
    if allowed {
        service.ensure_allowed(&rec, &origin.place).await?;
    }
    Ok(rec)
}

/// A game kind's name as the game's place reads it.
fn kind_name(kind: &str, lang: Lang) -> String {
    match vliv_engine::registry::find(kind) {
        Some(k) => crate::i18n::tr(lang, &k.name(), &|s| lang.seat_name(s)),
        None => kind.to_owned(),
    }
}
