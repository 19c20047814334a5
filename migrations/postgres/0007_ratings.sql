-- Issue 20: results, ratings and retention. Keep in step with ../sqlite/0007_ratings.sql.
-- A finished game's result, written in the transaction that stores its end; `seq` is the
-- order those endings committed, which a rebuild of the ratings replays. Results outlive the
-- game row (retention may delete it), so ratings and stats survive the deletion.
CREATE TABLE game_results (
    seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id BIGINT NOT NULL UNIQUE,
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    finished_at BIGINT NOT NULL,
    rated BIGINT NOT NULL
);
-- One row per player seat of a finished game: /stats counts games, wins and the favourite
-- game of a player in a server by this index.
CREATE TABLE player_results (
    game_id BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    user_id BIGINT NOT NULL,
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    place BIGINT NOT NULL,
    won BIGINT NOT NULL,
    rated BIGINT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX player_results_by_player ON player_results (guild_id, user_id, kind);
-- A player's Weng-Lin rating in one game on one server. The leaderboard reads a page of a
-- (server, game) in `ordinal` order (mu - 3 sigma) straight from this index.
CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    user_id BIGINT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    PRIMARY KEY (guild_id, kind, user_id)
);
CREATE INDEX ratings_by_board ON ratings (guild_id, kind, ordinal DESC, user_id);
-- Retention deletes a server's games that ended before a time, oldest first.
CREATE INDEX games_by_guild_finished ON games (guild_id, finished_at)
    WHERE status IN ('finished', 'abandoned');
