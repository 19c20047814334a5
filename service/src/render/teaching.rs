//! A hint and a review as text for their one reader: whole lines, packed into messages of
//! a platform's size without ever cutting a line (a single line longer than a message,
//! which no review line is, is the only thing clipped).

use vliv_engine::{
    ai::{HintChoice, Review},
    Lang, Seat, Text,
};

use super::{clip, Names};
use crate::service::{GameId, GameRecord};

/// How a review line saying what a turning point's choice did begins: under its point.
pub const WHY_PREFIX: &str = "  – ";

/// A choice's estimated chance to win in whole percent.
fn percent(chance: f64) -> i64 {
    (chance * 100.0).round() as i64
}

/// The hint: a title, then each choice (best first) with its estimated chance to win.
pub fn hint_lines(game: &GameRecord, choices: &[HintChoice], lang: Lang) -> Vec<String> {
    let names = Names::for_game(game, lang);
    let mut lines = vec![names.say(lang, &Text::new("hint-title").arg("id", game.id))];
    for (n, choice) in choices.iter().enumerate() {
        let line = Text::new("hint-line")
            .arg("rank", n as i64 + 1)
            .arg("choice", choice.label.clone())
            .arg("percent", percent(choice.win_chance));
        lines.push(names.say(lang, &line));
    }
    lines.push(names.say(lang, &Text::new("hint-unrated")));
    lines
}

/// The review: a title, the turning points in words, then every decision with the
/// estimated chance to win after the choice made and after the best one.
pub fn review_lines(game: &GameRecord, seat: Seat, review: &Review, lang: Lang) -> Vec<String> {
    review_lines_named(&Names::for_game(game, lang), game.id, seat, review, lang)
}

/// [`review_lines`] of game `id` with its seats called by `names` (an exported game's
/// file names nobody: [`Names::none`]).
pub fn review_lines_named(
    names: &Names,
    id: GameId,
    seat: Seat,
    review: &Review,
    lang: Lang,
) -> Vec<String> {
    let say = |text: &Text| names.say(lang, text);
    let mut lines = vec![say(&Text::new("review-title")
        .arg("id", id)
        .seat("player", seat))];
    lines.push(say(&Text::new("review-turning-points")));
    let points = review.turning_points_explained();
    if points.is_empty() {
        lines.push(format!("• {}", say(&Text::new("console-review-none"))));
    }
    for (point, why) in points {
        lines.push(format!("• {}", say(&point)));
        lines.extend(why.iter().map(|w| format!("{WHY_PREFIX}{}", say(w))));
    }
    lines.push(say(
        &Text::new("review-decisions").arg("n", review.decisions.len() as i64)
    ));
    for d in &review.decisions {
        let text = match d.made == d.best {
            true => Text::new("review-decision-best")
                .arg("turn", d.move_index as i64 + 1)
                .arg("made", d.made_label.clone())
                .arg("percent", percent(d.win_made)),
            false => Text::new("review-decision")
                .arg("turn", d.move_index as i64 + 1)
                .arg("made", d.made_label.clone())
                .arg("percent", percent(d.win_made))
                .arg("best", d.best_label.clone())
                .arg("best_percent", percent(d.win_best)),
        };
        lines.push(say(&text));
    }
    lines
}

/// How a review reaches a reader whose messages hold `max` characters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewDelivery {
    /// A few messages of whole lines.
    Messages(Vec<String>),
    /// Too long for a few: the title and the turning points with `note` in one message
    /// (what the choices did left to the file when that message would be too long), and
    /// the whole review as a text file.
    File { summary: String, text: String },
}

/// A review's [`review_lines`] as at most `messages` messages of `max` characters, or as a
/// summary with the whole text in a file. `head` is how many lines come before the list of
/// decisions (the title, the turning points' heading and the turning points).
pub fn review_delivery(
    lines: &[String],
    head: usize,
    note: String,
    max: usize,
    messages: usize,
) -> ReviewDelivery {
    let paged = pages(lines, max);
    if paged.len() <= messages {
        return ReviewDelivery::Messages(paged);
    }
    let mut summary = lines[..head.min(lines.len())].to_vec();
    summary.push(note);
    if pages(&summary, max).len() > 1 {
        summary.retain(|l| !l.starts_with(WHY_PREFIX));
    }
    ReviewDelivery::File {
        summary: pages(&summary, max).remove(0),
        text: lines.join("\n"),
    }
}

/// How many of [`review_lines`]' lines come before the list of decisions.
pub fn review_head(review: &Review) -> usize {
    let points: usize = review
        .turning_points_explained()
        .iter()
        .map(|(_, why)| 1 + why.len())
        .sum();
    2 + points.max(1)
}

