//! The Matrix client (ruma's types over reqwest) against a scripted loopback homeserver: a
//! rate-limited send waits as the server asks and is sent again under the same transaction
//! id; a refusal is an error that names the call and carries no token.

use std::sync::{Arc, Mutex};

use tokio::{
    io::{AsyncReadExt, AsyncWriteExt},
    net::TcpListener,
};
use vliv_bot::matrix::{Client, Credentials, Message};

/// Answers each request with the next scripted (status, body); records request lines.
async fn scripted(answers: Vec<(u16, &'static str)>) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    tokio::spawn(async move {
        for (status, body) in answers {
            let (mut stream, _) = listener.accept().await.unwrap();
            let mut request = Vec::new();
            let mut buf = [0u8; 4096];
            // The head, then as much body as it announces.
            loop {
                let n = stream.read(&mut buf).await.unwrap();
                request.extend_from_slice(&buf[..n]);
                let text = String::from_utf8_lossy(&request).to_string();
                if let Some(end) = text.find("\r\n\r\n") {
                    let length = text
                        .lines()
                        .find_map(|l| {
                            l.to_ascii_lowercase()
                                .strip_prefix("content-length: ")
                                .map(str::to_owned)
                        })
                        .and_then(|v| v.trim().parse::<usize>().ok())
                        .unwrap_or(0);
                    if request.len() >= end + 4 + length || n == 0 {
                        break;
                    }
                }
            }
            let text = String::from_utf8_lossy(&request).to_string();
            log.lock()
                .unwrap()
                .push(text.lines().next().unwrap_or_default().to_owned());
            let answer = format!(
                "HTTP/1.1 {status} X\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                body.len()
            );
            stream.write_all(answer.as_bytes()).await.unwrap();
        }
    });
    (url, seen)
}

#[tokio::test]
async fn a_rate_limited_send_waits_and_goes_out_once_under_its_transaction_id() {
    let (url, seen) = scripted(vec![
        (200, r#"{"user_id":"@vliv:hs"}"#),
        (
            429,
            r#"{"errcode":"M_LIMIT_EXCEEDED","retry_after_ms":120}"#,
        ),
        (200, r#"{"event_id":"$sent"}"#),
    ])
    .await;
    let client = Client::login(&url, "@vliv:hs", &Credentials::AccessToken("tok".into()))
        .await
        .unwrap();
    let started = std::time::Instant::now();
    let message = Message {
        body: "hi".into(),
        html: "hi".into(),
    };
    let event = client.send("!room:hs", "txn-1", &message).await.unwrap();
    assert_eq!(event, "$sent");
    let waited = started.elapsed().as_millis();
    assert!(
        (120..1_000).contains(&waited),
        "it waited as asked: {waited} ms"
    );
    let seen = seen.lock().unwrap().clone();
    assert_eq!(seen.len(), 3);
    assert_eq!(seen[1], seen[2], "the same request again: {seen:?}");
    assert!(
        seen[2].contains("/rooms/!room:hs/send/m.room.message/txn-1"),
        "{seen:?}"
    );
}

#[tokio::test]
async fn a_refusal_names_the_call_and_not_the_token() {
    let (url, _) = scripted(vec![(401, r#"{"errcode":"M_UNKNOWN_TOKEN"}"#)]).await;
    let err = Client::login(
        &url,
        "@vliv:hs",
        &Credentials::AccessToken("secret-tok".into()),
    )
    .await
    .err()
    .expect("a wrong token is refused");
    let text = err.to_string();
    assert!(text.contains("401 M_UNKNOWN_TOKEN to whoami"), "{text}");
    assert!(!text.contains("secret-tok"));
}
