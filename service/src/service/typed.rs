//! A choice typed by name (a `/play` argument, a console line): the offered choice it
//! names, or what to tell the player — the rule a choice it may mean but may not make
//! breaks (issue 17: [`vliv_engine::Game::refused`]), else "That choice is not available
//! now.". Labels are compared as the player reads them, in the player's language.

use vliv_engine::{Actor, ChoiceId, GameState, OptionValue, OptionValues, RuleError, Seat, Text};

use super::ServiceError;

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

/// `key=value key2=value`: numbers and true/false become typed values, the rest text.
pub fn typed_options(text: &str) -> Result<OptionValues, ServiceError> {
    let mut out = OptionValues::new();
    for pair in text.split([' ', ',']).filter(|p| !p.is_empty()) {
        let (k, v) = pair
            .split_once('=')
            .ok_or_else(|| ServiceError::BadOption(format!("`{pair}` is not key=value")))?;
        let value = match v {
            "true" | "yes" | "ano" => OptionValue::Bool(true),
            "false" | "no" | "ne" => OptionValue::Bool(false),
            _ => match v.parse::<i64>() {
                Ok(n) => OptionValue::Int(n),
                Err(_) => OptionValue::Str(v.to_owned()),
            },
        };
        out.insert(k.to_owned(), value);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::typed_options;
    use vliv_engine::OptionValue;

    #[test]
    fn lobby_options_parse_as_typed_values() {
        let o = typed_options("rounds=3 variant=chaotic, open=true").unwrap();
        assert_eq!(o["rounds"], OptionValue::Int(3));
        assert_eq!(o["variant"], OptionValue::Str("chaotic".into()));
        assert_eq!(o["open"], OptionValue::Bool(true));
        assert!(typed_options("rounds").is_err());
        assert!(typed_options("").unwrap().is_empty());
    }
}
