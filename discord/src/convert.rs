//! Plain message specs (`vliv_service::render`) to serenity builders, fitted to Discord's
//! limits on the way (`limits`).

use poise::serenity_prelude as serenity;

use vliv_service::render::{ButtonStyle, EmbedSpec, MessageSpec, PictureSpec, RowSpec};

use super::{
    custom_id, limits,
    markup::{discord, mention, plain},
};

fn attachment(p: &PictureSpec) -> serenity::CreateAttachment {
    serenity::CreateAttachment::bytes(p.png.clone(), p.filename.clone())
}

/// A text where Discord shows no mention (a title, a field's name, a footer, a label): a
/// user by the name the message carries for them.
fn named(text: &str, m: &MessageSpec) -> String {
    plain(text, |user| match m.name_of(user) {
        Some(name) => name.to_owned(),
        // Not named by the application layer: the mention, as Discord would show it.
        None => mention(user),
    })
}

/// Mentions are shown in the description and the fields' values only.
fn embed(e: &EmbedSpec, m: &MessageSpec) -> serenity::CreateEmbed {
    let e = limits::fit_embed(e);
    let mut out = serenity::CreateEmbed::new()
        .title(named(&e.title, m))
        .colour(serenity::Colour::DARK_GREEN);
    if !e.description.is_empty() {
        out = out.description(discord(&e.description));
    }
    for f in &e.fields {
        out = out.field(named(&f.name, m), discord(&f.value), f.inline);
    }
    if !e.footer.is_empty() {
        out = out.footer(serenity::CreateEmbedFooter::new(named(&e.footer, m)));
    }
    if let Some(url) = &e.image {
        out = out.image(url);
    }
    out
}

fn rows(m: &MessageSpec) -> Vec<serenity::CreateActionRow> {
    limits::fit_rows(&m.rows)
        .iter()
        .map(|row| match row {
            RowSpec::Buttons(buttons) => serenity::CreateActionRow::Buttons(
                buttons
                    .iter()
                    .map(|b| {
                        serenity::CreateButton::new(custom_id::encode(&b.action))
                            .label(named(&b.label, m))
                            .style(match b.style {
                                ButtonStyle::Primary => serenity::ButtonStyle::Primary,
                                ButtonStyle::Secondary => serenity::ButtonStyle::Secondary,
                                ButtonStyle::Success => serenity::ButtonStyle::Success,
                                ButtonStyle::Danger => serenity::ButtonStyle::Danger,
                            })
                    })
                    .collect(),
            ),
            RowSpec::Select(s) => serenity::CreateActionRow::SelectMenu(
                serenity::CreateSelectMenu::new(
                    custom_id::encode(&s.action),
                    serenity::CreateSelectMenuKind::String {
                        options: s
                            .options
                            .iter()
                            .enumerate()
                            .map(|(i, (label, value))| {
                                let option =
                                    serenity::CreateSelectMenuOption::new(named(label, m), value);
                                match s.descriptions.get(i).filter(|d| !d.is_empty()) {
                                    Some(d) => option.description(named(d, m)),
                                    None => option,
                                }
                            })
                            .collect(),
                    },
                )
                .placeholder(named(&s.placeholder, m)),
            ),
        })
        .collect()
}

/// The action rows of `m` as Discord's JSON (a Components V2 body places them itself).
pub fn rows_json(m: &MessageSpec) -> serde_json::Value {
    serde_json::to_value(rows(m)).unwrap_or_default()
}

/// The message's content as Discord takes it.
fn content(m: &MessageSpec) -> String {
    discord(&limits::content(&m.content))
}

pub fn create_message(m: &MessageSpec) -> serenity::CreateMessage {
    let mut out = serenity::CreateMessage::new().components(rows(m));
    if !m.content.is_empty() {
        out = out.content(content(m));
    }
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    if let Some(p) = &m.picture {
        out = out.add_file(attachment(p));
    }
    out
}

/// An edit replaces the message's picture (or removes it: pictures may have been turned off).
pub fn edit_message(m: &MessageSpec) -> serenity::EditMessage {
    match &m.picture {
        Some(p) => edit_message_keeping_files(m).new_attachment(attachment(p)),
        None => edit_message_keeping_files(m).remove_all_attachments(),
    }
}

/// An edit that leaves the message's files as they are (its embed may still show one).
pub fn edit_message_keeping_files(m: &MessageSpec) -> serenity::EditMessage {
    let mut out = serenity::EditMessage::new()
        .content(content(m))
        .components(rows(m));
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    out
}

