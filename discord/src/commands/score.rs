//! `/score fantasy-realms`: the best score of a hand of physical Fantasy Realms cards, the
//! same calculator as `vliv score` (the rules and checks live in the engine).

use poise::serenity_prelude as serenity;
use vliv_engine::{
    games::fantasy_realms::{
        calculator,
        cards::{fold, Card},
    },
    Lang, Text,
};

use super::{say, user_lang, Context, Error};
use vliv_service::i18n::tr;
use vliv_service::render::{clip, limits};

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

/// The answer to a hand: the best score and a line per card, or why the hand is refused.
pub fn answer(cards: &[String], chaotic: bool, lang: Lang) -> Result<String, Text> {
    let hand = calculator::parse_hand(cards, chaotic).map_err(|e| e.text())?;
    let scored = calculator::score(&hand);
    Ok(clip(
        &calculator::lines(&scored, lang).join("\n"),
        limits::CONTENT,
    ))
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
    match answer(&hand, chaotic.unwrap_or(false), lang) {
        Ok(text) => {
            ctx.send(
                poise::CreateReply::default()
                    .content(text)
                    .ephemeral(!public.unwrap_or(false)),
            )
            .await?;
            Ok(())
        }
        Err(why) => say(ctx, lang, &why).await,
    }
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
    fn the_rulebook_hand_scores_260_and_a_bad_hand_is_explained() {
        let hand: Vec<String> = [
            "1",
            "Požár",
            "smoke",
            "stoleta voda",
            "15",
            "Přelud",
            "Whirlwind",
        ]
        .map(String::from)
        .to_vec();
        let text = answer(&hand, false, Lang::En).unwrap();
        assert_eq!(text.lines().next(), Some("Best score: 260"));
        assert_eq!(
            answer(&hand, false, Lang::Cs).unwrap().lines().next(),
            Some("Nejlepší skóre: 260")
        );
        let twice: Vec<String> = ["1", "2", "3", "4", "5", "6", "hora"]
            .map(String::from)
            .to_vec();
        let why = answer(&twice, false, Lang::En).unwrap_err();
        assert_eq!(
            Lang::En.text(&why, &|_| String::new()),
            "Mountain is given twice."
        );
    }
}
