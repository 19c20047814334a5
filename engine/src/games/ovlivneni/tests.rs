use super::*;
use crate::random_player;
use rand::SeedableRng;

#[test]
fn stats_probe() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(1);
    let mut scratch = random_player::Scratch::<Ovlivneni>::default();
    let (mut steps, mut wins, mut turns) = (0, 0, 0);
    for seed in 0..200 {
        let mut s = Ovlivneni::new(&OvOptions::default(), 2, seed).unwrap();
        steps += random_player::playout::<Ovlivneni>(&mut s, &mut rng, 1_000_000, &mut scratch);
        wins += s.winner.is_some() as u32;
        turns += s.turn;
    }
    println!(
        "steps/game {} wins {} turns/game {}",
        steps / 200,
        wins,
        turns / 200
    );
}
