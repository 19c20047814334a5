//! The AI level as a slash-command choice (`/game add-ai level:`, `/vliv-admin ai-level`).

use vliv_engine::Level;

#[derive(Clone, Copy, Debug, poise::ChoiceParameter)]
pub enum AiLevel {
    #[name = "easy"]
    #[name_localized("cs", "lehká")]
    Easy,
    #[name = "normal"]
    #[name_localized("cs", "normální")]
    Normal,
    #[name = "hard"]
    #[name_localized("cs", "těžká")]
    Hard,
}

impl From<AiLevel> for Level {
    fn from(level: AiLevel) -> Level {
        match level {
            AiLevel::Easy => Level::Easy,
            AiLevel::Normal => Level::Normal,
            AiLevel::Hard => Level::Hard,
        }
    }
}
