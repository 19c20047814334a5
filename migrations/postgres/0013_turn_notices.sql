-- The turn DM last sent to a seat (or refused for good: DMs closed), as the game's move count
-- then: a start sends the DMs a killed process owed for the games that moved just before it,
-- and none twice. Keep in step with ../sqlite/0013_turn_notices.sql.
CREATE TABLE turn_notices (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    moves BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
