//! The web table's addresses. Everything under `/t/<token>` is for the reader the signed
//! token names; a token that does not verify gets a page saying why, in the reader's
//! language, and nothing of any game.

use std::sync::Arc;

use axum::{
    extract::{rejection::FormRejection, Path, Query, State},
    http::{header, HeaderMap, StatusCode},
    response::{Html, IntoResponse, Response},
    routing::{get, post},
    Form, Json, Router,
};
use serde::Deserialize;
use vliv_engine::Lang;
use vliv_service::service::LinkError;

use crate::{
    activity, assets, live,
    moves::{self, Posted},
    page::{self, Notice},
    reader::{language, Reader},
    records,
    streams::Full,
    view::{game_of, table_view, TableView, ViewError},
    widget, Web,
};

pub fn router(web: Arc<Web>) -> Router {
    Router::new()
        .route("/assets/table.css", get(assets::css))
        .route("/assets/table.js", get(assets::js))
        .route("/assets/activity.js", get(assets::activity_js))
        .route(
            "/assets/discord-embedded-app-sdk.mjs",
            get(assets::discord_sdk),
        )
        .route("/assets/widget.js", get(assets::widget_js))
        .route("/assets/wait.js", get(assets::wait_js))
        .route("/activity", get(activity::page))
        .route("/widget", get(widget::page))
        .route("/widget/session", post(widget::session))
        .route("/activity/session", post(activity::session))
        .route("/t/{token}", get(table_page))
        .route("/t/{token}/live", get(live_part))
        .route("/t/{token}/view.json", get(view_json))
        .route("/t/{token}/events", get(events))
        .route("/t/{token}/move", post(post_move))
        .route("/t/{token}/replay", get(replay_page))
        .route("/t/{token}/review", get(review_page))
        .route("/t/{token}/leaderboard", get(leaderboard_page))
        .with_state(web)
}

#[derive(Deserialize, Default)]
struct Asked {
    lang: Option<String>,
    /// A replay's move, a board's page (from 0), a review's seat (from 1).
    step: Option<u32>,
    page: Option<u64>,
    seat: Option<i64>,
}

/// Why a request gets no table.
struct Refused {
    status: StatusCode,
    lang: Lang,
    key: &'static str,
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        html(self.status, page::refusal(self.lang, self.key))
    }
}

/// The reader `token` lets in, in the language they read.
async fn reader(
    web: &Web,
    token: &str,
    asked: &Asked,
    headers: &HeaderMap,
) -> Result<Reader, Refused> {
    let accept = headers
        .get(header::ACCEPT_LANGUAGE)
        .and_then(|v| v.to_str().ok());
    let now = web.service.now_ms() / 1000;
    let checked = match web.service.web_links() {
        Some(links) => links.signer.verify(token, now),
        None => Err(LinkError::Forged),
    };
    let link = checked.map_err(|e| {
        // The token itself is never logged: it opens a hand.
        tracing::info!(why = %e, "a web link refused");
        Refused {
            status: StatusCode::FORBIDDEN,
            lang: language(asked.lang.as_deref(), accept, Lang::En),
            key: e.text_key(),
        }
    })?;
    // The game's own language unless the reader asks for another.
    let fallback = match web.service.game(link.game).await {
        Ok(rec) => rec.lang,
        Err(_) => Lang::En,
    };
    Ok(Reader::of_link(
        &link,
        language(asked.lang.as_deref(), accept, fallback),
    ))
}

fn view_refused(lang: Lang, e: ViewError) -> Refused {
    match e {
        ViewError::NoGame => Refused {
            status: StatusCode::NOT_FOUND,
            lang,
            key: "web-no-game",
        },
        ViewError::Service(e) => {
            tracing::warn!(error = %e, "a web view failed");
            Refused {
                status: StatusCode::SERVICE_UNAVAILABLE,
                lang,
                key: "web-failed",
            }
        }
    }
}

fn base(token: &str) -> String {
    format!("/t/{token}")
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            // A page shows a hand: never kept by a shared cache.
            (header::CACHE_CONTROL, "no-store"),
            // Its address is the reader's link: never sent on to another site.
            (header::REFERRER_POLICY, "no-referrer"),
            // Everything it loads is the bot's own.
            (header::CONTENT_SECURITY_POLICY, "default-src 'self'"),
        ],
        Html(body),
    )
        .into_response()
}

