//! Per game, one table picture drawn and PNG-encoded at the golden tests' position (the
//! issue's target: ≤ 5 ms median, ≤ 20 ms worst, ≤ 150 KB). Run on one core:
//! `taskset -c 1 cargo bench -p vliv-pictures --bench pictures`. The PNG sizes print first.

use divan::Bencher;
use vliv_engine::{Lang, Scene, Viewer};

#[path = "../tests/integration/positions/mod.rs"]
mod positions;

fn main() {
    for p in positions::ALL {
        let scene = p.state().scene(Viewer::Spectator).public();
        for lang in Lang::ALL {
            let picture = vliv_pictures::draw(&scene, lang, &positions::names(lang))
                .expect("the table draws");
            println!(
                "{} {}: {}x{} px, PNG {} bytes",
                p.game,
                lang.code(),
                picture.width,
                picture.height,
                picture.png.len()
            );
        }
    }
    divan::main();
}

fn table(game: &str) -> Scene {
    positions::ALL
        .iter()
        .find(|p| p.game == game)
        .expect("a position per game")
        .state()
        .scene(Viewer::Spectator)
        .public()
}

#[divan::bench(args = ["claim", "fantasy-realms", "louis-xiv", "ruse-and-bruise", "ovlivneni"], sample_count = 200)]
fn table_picture(bencher: Bencher, game: &str) {
    let scene = table(game);
    let names = positions::names(Lang::Cs);
    bencher.bench_local(|| {
        vliv_pictures::draw(&scene, Lang::Cs, &names)
            .expect("draws")
            .png
            .len()
    });
}
