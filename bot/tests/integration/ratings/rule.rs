//! The Weng-Lin rule against examples worked by hand and the crate's documented one.

use super::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 5e-5
}

/// Two new players (25 ± 25/3), the first wins. c² = 2β² + σ₁² + σ₂² = 2·(25/6)² +
/// 2·(25/3)² = 173.611, c = 13.1762; each expects p = ½. The winner gains
/// σ²/c · (1 − ½) = 69.4444 / 13.1762 / 2 = 2.6352, the loser loses as much; each σ is
/// multiplied by √(1 − (σ/c)³ · p(1 − p)) = √(1 − 0.63246³ / 4) = 0.967857.
#[test]
fn two_new_players_rate_as_worked_by_hand() {
    let after = rate(&[(None, 1), (None, 2)]);
    assert!(close(after[0].mu, 27.6352), "{after:?}");
    assert!(close(after[1].mu, 22.3648), "{after:?}");
    assert!(close(after[0].sigma, 8.0655) && close(after[1].sigma, 8.0655));
    // A draw between equals moves nobody; the uncertainty shrinks as in a decided game.
    let drawn = rate(&[(None, 1), (None, 1)]);
    assert!(close(drawn[0].mu, 25.0) && close(drawn[1].mu, 25.0));
    assert!(close(drawn[0].sigma, 8.0655));
}

/// The `skillratings` documentation's example of `weng_lin`: 42.0 ± 1.3 beats a new player,
/// giving 42.03 ± 1.30 and 23.91 ± 8.03 (rounded to hundredths there).
#[test]
fn two_players_rate_as_the_crates_documented_example() {
    let strong = Skill {
        mu: 42.0,
        sigma: 1.3,
    };
    let after = rate(&[(Some(strong), 1), (None, 2)]);
    let hundredths = |x: f64| (x * 100.0).round();
    assert_eq!(hundredths(after[0].mu), 4203.0);
    assert_eq!(hundredths(after[0].sigma), 130.0);
    assert_eq!(hundredths(after[1].mu), 2391.0);
    assert_eq!(hundredths(after[1].sigma), 803.0);
}

/// Four new players, places 1, 2, 2, 4 (the middle two tie). Every pair has the same
/// c = 13.1762 and p = ½, so each pair moves a player by ±2.6352 (0 for the tied pair):
/// first +3·2.6352 = 32.9057, the tied two +2.6352 − 2.6352 + 0 = 25, last 17.0943. Each
/// σ loses the 0.063246 share of its variance three times: 25/3 · √(1 − 0.189737) = 7.5012.
#[test]
fn four_players_with_a_tie_rate_as_worked_by_hand() {
    let after = rate(&[(None, 1), (None, 2), (None, 2), (None, 4)]);
    let mus: Vec<f64> = after.iter().map(|s| s.mu).collect();
    assert!(close(mus[0], 32.9057), "{mus:?}");
    assert!(close(mus[1], 25.0) && close(mus[2], 25.0), "{mus:?}");
    assert!(close(mus[3], 17.0943), "{mus:?}");
    for s in &after {
        assert!(close(s.sigma, 7.5012), "{after:?}");
    }
}
