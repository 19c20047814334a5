//! One Matrix account, one reader: the processes of a fleet configured with the same account
//! take turns through a lease in the database. Only its holder reads the account's events
//! and answers them (two readers would both run every command: `!vliv ai` would seat two
//! AIs); the others stand by and take over from the stored stream position once the
//! holder's lease runs out unrenewed (it was killed, or lost its database).

use std::{
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc,
    },
    time::Duration,
};

use vliv_service::service::Service;

/// How long a lease lasts unrenewed: a standby takes over this long after its holder died.
pub const LEASE: Duration = Duration::from_secs(30);
/// How often the holder renews it (and a standby asks for it).
const RENEW: Duration = Duration::from_secs(10);

pub struct Lease {
    serving: AtomicBool,
}

/// Who this process is to the lease: the same on every start of the same installation (its
/// host and working folder), so a restarted process takes its lease back at once instead of
/// waiting for it to run out; another process of the fleet runs on another host or folder.
fn holder() -> i64 {
    let host = std::fs::read_to_string("/proc/sys/kernel/hostname")
        .or_else(|_| std::env::var("HOSTNAME"))
        .unwrap_or_default();
    let dir = std::env::current_dir().unwrap_or_default();
    // FNV-1a: the same id from every build of the bot.
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in host
        .trim()
        .bytes()
        .chain([0])
        .chain(dir.as_os_str().as_encoded_bytes().iter().copied())
    {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash >> 1) as i64
}

impl Lease {
    /// Asks for the lease on `account` now and every [`RENEW`] from then on.
    pub async fn start(service: Arc<Service>, account: &str) -> Arc<Lease> {
        let lease = Arc::new(Lease {
            serving: AtomicBool::new(false),
        });
        let name = format!("matrix:{account}");
        let holder = holder();
        lease.renew(&service, &name, holder).await;
        if !lease.serving() {
            tracing::info!("another process reads the Matrix account; this one stands by");
        }
        let renewing = lease.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW).await;
                renewing.renew(&service, &name, holder).await;
            }
        });
        lease
    }

    async fn renew(&self, service: &Service, name: &str, holder: i64) {
        // A database that does not answer cannot confirm the lease: this process stops
        // reading until it can (another may hold it by then).
        let held = service
            .hold_lease(name, holder, LEASE)
            .await
            .inspect_err(|e| tracing::warn!(error = %e, "the Matrix account's lease not renewed"))
            .unwrap_or(false);
        let was = self.serving.swap(held, Ordering::SeqCst);
        if was != held {
            match held {
                true => tracing::info!("this process now reads the Matrix account"),
                false => {
                    tracing::info!("another process reads the Matrix account; this one stands by")
                }
            }
        }
    }

    /// Returns once this process holds the lease.
    pub async fn wait_serving(&self) {
        while !self.serving() {
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    }

    /// Whether this process holds the lease now.
    pub fn serving(&self) -> bool {
        self.serving.load(Ordering::SeqCst)
    }
}
