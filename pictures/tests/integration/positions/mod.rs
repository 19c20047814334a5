//! The positions the golden tests, the bench and the docs draw: one realistic mid-game
//! table per game (seed, table size and moves chosen by looking at the pictures).

use vliv_engine::{GameState, Lang, Seat};

pub struct Position {
    pub game: &'static str,
    pub seats: usize,
    pub seed: u64,
    pub moves: usize,
}

pub const ALL: &[Position] = &[
    Position {
        game: "claim",
        seats: 2,
        seed: 7,
        moves: 21,
    },
    Position {
        game: "fantasy-realms",
        seats: 4,
        seed: 7,
        moves: 14,
    },
    Position {
        game: "louis-xiv",
        seats: 3,
        seed: 7,
        moves: 40,
    },
    Position {
        game: "ruse-and-bruise",
        seats: 4,
        seed: 7,
        moves: 30,
    },
    Position {
        game: "ovlivneni",
        seats: 2,
        seed: 7,
        moves: 30,
    },
];

impl Position {
    pub fn state(&self) -> Box<dyn GameState> {
        vliv_pictures::position(self.game, self.seats, self.seed, self.moves)
            .expect("the position's game and table size exist")
    }
}

/// Players' names as the console gives them, with diacritics in Czech.
pub fn names(lang: Lang) -> impl Fn(Seat) -> String {
    move |s| match lang {
        Lang::Cs => [
            "Žofie",
            "Řehoř",
            "Šárka",
            "Čeněk",
            "Ďáblice",
            "Ťapka",
            "Úna",
        ][s as usize % 7]
            .to_owned(),
        Lang::En => {
            ["Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace"][s as usize % 7].to_owned()
        }
    }
}
