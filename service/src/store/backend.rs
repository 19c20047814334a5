//! Which database a URL names, and how to name its server in an error.

use super::{StoreError, StoreResult};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub(super) fn of(url: &str) -> StoreResult<Backend> {
        if url.starts_with("sqlite:") {
            Ok(Backend::Sqlite)
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Ok(Backend::Postgres)
        } else {
            // Only the scheme is echoed: the rest of a URL may hold a password.
            Err(StoreError::UnsupportedUrl(
                url.split(':')
                    .next()
                    .unwrap_or("")
                    .chars()
                    .take(20)
                    .collect(),
            ))
        }
    }
}

/// `host:port` of a `postgres://user:password@host:port/db?…` URL (port 5432 if absent),
/// without the credentials, for an error message.
pub(super) fn server_address(url: &str) -> String {
    let rest = url.split_once("://").map_or(url, |(_, r)| r);
    let authority = rest.split(['/', '?']).next().unwrap_or("");
    let host_port = authority.rsplit_once('@').map_or(authority, |(_, h)| h);
    match host_port {
        "" => "localhost:5432".into(),
        h if h.ends_with(']') || !h.contains(':') => format!("{h}:5432"),
        h => h.into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_server_address_names_host_and_port_without_credentials() {
        assert_eq!(
            server_address("postgres://u:secret@db.example:6543/vliv"),
            "db.example:6543"
        );
        assert_eq!(
            server_address("postgres://u@db/vliv?sslmode=off"),
            "db:5432"
        );
        assert_eq!(server_address("postgresql://127.0.0.1/x"), "127.0.0.1:5432");
    }

    #[test]
    fn an_unknown_scheme_is_named_as_unsupported_not_corrupt() {
        let err = Backend::of("mysql://u:pw@h/db").unwrap_err().to_string();
        assert_eq!(
            err,
            "unsupported database URL `mysql…`, expected sqlite:// or postgres://"
        );
    }
}
