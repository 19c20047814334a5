-- Vliv's store (Postgres). Keep in step with ../sqlite/0001_init.sql: same columns, same
-- portable types (INTEGER flags, BIGINT unix-millisecond times, JSON as TEXT).
CREATE TABLE games (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    kind TEXT NOT NULL,
    rules_version BIGINT NOT NULL,
    status TEXT NOT NULL,
    host_id BIGINT NOT NULL,
    seats TEXT NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    snapshot TEXT,
    ai_rng TEXT,
    version BIGINT NOT NULL,
    counters TEXT NOT NULL,
    draw_offers TEXT NOT NULL,
    table_message_id BIGINT,
    ping_message_id BIGINT,
    created_at BIGINT NOT NULL,
    finished_at BIGINT,
    outcome TEXT,
    ending TEXT
);
-- One active game per channel (a thread is a channel), enforced by the database too.
CREATE UNIQUE INDEX games_one_active_per_channel ON games (channel_id)
    WHERE status IN ('lobby', 'running');
CREATE INDEX games_by_status ON games (status);

CREATE TABLE moves (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    actor TEXT NOT NULL,
    seat_counter BIGINT NOT NULL,
    choice BIGINT NOT NULL,
    committed_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE deadlines (
    game_id BIGINT NOT NULL REFERENCES games (id),
    kind TEXT NOT NULL,
    due_ms BIGINT NOT NULL,
    PRIMARY KEY (game_id, kind)
);
CREATE INDEX deadlines_by_due ON deadlines (due_ms);

CREATE TABLE guild_config (
    guild_id BIGINT PRIMARY KEY,
    config TEXT NOT NULL
);

CREATE TABLE user_settings (
    user_id BIGINT PRIMARY KEY,
    settings TEXT NOT NULL
);
