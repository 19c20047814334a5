-- The games that ended shortly before a start: the last bot may have been killed between a
-- final move's commit and its table's edit, so their tables are brought up to date at start.
CREATE INDEX games_by_finished ON games (finished_at)
    WHERE status IN ('finished', 'abandoned');
