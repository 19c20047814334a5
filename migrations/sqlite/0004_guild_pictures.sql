-- Issue 19: a server setting turns table and hand pictures off. Settings are a JSON object;
-- existing servers get the default (pictures on) written out, so every stored row names it.
UPDATE guild_config SET config = json_set(config, '$.pictures', json('true'))
WHERE json_extract(config, '$.pictures') IS NULL;