pub fn reply(m: &MessageSpec) -> poise::CreateReply {
    let mut out = poise::CreateReply::default()
        .ephemeral(true)
        .components(rows(m));
    if !m.content.is_empty() {
        out = out.content(content(m));
    }
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    if let Some(p) = &m.picture {
        out = out.attachment(attachment(p));
    }
    out
}

pub fn followup(m: &MessageSpec) -> serenity::CreateInteractionResponseFollowup {
    let mut out = serenity::CreateInteractionResponseFollowup::new()
        .ephemeral(true)
        .components(rows(m));
    if !m.content.is_empty() {
        out = out.content(content(m));
    }
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    if let Some(p) = &m.picture {
        out = out.add_file(attachment(p));
    }
    out
}

pub fn edit_response(m: &MessageSpec) -> serenity::EditInteractionResponse {
    match &m.picture {
        Some(p) => edit_response_keeping_files(m).new_attachment(attachment(p)),
        None => edit_response_keeping_files(m).clear_attachments(),
    }
}

/// An edit of an interaction's message that leaves its files as they are.
pub fn edit_response_keeping_files(m: &MessageSpec) -> serenity::EditInteractionResponse {
    let mut out = serenity::EditInteractionResponse::new()
        .content(content(m))
        .components(rows(m));
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    out
}

/// A public follow-up (the table posted through an interaction's token).
pub fn public_followup(m: &MessageSpec) -> serenity::CreateInteractionResponseFollowup {
    followup(m).ephemeral(false)
}

/// An edit of a follow-up through the token that posted it; replaces its picture.
pub fn edit_webhook(m: &MessageSpec) -> serenity::EditWebhookMessage {
    match &m.picture {
        Some(p) => edit_webhook_keeping_files(m).new_attachment(attachment(p)),
        None => edit_webhook_keeping_files(m).clear_attachments(),
    }
}

/// An edit of a follow-up that leaves its files as they are.
pub fn edit_webhook_keeping_files(m: &MessageSpec) -> serenity::EditWebhookMessage {
    let mut out = serenity::EditWebhookMessage::new()
        .content(content(m))
        .components(rows(m));
    if let Some(e) = &m.embed {
        out = out.embed(embed(e, m));
    }
    out
}

#[cfg(test)]
mod tests {
    use vliv_service::service::UserId;
    use vliv_service::{
        mark,
        render::{ButtonSpec, FieldSpec},
        service::ComponentAction,
    };

    use super::*;

    #[test]
    fn a_user_is_a_mention_where_discord_shows_one_and_a_name_elsewhere() {
        let alice = mark::user(UserId(11));
        let bob = mark::user(UserId(22));
        let spec = MessageSpec {
            content: format!("{alice} to play"),
            embed: Some(EmbedSpec {
                title: format!("Lobby of Claim, hosted by {alice}"),
                description: format!("{bob} joined"),
                fields: vec![FieldSpec {
                    name: format!("{bob}'s hand"),
                    value: format!("{alice} leads"),
                    inline: false,
                }],
                footer: bob.clone(),
                image: None,
            }),
            rows: vec![RowSpec::Buttons(vec![ButtonSpec {
                action: ComponentAction::Hand(7),
                label: format!("Trade with {bob}"),
                style: ButtonStyle::Primary,
            }])],
            picture: None,
            // Bob has no name kept: his mention stays, as Discord would show it raw.
            names: vec![(UserId(11), "alice".into())],
        };
        let embed = serde_json::to_value(embed(spec.embed.as_ref().unwrap(), &spec)).unwrap();
        assert_eq!(embed["title"], "Lobby of Claim, hosted by alice");
        assert_eq!(embed["description"], "<@22> joined");
        assert_eq!(embed["fields"][0]["name"], "<@22>'s hand");
        assert_eq!(embed["fields"][0]["value"], "<@11> leads");
        assert_eq!(embed["footer"]["text"], "<@22>");
        let rows = serde_json::to_value(rows(&spec)).unwrap();
        assert_eq!(rows[0]["components"][0]["label"], "Trade with <@22>");
        let named = MessageSpec {
            names: vec![(UserId(11), "alice".into()), (UserId(22), "bob".into())],
            ..spec
        };
        let rows = serde_json::to_value(super::rows(&named)).unwrap();
        assert_eq!(rows[0]["components"][0]["label"], "Trade with bob");
    }
}
