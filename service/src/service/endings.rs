//! Games that end by the players' will rather than by a move: concession, an agreed draw,
//! abandonment; and the rematch that follows an ended game.

use vliv_engine::{Outcome, Seat, Text};

use super::{
    ensure_host, ensure_running, Caller, ChannelId, DrawOffer, Ending, GameId, GameRecord,
    OpenLobby, SeatHolder, Service, ServiceError, ServiceResult, Status, UserId,
};

impl Service {
    /// Concedes: the game ends, the conceding seat last, everyone else sharing first place.
    pub async fn concede(&self, game: GameId, user: UserId) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        ensure_running(&rec)?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        let n = rec.seats.len();
        let outcome = Outcome {
            places: (0..n)
                .map(|s| if s == seat as usize { n as u8 } else { 1 })
                .collect(),
            scores: Vec::new(),
            explanation: vec![Text::new("outcome-conceded").seat("player", seat)],
        };
        self.finish(
            rec,
            Status::Finished,
            Ending::Conceded { seat },
            Some(outcome),
        )
        .await
    }

    /// Offers (or accepts) a draw; when every player has, the game ends drawn. AI seats
    /// agree to whatever the players agree. A move withdraws all offers.
    pub async fn offer_draw(&self, game: GameId, user: UserId) -> ServiceResult<DrawOffer> {
        let _guard = self.lock(game).await;
        let mut rec = self.game(game).await?;
        ensure_running(&rec)?;
        let seat = rec.seat_of(user).ok_or(ServiceError::NotAPlayer)?;
        if !rec.draw_offers.contains(&seat) {
            rec.draw_offers.push(seat);
            rec.draw_offers.sort_unstable();
        }
        let everyone = rec
            .seats
            .iter()
            .enumerate()
            .filter(|(_, h)| h.user().is_some())
            .all(|(s, _)| rec.draw_offers.contains(&(s as Seat)));
        if everyone {
            let n = rec.seats.len();
            let outcome = Outcome {
                places: vec![1; n],
                scores: Vec::new(),
                explanation: vec![Text::new("outcome-draw-agreed")],
            };
            let game = self
                .finish(rec, Status::Finished, Ending::DrawAgreed, Some(outcome))
                .await?;
            return Ok(DrawOffer { game, agreed: true });
        }
        let before = rec.version;
        rec.version += 1;
        self.store.update_game(&rec, before, None).await?;
        Ok(DrawOffer {
            game: rec,
            agreed: false,
        })
    }

    /// Abandons a lobby or running game: the host or a server admin.
    pub async fn abandon(&self, game: GameId, caller: Caller) -> ServiceResult<GameRecord> {
        let _guard = self.lock(game).await;
        let rec = self.game(game).await?;
        if !rec.status.is_active() {
            return Err(match rec.status {
                Status::Frozen if caller.is_admin => {
                    return self
                        .finish(
                            rec,
                            Status::Abandoned,
                            Ending::Abandoned {
                                by: Some(caller.user),
                            },
                            None,
                        )
                        .await
                }
                Status::Frozen => ServiceError::NotAdmin,
                _ => ServiceError::GameOver,
            });
        }
        ensure_host(&rec, caller)?;
        self.finish(
            rec,
            Status::Abandoned,
            Ending::Abandoned {
                by: Some(caller.user),
            },
            None,
        )
        .await
    }

    /// A new lobby in the same channel with the same game and options, the requester
    /// seated: the other former players are invited, not seated (they may not want to play
    /// again). `parent` is the channel a thread game's thread belongs to, whose
    /// restrictions apply.
    pub async fn rematch(
        &self,
        game: GameId,
        user: UserId,
        parent: Option<ChannelId>,
    ) -> ServiceResult<Rematch> {
        let old = self.game(game).await?;
        if old.status.is_active() {
            return Err(ServiceError::ChannelBusy);
        }
        let was_seated = old.seats.iter().any(|h| match h {
            SeatHolder::User(u) => *u == user,
            SeatHolder::Ai { forfeited_by, .. } => *forfeited_by == Some(user),
        });
        if !was_seated {
            return Err(ServiceError::NotAPlayer);
        }
        let lobby = self
            .open(OpenLobby {
                guild: old.guild,
                channel: old.channel,
                parent,
                kind: old.kind.clone(),
                host: user,
                seats: vec![SeatHolder::User(user)],
                // A hint given in the old game says nothing of the new one.
                options: {
                    let mut options = old.options.clone();
                    options.remove(super::HINTED);
                    options
                },
                seed: None,
                lang: old.lang,
            })
            .await?;
        let mut invited: Vec<UserId> = old
            .seats
            .iter()
            .filter_map(|h| match h {
                SeatHolder::User(u) => Some(*u),
                SeatHolder::Ai { forfeited_by, .. } => *forfeited_by,
            })
            .filter(|&u| u != user)
            .collect();
        invited.dedup();
        Ok(Rematch { lobby, invited })
    }
}

/// A rematch's lobby, and the former players to invite to it.
#[derive(Clone, Debug)]
pub struct Rematch {
    pub lobby: GameRecord,
    pub invited: Vec<UserId>,
}
