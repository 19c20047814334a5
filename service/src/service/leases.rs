//! A fleet's processes take turns on what only one may serve at a time (a Matrix account:
//! two readers of one account would both answer every command).

use std::time::Duration;

use super::{Service, ServiceResult};

impl Service {
    /// Takes or renews `holder`'s lease on `name` for `ttl`; whether it holds it now.
    pub async fn hold_lease(&self, name: &str, holder: i64, ttl: Duration) -> ServiceResult<bool> {
        Ok(self
            .store
            .hold_lease(name, holder, self.now_ms(), ttl.as_millis() as i64)
            .await?)
    }
}
