//! The fake's HTTPS side: a test CA made at start signs a certificate for `discord.com`, so
//! the bot can keep serenity's production client path (rate limiter on, no proxy) with a
//! `reqwest::Client` that resolves `discord.com` to the fake and trusts this CA.

use std::{net::SocketAddr, sync::Arc};

use rcgen::{BasicConstraints, CertificateParams, CertifiedIssuer, IsCa, KeyPair};
use tokio::{net::TcpListener, sync::mpsc};
use tokio_rustls::{
    rustls::{
        self,
        pki_types::{PrivateKeyDer, PrivatePkcs8KeyDer},
    },
    server::TlsStream,
    TlsAcceptor,
};

/// The host name the certificate is for: the one serenity's URLs name.
pub const HOST: &str = "discord.com";

/// A test CA and the server configuration of a `discord.com` leaf it signed.
pub struct TestCa {
    /// The CA certificate in PEM: what the client must trust.
    pub pem: String,
    acceptor: TlsAcceptor,
}

impl TestCa {
    pub fn new() -> TestCa {
        let mut ca_params = CertificateParams::new(Vec::<String>::new()).expect("CA params");
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        let ca_key = KeyPair::generate().expect("a CA key");
        let ca = CertifiedIssuer::self_signed(ca_params, ca_key).expect("a self-signed CA");
        let leaf_key = KeyPair::generate().expect("a leaf key");
        let leaf = CertificateParams::new(vec![HOST.to_owned()])
            .expect("leaf params")
            .signed_by(&leaf_key, &ca)
            .expect("a leaf signed by the CA");
        let key = PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(leaf_key.serialize_der()));
        let provider = Arc::new(rustls::crypto::ring::default_provider());
        let mut config = rustls::ServerConfig::builder_with_provider(provider)
            .with_safe_default_protocol_versions()
            .expect("TLS versions")
            .with_no_client_auth()
            .with_single_cert(vec![leaf.der().clone()], key)
            .expect("the leaf certificate and key match");
        // HTTP/2 as Discord offers it, HTTP/1.1 for a client without it.
        config.alpn_protocols = vec![b"h2".to_vec(), b"http/1.1".to_vec()];
        TestCa {
            pem: ca.pem(),
            acceptor: TlsAcceptor::from(Arc::new(config)),
        }
    }
}

/// An axum listener that hands out connections after their TLS handshake, done off the
/// accept loop so one slow client does not stall the others.
pub struct TlsListener {
    addr: SocketAddr,
    ready: mpsc::UnboundedReceiver<(TlsStream<tokio::net::TcpStream>, SocketAddr)>,
    accepting: tokio::task::JoinHandle<()>,
}

impl Drop for TlsListener {
    fn drop(&mut self) {
        self.accepting.abort();
    }
}

impl TlsListener {
    /// `handshakes` counts the TLS connections set up (a client that reuses its
    /// connections makes few).
    pub fn new(
        tcp: TcpListener,
        ca: &TestCa,
        handshakes: std::sync::Arc<std::sync::atomic::AtomicU64>,
    ) -> TlsListener {
        let addr = tcp.local_addr().expect("a bound address");
        let (tx, ready) = mpsc::unbounded_channel();
        let acceptor = ca.acceptor.clone();
        let accepting = tokio::spawn(async move {
            loop {
                let Ok((stream, peer)) = tcp.accept().await else {
                    continue;
                };
                let _ = stream.set_nodelay(true);
                let acceptor = acceptor.clone();
                let tx = tx.clone();
                let handshakes = handshakes.clone();
                tokio::spawn(async move {
                    if let Ok(tls) = acceptor.accept(stream).await {
                        handshakes.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let _ = tx.send((tls, peer));
                    }
                });
            }
        });
        TlsListener {
            addr,
            ready,
            accepting,
        }
    }
}

impl axum::serve::Listener for TlsListener {
    type Io = TlsStream<tokio::net::TcpStream>;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Self::Io, Self::Addr) {
        match self.ready.recv().await {
            Some(conn) => conn,
            // The accept loop ended: serve nothing more.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> std::io::Result<Self::Addr> {
        Ok(self.addr)
    }
}
