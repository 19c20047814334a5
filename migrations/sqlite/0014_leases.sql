-- Named leases a process of a fleet holds for a while and renews (a Matrix account: only
-- its holder reads the account's events and answers them). Keep in step with
-- ../postgres/0014_leases.sql.
CREATE TABLE leases (
    name TEXT PRIMARY KEY,
    holder BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
