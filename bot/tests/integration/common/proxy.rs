//! A TCP proxy the test owns, between the bot and its database: it can cut every open
//! connection at once (both ends reset, as when Postgres restarts or the network drops),
//! turn new connections away for a while (as while the server is still down), and cut a
//! connection right after it sent a COMMIT, or a statement that commits on its own (no
//! transaction around it), before the answer gets back (the outcome is then unknown to the
//! bot), or hold such a statement back and pass it on only after the bot was told its
//! connection died (as when the server runs it late). To find that statement it reads the client's protocol messages as they pass: the
//! SQL comes once, in a Parse that names the prepared statement, and each run is a Bind of
//! that name followed by an Execute.

#![allow(dead_code)]

use std::{
    collections::HashMap,
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
    /// Runs of a statement whose SQL holds the text still to be cut off from their answer.
    statements_to_cut: Mutex<Option<(Vec<u8>, u64)>>,
    statements_cut: AtomicU64,
    /// Runs of a statement whose SQL holds the text still to be held back, and for how long.
    statements_to_delay: Mutex<Option<(Vec<u8>, u64, Duration)>>,
    statements_delayed: AtomicU64,
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
    /// Connections cut between a statement's Execute and its answer.
    pub statements_cut: u64,
    /// Statements that reached the server only after their connection was reset.
    pub statements_delayed: u64,
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
            statements_to_cut: Mutex::new(None),
            statements_cut: AtomicU64::new(0),
            statements_to_delay: Mutex::new(None),
            statements_delayed: AtomicU64::new(0),
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

    /// The next `n` runs of a statement whose SQL contains `sql` reach the server, and their
    /// connections are reset before the answer gets back.
    pub fn cut_after_statements(&self, sql: &str, n: u64) {
        *self.inner.statements_to_cut.lock().unwrap() = Some((sql.as_bytes().to_vec(), n));
    }

    /// The next `n` runs of a statement whose SQL contains `sql` are held: the client's
    /// connection is reset at once, and the statement reaches the server `delay` later, its
    /// answer lost. The server then runs a statement its client already gave up on, as when
    /// its bytes were still on the way or its backend waited for a CPU.
    pub fn delay_statements(&self, sql: &str, n: u64, delay: Duration) {
        *self.inner.statements_to_delay.lock().unwrap() = Some((sql.as_bytes().to_vec(), n, delay));
    }

    pub fn stats(&self) -> ProxyStats {
        ProxyStats {
            cuts: *self.inner.cuts.borrow(),
            connections_cut: self.inner.connections_cut.load(Ordering::SeqCst),
            refused: self.inner.refused.load(Ordering::SeqCst),
            commits_cut: self.inner.commits_cut.load(Ordering::SeqCst),
            statements_cut: self.inner.statements_cut.load(Ordering::SeqCst),
            statements_delayed: self.inner.statements_delayed.load(Ordering::SeqCst),
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
    let ended = tokio::select! {
        ended = upstream(from_client, to_server, &inner, &frozen) => ended,
        _ = downstream(from_server, to_client, &frozen) => Ended::Closed,
        _ = cut.changed() => Ended::Cut,
    };
    inner.open.fetch_sub(1, Ordering::SeqCst);
    match ended {
        Ended::Closed => {}
        Ended::Cut => {
            inner.connections_cut.fetch_add(1, Ordering::SeqCst);
        }
        Ended::Held {
            bytes,
            mut to,
            delay,
        } => {
            // The client's halves were dropped with the select: it has its reset already.
            tokio::time::sleep(delay).await;
            let _ = to.write_all(&bytes).await;
            // Long enough for the server to run and commit it.
            tokio::time::sleep(Duration::from_millis(300)).await;
            inner.statements_delayed.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// How a proxied connection ended.
enum Ended {
    /// Either end closed it.
    Closed,
    /// Reset by the test (every connection, or one after a COMMIT or marked statement).
    Cut,
    /// Reset on the client's side with `bytes` not yet passed on to the server.
    Held {
        bytes: Vec<u8>,
        to: OwnedWriteHalf,
        delay: Duration,
    },
}

/// Client to server, until either end closes it, it is cut after a COMMIT or a marked
/// statement, or a marked statement is held back.
async fn upstream(
    mut from: OwnedReadHalf,
    mut to: OwnedWriteHalf,
    inner: &Inner,
    frozen: &AtomicBool,
) -> Ended {
    let mut buf = vec![0u8; 16 * 1024];
    let mut messages = ClientMessages::default();
    loop {
        let n = match from.read(&mut buf).await {
            Ok(0) | Err(_) => return Ended::Closed,
            Ok(n) => n,
        };
        let executed = messages.read(&buf[..n]);
        if let Some(delay) = executed
            .iter()
            .find_map(|sql| inner.take_statement_delay(sql))
        {
            return Ended::Held {
                bytes: buf[..n].to_vec(),
                to,
                delay,
            };
        }
        let statement_cut = executed.iter().any(|sql| inner.take_statement_cut(sql));
        let commit_cut = !statement_cut
            && buf[..n].windows(6).any(|w| w == b"COMMIT")
            && inner
                .commits_to_cut
                .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
                .is_ok();
        let cut_this = statement_cut || commit_cut;
        if cut_this {
            // Nothing the server says from here on reaches the client.
            frozen.store(true, Ordering::SeqCst);
        }
        if to.write_all(&buf[..n]).await.is_err() {
            return Ended::Closed;
        }
        if cut_this {
            // Long enough for the server to commit.
            tokio::time::sleep(Duration::from_millis(100)).await;
            let counter = if statement_cut {
                &inner.statements_cut
            } else {
                &inner.commits_cut
            };
            counter.fetch_add(1, Ordering::SeqCst);
            return Ended::Cut;
        }
    }
}

impl Inner {
    /// How long this run of `sql` is to be held back, if it is one (and counts it off).
    fn take_statement_delay(&self, sql: &[u8]) -> Option<Duration> {
        let mut armed = self.statements_to_delay.lock().unwrap();
        match armed.as_mut() {
            Some((text, n, delay)) if *n > 0 && sql.windows(text.len()).any(|w| w == &text[..]) => {
                *n -= 1;
                Some(*delay)
            }
            _ => None,
        }
    }

    /// Whether this run of `sql` is one to cut (and counts it off).
    fn take_statement_cut(&self, sql: &[u8]) -> bool {
        let mut armed = self.statements_to_cut.lock().unwrap();
        match armed.as_mut() {
            Some((text, n)) if *n > 0 && sql.windows(text.len()).any(|w| w == &text[..]) => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }
}

/// The client's side of the Postgres protocol as it passes: the prepared statements' SQL by
/// name, and the statements executed.
#[derive(Default)]
struct ClientMessages {
    pending: Vec<u8>,
    /// Past the startup message (before it, messages carry no type byte).
    started: bool,
    prepared: HashMap<Vec<u8>, Vec<u8>>,
    /// The SQL of the statement bound to the portal that an Execute runs.
    bound: Option<Vec<u8>>,
}

impl ClientMessages {
    /// Reads a chunk; the SQL of each statement it executes.
    fn read(&mut self, chunk: &[u8]) -> Vec<Vec<u8>> {
        self.pending.extend_from_slice(chunk);
        let mut executed = Vec::new();
        loop {
            let typed = usize::from(self.started);
            let Some(len) = self.pending.get(typed..typed + 4) else {
                break;
            };
            let end = typed + u32::from_be_bytes(len.try_into().expect("four bytes")) as usize;
            if end < typed + 4 || self.pending.len() < end {
                break;
            }
            let message: Vec<u8> = self.pending.drain(..end).collect();
            if !self.started {
                // The SSL and GSS encryption requests come before the startup message.
                let code = message
                    .get(4..8)
                    .map(|c| u32::from_be_bytes(c.try_into().unwrap()));
                self.started = !matches!(code, Some(80_877_103 | 80_877_104));
                continue;
            }
            let body = &message[5..];
            match message[0] {
                b'P' => {
                    let (name, rest) = cstr(body);
                    let (sql, _) = cstr(rest);
                    self.prepared.insert(name.to_vec(), sql.to_vec());
                }
                b'B' => {
                    let (_portal, rest) = cstr(body);
                    let (statement, _) = cstr(rest);
                    self.bound = self.prepared.get(statement).cloned();
                }
                b'E' => executed.extend(self.bound.take()),
                b'Q' => executed.push(cstr(body).0.to_vec()),
                _ => {}
            }
        }
        executed
    }
}

/// A NUL-terminated string and what follows it.
fn cstr(bytes: &[u8]) -> (&[u8], &[u8]) {
    match bytes.iter().position(|&b| b == 0) {
        Some(i) => (&bytes[..i], &bytes[i + 1..]),
        None => (bytes, &[]),
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
