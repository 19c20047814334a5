//! A loopback relay in front of the test Postgres that counts round trips as the server sees
//! them: every `Sync` a client sends is answered by one `ReadyForQuery` ('Z'), whether it
//! ends a statement or is sqlx's test of a connection going back to its pool (which the
//! statement log does not show).

use std::sync::{
    atomic::{AtomicUsize, Ordering},
    Arc,
};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::{TcpListener, TcpStream},
};

pub struct PgRelay {
    /// `url` with its server replaced by the relay (and TLS off, so the answers can be read).
    pub url: String,
    ready: Arc<AtomicUsize>,
}

impl PgRelay {
    /// A relay to the server of the `postgres://…@host:port/db` URL `url`.
    pub async fn start(url: &str) -> PgRelay {
        let (scheme, rest) = url.split_once("://").expect("a URL");
        let (authority, path) = rest.split_once('/').expect("a database in the URL");
        let (user, server) = match authority.rsplit_once('@') {
            Some((user, server)) => (format!("{user}@"), server.to_owned()),
            None => (String::new(), authority.to_owned()),
        };
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let relay = listener.local_addr().expect("its address");
        let ready = Arc::new(AtomicUsize::new(0));
        let counted = ready.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let server = TcpStream::connect(&server)
                    .await
                    .expect("the test Postgres");
                tokio::spawn(pipe(client, server, counted.clone()));
            }
        });
        let sep = if path.contains('?') { '&' } else { '?' };
        PgRelay {
            url: format!("{scheme}://{user}{relay}/{path}{sep}sslmode=disable"),
            ready,
        }
    }

    /// The `ReadyForQuery` messages the server has sent so far.
    pub fn round_trips(&self) -> usize {
        self.ready.load(Ordering::SeqCst)
    }
}

async fn pipe(client: TcpStream, server: TcpStream, ready: Arc<AtomicUsize>) {
    let (mut client_read, mut client_write) = client.into_split();
    let (mut server_read, mut server_write) = server.into_split();
    let up = async move {
        let _ = tokio::io::copy(&mut client_read, &mut server_write).await;
        let _ = server_write.shutdown().await;
    };
    let down = async move {
        let mut messages = Messages::default();
        let mut buf = vec![0u8; 16 << 10];
        loop {
            let n = match server_read.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            let z = messages.count(&buf[..n], b'Z');
            ready.fetch_add(z, Ordering::SeqCst);
            if client_write.write_all(&buf[..n]).await.is_err() {
                break;
            }
        }
        let _ = client_write.shutdown().await;
    };
    tokio::join!(up, down);
}

/// The server's side of the protocol after start-up: a type byte, a length that counts
/// itself, the body; read across the chunks the socket gives.
#[derive(Default)]
struct Messages {
    header: Vec<u8>,
    skip: usize,
}

impl Messages {
    /// The messages of type `kind` that begin in `chunk`.
    fn count(&mut self, mut chunk: &[u8], kind: u8) -> usize {
        let mut found = 0;
        while !chunk.is_empty() {
            if self.skip > 0 {
                let n = self.skip.min(chunk.len());
                self.skip -= n;
                chunk = &chunk[n..];
                continue;
            }
            let n = (5 - self.header.len()).min(chunk.len());
            self.header.extend_from_slice(&chunk[..n]);
            chunk = &chunk[n..];
            if self.header.len() == 5 {
                if self.header[0] == kind {
                    found += 1;
                }
                let len = u32::from_be_bytes(self.header[1..5].try_into().expect("4 bytes"));
                self.skip = (len as usize).saturating_sub(4);
                self.header.clear();
            }
        }
        found
    }
}

#[test]
fn messages_are_counted_across_chunks() {
    let mut m = Messages::default();
    // 'Z' (length 5, one byte of status), 'C' (length 8), 'Z' split over three chunks.
    let stream = [
        b'Z', 0, 0, 0, 5, b'I', b'C', 0, 0, 0, 8, 1, 2, 3, 4, b'Z', 0, 0, 0, 5, b'T',
    ];
    assert_eq!(m.count(&stream[..3], b'Z'), 0);
    assert_eq!(m.count(&stream[3..17], b'Z'), 1);
    assert_eq!(m.count(&stream[17..], b'Z'), 1);
    assert_eq!((m.skip, m.header.len()), (0, 0));
}
