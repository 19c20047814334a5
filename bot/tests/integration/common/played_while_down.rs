//! A game played on while the bot is down: its moves go straight through a service on the
//! same database, as if the bot had died between their commits and their tables' edits.

use vliv_bot::service::{GameId, Service, UserId};

/// One move: the first of `players` with a menu takes its `n`-th choice (wrapping).
/// Whether anyone had a move to make.
pub async fn move_while_down(
    service: &Service,
    game: GameId,
    players: &[UserId],
    n: usize,
) -> bool {
    for &user in players {
        let menus = service.pending_menus(game, user).await.unwrap();
        if let Some(m) = menus.into_iter().next() {
            let choice = m.menu.choices[n % m.menu.choices.len()].id;
            service.play(user, m.click(choice)).await.unwrap();
            return true;
        }
    }
    false
}

/// Plays `game` to its end by [`move_while_down`]. Panics if it is not over within 200
/// moves.
pub async fn play_to_end_while_down(service: &Service, game: GameId, players: &[UserId]) {
    for n in 0.. {
        assert!(n < 200, "the game did not end within 200 moves");
        if !move_while_down(service, game, players, n).await {
            return;
        }
    }
}
