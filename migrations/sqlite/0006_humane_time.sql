-- Issue 23: a player's time zone and quiet hours, vacations, and turn notices held during
-- quiet hours. Keep in step with ../postgres/0006_humane_time.sql.
CREATE TABLE player_time (
    user_id BIGINT PRIMARY KEY,
    zone TEXT NOT NULL,
    -- Minutes after local midnight; both NULL: no quiet hours.
    quiet_start BIGINT,
    quiet_end BIGINT
);

CREATE TABLE vacations (
    id INTEGER PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    starts_at BIGINT NOT NULL,
    ends_at BIGINT NOT NULL,
    -- Set when the player returned early or an admin ended it.
    ended_at BIGINT,
    ended_by BIGINT
);
CREATE INDEX vacations_by_player ON vacations (guild_id, user_id, starts_at);

-- A turn ping and DM due while the player was quiet: one per game and player.
CREATE TABLE held_notices (
    game_id BIGINT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    due_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX held_notices_by_due ON held_notices (due_ms);
