-- The table's latest public events (JSON array of texts), kept with every commit so that
-- rendering the table never replays the whole game. NULL for games stored before this.
ALTER TABLE games ADD COLUMN recent TEXT;
