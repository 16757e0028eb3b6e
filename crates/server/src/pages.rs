//! The pages: static HTML, CSS and ES modules built into the binary (no build step). They
//! fetch the JSON API and put everything they get on screen with `textContent`, so nothing
//! a request or a record carries is ever read as markup.

use axum::Router;
use axum::extract::Path;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::App;

/// A file served as it is.
struct Asset {
    name: &'static str,
    kind: &'static str,
    body: &'static str,
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";

/// Every page and asset, by the name under `/assets/`.
const ASSETS: &[Asset] = &[
    Asset {
        name: "style.css",
        kind: "text/css; charset=utf-8",
        body: include_str!("../assets/style.css"),
    },
    Asset {
        name: "common.js",
        kind: JS,
        body: include_str!("../assets/common.js"),
    },
    Asset {
        name: "home.js",
        kind: JS,
        body: include_str!("../assets/home.js"),
    },
    Asset {
        name: "table.js",
        kind: JS,
        body: include_str!("../assets/table.js"),
    },
    Asset {
        name: "replay.js",
        kind: JS,
        body: include_str!("../assets/replay.js"),
    },
];

const HOME: &str = include_str!("../assets/index.html");
const TABLE: &str = include_str!("../assets/table.html");
const REPLAY: &str = include_str!("../assets/replay.html");

fn page(body: &'static str) -> Response {
    ([(header::CONTENT_TYPE, HTML)], body).into_response()
}

async fn asset(Path(name): Path<String>) -> Response {
    match ASSETS.iter().find(|a| a.name == name) {
        Some(a) => ([(header::CONTENT_TYPE, a.kind)], a.body).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}

/// The routes of the pages.
pub fn routes() -> Router<App> {
    Router::new()
        .route("/", get(|| async { page(HOME) }))
        .route("/t/{id}", get(|| async { page(TABLE) }))
        .route("/replay", get(|| async { page(REPLAY) }))
        .route("/replay/{id}", get(|| async { page(REPLAY) }))
        .route("/assets/{name}", get(asset))
}
