//! The fake Discord's integration tests, one binary (issue 46): a module per former test binary.

mod ratelimit;
mod shards;
mod validate_interactions;
mod validate_messages;
