//! A TCP proxy the test owns, between the bot and its database: it can cut every open
//! connection at once (both ends reset, as when Postgres restarts or the network drops),
//! turn new connections away for a while (as while the server is still down), and cut a
//! connection right after it sent a COMMIT, before the answer gets back (the commit's
//! outcome is then unknown to the bot).

#![allow(dead_code)]

use std::{
    net::SocketAddr,
    sync::{
        atomic::{AtomicBool, AtomicU64, Ordering},
        Arc, Mutex,
    },
    time::{Duration, Instant},
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{
        tcp::{OwnedReadHalf, OwnedWriteHalf},
        TcpListener, TcpStream,
    },
    sync::watch,
    task::JoinHandle,
};

pub struct Proxy {
    addr: SocketAddr,
    inner: Arc<Inner>,
    task: JoinHandle<()>,
}

struct Inner {
    upstream: SocketAddr,
    /// New connections are reset until then.
    refuse_until: Mutex<Option<Instant>>,
    /// Bumped by every cut; each connection watches it.
    cuts: watch::Sender<u64>,
    open: AtomicU64,
    connections_cut: AtomicU64,
    refused: AtomicU64,
    /// COMMITs still to be cut off from their answer.
    commits_to_cut: AtomicU64,
    commits_cut: AtomicU64,
}

/// What the proxy did to the connections so far.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProxyStats {
    /// Times every open connection was cut.
    pub cuts: u64,
    /// Connections reset by those cuts.
    pub connections_cut: u64,
    /// Connection attempts turned away.
    pub refused: u64,
    /// Connections cut between a COMMIT and its answer.
    pub commits_cut: u64,
}

impl Proxy {
    /// Listens on 127.0.0.1 and a free port, forwarding to `upstream`.
    pub async fn start(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0")
            .await
            .expect("a loopback port for the proxy");
        let addr = listener.local_addr().expect("a bound address");
        let inner = Arc::new(Inner {
            upstream,
            refuse_until: Mutex::new(None),
            cuts: watch::channel(0).0,
            open: AtomicU64::new(0),
            connections_cut: AtomicU64::new(0),
            refused: AtomicU64::new(0),
            commits_to_cut: AtomicU64::new(0),
            commits_cut: AtomicU64::new(0),
        });
        let task = tokio::spawn(accept(listener, inner.clone()));
        Proxy { addr, inner, task }
    }

    /// A proxy in front of the database of a `postgres://user@host:port/db` URL, and the
    /// URL that reaches the same database through it.
    pub async fn for_database(url: &str) -> (Proxy, String) {
        let (scheme, rest) = url.split_once("://").expect("a database URL");
        let (authority, path) = rest.split_once('/').expect("a database URL with a path");
        let (user, host_port) = match authority.rsplit_once('@') {
            Some((user, host_port)) => (format!("{user}@"), host_port),
            None => (String::new(), authority),
        };
        let upstream = tokio::net::lookup_host(host_port)
            .await
            .expect("the database host resolves")
            .next()
            .expect("an address for the database host");
        let proxy = Proxy::start(upstream).await;
        let url = format!("{scheme}://{user}{}/{path}", proxy.addr());
        (proxy, url)
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Resets every open connection now; returns how many there were.
    pub fn cut(&self) -> u64 {
        let open = self.inner.open.load(Ordering::SeqCst);
        self.inner.cuts.send_modify(|n| *n += 1);
        open
    }

    /// Resets every connection attempt for `how_long` from now.
    pub fn refuse_for(&self, how_long: Duration) {
        *self.inner.refuse_until.lock().unwrap() = Some(Instant::now() + how_long);
    }

    /// The next `n` COMMITs reach the server, and their connections are reset before the
    /// answer gets back.
    pub fn cut_after_commits(&self, n: u64) {
        self.inner.commits_to_cut.fetch_add(n, Ordering::SeqCst);
    }

    pub fn stats(&self) -> ProxyStats {
        ProxyStats {
            cuts: *self.inner.cuts.borrow(),
            connections_cut: self.inner.connections_cut.load(Ordering::SeqCst),
            refused: self.inner.refused.load(Ordering::SeqCst),
            commits_cut: self.inner.commits_cut.load(Ordering::SeqCst),
        }
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
        self.inner.cuts.send_modify(|n| *n += 1);
    }
}

async fn accept(listener: TcpListener, inner: Arc<Inner>) {
    loop {
        let Ok((client, _)) = listener.accept().await else {
            continue;
        };
        let refusing = inner
            .refuse_until
            .lock()
            .unwrap()
            .is_some_and(|until| Instant::now() < until);
        if refusing {
            inner.refused.fetch_add(1, Ordering::SeqCst);
            reset(client);
            continue;
        }
        let cut = inner.cuts.subscribe();
        tokio::spawn(forward(client, inner.clone(), cut));
    }
}

async fn forward(client: TcpStream, inner: Arc<Inner>, mut cut: watch::Receiver<u64>) {
    let Ok(server) = TcpStream::connect(inner.upstream).await else {
        reset(client);
        return;
    };
    // Every close below is a reset, as a dead network or server gives.
    let _ = client.set_zero_linger();
    let _ = server.set_zero_linger();
    inner.open.fetch_add(1, Ordering::SeqCst);
    let (from_client, to_client) = client.into_split();
    let (from_server, to_server) = server.into_split();
    let frozen = AtomicBool::new(false);
    let was_cut = tokio::select! {
        committed = upstream(from_client, to_server, &inner, &frozen) => committed,
        _ = downstream(from_server, to_client, &frozen) => false,
        _ = cut.changed() => true,
    };
    inner.open.fetch_sub(1, Ordering::SeqCst);
    if was_cut {
        inner.connections_cut.fetch_add(1, Ordering::SeqCst);
    }
}

/// Client to server; `true` when the connection is to be cut after a COMMIT.
async fn upstream(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    inner: &Inner,
    frozen: &AtomicBool,
) -> bool {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return false,
            Ok(n) => n,
        };
        let cut_this = buf[..n].windows(6).any(|w| w == b"COMMIT")
            && inner
                .commits_to_cut
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok();
        if cut_this {
            // Nothing the server says from here on reaches the client.
            frozen.store(true, Ordering::SeqCst);
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return false;
        }
        if cut_this {
            // Long enough for the server to commit.
            tokio::time::sleep(Duration::from_millis(100)).await;
            inner.commits_cut.fetch_add(1, Ordering::SeqCst);
            return true;
        }
    }
}

/// Server to client, until the connection is frozen.
async fn downstream(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, frozen: &AtomicBool) {
    let mut buf = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if frozen.load(Ordering::SeqCst) {
            std::future::pending::<()>().await;
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return;
        }
    }
}

/// Closes with a reset rather than a goodbye: neither end learns anything in order.
fn reset(stream: TcpStream) {
    let _ = stream.set_zero_linger();
    drop(stream);
}
