//! Draws every game's table and seat 1's hand at the positions of the golden tests, in
//! both languages: `cargo run --release -p vliv-pictures --example tables -- DIR`.

use std::time::Instant;

use vliv_engine::{Lang, Viewer};

#[path = "../tests/integration/positions/mod.rs"]
mod positions;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "pictures-out".into());
    std::fs::create_dir_all(&dir)?;
    for p in positions::ALL {
        let state = p.state();
        for lang in Lang::ALL {
            let names = positions::names(lang);
            let started = Instant::now();
            let table =
                vliv_pictures::draw(&state.scene(Viewer::Spectator).public(), lang, &names)?;
            let took = started.elapsed();
            let hand = vliv_pictures::draw(&state.scene(Viewer::Seat(0)).private(), lang, &names)?;
            let code = lang.code();
            std::fs::write(format!("{dir}/{}-{code}.png", p.game), &table.png)?;
            std::fs::write(format!("{dir}/{}-hand-{code}.png", p.game), &hand.png)?;
            println!(
                "{} {code}: table {}x{} {} KB in {:?}, hand {}x{} {} KB",
                p.game,
                table.width,
                table.height,
                table.png.len() / 1024,
                took,
                hand.width,
                hand.height,
                hand.png.len() / 1024
            );
        }
    }
    Ok(())
}
