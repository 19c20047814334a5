-- Each game's slot: the number by which a fleet splits games between its processes, given
-- by the game's front end (`service/src/store/places.rs`); NULL where a platform does not
-- split (its games are everyone's). The games stored so far are Discord's (a non-negative
-- channel id) or Matrix's; a Discord game's slot is its server's shard key, the server's
-- id shifted right by 22 bits, as Discord's sharding formula reads it. Keep in step with
-- ../postgres/0016_place_slots.sql.
ALTER TABLE games ADD COLUMN place_slot BIGINT;
UPDATE games SET place_slot = guild_id / 4194304 WHERE channel_id >= 0;
