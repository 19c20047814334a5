-- A channel's finished games (`/game history`) and a server's games (`/game list`) are read
-- newest first by these keys, so a quiet channel of a busy server is answered from the index
-- instead of filtering the server's games in the bot.
CREATE INDEX games_by_channel ON games (channel_id, id);
CREATE INDEX games_by_guild ON games (guild_id, id);
