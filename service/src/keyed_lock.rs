//! One async mutex per key (a game), held only while someone uses it: the entry leaves the
//! map when its last holder or waiter lets go, so the map is bounded by the work in
//! flight, and a click naming a made-up game id leaves nothing behind.

use std::{
    collections::HashMap,
    hash::Hash,
    sync::{Arc, Mutex},
};

/// Locks by key; see the module comment.
pub struct KeyedLocks<K> {
    map: Mutex<HashMap<K, Arc<tokio::sync::Mutex<()>>>>,
}

impl<K: Eq + Hash + Copy> Default for KeyedLocks<K> {
    fn default() -> Self {
        KeyedLocks {
            map: Mutex::new(HashMap::new()),
        }
    }
}

/// Held while a key is locked; dropping it may remove the key's entry.
pub struct KeyGuard<'a, K: Eq + Hash + Copy> {
    locks: &'a KeyedLocks<K>,
    key: K,
    guard: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl<K: Eq + Hash + Copy> KeyedLocks<K> {
    pub async fn lock(&self, key: K) -> KeyGuard<'_, K> {
        let m = self
            .map
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(key)
            .or_default()
            .clone();
        // A waiter holds its clone of the mutex, so the entry stays while anyone waits.
        let guard = m.lock_owned().await;
        KeyGuard {
            locks: self,
            key,
            guard: Some(guard),
        }
    }

    /// How many keys have an entry now (for tests and bounds).
    pub fn len(&self) -> usize {
        self.map.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl<K: Eq + Hash + Copy> Drop for KeyGuard<'_, K> {
    fn drop(&mut self) {
        let mut map = self.locks.map.lock().unwrap_or_else(|p| p.into_inner());
        // Released under the map's lock: nobody can clone the entry in between.
        drop(self.guard.take());
        if map
            .get(&self.key)
            .is_some_and(|m| Arc::strong_count(m) == 1)
        {
            map.remove(&self.key);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn an_entry_lives_only_while_held_or_awaited() {
        let locks = Arc::new(KeyedLocks::<i64>::default());
        let first = locks.lock(1).await;
        assert_eq!(locks.len(), 1);
        let waiter = {
            let locks = locks.clone();
            tokio::spawn(async move {
                let _g = locks.lock(1).await;
            })
        };
        tokio::task::yield_now().await;
        drop(first);
        // The waiter still needs the entry: it was not removed under it.
        waiter.await.unwrap();
        assert!(locks.is_empty());
        for id in 0..1000 {
            drop(locks.lock(id).await);
        }
        assert!(locks.is_empty(), "{} entries left", locks.len());
    }
}
