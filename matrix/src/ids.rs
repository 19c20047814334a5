//! The ids the front end makes or looks up for a send: a fresh transaction id, and the
//! Matrix room behind an internal room id.

use super::Error;
use vliv_service::service::{ChannelId, Platform, Service};

/// A transaction id nobody used before: edits and DMs that are not a command's answer.
pub fn fresh_txn() -> String {
    format!(
        "vliv-{:016x}{:08x}",
        rand::random::<u64>(),
        rand::random::<u32>()
    )
}

/// The room id behind an internal room id.
pub async fn room_of(service: &Service, id: ChannelId) -> Result<String, Error> {
    match service.external_identity(id).await? {
        Some((Platform::Matrix, room)) => Ok(room),
        _ => Err(format!("no Matrix room is stored for {id}").into()),
    }
}
