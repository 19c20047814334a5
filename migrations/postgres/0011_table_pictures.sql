-- Issue 21: the newest picture of a game's table posted beside the table (Matrix, where an
-- edit cannot replace a picture): replaced by a new one, the old one taken back, every few
-- changes; `changes` counts those since it was posted, `final` marks the end's picture.
CREATE TABLE table_pictures (
    game_id BIGINT PRIMARY KEY,
    message_id BIGINT NOT NULL,
    changes INTEGER NOT NULL,
    final INTEGER NOT NULL
);
