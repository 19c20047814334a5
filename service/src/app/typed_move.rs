//! A move typed rather than clicked (Discord's `/play`, Matrix's `!vliv play`): the game
//! and menu it is for, and the choice it names, read the same way on every front end.

use vliv_engine::{ChoiceId, Lang, Text};

use crate::{
    i18n::tr,
    render::Names,
    service::{typed_choice, Click, GameRecord, PendingMenu, Service, ServiceError, UserId},
};

/// How a front end reads a bare number: Discord's autocomplete sends a choice's id; a
/// Matrix player types the choice's place in the menu they were sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Numbers {
    ChoiceIds,
    Positions,
}

/// Why a typed move was not made: the service refused, or the typing names no choice that
/// may be made now (the text says which rule, or which numbers there are).
#[derive(Debug)]
pub enum TypedRefusal {
    Service(ServiceError),
    Rule(Text),
}

impl From<ServiceError> for TypedRefusal {
    fn from(e: ServiceError) -> Self {
        TypedRefusal::Service(e)
    }
}

/// The click `typed` stands for: the first of `games` waiting for `user` (a channel's game,
/// or every game of a player's DM room), its menu's choice named by id, place or label as
/// the player reads it in `lang` (`None`: the game's own language, as its table reads);
/// a choice the seat may mean but may not make is answered
/// with the rule it breaks.
pub async fn typed_move(
    service: &Service,
    games: &[GameRecord],
    user: UserId,
    typed: &str,
    numbers: Numbers,
    lang: Option<Lang>,
) -> Result<(GameRecord, Click), TypedRefusal> {
    let (rec, menu) = menu_of(service, games, user).await?;
    let typed = typed.trim();
    if let (Numbers::Positions, Ok(n)) = (numbers, typed.parse::<usize>()) {
        return match menu.menu.choices.get(n.wrapping_sub(1)) {
            Some(choice) => Ok((rec, menu.click(choice.id))),
            None => Err(TypedRefusal::Rule(
                Text::new("matrix-no-such-number")
                    .arg("n", n as i64)
                    .arg("max", menu.menu.choices.len() as i64),
            )),
        };
    }
    let lang = lang.unwrap_or(rec.lang);
    let names = Names::for_game(&rec, lang);
    let state = service.live(&rec)?;
    let say = |t: &Text| tr(lang, t, &|s| names.get(s));
    match typed_choice(state.as_ref(), menu.seat, typed, &say) {
        Ok(ChoiceId(id)) => Ok((rec, menu.click(ChoiceId(id)))),
        Err(rule) => Err(TypedRefusal::Rule(rule)),
    }
}

/// The first of `games` with a decision pending for `user`, and that decision's menu.
async fn menu_of(
    service: &Service,
    games: &[GameRecord],
    user: UserId,
) -> Result<(GameRecord, PendingMenu), ServiceError> {
    for rec in games {
        if let Some(menu) = service
            .pending_menus(rec.id, user)
            .await?
            .into_iter()
            .next()
        {
            return Ok((rec.clone(), menu));
        }
    }
    Err(match games.iter().any(|g| g.seat_of(user).is_some()) {
        true => ServiceError::NotYourTurn,
        false => ServiceError::NotAPlayer,
    })
}
