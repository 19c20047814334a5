//! Which gateway shards this process connects (issue 18). Discord puts a server on shard
//! `(guild_id >> 22) % shard_total`; a fleet of `vliv` processes splits the shards between
//! them and shares one Postgres database. SQLite serves one process only, so a process
//! that leaves shards to others is refused on it.

use anyhow::{bail, ensure, Context, Result};
use vliv_service::service::GuildId;
use vliv_service::store::{Places, Platform, SlotRange};

/// The most shards a fleet may have (Discord's largest bots use a few thousand).
pub const MAX_SHARDS: u32 = 65_536;

/// A range of shard ids, first and last included, as `shards = "0-3"` or `"2"` says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardRange {
    pub first: u32,
    pub last: u32,
}

impl ShardRange {
    pub fn parse(text: &str) -> Result<ShardRange> {
        let num = |s: &str| -> Result<u32> {
            s.trim().parse().with_context(|| {
                format!("discord.shards must be like \"0-3\" or \"2\", not `{text}`")
            })
        };
        let range = match text.split_once('-') {
            Some((a, b)) => ShardRange {
                first: num(a)?,
                last: num(b)?,
            },
            None => {
                let n = num(text)?;
                ShardRange { first: n, last: n }
            }
        };
        ensure!(
            range.first <= range.last,
            "discord.shards `{text}` runs backwards: write the lower shard first"
        );
        Ok(range)
    }
}

/// The shards this process connects, of how many the fleet has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    pub first: u32,
    pub last: u32,
    pub total: u32,
}

impl ShardPlan {
    /// One process with every shard: what `vliv run` does without a `shards` setting.
    pub fn all(total: u32) -> ShardPlan {
        ShardPlan {
            first: 0,
            last: total.max(1) - 1,
            total: total.max(1),
        }
    }

    /// The plan from the settings; `total` is `shard_total`, or Discord's recommendation
    /// when that is unset (0).
    pub fn new(shards: &str, total: u32) -> Result<ShardPlan> {
        ensure!(
            (1..=MAX_SHARDS).contains(&total),
            "discord.shard_total must be from 1 to {MAX_SHARDS}, not {total}"
        );
        if shards.trim().is_empty() {
            return Ok(ShardPlan::all(total));
        }
        let r = ShardRange::parse(shards)?;
        ensure!(
            r.last < total,
            "discord.shards `{shards}` names shard {} but the fleet has {total} (ids 0 to {})",
            r.last,
            total - 1
        );
        Ok(ShardPlan {
            first: r.first,
            last: r.last,
            total,
        })
    }

    /// How many shards this process connects.
    pub fn count(&self) -> u32 {
        self.last - self.first + 1
    }

    /// This process's share of a limit the whole fleet must keep under (Discord's global
    /// requests per second on the bot token): in proportion to the shards it connects,
    /// since a server's traffic goes through the process of its shard. At least 1.
    pub fn share_of(&self, fleet_limit: u32) -> u32 {
        let share = u64::from(fleet_limit) * u64::from(self.count()) / u64::from(self.total);
        (share as u32).max(1)
    }

    /// Whether other processes must serve the shards this one leaves.
    pub fn is_fleet(&self) -> bool {
        self.first > 0 || self.last + 1 < self.total
    }

    /// The shard a server's events come on, as Discord computes it.
    pub fn shard_of(guild: GuildId, total: u32) -> u32 {
        ((guild.0 >> 22) % u64::from(total.max(1))) as u32
    }

    /// Whether this process receives the server's events.
    pub fn owns(&self, guild: GuildId) -> bool {
        (self.first..=self.last).contains(&ShardPlan::shard_of(guild, self.total))
    }

    /// A fleet needs one database every process reaches: SQLite is a file of one process.
    pub fn refuse_on_sqlite(&self, database_url: &str) -> Result<()> {
        if self.is_fleet() && database_url.starts_with("sqlite:") {
            bail!(
                "a fleet needs Postgres: this process connects shards {}-{} of {} and leaves \
                 the others to other processes, but SQLite ({database_url}) is one process's \
                 file. Set database_url (VLIV_DATABASE_URL) to postgres://…, or drop \
                 discord.shards (VLIV_SHARDS) to run every shard in this process",
                self.first,
                self.last,
                self.total
            );
        }
        Ok(())
    }
}

/// The store's partition of Discord's places: a game's slot is its server's shard key, so
/// the process that receives a server's events also serves its games' deadlines first.
pub fn places(plan: ShardPlan) -> Places {
    Places {
        slot_of: |guild, channel| {
            // A game of another platform served by the same process has no shard.
            (Platform::of(channel) == Platform::Discord).then_some((guild.0 >> 22) as i64)
        },
        served: plan.is_fleet().then_some(SlotRange {
            first: i64::from(plan.first),
            last: i64::from(plan.last),
            total: i64::from(plan.total),
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_range_a_single_shard_and_nonsense() {
        assert_eq!(
            ShardRange::parse("0-3").unwrap(),
            ShardRange { first: 0, last: 3 }
        );
        assert_eq!(
            ShardRange::parse(" 2 ").unwrap(),
            ShardRange { first: 2, last: 2 }
        );
        for bad in ["3-1", "a-b", "-1", "1-", "", "0-4294967296"] {
            assert!(ShardRange::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_plan_stays_within_the_fleet_and_knows_its_servers() {
        let plan = ShardPlan::new("1", 2).unwrap();
        assert!(plan.is_fleet());
        // 500…001 >> 22 is even: shard 0 of 2.
        assert!(!plan.owns(GuildId(500_000_000_000_000_001)));
        assert!(plan.owns(GuildId(500_000_000_004_194_305)));
        assert!(ShardPlan::new("0-3", 4).is_ok_and(|p| !p.is_fleet()));
        assert!(ShardPlan::new("", 8).is_ok_and(|p| p == ShardPlan::all(8)));
        let err = ShardPlan::new("2-5", 4).unwrap_err().to_string();
        assert!(err.contains("shard 5"), "{err}");
        assert!(ShardPlan::new("", 0).is_err());
    }

    #[test]
    fn a_fleet_splits_a_limit_by_the_shards_each_process_connects() {
        assert_eq!(ShardPlan::all(4).share_of(50), 50);
        let thirds = ["0", "1", "2"].map(|s| ShardPlan::new(s, 3).unwrap().share_of(50));
        assert_eq!(thirds, [16, 16, 16]);
        assert!(thirds.iter().sum::<u32>() <= 50);
        assert_eq!(ShardPlan::new("0-2", 4).unwrap().share_of(50), 37);
        assert_eq!(ShardPlan::new("3", 4).unwrap().share_of(50), 12);
        // A process keeps at least one request a second, however many shards there are.
        assert_eq!(ShardPlan::new("7", 100).unwrap().share_of(50), 1);
    }

    #[test]
    fn a_fleet_on_sqlite_is_refused_and_one_process_is_not() {
        let fleet = ShardPlan::new("0", 2).unwrap();
        let err = fleet.refuse_on_sqlite("sqlite://vliv.db").unwrap_err();
        assert!(err.to_string().contains("a fleet needs Postgres"), "{err}");
        fleet.refuse_on_sqlite("postgres://u@h/vliv").unwrap();
        ShardPlan::new("0-1", 2)
            .unwrap()
            .refuse_on_sqlite("sqlite://vliv.db")
            .unwrap();
    }
}
