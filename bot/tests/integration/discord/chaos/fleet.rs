//! The fleet chaos run: three processes (shards 0, 1 and 2 of 3) on a Postgres server of the
//! test's own; Discord games of all five kinds, and Matrix games on the real Synapse that
//! processes 0 and 1 serve through the account's lease. Process 2 is stopped and the
//! previous release's binary (`VLIV_PREVIOUS_BINARY`, built by `.ci/run` from the commit
//! in `.ci/previous-release`) started in its place; it serves its shard through a database
//! outage, is SIGKILLed and the new binary started again; then process 1 is SIGKILLed and
//! restarted, and the database stops a second time.

use super::{postgres_or_skip, Chaos, Fault, Plan, Schedule, Setup, FLEET, FLEET_GAMES, OUTAGE};
use crate::common::pg_server::PgServer;
use crate::matrix_support;

use std::{path::PathBuf, time::Duration};

/// How long the previous binary serves its shard before the database stops under it.
const PREVIOUS_SERVES: Duration = Duration::from_secs(5);

fn ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v == "true")
}

/// The previous release's binary: `VLIV_PREVIOUS_BINARY`. `.ci/run` sets it to `none` when
/// the commit is not in the clone (it said why); unset under `CI=true` fails.
fn previous_binary() -> Option<PathBuf> {
    match std::env::var("VLIV_PREVIOUS_BINARY") {
        Ok(path) if path == "none" => {
            eprintln!(
                "notice: VLIV_PREVIOUS_BINARY=none (the previous release is not in this \
                 clone): the fleet chaos run's previous-binary leg was skipped"
            );
            None
        }
        Ok(path) => {
            let path = PathBuf::from(path);
            assert!(path.is_file(), "VLIV_PREVIOUS_BINARY: no file at {path:?}");
            Some(path)
        }
        Err(_) => {
            assert!(
                !ci(),
                "CI=true but VLIV_PREVIOUS_BINARY is not set (.ci/run builds the previous \
                 release's binary)"
            );
            eprintln!(
                "notice: VLIV_PREVIOUS_BINARY is not set, so the fleet chaos run's \
                 previous-binary leg was skipped (.ci/run builds it; see the README)"
            );
            None
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fleet_survives_database_stops_a_sigkill_and_the_previous_binary() {
    if postgres_or_skip().await.is_none() {
        return;
    }
    let Some(server) = PgServer::start_new() else {
        assert!(
            !ci(),
            "CI=true but no Postgres programs (initdb, pg_ctl) were found"
        );
        eprintln!("notice: no Postgres programs here; the fleet chaos run did not run");
        return;
    };
    // Under CI=true without Synapse this fails; elsewhere the Matrix games are skipped
    // with a notice.
    let homeserver = matrix_support::homeserver();
    let previous = previous_binary();
    let url = server.url();
    let games = std::env::var("VLIV_CHAOS_FLEET_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(FLEET_GAMES);
    let plans: Vec<Plan> = (0..games).map(Plan::of_fleet).collect();
    let mut first = Vec::new();
    if previous.is_some() {
        first.extend([
            Fault::Previous(2, PREVIOUS_SERVES),
            Fault::StopDatabase(OUTAGE),
            Fault::Current(2),
            Fault::Kill(1),
        ]);
    } else {
        first.extend([Fault::Kill(1), Fault::StopDatabase(OUTAGE)]);
    }
    first.push(Fault::StopDatabase(OUTAGE));
    let faults = Schedule {
        first,
        then: vec![],
    };
    let with_previous = previous.is_some();
    let setup = Setup {
        db_url: url.clone(),
        proxy: None,
        server: Some(server),
        bot_url: url,
        shards: FLEET,
        matrix: homeserver.map(|hs| (hs, vec![0, 1])),
        previous,
    };
    let run = Chaos::run(setup, &plans, faults).await;
    assert_eq!(run.outages, 2, "the games ended before both outages");
    if with_previous {
        let by_previous = run
            .by_previous
            .expect("the games ended before the new binary replaced the previous one");
        assert!(
            by_previous > 0,
            "the previous release's binary stored no move in its games"
        );
    }
    for (i, (bot, _)) in run.bots.iter().enumerate() {
        let mut bot = bot.lock().unwrap();
        assert!(
            bot.running(),
            "process {i} exited on its own:\n{}",
            bot.log()
        );
    }
}
