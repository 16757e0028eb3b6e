//! The HTTP routes: the JSON API (described by `/api/openapi.json`), the live updates and
//! the pages.
//!
//! Every error is JSON, `{"error": "..."}`, with a 4xx status saying whose fault it is, and
//! changes nothing. Request bodies are limited in size; the pages are static files that
//! put what they fetch on screen as text, never as markup.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::Stream;
use gameshelf_engine::{GameSpec, RecordHeader, Seat};
use gameshelf_shelf::{Shelf, Shelved, Visitor, catalogue};
use serde_json::{Value, json};

use crate::flood::Flood;
use crate::lobby::{Lobby, LobbyError, NewTable};
use crate::pages;
use crate::streams::{Refused, Streams};
use crate::table::{Move, PlayError, Table, View, replay_steps};

/// The largest request body accepted, records excepted.
pub const MAX_BODY: usize = 16 * 1024;
/// The largest record accepted for viewing.
pub const MAX_RECORD: usize = 4 * 1024 * 1024;

/// What every handler shares.
#[derive(Clone)]
pub struct App {
    /// The tables.
    pub lobby: Arc<Lobby>,
    /// The flood control of requests that change something.
    pub flood: Arc<Flood>,
    /// The caps on live-update streams.
    pub streams: Arc<Streams>,
    /// Turns `true` when the server is shutting down: live updates end, readiness fails.
    pub closing: tokio::sync::watch::Receiver<bool>,
}

/// An error answer: a status and a sentence.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}

impl From<PlayError> for ApiError {
    fn from(e: PlayError) -> Self {
        let status = match &e {
            PlayError::GameOver
            | PlayError::NotYourTurn
            | PlayError::Stale { .. }
            | PlayError::NoUndo => StatusCode::CONFLICT,
            PlayError::NoSuchAction { .. } => StatusCode::BAD_REQUEST,
            PlayError::Refused(_) => StatusCode::UNPROCESSABLE_ENTITY,
            PlayError::Unfinished => StatusCode::FORBIDDEN,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<LobbyError> for ApiError {
    fn from(e: LobbyError) -> Self {
        let status = match &e {
            LobbyError::Game(_)
            | LobbyError::SeatCount { .. }
            | LobbyError::Seat { .. }
            | LobbyError::Clock(_) => StatusCode::BAD_REQUEST,
            LobbyError::TooManyTables(_) => StatusCode::TOO_MANY_REQUESTS,
            _ => StatusCode::INTERNAL_SERVER_ERROR,
        };
        ApiError::new(status, e.to_string())
    }
}

impl From<BytesRejection> for ApiError {
    fn from(e: BytesRejection) -> Self {
        ApiError::new(e.status(), e.body_text())
    }
}

/// The routes of the app.
pub fn router(app: App) -> Router {
    let api = Router::new()
        .route("/api/games", get(games))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(table_view))
        .route("/api/tables/{id}/actions", post(play))
        .route("/api/tables/{id}/undo", post(undo))
        .route("/api/tables/{id}/record", get(record))
        .route("/api/tables/{id}/replay", get(replay))
        .route("/api/tables/{id}/events", get(events))
        .route("/api/openapi.json", get(openapi))
        .route("/healthz", get(health))
        .route("/readyz", get(ready))
        .layer(DefaultBodyLimit::max(MAX_BODY));
    let upload = Router::new()
        .route("/api/replay", post(replay_upload))
        .layer(DefaultBodyLimit::max(MAX_RECORD));
    Router::new()
        .merge(api)
        .merge(upload)
        .merge(pages::routes())
        .fallback(not_found)
        .layer(axum::middleware::from_fn_with_state(
            app.clone(),
            flood_control,
        ))
        .with_state(app)
        .layer(axum::middleware::map_response(security_headers))
        .layer(axum::middleware::from_fn(crate::requests::log_request))
}

/// Headers that keep pages to their own scripts and styles.
async fn security_headers(mut response: Response) -> Response {
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'",
        ),
    );
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    headers.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    response
}

/// Refuses a `POST` from a client that has sent too many (429), before anything happens.
async fn flood_control(
    State(app): State<App>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if request.method() == axum::http::Method::POST && !app.flood.allow(client.ip()) {
        return ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "too many requests from this client: slow down",
        )
        .into_response();
    }
    next.run(request).await
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such page or API route")
}

