//! A pile of at most `CAP` cards stored inline, so that cloning a state (which the
//! conformance suite and searches do constantly) allocates nothing per pile.
//! Serialized as a plain list.

use std::fmt;

use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

#[derive(Clone, Copy)]
pub struct Pile<T: Copy + Default, const CAP: usize> {
    len: u8,
    items: [T; CAP],
}

/// Equal when the cards are: slots past the length do not count.
impl<T: Copy + Default + PartialEq, const CAP: usize> PartialEq for Pile<T, CAP> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Copy + Default + Eq, const CAP: usize> Eq for Pile<T, CAP> {}

impl<T: Copy + Default, const CAP: usize> Default for Pile<T, CAP> {
    fn default() -> Self {
        Pile {
            len: 0,
            items: [T::default(); CAP],
        }
    }
}

impl<T: Copy + Default, const CAP: usize> Pile<T, CAP> {
    pub fn len(&self) -> usize {
        self.len as usize
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn as_slice(&self) -> &[T] {
        &self.items[..self.len()]
    }
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        let n = self.len();
        &mut self.items[..n]
    }
    pub fn iter(&self) -> std::slice::Iter<'_, T> {
        self.as_slice().iter()
    }
    /// Panics past `CAP`: the rules bound every pile (a colour has 25 cards).
    pub fn push(&mut self, item: T) {
        self.items[self.len()] = item;
        self.len += 1;
    }
    pub fn pop(&mut self) -> Option<T> {
        (self.len > 0).then(|| {
            self.len -= 1;
            self.items[self.len()]
        })
    }
    // `insert` and `remove` shift one slot at a time: the piles that change on the fast
    // path are 3-card hands, where this beats the call to memmove that `copy_within` makes.
    pub fn insert(&mut self, at: usize, item: T) {
        let n = self.len();
        assert!(at <= n, "insert past the end of a pile");
        let mut i = n;
        while i > at {
            self.items[i] = self.items[i - 1];
            i -= 1;
        }
        self.items[at] = item;
        self.len += 1;
    }
    /// Inserts after every item not greater than `item`, keeping a sorted pile sorted.
    pub fn insert_sorted(&mut self, item: T)
    where
        T: PartialOrd,
    {
        let mut i = self.len();
        while i > 0 && self.items[i - 1] > item {
            self.items[i] = self.items[i - 1];
            i -= 1;
        }
        self.items[i] = item;
        self.len += 1;
    }
    pub fn remove(&mut self, at: usize) -> T {
        let n = self.len();
        let item = self.as_slice()[at];
        for i in at..n - 1 {
            self.items[i] = self.items[i + 1];
        }
        self.len -= 1;
        item
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
    pub fn contains(&self, item: &T) -> bool
    where
        T: PartialEq,
    {
        self.as_slice().contains(item)
    }
}

impl<'a, T: Copy + Default, const CAP: usize> IntoIterator for &'a Pile<T, CAP> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<T: Copy + Default, const CAP: usize> FromIterator<T> for Pile<T, CAP> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut p = Pile::default();
        for item in iter {
            p.push(item);
        }
        p
    }
}

impl<T: Copy + Default + fmt::Debug, const CAP: usize> fmt::Debug for Pile<T, CAP> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<T: Copy + Default + Serialize, const CAP: usize> Serialize for Pile<T, CAP> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de, T: Copy + Default + Deserialize<'de>, const CAP: usize> Deserialize<'de>
    for Pile<T, CAP>
{
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let items = Vec::<T>::deserialize(d)?;
        if items.len() > CAP {
            return Err(de::Error::custom(format!(
                "more than {CAP} cards in a pile"
            )));
        }
        Ok(items.into_iter().collect())
    }
}
