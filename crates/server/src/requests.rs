//! Every request's id and its log line.
//!
//! Each request gets an id: the caller's `x-request-id` when it sends a sane one (a
//! reverse proxy or load balancer that already tags requests keeps its id across the
//! hops), else 16 fresh random hex digits. The id comes back in the `x-request-id`
//! response header, and everything logged while the request is handled (the answer line,
//! a failed commit, a stale move) carries it in a `request` span with the method and the
//! route, so one grep follows one request through the logs of several servers.
//!
//! Only the path is logged, never the query: a seat's token travels in the query string
//! and is that seat's only credential.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;
use tracing::Instrument;

use crate::token::random_hex;

/// The header that carries a request's id, both ways.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest path logged, in bytes; longer ones are cut (a path is the client's to
/// choose).
const MAX_LOGGED_PATH: usize = 200;

/// An id the caller sent that is safe to log and echo: 1 to 64 letters, digits, `-`,
/// `_` or `.`.
fn caller_id(value: &HeaderValue) -> Option<&str> {
    let id = value.to_str().ok()?;
    let sane = (1..=64).contains(&id.len())
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    sane.then_some(id)
}

/// The middleware: gives the request its id, handles it inside a span that names it, logs
/// the answer's status and time, and returns the id in the response's header.
pub async fn log_request(request: Request, next: Next) -> Response {
    let id = request
        .headers()
        .get(&REQUEST_ID)
        .and_then(caller_id)
        .map_or_else(|| random_hex(8), str::to_owned);
    let route = request
        .extensions()
        .get::<MatchedPath>()
        .map_or("(no route)", MatchedPath::as_str)
        .to_owned();
    let path = request.uri().path();
    let mut end = path.len().min(MAX_LOGGED_PATH);
    while !path.is_char_boundary(end) {
        end -= 1;
    }
    let path = &path[..end];
    let span = tracing::info_span!(
        "request",
        id = %id,
        method = %request.method(),
        route = %route,
        path = %path,
    );
    let started = Instant::now();
    let mut response = next.run(request).instrument(span.clone()).await;
    let status = response.status().as_u16();
    // Whole microseconds, so that a log line reads `ms=0.039`, not `ms=0.039483000000000004`.
    let ms = started.elapsed().as_micros() as f64 / 1000.0;
    span.in_scope(|| {
        if status >= 500 {
            tracing::error!(status, ms, "answered");
        } else {
            tracing::info!(status, ms, "answered");
        }
    });
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(REQUEST_ID, value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_short_plain_ids_are_taken_from_the_caller() {
        let id = |s: &str| caller_id(&HeaderValue::from_str(s).unwrap()).map(str::to_owned);
        assert_eq!(id("abc-123_x.y").as_deref(), Some("abc-123_x.y"));
        assert_eq!(id(""), None);
        assert_eq!(id("a b"), None);
        assert_eq!(id("quote\"d"), None);
        assert_eq!(id(&"x".repeat(65)), None);
        assert_eq!(id(&"x".repeat(64)).map(|s| s.len()), Some(64));
    }
}
