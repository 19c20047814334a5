-- The DM channel Discord opened for each user the bot wrote to: a turn DM then needs one
-- request, not two (opening the channel counts against the global rate limit).
CREATE TABLE dm_channels (
    user_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL
);
