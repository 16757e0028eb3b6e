//! Durable moves per second through the HTTP API on loopback.
//!
//! `cargo bench -p gameshelf-server --bench server [-- TABLES SECONDS]` starts the app on a
//! free port against a fresh SQLite file (durable commits: write-ahead log, `synchronous=FULL`)
//! and drives TABLES concurrent two-person Osbo tables (64 by default) for SECONDS (10 by
//! default), one client task per table posting each move as soon as the previous one is
//! answered. A move counts once its 200 answer arrives, that is once it is on disk. It prints
//! acknowledged moves per second and the p50/p99/max latency of a move.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use gameshelf_server::{Config, Server};
use serde_json::{Value, json};

#[tokio::main]
async fn main() {
    let mut args = std::env::args().skip(1).filter(|a| a != "--bench");
    let tables: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(64);
    let seconds: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(10);
    let dir = std::env::temp_dir().join(format!("gameshelf-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = Config::new(
        SocketAddr::from(([127, 0, 0, 1], 0)),
        format!("sqlite:{}", dir.join("bench.db").display()),
    );
    config.bot_pause = Duration::ZERO;
    config.tables_per_client = usize::MAX;
    config.posts = gameshelf_server::flood::Rate::UNLIMITED;
    let server = Server::bind(config).await.unwrap();
    let base = format!("http://{}", server.local_addr());
    tokio::spawn(server.run());
    let http = reqwest::Client::new();
    let stop = Instant::now() + Duration::from_secs(seconds);
    let clients: Vec<_> = (0..tables)
        .map(|_| tokio::spawn(drive(http.clone(), base.clone(), stop)))
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
        "{tables} tables, {seconds} s: {} durable moves, {:.0} moves/s ({:.0} durable actions/s with the dice rolls); latency p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
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
async fn drive(http: reqwest::Client, base: String, stop: Instant) -> (Vec<Duration>, u64) {
    let mut latencies = Vec::new();
    let mut actions = 0;
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
            let answer = http
                .post(format!(
                    "{base}/api/tables/{id}/actions?token={}",
                    tokens[seat]
                ))
                .json(&json!({"action": 0, "ply": view.ply}))
                .send()
                .await
                .unwrap();
            let ok = answer.status().is_success();
            let next: Glance = answer.json().await.unwrap();
            if ok {
                latencies.push(started.elapsed());
                view = next;
            } else {
                view = http
                    .get(format!("{base}/api/tables/{id}"))
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