/// `lines` packed into pages of at most `max` characters each, every line whole on one
/// page (a line longer than a page alone is clipped).
pub fn pages(lines: &[String], max: usize) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut page = String::new();
    for line in lines {
        let line = clip(line, max);
        let needed = line.chars().count() + usize::from(!page.is_empty());
        if !page.is_empty() && page.chars().count() + needed > max {
            out.push(std::mem::take(&mut page));
        }
        if !page.is_empty() {
            page.push('\n');
        }
        page.push_str(&line);
    }
    if !page.is_empty() {
        out.push(page);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_keep_every_line_whole() {
        let lines: Vec<String> = (0..50)
            .map(|i| format!("line {i} {}", "x".repeat(i)))
            .collect();
        let pages = pages(&lines, 120);
        assert!(pages.len() > 1);
        for page in &pages {
            assert!(page.chars().count() <= 120, "{page}");
        }
        let back: Vec<&str> = pages.iter().flat_map(|p| p.split('\n')).collect();
        assert_eq!(back, lines.iter().map(String::as_str).collect::<Vec<_>>());
    }

    #[test]
    fn a_long_review_comes_as_its_summary_and_a_file() {
        let mut lines = vec!["Review".to_owned(), "Turning points:".to_owned()];
        lines.extend((1..=3).map(|i| format!("• point {i}")));
        lines.extend((1..=200).map(|i| format!("Move {i}: “{}” 40%", "x".repeat(30))));
        let note = "The whole review is in the attached file.".to_owned();
        match review_delivery(&lines, 5, note.clone(), 2000, 3) {
            ReviewDelivery::Messages(m) => panic!("{} messages", m.len()),
            ReviewDelivery::File { summary, text } => {
                assert_eq!(
                    summary,
                    [&lines[..5], std::slice::from_ref(&note)]
                        .concat()
                        .join("\n")
                );
                assert_eq!(text, lines.join("\n"));
            }
        }
        // With what each turning point's choices did: kept while the summary fits one
        // message, left to the file when it does not.
        let mut explained = lines[..2].to_vec();
        for i in 1..=3 {
            explained.push(format!("• point {i}"));
            explained.push(format!("{WHY_PREFIX}Your choice: {}", "y".repeat(40)));
            explained.push(format!("{WHY_PREFIX}The better one: {}", "z".repeat(40)));
        }
        explained.extend_from_slice(&lines[5..]);
        let ReviewDelivery::File { summary, .. } =
            review_delivery(&explained, 11, note.clone(), 2000, 3)
        else {
            panic!("a file");
        };
        assert_eq!(
            summary,
            [&explained[..11], std::slice::from_ref(&note)]
                .concat()
                .join("\n")
        );
        let ReviewDelivery::File { summary, text } =
            review_delivery(&explained, 11, note.clone(), 400, 3)
        else {
            panic!("a file");
        };
        assert_eq!(summary, [&lines[..5], &[note]].concat().join("\n"));
        assert_eq!(text, explained.join("\n"));
        // A short one is its messages.
        let short = &lines[..20];
        assert_eq!(
            review_delivery(short, 5, String::new(), 2000, 3),
            ReviewDelivery::Messages(vec![short.join("\n")])
        );
    }

    #[test]
    fn only_a_line_longer_than_a_page_is_clipped() {
        let lines = vec!["short".to_owned(), "y".repeat(300)];
        let pages = pages(&lines, 100);
        assert_eq!(pages[0], "short");
        assert_eq!(pages[1].chars().count(), 100);
        assert!(pages[1].ends_with('…'));
    }
}

#[cfg(test)]
mod czech_tests {
    use vliv_engine::{Lang, Text};

    fn cs(text: &Text) -> String {
        crate::i18n::tr(Lang::Cs, text, &|s| Lang::Cs.seat_name(s))
    }

    #[test]
    fn the_review_counts_its_moves_in_czech() {
        let count = |n: i64| cs(&Text::new("review-decisions").arg("n", n));
        assert!(count(1).starts_with("1 tah s volbou ("), "{}", count(1));
        assert!(count(3).starts_with("3 tahy s volbou ("), "{}", count(3));
        assert!(count(26).starts_with("26 tahů s volbou ("), "{}", count(26));
    }

    #[test]
    fn a_hint_line_and_a_decision_read_as_czech() {
        let line = Text::new("hint-line")
            .arg("rank", 1i64)
            .arg("choice", "Trpaslík 4")
            .arg("percent", 62i64);
        assert_eq!(cs(&line), "1. Trpaslík 4: 62 %");
        let decision = Text::new("review-decision")
            .arg("turn", 9i64)
            .arg("made", "Goblin 7")
            .arg("percent", 31i64)
            .arg("best", "Rytíř 3")
            .arg("best_percent", 48i64);
        assert_eq!(
            cs(&decision),
            "Tah 9: „Goblin 7“ 31 %; nejlepší: „Rytíř 3“ 48 %"
        );
    }
}
