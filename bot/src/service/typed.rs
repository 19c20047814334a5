//! A choice typed by name (a `/play` argument, a console line): the offered choice it
//! names, or what to tell the player — the rule a choice it may mean but may not make
//! breaks (issue 17: [`vliv_engine::Game::refused`]), else "That choice is not available
//! now.". Labels are compared as the player reads them, in the player's language.

use vliv_engine::{Actor, ChoiceId, GameState, RuleError, Seat, Text};

/// `typed` read against `seat`'s menu: an offered choice's id (or its label), else the
/// refusal to show. `say` renders a text as the player reads it.
pub fn typed_choice(
    state: &dyn GameState,
    seat: Seat,
    typed: &str,
    say: &dyn Fn(&Text) -> String,
) -> Result<ChoiceId, Text> {
    let typed = typed.trim();
    let menu = state.menu(Actor::Seat(seat));
    let offered = menu.iter().flat_map(|m| m.choices.iter());
    let by_id = typed.parse::<u32>().ok().map(ChoiceId);
    if let Some(c) = offered
        .clone()
        .find(|c| Some(c.id) == by_id || say(&c.label).eq_ignore_ascii_case(typed))
    {
        return Ok(c.id);
    }
    let named = |label: &Text| say(label).to_lowercase() == typed.to_lowercase();
    Err(state
        .refused(seat)
        .into_iter()
        .find(|r| named(&r.label))
        .map(|r| r.rule)
        .unwrap_or_else(|| RuleError::IllegalChoice.text()))
}
