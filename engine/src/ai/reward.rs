//! The reward of one playout for every seat (max^n): each seat is rewarded by its own place,
//! so that a search in a 3–6-seat game plays for its own seat.

/// How much the score margin adds to the place reward: enough to prefer a wide win to a
/// narrow one, never enough to prefer a good second place to a first.
const MARGIN_WEIGHT: f64 = 0.05;

/// Fills `out` with each seat's reward: 1 for a sole first place down to 0 for a sole last,
/// tied seats sharing the rewards of the places they span, plus a small term for the score
/// margin over the best other seat. `places` are the outcome's (1 = first); `None` ranks the
/// seats by `scores` (a heuristic cut-off).
pub fn rewards(places: Option<&[u8]>, scores: &[f64], out: &mut Vec<f64>) {
    let n = scores.len();
    out.clear();
    if n < 2 {
        out.resize(n, 1.0);
        return;
    }
    let place = |s: usize| -> usize {
        match places {
            Some(p) => p.get(s).map_or(n, |&p| p as usize),
            None => 1 + scores.iter().filter(|&&o| o > scores[s]).count(),
        }
    };
    let scale = scale(scores);
    for s in 0..n {
        let p = place(s).clamp(1, n);
        let tied = (0..n).filter(|&o| place(o) == p).count().max(1);
        // Positions p-1 .. p-1+tied (0-based) are worth (n-1-pos)/(n-1) each; tied seats
        // share their mean.
        let first = (p - 1) as f64;
        let last = (p - 1 + tied - 1).min(n - 1) as f64;
        let mean_pos = (first + last) / 2.0;
        let by_place = (n as f64 - 1.0 - mean_pos) / (n as f64 - 1.0);
        let margin = margin(scores, s, scale);
        out.push(by_place + MARGIN_WEIGHT * margin);
    }
}

/// What [`margin`] divides by: the largest score's size, at least 1. Computed once a
/// playout rather than once a seat (the rewards run at every playout).
fn scale(scores: &[f64]) -> f64 {
    scores.iter().fold(1.0f64, |m, s| m.max(s.abs()))
}

/// `s`'s score less the best other seat's, divided by `scale` and kept within -1..1.
fn margin(scores: &[f64], s: usize, scale: f64) -> f64 {
    let best_other = (0..scores.len())
        .filter(|&o| o != s)
        .map(|o| scores[o])
        .fold(f64::NEG_INFINITY, f64::max);
    ((scores[s] - best_other) / scale).clamp(-1.0, 1.0)
}

/// How much of a heuristic leaf's reward is the margin rather than the rank. A place at a
/// cut-off is only a guess, and ranks alone hide "my hand got better" unless it overtakes a
/// rival: without this weight a Fantasy Realms search cut at depth 0 lost to the greedy
/// player, which plays for the margin directly.
pub const CUT_OFF_MARGIN_SHARE: f64 = 0.5;

/// [`rewards`] with `share` of each seat's reward its margin over the best other seat
/// (mapped to 0..1) rather than its place.
pub fn blended_rewards(places: Option<&[u8]>, scores: &[f64], share: f64, out: &mut Vec<f64>) {
    rewards(places, scores, out);
    if scores.len() < 2 {
        return;
    }
    let scale = scale(scores);
    for (s, reward) in out.iter_mut().enumerate() {
        let margin = margin(scores, s, scale);
        let by_place = *reward - MARGIN_WEIGHT * margin;
        *reward = (1.0 - share) * by_place + share * (0.5 + 0.5 * margin);
    }
}

/// Moves `share` of each seat's place reward (from [`rewards`]) onto its share of the first
/// place, keeping the margin term: in a game of three or more seats a second place is then
/// worth less than the 2/3 of a first that [`rewards`] gives it at four seats. Two seats
/// are left alone: there the place is the first place already.
pub fn favour_first(places: Option<&[u8]>, scores: &[f64], share: f64, out: &mut [f64]) {
    let n = scores.len();
    if share <= 0.0 || n < 3 {
        return;
    }
    let scale = scale(scores);
    for (s, reward) in out.iter_mut().enumerate().take(n) {
        let margin = margin(scores, s, scale);
        let by_place = *reward - MARGIN_WEIGHT * margin;
        let first = win_share(places, scores, s);
        *reward = (1.0 - share) * by_place + share * first + MARGIN_WEIGHT * margin;
    }
}

