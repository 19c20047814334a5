//! The links' signing key: the configured one, or a random one made once and kept in a
//! file (readable by its owner only), so links given before a restart still open.

use std::{io::Write, path::Path};

use rand::RngCore;

use vliv_service::service::{Signer, WebLinks};

use crate::WebConfig;

/// The key's length when generated: as long as the hash's block.
const KEY_BYTES: usize = 64;

/// How the service makes links to the table `config` describes.
pub fn web_links(config: &WebConfig) -> std::io::Result<WebLinks> {
    Ok(WebLinks::new(
        signer(config)?,
        &config.base_url(),
        config.link_hours,
    ))
}

fn signer(config: &WebConfig) -> std::io::Result<Signer> {
    if !config.secret.is_empty() {
        if config.secret.len() < 32 {
            return Err(std::io::Error::other(
                "VLIV_WEB_SECRET must be at least 32 characters long (or unset: a key is generated)",
            ));
        }
        return Ok(Signer::new(config.secret.as_bytes().to_vec()));
    }
    Ok(Signer::new(kept_key(&config.secret_file)?))
}

fn kept_key(path: &Path) -> std::io::Result<Vec<u8>> {
    match std::fs::read(path) {
        Ok(key) if key.len() >= 32 => return Ok(key),
        Ok(_) => {
            return Err(std::io::Error::other(format!(
                "{} holds too short a key (at least 32 bytes)",
                path.display()
            )))
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(e),
    }
    let mut key = vec![0u8; KEY_BYTES];
    rand::rng().fill_bytes(&mut key);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path)?.write_all(&key)?;
    tracing::info!(file = %path.display(), "a new key for the web table's links");
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_key_is_kept_and_read_again() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("web.secret");
        let first = kept_key(&path).unwrap();
        assert_eq!(first.len(), KEY_BYTES);
        assert_eq!(kept_key(&path).unwrap(), first);
    }
}
