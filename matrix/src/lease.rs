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

impl Lease {
    /// Asks for the lease on `account` now and every [`RENEW`] from then on.
    pub async fn start(service: Arc<Service>, account: &str) -> Arc<Lease> {
        let lease = Arc::new(Lease {
            serving: AtomicBool::new(false),
        });
        let name = format!("matrix:{account}");
        lease.renew(&service, &name).await;
        if !lease.serving() {
            tracing::info!("another process reads the Matrix account; this one stands by");
        }
        let renewing = lease.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW).await;
                renewing.renew(&service, &name).await;
            }
        });
        lease
    }

    async fn renew(&self, service: &Service, name: &str) {
        // A database that does not answer cannot confirm the lease: this process stops
        // reading until it can (another may hold it by then).
        let held = service
            .hold_lease(name, LEASE)
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
