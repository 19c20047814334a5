//! Louis XIV rules tests, named after the spec sections and decisions they check.
