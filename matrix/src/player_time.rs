//! A player's own settings on Matrix: their zone, quiet hours and the language of their
//! direct messages (`!vliv me …`), and their vacations in a room's games (`!vliv vacation
//! N`, `!vliv back`). Thin over the service calls of Discord's `/vliv settings`, `/vliv
//! vacation` and `/vliv back`, with the same refusals.

use vliv_engine::{Arg, Lang, Text};

use super::{
    command::MySetting,
    commands::{Answer, Origin, Stop},
    Matrix,
};
use vliv_service::{
    app::{Answer as AppAnswer, MyChange, Request},
    render::learning_setting_text,
    service::{
        quiet::{self, QuietHours},
        Platform, ServiceError, TimeSettings,
    },
};

impl Matrix {
    /// The sender's zone, quiet hours and language, shown or changed (in a room or their
    /// DM room).
    pub(super) async fn my_settings(&self, origin: &Origin, setting: MySetting) -> Answer {
        let mut change = MyChange::default();
        match setting {
            MySetting::Show => {}
            MySetting::Language(lang) => change.language = Some(lang),
            MySetting::Zone(zone) => change.zone = Some(zone),
            MySetting::Quiet(quiet) => {
                // Quiet hours kept in a zone: the profile's, when the player set none.
                if self
                    .service
                    .player_time_settings(origin.user)
                    .await?
                    .is_none()
                {
                    change.zone = self.zone_of_profile(origin).await?;
                }
                change.quiet = Some(quiet);
            }
            MySetting::Learning(on) => change.learning = Some(on),
            MySetting::Unknown(_) => return Ok(Text::new("matrix-unknown-me")),
        }
        let learning = change.learning;
        let AppAnswer::MySettings { settings, time } = self
            .execute_plain(origin, Request::MySettings(change))
            .await?
        else {
            return Ok(Text::new("move-applied"));
        };
        let profile = match time {
            Some(_) => None,
            None => self.zone_of_profile(origin).await?,
        };
        Ok(match learning {
            Some(on) => learning_setting_text(on),
            None => settings_text(time.as_deref(), profile, settings.lang),
        })
    }

    /// The zone the sender's Matrix profile names (`m.tz`), when it is one the bot knows.
    async fn zone_of_profile(&self, origin: &Origin) -> Result<Option<String>, Stop> {
        let zone = self.client.profile_zone(&origin.mxid).await;
        Ok(zone.filter(|z| quiet::zone(z).is_some()))
    }

    /// A vacation in the room's games ends now: the sender's, or that of the Matrix user
    /// named, which only the room's moderators may end (as Discord's `/vliv-admin
    /// end-vacation`).
    pub(super) async fn back(&self, origin: &Origin, who: Option<String>) -> Answer {
        if origin.direct {
            return Err(Stop::Refused(Text::new("matrix-not-in-direct-room")));
        }
        let user = match &who {
            None => origin.user,
            // A user the bot never saw has no vacation.
            Some(mxid) => self
                .service
                .known_identity(Platform::Matrix, mxid)
                .await?
                .ok_or(ServiceError::NotOnVacation)?,
        };
        let who = (user != origin.user).then_some(user);
        self.ask(origin, Request::Back { who }).await
    }
}

/// The player's zone (their profile's when they set none, else UTC), quiet hours and the
/// language of their direct messages (`None`: the room's).
fn settings_text(time: Option<&TimeSettings>, profile: Option<String>, lang: Option<Lang>) -> Text {
    let zone = match (time, profile) {
        (Some(time), _) => Arg::Str(time.zone.clone()),
        (None, Some(zone)) => Arg::Text(Text::new("matrix-my-zone-profile").arg("zone", zone)),
        (None, None) => Arg::Str("UTC".into()),
    };
    let quiet = match time.and_then(|t| t.quiet) {
        Some((start, end)) => Arg::Str(QuietHours { start, end }.label()),
        None => Arg::Text(Text::new("settings-quiet-none")),
    };
    let lang = match lang {
        Some(Lang::Cs) => "matrix-my-lang-cs",
        Some(Lang::En) => "matrix-my-lang-en",
        None => "matrix-my-lang-room",
    };
    Text::new("matrix-my-settings")
        .arg("zone", zone)
        .arg("quiet", quiet)
        .arg("lang", Text::new(lang))
}

#[cfg(test)]
mod tests {
    use super::*;
    use vliv_service::i18n::tr;
    use vliv_service::render::Reader;

    #[test]
    fn the_time_refusals_name_matrix_commands_and_no_discord_markup() {
        let refusals = || {
            [
                ServiceError::UnknownZone("Mars/Olympus".into()),
                ServiceError::BadQuietHours("soon".into()),
                ServiceError::VacationAllowance { left: 2 },
                ServiceError::OnVacation {
                    until: 1_795_800_000_000,
                },
                ServiceError::NotOnVacation,
                ServiceError::VacationInReaction { game: 3 },
                ServiceError::VacationInSharedStep { game: 3 },
            ]
        };
        for lang in Lang::ALL {
            let reader = Reader::new(lang, &[Some("Europe/Prague")], 1_795_000_000_000);
            for e in refusals() {
                let what = format!("{e:?}");
                let Stop::Refused(text) = Stop::from(e) else {
                    panic!("{what} is not a refusal");
                };
                let said = reader.words(&tr(lang, &text, &|s| lang.seat_name(s)));
                assert!(!said.starts_with('['), "{lang}: no message for {what}");
                assert!(!said.contains("/vliv"), "{lang}: a Discord command: {said}");
                let instants = vliv_service::mark::pieces(&said)
                    .into_iter()
                    .filter(|p| matches!(p, vliv_service::mark::Piece::Instant(..)))
                    .count();
                assert_eq!(instants, 0, "{lang}: an instant not in words: {said}");
            }
        }
    }

    #[test]
    fn the_settings_name_the_language_of_the_direct_messages_in_words() {
        let time = TimeSettings {
            zone: "Europe/Prague".into(),
            quiet: None,
        };
        for (reads, expected) in [
            (Lang::En, ["Czech", "English", "the room's language"]),
            (Lang::Cs, ["čeština", "angličtina", "jazyk místnosti"]),
        ] {
            for (lang, word) in [Some(Lang::Cs), Some(Lang::En), None]
                .into_iter()
                .zip(expected)
            {
                let said = tr(reads, &settings_text(Some(&time), None, lang), &|s| {
                    reads.seat_name(s)
                });
                assert!(said.contains(word), "{reads}: {said}");
                assert!(said.contains("Europe/Prague"), "{reads}: {said}");
                assert!(!said.contains('['), "{reads}: {said}");
            }
        }
    }
}
