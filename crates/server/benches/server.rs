//! Durable moves per second through the HTTP API on loopback.
//!
//! `cargo bench -p gameshelf-server --bench server [-- TABLES SECONDS [BACKEND]]` starts the
//! app on a free port and drives TABLES concurrent two-person Osbo tables (64 by default)
//! for SECONDS (10 by default), one client task per table posting each move as soon as the
//! previous one is answered. A move counts once its 200 answer arrives, that is once it is
//! durable. It prints acknowledged moves per second and the p50/p99/max latency of a move.
//!
//! BACKEND is `sqlite` (the default: a fresh file, write-ahead log, `synchronous=FULL`),
//! `postgres` (one server on a scratch database of the PostgreSQL at `$GAMESHELF_TEST_PG`,
//! else 127.0.0.1:5432) or `postgres2` (two servers over one scratch database: each table's
//! first seat plays through one, its second seat through the other).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use gameshelf_server::store::scratch::{ScratchDb, admin_url};
use gameshelf_server::{Config, Server};
use serde_json::{Value, json};

/// The allocator of the `gameshelf` binary, so the figures are the server's.
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let tables: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let backend = args.next().unwrap_or_else(|| "sqlite".to_owned());
    let dir = std::env::temp_dir().join(format!("gameshelf-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let scratch;
    let (db, servers) = match backend.as_str() {
        "sqlite" => (format!("sqlite:{}", dir.join("bench.db").display()), 1),
        "postgres" | "postgres2" => {
            scratch = ScratchDb::create(&admin_url()).await.unwrap();
            (
                scratch.url().to_owned(),
                if backend == "postgres" { 1 } else { 2 },
            )
        }
        other => panic!("unknown backend {other:?}: sqlite, postgres or postgres2"),
    };
    let mut bases = Vec::new();
    for _ in 0..servers {
        let mut config = Config::new(SocketAddr::from(([127, 0, 0, 1], 0)), db.clone());
        config.bot_pause = Duration::ZERO;
        config.tables_per_client = usize::MAX;
        config.posts = gameshelf_server::flood::Rate::UNLIMITED;
        let server = Server::bind(config).await.unwrap();
        bases.push(format!("http://{}", server.local_addr()));
        tokio::spawn(server.run());
    }
    let http = reqwest::Client::new();
    let stop = Instant::now() + Duration::from_secs(seconds);
    let clients: Vec<_> = (0..tables)
        .map(|_| tokio::spawn(drive(http.clone(), bases.clone(), stop)))
        .collect();
    let mut latencies = Vec::new();
    let mut actions = 0;
    for client in clients {
        let (mine, played) = client.await.unwrap();
        latencies.extend(mine);
        actions += played;
    }
    latencies.sort_unstable();
    let at = |q: f64| latencies[((latencies.len() as f64 - 1.0) * q) as usize];
    println!(
        "{backend}, {tables} tables, {seconds} s: {} durable moves, {:.0} moves/s ({:.0} durable actions/s with the dice rolls); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        latencies.len() as f64 / seconds as f64,
        actions as f64 / seconds as f64,
        at(0.5).as_secs_f64() * 1e3,
        at(0.99).as_secs_f64() * 1e3,
        at(1.0).as_secs_f64() * 1e3,
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What the client reads of a view (a person's client would read it all).
#[derive(serde::Deserialize)]
struct Glance {
    status: String,
    ply: u64,
    to_move: Option<usize>,
}

/// Plays Osbo tables for both seats until `stop`, starting a new table when one ends;
/// returns the latency of each acknowledged move.
async fn drive(http: reqwest::Client, bases: Vec<String>, stop: Instant) -> (Vec<Duration>, u64) {
    let mut latencies = Vec::new();
    let mut actions = 0;
    let base = &bases[0];
    while Instant::now() < stop {
        let table: Value = http
            .post(format!("{base}/api/tables"))
            .json(&json!({"game": "osbo(players=2)", "seats": ["human", "human"]}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = table["id"].as_str().unwrap();
        let tokens: Vec<&str> = (0..2)
            .map(|s| table["seats"][s]["token"].as_str().unwrap())
            .collect();
        let mut view: Glance = http
            .get(format!("{base}/api/tables/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        while Instant::now() < stop && view.status == "playing" {
            let Some(seat) = view.to_move else {
                // Chance moves on the server: look again shortly.
                tokio::time::sleep(Duration::from_micros(500)).await;
                view = http
                    .get(format!("{base}/api/tables/{id}"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                continue;
            };
            let started = Instant::now();
            let mine = &bases[seat % bases.len()];
            let answer = http
                .post(format!(
                    "{mine}/api/tables/{id}/actions?token={}",
                    tokens[seat]
                ))
                .json(&json!({"action": 0, "ply": view.ply}))
                .send()
                .await
                .unwrap();
            if answer.status().is_success() {
                latencies.push(started.elapsed());
                view = answer.json().await.unwrap();
            } else {
                // Stale (another server has not heard of the last move yet): look again.
                view = http
                    .get(format!("{mine}/api/tables/{id}"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
            }
        }
        actions += view.ply;
    }
    (latencies, actions)
}
