//! What every body the bot sent to the loopback Discord must not show: a service mark left
//! unwritten, a mention where Discord renders none, a card hidden from its reader.

use super::*;

/// Discord shows a mention as a name only in a message's content, an embed's description
/// and its fields' values (https://discord.com/developers/docs/reference#message-formatting
/// gives the syntax; an embed's title, a field's name, a footer, an author's name and every
/// component's label, placeholder and option show `<@123…>` as it is typed). No body the
/// bot sent puts one anywhere else.
pub fn assert_mentions_only_where_shown(fake: &Fake) {
    for r in fake.requests() {
        let mut raw = Vec::new();
        unrendered_places(&r.body, &mut raw);
        raw.retain(|text| text.contains("<@"));
        assert!(
            raw.is_empty(),
            "request {} ({} {}) shows a raw mention where Discord renders none: {raw:?}",
            r.seq,
            r.method,
            r.path
        );
    }
}

/// The texts of `v` that Discord shows without rendering a mention.
fn unrendered_places(v: &Value, out: &mut Vec<String>) {
    let text = |v: Option<&Value>, out: &mut Vec<String>| {
        if let Some(Value::String(s)) = v {
            out.push(s.clone());
        }
    };
    match v {
        Value::Array(items) => items.iter().for_each(|x| unrendered_places(x, out)),
        Value::Object(o) => {
            for (key, x) in o {
                match (key.as_str(), x) {
                    ("embeds", Value::Array(embeds)) => {
                        for e in embeds {
                            text(e.get("title"), out);
                            text(e.pointer("/footer/text"), out);
                            text(e.pointer("/author/name"), out);
                            for f in e
                                .get("fields")
                                .and_then(Value::as_array)
                                .into_iter()
                                .flatten()
                            {
                                text(f.get("name"), out);
                            }
                        }
                    }
                    ("components", _) => component_texts(x, out),
                    _ => unrendered_places(x, out),
                }
            }
        }
        _ => {}
    }
}

/// Every label, placeholder and option text of a components tree.
fn component_texts(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Array(items) => items.iter().for_each(|x| component_texts(x, out)),
        Value::Object(o) => {
            for (key, x) in o {
                match (key.as_str(), x) {
                    ("label" | "placeholder" | "description", Value::String(s)) => {
                        out.push(s.clone())
                    }
                    _ => component_texts(x, out),
                }
            }
        }
        _ => {}
    }
}

/// No body the bot sent to the loopback Discord carries one of the service's marks.
pub fn assert_no_marks(fake: &Fake) {
    for r in fake.requests() {
        let text = strings(&r.body);
        assert!(
            !vliv_service::mark::has_marks(&text),
            "request {} ({} {}) carries a mark the Discord front end did not write: {}",
            r.seq,
            r.method,
            r.path,
            r.body
        );
    }
}

/// Every string inside a JSON body (the text a person could read), one per line.
pub fn strings(v: &Value) -> String {
    fn walk(v: &Value, out: &mut String) {
        match v {
            Value::String(s) => {
                out.push_str(s);
                out.push('\n');
            }
            Value::Array(a) => a.iter().for_each(|x| walk(x, out)),
            Value::Object(o) => o.values().for_each(|x| walk(x, out)),
            _ => {}
        }
    }
    let mut out = String::new();
    walk(v, &mut out);
    out
}

/// True if `text` shows `label` as a whole card name ("Goblin 1" is not in "Goblin 10").
fn shows(text: &str, label: &str) -> bool {
    text.match_indices(label).any(|(i, _)| {
        !text[i + label.len()..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_digit())
    })
}

