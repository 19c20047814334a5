-- The names players show under on their platform (Discord's global name or username, as
-- the web table's Activity login reads it from /users/@me): public, and shown where a chat
-- mention cannot be (the web table's leaderboard names every player by it). The latest
-- seen wins.
CREATE TABLE display_names (
    user_id BIGINT PRIMARY KEY,
    name TEXT NOT NULL,
    seen_at BIGINT NOT NULL
);