/// `GET /api/games`: the games and their parameters.
async fn games() -> Json<Value> {
    let games: Vec<Value> = catalogue()
        .iter()
        .map(|info| {
            json!({
                "id": info.id,
                "name": info.name,
                "credit": info.credit,
                "players": {"min": info.min_players, "max": info.max_players},
                "params": info.params.iter().map(|p| json!({
                    "name": p.name,
                    "accepts": p.kind.describe(),
                    "kind": kind_json(&p.kind),
                    "default": p.default,
                    "doc": p.doc,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let bots: Vec<&str> = gameshelf_ai::named().collect();
    Json(json!({ "games": games, "bots": bots }))
}

fn kind_json(kind: &gameshelf_engine::ParamKind) -> Value {
    use gameshelf_engine::ParamKind;
    match kind {
        ParamKind::Int { min, max } => json!({"type": "int", "min": min, "max": max}),
        ParamKind::Bool => json!({"type": "bool"}),
        ParamKind::Choice(words) => json!({"type": "choice", "values": words}),
    }
}

/// The most tables `GET /api/tables` lists.
pub const MAX_LISTED: usize = 200;

/// `GET /api/tables`: the newest tables' lines, newest first.
async fn list_tables(State(app): State<App>) -> Json<Value> {
    Json(json!({ "tables": app.lobby.list(MAX_LISTED) }))
}

/// The address pages are reached at, for invite links: the request's `Host`.
fn base_url(headers: &HeaderMap) -> String {
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .filter(|h| {
            h.bytes()
                .all(|b| b.is_ascii_alphanumeric() || b".-:[]".contains(&b))
        })
        .unwrap_or("localhost");
    format!("http://{host}")
}

/// `POST /api/tables`: a new table and its invite links.
async fn create_table(
    State(app): State<App>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    let request: NewTable = parse_body(&body?)?;
    let created = app.lobby.create(client.ip(), &request).await?;
    let base = base_url(&headers);
    let seats: Vec<Value> = created
        .tokens
        .iter()
        .zip(&created.bots)
        .enumerate()
        .map(|(seat, (token, bot))| match (token, bot) {
            (Some(token), _) => json!({
                "seat": seat,
                "token": token,
                "url": format!("{base}/t/{}?token={token}", created.id),
            }),
            (None, bot) => json!({ "seat": seat, "bot": bot }),
        })
        .collect();
    Ok((
        StatusCode::CREATED,
        Json(json!({
            "id": created.id,
            "seats": seats,
            "clock": created.clock,
            "watch_url": format!("{base}/t/{}", created.id),
        })),
    ))
}

fn parse_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(body)
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("malformed request: {e}")))
}

/// The `token` of a query string, if any.
fn token_of(query: Option<&str>) -> Option<&str> {
    query?
        .split('&')
        .find_map(|pair| pair.strip_prefix("token="))
}

async fn find(app: &App, id: &str) -> Result<Arc<dyn Table>, ApiError> {
    app.lobby
        .find(id)
        .await
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, e.to_string()))?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, "no such table"))
}

/// The seat of the query's token: `None` without a token, an error for a wrong one.
fn viewer(table: &dyn Table, query: Option<&str>) -> Result<Option<Seat>, ApiError> {
    match token_of(query) {
        None => Ok(None),
        Some(token) => table.seat_of(token).map(Some).ok_or_else(|| {
            ApiError::new(
                StatusCode::FORBIDDEN,
                "bad token: no seat of this table has it",
            )
        }),
    }
}

/// The seat of the query's token, which must be there.
fn seat_of(table: &dyn Table, query: Option<&str>) -> Result<Seat, ApiError> {
    viewer(table, query)?.ok_or_else(|| {
        ApiError::new(
            StatusCode::FORBIDDEN,
            "missing token: only a seat plays (?token=...)",
        )
    })
}

/// `GET /api/tables/{id}?token=T`: a seat's view, or the spectator's without a token.
async fn table_view(
    State(app): State<App>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let table = find(&app, &id).await?;
    let seat = viewer(table.as_ref(), query.as_deref())?;
    Ok(json_view(table.view(seat).await))
}

/// A view, already JSON, as an answer.
fn json_view(view: View) -> Response {
    ([(header::CONTENT_TYPE, "application/json")], view).into_response()
}

/// `POST /api/tables/{id}/actions?token=T`: plays a move and answers the new view.
async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let table = find(&app, &id).await?;
    let seat = seat_of(table.as_ref(), query.as_deref())?;
    let request: Move = parse_body(&body?)?;
    let view = table.play(seat, request).await?;
    Arc::clone(&table).start();
    Ok(json_view(view))
}

