//! Where the rules tell what happened: the game's event list, or nowhere while the search
//! plays (it reads no events, and building them, the end of a round's evaluation lines above
//! all, was about a seventh of a four-seat search's time).

use super::RbEvent;

pub struct Log<'a>(Option<&'a mut Vec<RbEvent>>);

impl<'a> Log<'a> {
    pub fn to(events: &'a mut Vec<RbEvent>) -> Log<'a> {
        Log(Some(events))
    }

    pub fn nowhere() -> Log<'a> {
        Log(None)
    }

    /// Whether events are kept: the caller may skip what it builds only for them.
    pub fn kept(&self) -> bool {
        self.0.is_some()
    }

    /// Built only where it is kept.
    #[inline]
    pub fn push(&mut self, event: impl FnOnce() -> RbEvent) {
        if let Some(list) = &mut self.0 {
            list.push(event());
        }
    }
}
