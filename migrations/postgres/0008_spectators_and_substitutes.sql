-- Issue 20 (part B). Spectators of a running game, each with the DM that keeps the public
-- table current for them; and seats handed to another member mid-game (`/game substitute`),
-- kept for the history and to tell a former holder why their old buttons no longer work.
-- Both go with their game (retention deletes a game's rows here too).
CREATE TABLE spectators (
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    dm_channel_id BIGINT,
    message_id BIGINT,
    PRIMARY KEY (game_id, user_id)
);

CREATE TABLE seat_changes (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    -- How many moves were stored when the seat changed hands.
    at_move BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    -- NULL: the seat was played by the AI.
    from_user BIGINT,
    to_user BIGINT NOT NULL,
    by_user BIGINT NOT NULL,
    changed_at BIGINT NOT NULL
);
CREATE INDEX seat_changes_by_game ON seat_changes (game_id, from_user);
