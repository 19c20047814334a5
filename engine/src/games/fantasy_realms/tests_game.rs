//! Game rules: base turns, the two-player variant, Chaotic Realms, the end (§5–§9, D16–D22).
