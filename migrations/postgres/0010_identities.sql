-- Issue 21: identities of more than one chat platform. Games keep their integer ids:
-- Discord's snowflakes stand for themselves (no row here), every other platform's users,
-- rooms and messages get an id of their own from the negative range (as u64: the top bit
-- set), which no Discord snowflake reaches, so two platforms' ids never meet.
CREATE TABLE identities (
    platform TEXT NOT NULL,
    external_id TEXT NOT NULL,
    internal_id BIGINT NOT NULL UNIQUE,
    PRIMARY KEY (platform, external_id)
);

-- A user's direct-message room with the bot, made on first need and reused.
CREATE TABLE direct_rooms (
    user_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);

-- Where a front end's event stream stands (Matrix's /sync `next_batch`), per bot account.
CREATE TABLE stream_positions (
    account TEXT PRIMARY KEY,
    position TEXT NOT NULL
);

-- Commands read from an event stream: the move a command resolved to is stored before it
-- is applied, and `answered` once its replies are sent, so a command read again after a
-- restart is neither applied nor answered twice.
CREATE TABLE inbox (
    platform TEXT NOT NULL,
    event_id TEXT NOT NULL,
    click TEXT,
    answered INTEGER NOT NULL,
    received_at BIGINT NOT NULL,
    PRIMARY KEY (platform, event_id)
);