/// Checks every recorded request body that reaches a person against what that person
/// may not know: a DM or an ephemeral message against the other seat's hidden cards, the
/// public channel against both seats'. `marks[k]` is the request count when move k was
/// clicked; a body recorded after `k` clicks can show at most the state after `k` moves,
/// and a card hidden then was hidden at every earlier moment, so that state's secrets are
/// the ones to check. A card name shared by several cards (the five Goblin 0s) proves
/// nothing and is skipped.
pub async fn assert_no_leaks(scene: &Scene, game: GameId, players: [u64; 2], marks: &[usize]) {
    let service = scene.db.service().await;
    let rec = service.game(game).await.expect("the game is stored");
    let moves = service.store().moves(game).await.expect("its moves");
    let all: Vec<Card> = (0..vliv_engine::games::claim::cards::DECK_SIZE)
        .map(Card)
        .collect();
    let label = |c: Card, lang: Lang| vliv_bot::i18n::tr(lang, &c.text(), &|s| lang.seat_name(s));
    let unique = |c: Card, lang: Lang| {
        all.iter()
            .filter(|&&o| label(o, lang) == label(c, lang))
            .count()
            == 1
    };
    // secrets[p][seat]: the card names seat may not see after the first p stored moves.
    let mut secrets: Vec<[Vec<String>; 2]> = Vec::new();
    for p in 0..=moves.len() {
        let (state, _) = service.replay(&rec, Some(p)).await.expect("a replay");
        let st: vliv_engine::games::claim::rules::ClaimState =
            serde_json::from_str(&state.to_json()).expect("a Claim state");
        let per_seat = |seat: Seat| -> Vec<String> {
            let ids = vliv_engine::games::claim::Claim::secrets(&st, seat);
            all.iter()
                .filter(|c| ids.contains(&c.id()))
                .flat_map(|&c| [Lang::En, Lang::Cs].map(|l| (c, l)))
                .filter(|&(c, l)| unique(c, l))
                .map(|(c, l)| label(c, l))
                .collect()
        };
        secrets.push([per_seat(0), per_seat(1)]);
    }
    // The latest stored prefix reachable with `clicks` user moves (system moves follow).
    let prefix_after = |clicks: usize| -> usize {
        let mut seat_moves = 0;
        let mut best = 0;
        for (i, m) in moves.iter().enumerate() {
            if matches!(m.actor, Actor::Seat(_)) {
                seat_moves += 1;
            }
            if seat_moves <= clicks {
                best = i + 1;
            }
        }
        best
    };
    let seat_of = |u: u64| players.iter().position(|&p| p == u);
    let requests = scene.fake.requests();
    // A positive control: what seat 0 may not see at the deal is seat 1's hand, and seat 1
    // was shown it, in exactly these words; otherwise the check below proves nothing.
    let dealt_to_1 = &secrets[prefix_after(0)][0];
    assert!(!dealt_to_1.is_empty(), "Claim deals hidden hands");
    let seen_by_1: String = requests
        .iter()
        .filter(|r| r.audience == Audience::Ephemeral(players[1]))
        .map(|r| strings(&r.body))
        .collect();
    assert!(
        dealt_to_1.iter().any(|card| shows(&seen_by_1, card)),
        "seat 1's panels never name a card of their hand {dealt_to_1:?}"
    );
    let mut checked = 0;
    for r in &requests {
        let clicks = marks.iter().filter(|&&m| m <= r.seq as usize).count();
        let Some(s) = secrets.get(prefix_after(clicks)) else {
            continue;
        };
        let forbidden: Vec<&String> = match r.audience {
            Audience::Dm(u) | Audience::Ephemeral(u) => match seat_of(u) {
                Some(seat) => s[seat].iter().collect(),
                None => s[0].iter().chain(&s[1]).collect(),
            },
            Audience::Channel(_) => s[0].iter().chain(&s[1]).collect(),
            Audience::Nobody => continue,
        };
        let text = strings(&r.body);
        for card in forbidden {
            assert!(
                !shows(&text, card),
                "request {} ({} {}, seen by {:?}) shows the hidden card {card}: {text}",
                r.seq,
                r.method,
                r.path,
                r.audience
            );
        }
        checked += 1;
    }
    assert!(checked > 50, "only {checked} visible bodies were checked");
    // Log lines carry ids, never a hidden card or the token.
    if let Some(bot) = &scene.bot {
        let log = bot.log();
        assert!(!log.contains(TOKEN), "the token is in the bot's log");
        for card in secrets.iter().flat_map(|s| s[0].iter().chain(&s[1])) {
            assert!(
                !shows(&log, card),
                "the bot's log names the hidden card {card}"
            );
        }
    }
}
