//! A `vliv run` serving the web table beside Discord, and the links `/game web` gives.

use fakecord::Audience;

use super::{Db, Scene};

/// The web table's signing key in these tests.
const WEB_SECRET: &str = "a test key of the web table, 32+ bytes long";

impl Scene {
    /// A scene whose bot also serves the web table on a free loopback port (its address,
    /// `127.0.0.1:PORT`, is the second value), with `more` set for the bot's process.
    pub async fn start_with_web(
        db: Db,
        more: Vec<(&'static str, Option<&'static str>)>,
    ) -> (Scene, &'static str) {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // The scene keeps its variables for restarts as `'static` strings.
        let bind: &'static str = Box::leak(format!("127.0.0.1:{port}").into_boxed_str());
        let mut env = vec![
            ("VLIV_WEB_BIND", Some(bind)),
            ("VLIV_WEB_SECRET", Some(WEB_SECRET)),
        ];
        env.extend(more);
        (Scene::start_with(db, env).await, bind)
    }

    /// `user` runs `/game web`: the answer reaches them alone and holds their link to the
    /// web table served at `bind`.
    pub async fn web_link(&self, user: u64, bind: &str) -> String {
        let answer = self.run(user, "game web", &[]).await;
        assert_eq!(answer.audience, Audience::Ephemeral(user), "{answer:?}");
        answer
            .content
            .split_whitespace()
            .find(|w| w.starts_with(&format!("http://{bind}/t/")))
            .unwrap_or_else(|| panic!("a link in {:?}", answer.content))
            .to_owned()
    }
}
