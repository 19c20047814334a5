//! The seat: the one word every layer shares, from the neutral text up to the registry, so
//! it lives below all of them.

/// A seat at the table, 0-based in seating order.
pub type Seat = u8;