/// The reader `token` lets in and the view of the table they may see.
async fn reader_view(
    web: &Web,
    token: &str,
    asked: &Asked,
    headers: &HeaderMap,
) -> Result<(Reader, TableView), Refused> {
    let reader = reader(web, token, asked, headers).await?;
    let view = table_view(&web.service, &reader)
        .await
        .map_err(|e| view_refused(reader.lang, e))?;
    Ok((reader, view))
}

async fn table_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (reader, view) = reader_view(&web, &token, &asked, &headers).await?;
    Ok(html(
        StatusCode::OK,
        page::page(&view, &base(&token), reader.lang, None),
    ))
}

async fn live_part(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (reader, view) = reader_view(&web, &token, &asked, &headers).await?;
    Ok(html(
        StatusCode::OK,
        page::live(&view, &base(&token), reader.lang, None),
    ))
}

async fn view_json(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let (_, view) = reader_view(&web, &token, &asked, &headers).await?;
    Ok(([(header::CACHE_CONTROL, "no-store")], Json(view)).into_response())
}

async fn events(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    let reader = reader(&web, &token, &asked, &headers).await?;
    game_of(&web.service, &reader)
        .await
        .map_err(|e| view_refused(reader.lang, e))?;
    // A player is one reader whichever link they open; a link without a user is its own.
    let who = match reader.user {
        Some(user) => format!("{:?}:{user}", reader.platform),
        None => token.clone(),
    };
    let permit = web.streams.open(who).map_err(|full| {
        tracing::info!(?full, "a live page refused");
        match full {
            Full::Reader => Refused {
                status: StatusCode::TOO_MANY_REQUESTS,
                lang: reader.lang,
                key: "web-live-too-many-yours",
            },
            Full::Table => Refused {
                status: StatusCode::SERVICE_UNAVAILABLE,
                lang: reader.lang,
                key: "web-live-too-many",
            },
        }
    })?;
    Ok(live::changes(&web, reader.game, permit).into_response())
}

/// A choice posted: the page's live part answers (the script swaps it in), or the whole
/// page where no script runs.
async fn post_move(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
    posted: Result<Form<Posted>, FormRejection>,
) -> Result<Response, Refused> {
    let reader = reader(&web, &token, &asked, &headers).await?;
    let Ok(Form(posted)) = posted else {
        return Err(Refused {
            status: StatusCode::BAD_REQUEST,
            lang: reader.lang,
            key: "web-bad-move",
        });
    };
    let rec = game_of(&web.service, &reader)
        .await
        .map_err(|e| view_refused(reader.lang, e))?;
    let notice = moves::click(&web, &reader, &rec, &posted).await;
    let status = match notice {
        Notice::Said(_) => StatusCode::OK,
        Notice::Refused(_) => StatusCode::CONFLICT,
    };
    let view = table_view(&web.service, &reader)
        .await
        .map_err(|e| view_refused(reader.lang, e))?;
    let base = base(&token);
    let body = match headers.contains_key("x-vliv-part") {
        true => page::live(&view, &base, reader.lang, Some(&notice)),
        false => page::page(&view, &base, reader.lang, Some(&notice)),
    };
    Ok(html(status, body))
}

/// Which record of the reader's game a page shows.
enum Record {
    Replay,
    Review,
    Leaderboard,
}

async fn record(
    web: &Web,
    token: &str,
    asked: &Asked,
    headers: &HeaderMap,
    which: Record,
) -> Result<Response, Refused> {
    let reader = reader(web, token, asked, headers).await?;
    let rec = game_of(&web.service, &reader)
        .await
        .map_err(|e| view_refused(reader.lang, e))?;
    let base = base(token);
    let (status, body) = match which {
        Record::Replay => records::replay(web, &reader, &rec, asked.step.unwrap_or(0), &base).await,
        Record::Review => records::review(web, &reader, &rec, asked.seat, &base).await,
        Record::Leaderboard => {
            records::leaderboard(web, &reader, &rec, asked.page.unwrap_or(0), &base).await
        }
    };
    Ok(html(status, body))
}

async fn replay_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    record(&web, &token, &asked, &headers, Record::Replay).await
}

async fn review_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    record(&web, &token, &asked, &headers, Record::Review).await
}

async fn leaderboard_page(
    State(web): State<Arc<Web>>,
    Path(token): Path<String>,
    Query(asked): Query<Asked>,
    headers: HeaderMap,
) -> Result<Response, Refused> {
    record(&web, &token, &asked, &headers, Record::Leaderboard).await
}