/// `seat`'s share of the first place (1 alone, 1/k among k tied, else 0): what a hint and a
/// review count as a win. `places` are the outcome's; `None` ranks the seats by `scores` (a
/// cut-off's estimates).
pub fn win_share(places: Option<&[u8]>, scores: &[f64], seat: usize) -> f64 {
    match places {
        Some(p) => {
            let firsts = p.iter().filter(|&&x| x == 1).count();
            if p.get(seat) == Some(&1) {
                1.0 / firsts as f64
            } else {
                0.0
            }
        }
        None => {
            let Some(&mine) = scores.get(seat) else {
                return 0.0;
            };
            let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            if mine < best {
                0.0
            } else {
                1.0 / scores.iter().filter(|&&s| s == best).count() as f64
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sole_winner_gets_one_and_a_sole_loser_zero() {
        let mut out = Vec::new();
        rewards(Some(&[1, 2]), &[3.0, 2.0], &mut out);
        assert!(out[0] > 1.0 && out[0] < 1.0 + MARGIN_WEIGHT);
        assert!(out[1] < 0.0 && out[1] > -MARGIN_WEIGHT);
    }

    #[test]
    fn tied_seats_share_their_places() {
        let mut out = Vec::new();
        rewards(Some(&[1, 1, 3]), &[5.0, 5.0, 1.0], &mut out);
        assert_eq!(out[0], out[1]);
        assert!((out[0] - 0.75).abs() < 1e-9, "{out:?}");
        assert!(out[2] < 0.0);
    }

    #[test]
    fn a_cut_off_rewards_a_wider_margin_at_the_same_place() {
        let (mut narrow, mut wide) = (Vec::new(), Vec::new());
        blended_rewards(None, &[10.0, 40.0], CUT_OFF_MARGIN_SHARE, &mut narrow);
        blended_rewards(None, &[30.0, 40.0], CUT_OFF_MARGIN_SHARE, &mut wide);
        // Second place either way, but closer to the leader is clearly better.
        assert!(wide[0] - narrow[0] > 0.1, "{narrow:?} {wide:?}");
        assert!(narrow[1] > narrow[0] && wide[1] > wide[0]);
        assert!(narrow.iter().chain(&wide).all(|r| (0.0..=1.0).contains(r)));
    }

    #[test]
    fn favouring_first_place_leaves_second_place_no_better_than_last() {
        let scores = [9.0, 7.0, 5.0, 1.0];
        let (mut by_place, mut firsts) = (Vec::new(), Vec::new());
        rewards(Some(&[1, 2, 3, 4]), &scores, &mut by_place);
        rewards(Some(&[1, 2, 3, 4]), &scores, &mut firsts);
        favour_first(Some(&[1, 2, 3, 4]), &scores, 1.0, &mut firsts);
        assert!((by_place[1] - (2.0 / 3.0 + MARGIN_WEIGHT * (-2.0 / 9.0))).abs() < 1e-9);
        assert!(
            (firsts[0] - by_place[0]).abs() < 1e-9,
            "the winner keeps its reward"
        );
        for s in 1..4 {
            assert!(firsts[s].abs() <= MARGIN_WEIGHT, "{firsts:?}");
        }
        // Half way: a second place keeps half its place reward.
        let mut half = by_place.clone();
        favour_first(Some(&[1, 2, 3, 4]), &scores, 0.5, &mut half);
        assert!((half[1] - by_place[1] + 1.0 / 3.0).abs() < 1e-9, "{half:?}");
    }

    #[test]
    fn favouring_first_place_changes_nothing_at_two_seats() {
        let mut out = Vec::new();
        rewards(Some(&[2, 1]), &[3.0, 8.0], &mut out);
        let before = out.clone();
        favour_first(Some(&[2, 1]), &[3.0, 8.0], 1.0, &mut out);
        assert_eq!(out, before);
    }

    #[test]
    fn a_win_is_shared_among_the_tied_first_places() {
        assert_eq!(win_share(Some(&[1, 2]), &[3.0, 2.0], 0), 1.0);
        assert_eq!(win_share(Some(&[1, 2]), &[3.0, 2.0], 1), 0.0);
        assert_eq!(win_share(Some(&[1, 1, 3]), &[5.0, 5.0, 1.0], 1), 0.5);
        assert_eq!(win_share(None, &[4.0, 9.0, 9.0], 2), 0.5);
        assert_eq!(win_share(None, &[4.0, 9.0, 9.0], 0), 0.0);
    }

    #[test]
    fn without_places_the_scores_rank_the_seats() {
        let mut out = Vec::new();
        rewards(None, &[1.0, 9.0, 4.0, 4.0], &mut out);
        assert!(out[1] > out[2] && out[2] == out[3] && out[3] > out[0]);
    }
}
