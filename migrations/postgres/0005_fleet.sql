-- Issue 18: several bot processes share one database. A process claims a due deadline
-- (until `claimed_until`, a lease in ms) before it fires it, so it fires once fleet-wide;
-- a claim of a process that died runs out and another process takes the deadline.
ALTER TABLE deadlines ADD COLUMN claimed_by BIGINT;
ALTER TABLE deadlines ADD COLUMN claimed_until BIGINT;

-- What a user's Discord client told the process that served them last: its language (for
-- DMs and pings, which carry no locale) and the DM channel, seen by every process.
CREATE TABLE user_clients (
    user_id BIGINT PRIMARY KEY,
    lang TEXT,
    dm_channel_id BIGINT
);
