//! `/score fantasy-realms`: the best score of a hand of physical Fantasy Realms cards, the
//! same calculator as `vliv score` (the rules and checks live in the engine).

use crate::limits;
use poise::serenity_prelude as serenity;
use vliv_engine::{
    games::fantasy_realms::{
        calculator,
        cards::{fold, Card},
        search::Scored,
    },
    Lang,
};

use super::{answered_now, user_lang, Context, Error};
use vliv_service::app::{Answer, Request};
use vliv_service::i18n::tr;
use vliv_service::render::clip;

/// Cards whose number or Czech or English name contains what was typed (case and accents
/// do not matter), labelled in the reader's language; the value is the card's number.
pub fn card_suggestions(partial: &str, lang: Lang) -> Vec<(String, String)> {
    let q = fold(partial);
    Card::all()
        .filter(|c| {
            q.is_empty()
                || c.0.to_string() == q
                || fold(c.name_en()).contains(&q)
                || fold(c.name_cs()).contains(&q)
        })
        .take(limits::SELECT_OPTIONS)
        .map(|c| {
            let (name, other) = match lang {
                Lang::Cs => (c.name_cs(), c.name_en()),
                Lang::En => (c.name_en(), c.name_cs()),
            };
            let suit = tr(lang, &c.suit().text(), &|_| String::new());
            let label = format!("{} · {name} ({suit}) · {other}", c.0);
            (clip(&label, limits::OPTION_LABEL), c.0.to_string())
        })
        .collect()
}

/// A hand's best score and a line per card.
pub fn score_text(scored: &Scored, lang: Lang) -> String {
    clip(&calculator::lines(scored, lang).join("\n"), limits::CONTENT)
}

async fn cards(ctx: Context<'_>, partial: &str) -> serenity::CreateAutocompleteResponse {
    let lang = user_lang(ctx).await;
    let choices = card_suggestions(partial, lang)
        .into_iter()
        .map(|(label, value)| serenity::AutocompleteChoice::new(label, value));
    serenity::CreateAutocompleteResponse::new().set_choices(choices.collect())
}

/// Score calculators for games played with physical cards
#[poise::command(
    slash_command,
    name_localized("cs", "skóre"),
    description_localized("cs", "Kalkulačky skóre pro hry s fyzickými kartami"),
    subcommands("fantasy_realms")
)]
pub async fn score(_ctx: Context<'_>) -> Result<(), Error> {
    Ok(())
}

/// The best score of a Fantasy Realms hand (7 cards, 8 with the Necromancer)
#[allow(clippy::too_many_arguments)]
#[poise::command(
    slash_command,
    rename = "fantasy-realms",
    name_localized("cs", "tajuplné-říše"),
    description_localized("cs", "Nejlepší skóre ruky Tajuplných říší (7 karet, 8 s Nekromantem)")
)]
async fn fantasy_realms(
    ctx: Context<'_>,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta1")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card1: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta2")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card2: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta3")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card3: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta4")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card4: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta5")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card5: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta6")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card6: String,
    #[description = "A card: number or name"]
    #[name_localized("cs", "karta7")]
    #[description_localized("cs", "Karta: číslo nebo jméno")]
    #[autocomplete = "cards"]
    card7: String,
    #[description = "The Necromancer's eighth card, if any"]
    #[name_localized("cs", "karta8")]
    #[description_localized("cs", "Osmá karta Nekromanta, je-li")]
    #[autocomplete = "cards"]
    card8: Option<String>,
    #[description = "Chaotic Realms: the eighth card may be of any suit"]
    #[name_localized("cs", "chaotické-říše")]
    #[description_localized("cs", "Chaotické říše: osmá karta smí být jakékoli barvy")]
    chaotic: Option<bool>,
    #[description = "Show the result to the channel (default: only to you)"]
    #[name_localized("cs", "veřejně")]
    #[description_localized("cs", "Ukázat výsledek kanálu (jinak jen vám)")]
    public: Option<bool>,
) -> Result<(), Error> {
    let lang = user_lang(ctx).await;
    let hand: Vec<String> = [card1, card2, card3, card4, card5, card6, card7]
        .into_iter()
        .chain(card8)
        .collect();
    let chaotic = chaotic.unwrap_or(false);
    let request = Request::Score {
        cards: hand,
        chaotic,
    };
    let Some(Answer::Score(scored)) = answered_now(ctx, lang, request).await? else {
        return Ok(());
    };
    ctx.send(
        poise::CreateReply::default()
            .content(crate::markup::discord(&score_text(&scored, lang)))
            .ephemeral(!public.unwrap_or(false)),
    )
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions_match_names_in_both_languages_without_accents() {
        let en = card_suggestions("flood", Lang::En);
        assert_eq!(en.len(), 1);
        assert_eq!(en[0].1, "8");
        assert!(en[0].0.starts_with("8 · Great Flood ("), "{}", en[0].0);
        let cs = card_suggestions("stoleta", Lang::Cs);
        assert_eq!(cs[0].1, "8");
        assert!(cs[0].0.contains("Stoletá voda"), "{}", cs[0].0);
        assert_eq!(card_suggestions("", Lang::En).len(), 25, "at most 25");
        assert_eq!(card_suggestions("53", Lang::En)[0].1, "53");
        assert!(card_suggestions("jester", Lang::En).is_empty());
    }

    #[test]
    fn the_rulebook_hand_is_written_with_its_best_score_first() {
        let hand = [
            "1",
            "Požár",
            "smoke",
            "stoleta voda",
            "15",
            "Přelud",
            "Whirlwind",
        ];
        let cards = calculator::parse_hand(&hand, false).unwrap();
        let scored = calculator::score(&cards);
        let text = score_text(&scored, Lang::En);
        assert_eq!(text.lines().next(), Some("Best score: 260"));
        assert_eq!(
            score_text(&scored, Lang::Cs).lines().next(),
            Some("Nejlepší skóre: 260")
        );
        // The total, then a line for each of the seven cards (each rule under its card).
        let own_lines = text.lines().filter(|l| !l.starts_with("   ↳")).count();
        assert_eq!(own_lines, 1 + 7, "{text}");
    }
}