/// `POST /api/tables/{id}/undo?token=T`: takes back the seat's own last move.
async fn undo(
    State(app): State<App>,
    Path(id): Path<String>,
    RawQuery(query): RawQuery,
) -> Result<Response, ApiError> {
    let table = find(&app, &id).await?;
    let seat = seat_of(table.as_ref(), query.as_deref())?;
    Ok(json_view(table.undo(seat).await?))
}

/// `GET /api/tables/{id}/record`: the record, once the game is over.
async fn record(State(app): State<App>, Path(id): Path<String>) -> Result<Response, ApiError> {
    let table = find(&app, &id).await?;
    let record = table.record().await?;
    Ok((
        [
            (header::CONTENT_TYPE, "application/json".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"gameshelf-{id}.json\""),
            ),
        ],
        record,
    )
        .into_response())
}

/// `GET /api/tables/{id}/replay`: the finished game step by step.
async fn replay(State(app): State<App>, Path(id): Path<String>) -> Result<Json<Value>, ApiError> {
    let table = find(&app, &id).await?;
    Ok(Json(table.replay().await?))
}

/// `POST /api/replay`: an uploaded record, step by step.
async fn replay_upload(body: Result<Bytes, BytesRejection>) -> Result<Json<Value>, ApiError> {
    let body = body?;
    let text = std::str::from_utf8(&body)
        .map_err(|_| ApiError::new(StatusCode::BAD_REQUEST, "a record is UTF-8 JSON"))?;
    let bad = |e: &dyn std::fmt::Display| ApiError::new(StatusCode::BAD_REQUEST, e.to_string());
    let header: RecordHeader = gameshelf_engine::read_header(text).map_err(|e| bad(&e))?;
    let spec: GameSpec = header.game.parse().map_err(|e| bad(&e))?;
    let shelf = Shelf::build(&spec, None).map_err(|e| bad(&e))?;
    struct Steps<'a>(&'a str);
    impl Visitor for Steps<'_> {
        type Output = Result<Value, gameshelf_engine::RecordError>;
        fn visit<G: Shelved>(self, game: &G) -> Self::Output {
            let record = gameshelf_engine::Record::<G::Action>::from_json(self.0)?;
            replay_steps(game, &record)
        }
    }
    Ok(Json(shelf.visit(Steps(text)).map_err(|e| bad(&e))?))
}

/// `GET /api/tables/{id}/events`: server-sent events, one `ply` event after each action,
/// carrying the number of actions played; pages fetch their view again on each.
async fn events(
    State(app): State<App>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
) -> Result<Sse<impl Stream<Item = Result<Event, Infallible>>>, ApiError> {
    let table = find(&app, &id).await?;
    let pass = app
        .streams
        .open(client.ip())
        .map_err(|refused| match refused {
            Refused::Client(cap) => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("this client already holds {cap} live updates: close some pages"),
            ),
            Refused::Server(cap) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!("the server holds its {cap} live updates: try again later"),
            ),
        })?;
    let mut plies = table.subscribe();
    plies.mark_changed();
    // The stream ends when the server shuts down, so shutting down never waits on a page.
    // It holds its pass, whose place is freed when the page goes away.
    let stream = futures_util::stream::unfold(
        (plies, app.closing, pass),
        |(mut plies, mut closing, pass)| async move {
            tokio::select! {
                changed = plies.changed() => changed.ok()?,
                _ = closing.wait_for(|closing| *closing) => return None,
            }
            let ply = *plies.borrow_and_update();
            Some((
                Ok(Event::default().event("ply").data(ply.to_string())),
                (plies, closing, pass),
            ))
        },
    );
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()))
}

/// `GET /healthz`: the process answers (liveness).
async fn health() -> Json<Value> {
    Json(json!({"status": "ok"}))
}

/// `GET /readyz`: the server can serve: its database answers and it is not shutting down.
async fn ready(State(app): State<App>) -> Result<Json<Value>, ApiError> {
    if *app.closing.borrow() {
        return Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "shutting down",
        ));
    }
    app.lobby
        .ready()
        .await
        .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("not ready: {e}")))?;
    Ok(Json(json!({"status": "ready"})))
}

/// `GET /api/openapi.json`: the API described.
async fn openapi() -> impl IntoResponse {
    ([(header::CONTENT_TYPE, "application/json")], OPENAPI)
}

/// The OpenAPI document of the API.
pub const OPENAPI: &str = include_str!("../assets/openapi.json");
