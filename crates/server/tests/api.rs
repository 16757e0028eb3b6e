//! The HTTP API end to end: the app on a random port against a fresh SQLite file per test,
//! driven by a real HTTP client.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use gameshelf_server::{Config, Server};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

struct App {
    base: String,
    http: Client,
    dir: PathBuf,
    /// The server's own runtime, for a server that can be crashed.
    own: Option<OwnRuntime>,
}

impl Drop for App {
    fn drop(&mut self) {
        if self.own.is_none() {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

/// A server running on a runtime and a thread of its own.
struct OwnRuntime {
    stop: tokio::sync::oneshot::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

/// A fresh folder for a test's SQLite file.
fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "gameshelf-api-{}-{}",
        std::process::id(),
        gameshelf_server::token::random_hex(6)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The test configuration over the SQLite file in `dir`: any free port, no bot pause,
/// `tables_per_client`, and at most `burst` requests that change something per client
/// (none refilled) unless `burst` is infinite.
fn config(dir: &std::path::Path, tables_per_client: usize, burst: f64) -> Config {
    let db = format!("sqlite:{}", dir.join("test.db").display());
    let mut config = Config::new(SocketAddr::from(([127, 0, 0, 1], 0)), db);
    config.bot_pause = Duration::ZERO;
    config.tables_per_client = tables_per_client;
    config.posts = if burst.is_finite() {
        gameshelf_server::flood::Rate {
            per_second: 0.0,
            burst,
        }
    } else {
        gameshelf_server::flood::Rate::UNLIMITED
    };
    config
}

async fn start(tables_per_client: usize) -> App {
    start_with(tables_per_client, f64::INFINITY).await
}

/// The app with at most `burst` requests that change something per client (none refilled).
async fn start_with(tables_per_client: usize, burst: f64) -> App {
    start_in(scratch_dir(), tables_per_client, burst).await
}

/// The app over the SQLite file in `dir`, which goes with it.
async fn start_in(dir: PathBuf, tables_per_client: usize, burst: f64) -> App {
    let server = Server::bind(config(&dir, tables_per_client, burst))
        .await
        .unwrap();
    let base = format!("http://{}", server.local_addr());
    tokio::spawn(server.run());
    App {
        base,
        http: Client::new(),
        dir,
        own: None,
    }
}

/// The app over the SQLite file in `dir` (kept when the app goes), on a runtime of its own
/// that [`App::crash`] drops with every task on it, as a crash would.
async fn start_crashable(dir: PathBuf) -> App {
    let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let config = config(&dir, 20, f64::INFINITY);
    let thread = std::thread::spawn(move || {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        runtime.block_on(async move {
            let server = Server::bind(config).await.unwrap();
            addr_tx.send(server.local_addr()).unwrap();
            tokio::select! {
                _ = server.run() => {}
                _ = stopped => {}
            }
        });
    });
    let addr = addr_rx.await.unwrap();
    App {
        base: format!("http://{addr}"),
        http: Client::new(),
        dir,
        own: Some(OwnRuntime { stop, thread }),
    }
}

impl App {
    /// Stops a crashable app at once: its runtime is dropped with every task on it (no
    /// shutdown), as when the process dies. Returns the folder of its database.
    async fn crash(mut self) -> PathBuf {
        let own = self.own.take().expect("a crashable app");
        drop(own.stop);
        tokio::task::spawn_blocking(move || own.thread.join().unwrap())
            .await
            .unwrap();
        std::mem::take(&mut self.dir)
    }

    async fn get(&self, path: &str) -> (StatusCode, Value) {
        let r = self
            .http
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.post_raw(path, body.to_string()).await
    }

    async fn post_raw(&self, path: &str, body: String) -> (StatusCode, Value) {
        let r = self
            .http
            .post(format!("{}{path}", self.base))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        let status = r.status();
        (status, r.json().await.unwrap_or(Value::Null))
    }

    async fn create(&self, game: &str, seats: &[&str]) -> Value {
        let (status, table) = self
            .post("/api/tables", json!({"game": game, "seats": seats}))
            .await;
        assert_eq!(status, StatusCode::CREATED, "{table}");
        table
    }

    /// The view of `token`'s seat once it is that seat's turn or the game is over (bots
    /// and chance move on the server in between).
    async fn wait_turn(&self, id: &str, token: &str) -> Value {
        for _ in 0..100_000 {
            let (status, view) = self.get(&format!("/api/tables/{id}?token={token}")).await;
            assert_eq!(status, StatusCode::OK, "{view}");
            if view["status"] == "finished" || !view["actions"].as_array().unwrap().is_empty() {
                return view;
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        panic!("table {id} never came back to the seat");
    }

    /// The seat to move (a person's: bots and chance move on the server) and its view.
    async fn wait_person(&self, id: &str, tokens: &[&str]) -> (usize, Value) {
        for _ in 0..100_000 {
            let (_, view) = self.get(&format!("/api/tables/{id}")).await;
            if let Some(seat) = view["to_move"].as_u64() {
                let seat = seat as usize;
                return (seat, self.wait_turn(id, tokens[seat]).await);
            }
            tokio::time::sleep(Duration::from_millis(2)).await;
        }
        panic!("table {id} never came to a person");
    }

    /// A new table of `game` with two people at it, the seat to move first and its view.
    async fn two_people(&self, game: &str) -> (Value, usize, Value) {
        let table = self.create(game, &["human", "human"]).await;
        let (id, tokens) = id_and_tokens(&table);
        let (seat, view) = self.wait_person(id, &tokens).await;
        (table, seat, view)
    }

    async fn play(&self, id: &str, token: &str, view: &Value, action: usize) -> Value {
        let (status, next) = self
            .post(
                &format!("/api/tables/{id}/actions?token={token}"),
                json!({"action": action, "ply": view["ply"]}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{next}");
        next
    }
}

fn error_of(body: &Value) -> &str {
    body["error"]
        .as_str()
        .unwrap_or_else(|| panic!("not a JSON error: {body}"))
}

/// Plays a table's only human seat to the end by always taking `pick(view)`, and returns
/// the final view.
async fn play_out(app: &App, table: &Value, pick: fn(&Value) -> usize) -> Value {
    let id = table["id"].as_str().unwrap();
    let token = table["seats"][0]["token"].as_str().unwrap();
    loop {
        let view = app.wait_turn(id, token).await;
        if view["status"] == "finished" {
            return view;
        }
        app.play(id, token, &view, pick(&view)).await;
    }
}

/// The last of the legal actions.
fn last_action(view: &Value) -> usize {
    view["actions"].as_array().unwrap().len() - 1
}

/// A two-seat table's id and its seats' tokens, as `create` returned them.
fn id_and_tokens(table: &Value) -> (&str, [&str; 2]) {
    let token = |seat: usize| table["seats"][seat]["token"].as_str().unwrap();
    (table["id"].as_str().unwrap(), [token(0), token(1)])
}

#[tokio::test]
async fn every_game_plays_to_the_end_against_bots_through_the_api() {
    let app = start(20).await;
    for (game, seats) in [
        ("open-oubliette(players=2)", vec!["human", "bot:heuristic"]),
        ("oubliette-solitaire", vec!["human"]),
        ("osbo(players=2)", vec!["human", "bot:random"]),
        ("laissez-faire(players=2)", vec!["human", "bot:heuristic"]),
    ] {
        let table = app.create(game, &seats).await;
        assert!(table["seats"][1]["token"].is_null(), "bots get no token");
        let end = play_out(&app, &table, |_| 0).await;
        assert_eq!(end["status"], "finished", "{game}");
        assert!(end["to_move"].is_null());
        assert!(
            !end["result"]["text"].as_str().unwrap().is_empty(),
            "{game}"
        );
        assert_eq!(
            end["result"]["returns"].as_array().unwrap().len(),
            seats.len()
        );
        assert_eq!(
            end["log"].as_array().unwrap().len(),
            end["ply"].as_u64().unwrap() as usize
        );
        // Finished: the record is served and replays to the same end.
        let id = table["id"].as_str().unwrap();
        let r = app
            .http
            .get(format!("{}/api/tables/{id}/record", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK);
        let record = r.text().await.unwrap();
        let parsed: Value = serde_json::from_str(&record).unwrap();
        assert_eq!(
            parsed["actions"].as_array().unwrap().len(),
            end["ply"].as_u64().unwrap() as usize
        );
        assert!(
            parsed["seed"].is_null(),
            "no seed is kept in served records"
        );
        let (status, steps) = app.post_raw("/api/replay", record).await;
        assert_eq!(status, StatusCode::OK, "{steps}");
        assert_eq!(
            steps["steps"].as_array().unwrap().len(),
            parsed["actions"].as_array().unwrap().len() + 1
        );
        let (status, replay) = app.get(&format!("/api/tables/{id}/replay")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(replay["steps"], steps["steps"]);
        // A move after the end is refused.
        let token = table["seats"][0]["token"].as_str().unwrap();
        let (status, body) = app
            .post(
                &format!("/api/tables/{id}/actions?token={token}"),
                json!({"action": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(error_of(&body).contains("over"));
    }
}

#[tokio::test]
async fn two_human_seats_play_through_their_own_tokens() {
    let app = start(20).await;
    let table = app.create("osbo(players=2)", &["human", "human"]).await;
    let (id, tokens) = id_and_tokens(&table);
    assert_ne!(tokens[0], tokens[1]);
    assert!(
        table["seats"][0]["url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/t/{id}?token={}", tokens[0]))
    );
    assert!(
        table["watch_url"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/t/{id}"))
    );
    let (_, list) = app.get("/api/tables").await;
    assert_eq!(list["tables"][0]["status"], "waiting");
    let mut moves = [0usize; 2];
    loop {
        let (_, spectator) = app.get(&format!("/api/tables/{id}")).await;
        assert!(spectator["viewer"].is_null());
        assert!(spectator["actions"].as_array().unwrap().is_empty());
        if spectator["status"] == "finished" {
            break;
        }
        let Some(seat) = spectator["to_move"].as_u64().map(|s| s as usize) else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        let other = 1 - seat;
        let (_, waiting) = app
            .get(&format!("/api/tables/{id}?token={}", tokens[other]))
            .await;
        assert_eq!(waiting["viewer"], other);
        assert!(waiting["actions"].as_array().unwrap().is_empty());
        let (status, body) = app
            .post(
                &format!("/api/tables/{id}/actions?token={}", tokens[other]),
                json!({"action": 0}),
            )
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(error_of(&body), "it is not your turn");
        let view = app.wait_turn(id, tokens[seat]).await;
        if view["status"] == "finished" {
            break;
        }
        // A placement names its cell on the picture of the design it goes in.
        for action in view["actions"].as_array().unwrap() {
            let target = &action["target"];
            let design = action["text"].as_str().unwrap().split("design ").nth(1);
            let design = design.and_then(|d| d[..1].parse::<u64>().ok());
            if let Some(design) = design {
                assert_eq!(target["picture"].as_u64(), Some(design - 1), "{action}");
                assert!(target["width"].as_f64().unwrap() > 0.0, "{action}");
            } else {
                assert!(target.is_null(), "{action}");
            }
        }
        let after = app.play(id, tokens[seat], &view, 0).await;
        // Without a bot pause, the roll that follows a move is made with it: the answer
        // comes after the move and its roll, with a seat (or nobody, at the end) to move.
        let (before, now) = (
            view["ply"].as_u64().unwrap(),
            after["ply"].as_u64().unwrap(),
        );
        assert!(now > before, "{before} -> {now}");
        assert!(
            after["to_move"].is_u64() || after["status"] == "finished",
            "{after}"
        );
        moves[seat] += 1;
    }
    assert!(moves[0] > 0 && moves[1] > 0, "{moves:?}");
    let (_, end) = app.get(&format!("/api/tables/{id}")).await;
    let pictures = end["pictures"].as_array().unwrap();
    assert_eq!(pictures.len(), 2, "each design is drawn");
    assert!(pictures[0].as_str().unwrap().starts_with("<svg"));
    let (_, list) = app.get("/api/tables").await;
    assert_eq!(list["tables"][0]["status"], "finished");
}

#[tokio::test]
async fn a_spectator_never_sees_a_hand() {
    let app = start(20).await;
    let table = app
        .create("open-oubliette(players=2)", &["human", "human"])
        .await;
    let id = table["id"].as_str().unwrap();
    let tokens = [
        table["seats"][0]["token"].as_str().unwrap().to_owned(),
        table["seats"][1]["token"].as_str().unwrap().to_owned(),
    ];
    // Play until some seat holds an unused treasure card, then compare views.
    for _ in 0..2_000 {
        let (_, spectator) = app.get(&format!("/api/tables/{id}")).await;
        assert_eq!(
            spectator["status"], "playing",
            "the game ended before anyone held a card"
        );
        let counts = spectator["observation"]["unused_counts"]
            .as_array()
            .unwrap();
        if let Some(holder) = (0..2).find(|&s| counts[s].as_u64().unwrap() > 0) {
            let (_, own) = app
                .get(&format!("/api/tables/{id}?token={}", tokens[holder]))
                .await;
            let (_, other) = app
                .get(&format!("/api/tables/{id}?token={}", tokens[1 - holder]))
                .await;
            let hand = |v: &Value| v["observation"]["view"]["players"][holder]["unused"].clone();
            assert_ne!(hand(&own), hand(&spectator), "the holder sees the hand");
            assert_eq!(
                hand(&spectator),
                hand(&other),
                "spectator and opponent see the same"
            );
            assert_ne!(own["observation_text"], spectator["observation_text"]);
            return;
        }
        let Some(seat) = spectator["to_move"].as_u64() else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        let view = app.wait_turn(id, &tokens[seat as usize]).await;
        app.play(id, &tokens[seat as usize], &view, last_action(&view))
            .await;
    }
    panic!("nobody held a card");
}

#[tokio::test]
async fn every_bad_request_is_a_json_4xx_and_changes_nothing() {
    let app = start(2).await;
    let (table, seat, view) = app.two_people("osbo(players=2)").await;
    let (id, both) = id_and_tokens(&table);
    let id = id.to_owned();
    let (token, other) = (both[seat].to_owned(), both[1 - seat].to_owned());
    let ply = view["ply"].clone();
    let actions = format!("/api/tables/{id}/actions?token={token}");
    let cases: Vec<(StatusCode, (StatusCode, Value), &str)> = vec![
        (
            StatusCode::NOT_FOUND,
            app.get("/api/tables/nope").await,
            "no such table",
        ),
        (
            StatusCode::NOT_FOUND,
            app.post("/api/tables/nope/actions?token=x", json!({"action": 0}))
                .await,
            "no such table",
        ),
        (
            StatusCode::FORBIDDEN,
            app.get(&format!("/api/tables/{id}?token=0123")).await,
            "bad token",
        ),
        (
            StatusCode::FORBIDDEN,
            app.post(&format!("/api/tables/{id}/actions"), json!({"action": 0}))
                .await,
            "missing token",
        ),
        (
            StatusCode::FORBIDDEN,
            app.post(
                &format!("/api/tables/{id}/actions?token={token}x"),
                json!({"action": 0}),
            )
            .await,
            "bad token",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post_raw(&actions, "{not json".into()).await,
            "malformed",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(&actions, json!({"action": -1})).await,
            "malformed",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(&actions, json!({"action": 0, "extra": 1})).await,
            "malformed",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(&actions, json!({"action": 100_000})).await,
            "no such action",
        ),
        (
            StatusCode::CONFLICT,
            app.post(
                &format!("/api/tables/{id}/actions?token={other}"),
                json!({"action": 0}),
            )
            .await,
            "not your turn",
        ),
        (
            StatusCode::CONFLICT,
            app.post(&actions, json!({"action": 0, "ply": 99})).await,
            "stale",
        ),
        (
            StatusCode::PAYLOAD_TOO_LARGE,
            app.post_raw(
                &actions,
                format!("{{\"action\":0,\"text\":\"{}\"}}", "x".repeat(64 * 1024)),
            )
            .await,
            "",
        ),
        (
            StatusCode::FORBIDDEN,
            app.get(&format!("/api/tables/{id}/record")).await,
            "not served",
        ),
        (
            StatusCode::FORBIDDEN,
            app.get(&format!("/api/tables/{id}/replay")).await,
            "not served",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post("/api/tables", json!({"game": "chess", "seats": ["human"]}))
                .await,
            "unknown game",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=9)", "seats": ["human"]}),
            )
            .await,
            "players",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human"]}),
            )
            .await,
            "2 seats",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human", "robot"]}),
            )
            .await,
            "seat 1",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human", "bot:genius"]}),
            )
            .await,
            "unknown bot",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human", "bot:heuristic:bargainer"]}),
            )
            .await,
            "it plays laissez-faire",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human", "bot:mcts:60s@0"]}),
            )
            .await,
            "too much",
        ),
        (
            StatusCode::BAD_REQUEST,
            app.post_raw("/api/replay", "{\"format\":\"x\"}".into())
                .await,
            "",
        ),
        (
            StatusCode::NOT_FOUND,
            app.get("/api/nothing-here").await,
            "no such",
        ),
    ];
    for (expected, (status, body), words) in &cases {
        assert_eq!(status, expected, "{words}: {body}");
        assert!(
            error_of(body).contains(words),
            "{expected}: {body} should say {words:?}"
        );
    }
    // Nothing moved.
    let (_, after) = app.get(&format!("/api/tables/{id}?token={token}")).await;
    assert_eq!(after["ply"], ply);
    assert_eq!(after["log"], view["log"]);
    // The client's tables in progress are limited (2 here: one exists).
    app.create("osbo(players=2)", &["human", "human"]).await;
    let (status, body) = app
        .post(
            "/api/tables",
            json!({"game": "osbo(players=2)", "seats": ["human", "human"]}),
        )
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error_of(&body).contains("too many tables"), "{body}");
}

#[tokio::test]
async fn the_openapi_document_describes_every_route() {
    let app = start(20).await;
    let (status, doc) = app.get("/api/openapi.json").await;
    assert_eq!(status, StatusCode::OK);
    let paths = doc["paths"].as_object().unwrap();
    let routes = [
        ("get", "/api/games"),
        ("get", "/api/tables"),
        ("post", "/api/tables"),
        ("get", "/api/tables/{id}"),
        ("post", "/api/tables/{id}/actions"),
        ("post", "/api/tables/{id}/undo"),
        ("get", "/api/tables/{id}/record"),
        ("get", "/api/tables/{id}/replay"),
        ("get", "/api/tables/{id}/events"),
        ("post", "/api/replay"),
        ("get", "/api/openapi.json"),
        ("get", "/healthz"),
        ("get", "/readyz"),
    ];
    let documented: usize = paths.values().map(|p| p.as_object().unwrap().len()).sum();
    assert_eq!(
        documented,
        routes.len(),
        "every documented operation is a route"
    );
    let table = app
        .create("osbo(players=2)", &["human", "bot:random"])
        .await;
    let id = table["id"].as_str().unwrap();
    for (method, path) in routes {
        assert!(
            paths[path][method].is_object(),
            "{method} {path} is not documented"
        );
        // And the route exists: anything but the fallback's 404.
        let url = format!("{}{}", app.base, path.replace("{id}", id));
        let request = match method {
            "get" => app.http.get(&url),
            _ => app.http.post(&url).body("{}"),
        };
        let response = request.send().await.unwrap();
        assert_ne!(response.status(), StatusCode::NOT_FOUND, "{method} {path}");
        assert_ne!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
    }
}

#[tokio::test]
async fn pages_are_static_and_show_nothing_a_request_carries() {
    let app = start(20).await;
    for (path, kind) in [
        ("/", "text/html"),
        (
            "/t/%3Cscript%3Ealert(1)%3C%2Fscript%3E?token=%3Cb%3E",
            "text/html",
        ),
        ("/replay", "text/html"),
        ("/replay/abc", "text/html"),
        ("/assets/style.css", "text/css"),
        ("/assets/table.js", "text/javascript"),
        ("/assets/home.js", "text/javascript"),
        ("/assets/replay.js", "text/javascript"),
        ("/assets/common.js", "text/javascript"),
    ] {
        let r = app
            .http
            .get(format!("{}{path}", app.base))
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), StatusCode::OK, "{path}");
        let ctype = r.headers()["content-type"].to_str().unwrap().to_owned();
        assert!(ctype.starts_with(kind), "{path}: {ctype}");
        assert!(
            r.headers()["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("default-src 'self'")
        );
        let body = r.text().await.unwrap();
        assert!(
            !body.contains("alert(1)") && !body.contains("<b>"),
            "{path} echoes its request"
        );
        assert!(
            !body.contains("innerHTML"),
            "{path} writes markup from data"
        );
    }
    let r = app
        .http
        .get(format!("{}/assets/nope.js", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn games_list_their_parameters_with_defaults_and_meanings() {
    let app = start(20).await;
    let (status, body) = app.get("/api/games").await;
    assert_eq!(status, StatusCode::OK);
    let ids: Vec<&str> = body["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids, gameshelf_shelf::GAME_IDS);
    let osbo = &body["games"][2];
    let players = osbo["params"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == "players")
        .unwrap();
    assert_eq!(players["kind"]["type"], "int");
    assert!(!players["doc"].as_str().unwrap().is_empty());
    assert!(!players["default"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn a_seat_hears_of_each_move_by_server_sent_events() {
    let app = start(20).await;
    let table = app.create("osbo(players=2)", &["human", "human"]).await;
    let (id, tokens) = id_and_tokens(&table);
    let mut events = app
        .http
        .get(format!("{}/api/tables/{id}/events", app.base))
        .send()
        .await
        .unwrap();
    assert_eq!(events.status(), StatusCode::OK);
    let (seat, view) = app.wait_person(id, &tokens).await;
    let token = tokens[seat];
    let ply = view["ply"].as_u64().unwrap();
    // The stream tells the ply it is at, then each new one (the page refetches on each).
    async fn until_ply(events: &mut reqwest::Response, ply: u64) {
        let mut seen = String::new();
        while let Some(chunk) = events.chunk().await.unwrap() {
            seen.push_str(std::str::from_utf8(&chunk).unwrap());
            assert!(seen.contains("event: ply"), "{seen}");
            if seen.contains(&format!("data: {ply}\n")) {
                return;
            }
        }
        panic!("the stream ended before ply {ply}: {seen}");
    }
    until_ply(&mut events, ply).await;
    app.play(id, token, &view, 0).await;
    until_ply(&mut events, ply + 1).await;
}

#[tokio::test]
async fn undo_takes_back_only_the_seats_own_last_move() {
    let app = start(20).await;
    let table = app
        .create("laissez-faire(players=2)", &["human", "bot:heuristic"])
        .await;
    let id = table["id"].as_str().unwrap();
    let token = table["seats"][0]["token"].as_str().unwrap();
    let undo = format!("/api/tables/{id}/undo?token={token}");
    for _ in 0..2_000 {
        let view = app.wait_turn(id, token).await;
        assert_eq!(
            view["status"], "playing",
            "the game ended before an undo was possible"
        );
        if !view["can_undo"].as_bool().unwrap() {
            let (status, body) = app.post(&undo, json!({})).await;
            assert_eq!(status, StatusCode::CONFLICT, "{body}");
            assert!(error_of(&body).contains("nothing to undo"));
            app.play(id, token, &view, 0).await;
            continue;
        }
        let (status, back) = app.post(&undo, json!({})).await;
        assert_eq!(status, StatusCode::OK, "{back}");
        assert_eq!(
            back["ply"].as_u64().unwrap(),
            view["ply"].as_u64().unwrap() - 1
        );
        let log = view["log"].as_array().unwrap();
        assert_eq!(back["log"].as_array().unwrap()[..], log[..log.len() - 1]);
        assert!(
            !back["actions"].as_array().unwrap().is_empty(),
            "the seat chooses again"
        );
        // The undone move is gone from the record too: a spectator sees the same ply.
        let (_, spectator) = app.get(&format!("/api/tables/{id}")).await;
        assert_eq!(spectator["ply"], back["ply"]);
        let (_, other) = app.post(&format!("/api/tables/{id}/undo"), json!({})).await;
        assert!(error_of(&other).contains("missing token"));
        return;
    }
    panic!("no undo was ever possible");
}

#[tokio::test]
async fn a_flood_of_requests_is_refused_and_changes_nothing() {
    let app = start_with(20, 3.0).await;
    let (table, seat, view) = app.two_people("osbo(players=2)").await;
    let (id, tokens) = id_and_tokens(&table);
    let path = format!("/api/tables/{id}/actions?token={}", tokens[seat]);
    // Two more changing requests are allowed (the table was the first), then none.
    app.post(&path, json!({"action": 0, "ply": 10_000})).await;
    app.post(&path, json!({"action": 0, "ply": 10_000})).await;
    let (status, body) = app
        .post(&path, json!({"action": 0, "ply": view["ply"]}))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(error_of(&body).contains("too many requests"));
    let (_, after) = app.get(&format!("/api/tables/{id}")).await;
    assert_eq!(after["ply"], view["ply"], "the refused move was not played");
}

#[tokio::test]
async fn health_and_readiness_answer_for_load_balancers() {
    let app = start(20).await;
    let (status, body) = app.get("/healthz").await;
    assert_eq!(
        (status, body["status"].as_str()),
        (StatusCode::OK, Some("ok"))
    );
    let (status, body) = app.get("/readyz").await;
    assert_eq!(
        (status, body["status"].as_str()),
        (StatusCode::OK, Some("ready"))
    );
}

#[tokio::test]
async fn one_client_holds_at_most_its_share_of_live_updates() {
    let app = start(20).await;
    let table = app.create("osbo(players=2)", &["human", "human"]).await;
    let id = table["id"].as_str().unwrap();
    let url = format!("{}/api/tables/{id}/events", app.base);
    let mut open = Vec::new();
    for _ in 0..Config::new(SocketAddr::from(([127, 0, 0, 1], 0)), String::new()).streams_per_client
    {
        let stream = app.http.get(&url).send().await.unwrap();
        assert_eq!(stream.status(), StatusCode::OK);
        open.push(stream);
    }
    let refused = app.http.get(&url).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let body: Value = refused.json().await.unwrap();
    assert!(error_of(&body).contains("live updates"), "{body}");
    // The table still plays and answers as ever.
    let (status, _) = app.get(&format!("/api/tables/{id}")).await;
    assert_eq!(status, StatusCode::OK);
    drop(open);
}

#[tokio::test]
async fn a_free_text_clause_is_written_kept_on_one_line_and_shown_to_every_seat() {
    let app = start(20).await;
    let (table, seat, view) = app.two_people("laissez-faire(players=2)").await;
    let (id, tokens) = id_and_tokens(&table);
    // The page focuses the choice that pays nothing: going on, not the first offer.
    let safe = view["safe_choice"].as_u64().expect("a safe choice") as usize;
    assert_eq!(view["actions"][safe]["text"], "go", "{view}");
    // Going on is a main choice; the offer builder's entry is the group ranked first, and
    // the ready-made proposals are folded after it.
    assert!(view["actions"][safe].get("group").is_none(), "{view}");
    let actions = view["actions"].as_array().unwrap();
    let in_group = |heading: &'static str| -> Vec<&Value> {
        actions.iter().filter(|a| a["group"] == heading).collect()
    };
    let builder = in_group("make an offer (a package)");
    assert_eq!(builder.len(), 1, "{view}");
    assert_eq!(builder[0]["group_rank"], 0, "{view}");
    let heading = "ready-made deals (a deed for cash, a contract from a template)";
    let grouped = in_group(heading);
    assert!(grouped.len() > 10, "{heading}: {} in {view}", grouped.len());
    assert!(grouped.iter().all(|a| a["group_rank"] == 1), "{view}");
    let clause = view["actions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["text_prompt"].is_string())
        .expect("a free-text clause can be proposed before the roll");
    assert_eq!(clause["text_prompt"], "text of the clause");
    let (status, after) = app
        .post(
            &format!("/api/tables/{id}/actions?token={}", tokens[seat]),
            json!({"action": clause["id"], "ply": view["ply"], "text": "<b>no rent</b>\nbetween us\tfor ever"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    // The words are kept as written, on one line, as text (the pages never parse it).
    let said = "\"<b>no rent</b> between us for ever\"";
    let last = |view: &Value| view["log"].as_array().unwrap().last().unwrap().clone();
    assert!(
        last(&after).as_str().unwrap().contains(said),
        "{}",
        last(&after)
    );
    for viewer in [Some(tokens[1 - seat]), None] {
        let path = match viewer {
            Some(token) => format!("/api/tables/{id}?token={token}"),
            None => format!("/api/tables/{id}"),
        };
        let (_, seen) = app.get(&path).await;
        let shown = seen["log"].as_array().unwrap();
        assert!(
            shown
                .iter()
                .any(|line| line.as_str().unwrap().contains(said)),
            "{shown:?}"
        );
    }
    // The other party is asked to answer the proposal.
    let other = app.wait_turn(id, tokens[1 - seat]).await;
    assert!(!other["actions"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_price_may_be_any_sum_and_a_refused_one_names_why_and_changes_nothing() {
    let app = start(20).await;
    let table = app
        .create(
            "laissez-faire(players=2,max_rounds=40)",
            &["human", "human"],
        )
        .await;
    let (id, tokens) = id_and_tokens(&table);
    let mut picks = 0x9e37_79b9_u64;
    let (mut named, mut refused, mut nameless) = (0, 0, 0);
    while named == 0 || refused == 0 || nameless == 0 {
        let (seat, view) = app.wait_person(id, &tokens).await;
        assert_eq!(
            view["status"], "playing",
            "the game ended before a price was named"
        );
        let path = format!("/api/tables/{id}/actions?token={}", tokens[seat]);
        let actions = view["actions"].as_array().unwrap();
        let kind = actions.iter().find(|a| a["amount_prompt"].is_string());
        if let Some(kind) = kind.filter(|_| refused == 0) {
            // Past any purse: refused, saying what and why, and nothing moves.
            let body = json!({"action": kind["id"], "ply": view["ply"], "amount": u32::MAX});
            let (status, body) = app.post(&path, body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(error_of(&body).contains("is refused"), "{body}");
            let (_, again) = app
                .get(&format!("/api/tables/{id}?token={}", tokens[seat]))
                .await;
            assert_eq!(again["ply"], view["ply"]);
            refused += 1;
            continue;
        }
        if let Some(plain) = actions.iter().find(|a| a["amount"].is_null())
            && nameless == 0
        {
            let body = json!({"action": plain["id"], "ply": view["ply"], "amount": 5});
            let (status, body) = app.post(&path, body).await;
            assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
            assert!(error_of(&body).contains("names no sum of money"), "{body}");
            nameless += 1;
            continue;
        }
        if let Some(kind) = kind {
            // A sum no choice lists: one dollar more than the kind's own.
            let listed: Vec<u64> = actions
                .iter()
                .filter(|a| a["kind"] == kind["id"])
                .map(|a| a["amount"].as_u64().unwrap())
                .collect();
            let sum = kind["amount"].as_u64().unwrap() + 1;
            if !listed.contains(&sum) {
                let body = json!({"action": kind["id"], "ply": view["ply"], "amount": sum});
                let (status, after) = app.post(&path, body).await;
                if status == StatusCode::OK {
                    let line = after["log"].as_array().unwrap().last().unwrap().clone();
                    assert!(
                        line.as_str().unwrap().contains(&format!("${sum}")),
                        "{line}"
                    );
                    named += 1;
                    continue;
                }
                assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{after}");
            }
        }
        picks ^= picks << 13;
        picks ^= picks >> 7;
        picks ^= picks << 17;
        let pick = (picks % actions.len() as u64) as usize;
        app.play(id, tokens[seat], &view, pick).await;
    }
}

/// A decision that only offers a chance to speak out of turn (the open floor after
/// another player's window) names the choice that lets it pass, for pages to play until
/// something is asked; a decision that asks something (one's own window) names none.
#[tokio::test]
async fn a_chance_to_speak_out_of_turn_names_its_pass_and_a_window_does_not() {
    let app = start(20).await;
    let (table, seat, view) = app.two_people("laissez-faire(players=2)").await;
    let (id, tokens) = id_and_tokens(&table);
    assert_eq!(view["pass_until_asked"], Value::Null, "{view}");
    let go = view["safe_choice"].as_u64().unwrap() as usize;
    assert_eq!(view["actions"][go]["text"], "go");
    app.play(id, tokens[seat], &view, go).await;
    let other = app.wait_turn(id, tokens[1 - seat]).await;
    let pass = other["pass_until_asked"]
        .as_u64()
        .unwrap_or_else(|| panic!("no pass on the floor: {other}")) as usize;
    let text = other["actions"][pass]["text"].as_str().unwrap();
    assert!(text.starts_with("pass: open no trade thread now"), "{text}");
    // The pass is the harmless choice too.
    assert_eq!(other["safe_choice"], pass);
}

/// The offer under negotiation leaves the server worded for each viewer: the answerer
/// reads it addressed to him with its effect on both net worths, the spectator the same
/// facts in the third person; other games' views carry no terms.
#[tokio::test]
async fn an_offer_s_terms_are_sent_to_each_viewer_in_its_own_words() {
    let app = start(20).await;
    let (table, seat, view) = app.two_people("laissez-faire(players=2)").await;
    let (id, tokens) = id_and_tokens(&table);
    assert_eq!(view["terms"], json!([]), "no offer yet");
    let pick = |view: &Value, text: &str| {
        view["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["text"].as_str().unwrap().starts_with(text))
            .unwrap_or_else(|| panic!("no {text:?} in {view}"))["id"]
            .as_u64()
            .unwrap() as usize
    };
    let other = 1 - seat;
    let draft = pick(&view, "draft a package of clauses for seat");
    let view = app.play(id, tokens[seat], &view, draft).await;
    let pay = pick(&view, &format!("add: you pay seat {} $50 now", other + 1));
    let view = app.play(id, tokens[seat], &view, pay).await;
    assert_eq!(
        view["terms"][1],
        format!("  1. you pay seat {} $50 now", other + 1)
    );
    let send = pick(&view, "send");
    app.play(id, tokens[seat], &view, send).await;

    let answerer = app.wait_turn(id, tokens[other]).await;
    let terms: Vec<&str> = answerer["terms"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap())
        .collect();
    assert_eq!(
        terms[..2],
        [
            format!("seat {}'s offer to you, for you to answer:", seat + 1).as_str(),
            format!("  1. seat {} pays you $50 now", seat + 1).as_str(),
        ]
    );
    assert!(terms[2].starts_with(&format!("if accepted: seat {}'s net worth", seat + 1)));
    assert!(terms[3].starts_with("if accepted: your net worth goes from $"));
    let (_, public) = app.get(&format!("/api/tables/{id}")).await;
    let public = public["terms"].to_string();
    assert!(public.contains(&format!(
        "seat {} pays seat {} $50 now",
        seat + 1,
        other + 1
    )));
    assert!(!public.contains("you"), "{public}");

    let osbo = app.create("osbo(players=2)", &["human", "human"]).await;
    let (_, view) = app
        .get(&format!("/api/tables/{}", osbo["id"].as_str().unwrap()))
        .await;
    assert_eq!(view["terms"], json!([]));
}

/// A payment's schedule is typed in words beside its sum: words out of bounds are refused
/// with the bounds named and change nothing; the schedule typed is the one drafted.
#[tokio::test]
async fn a_schedule_typed_in_words_is_drafted_and_out_of_bounds_words_are_refused() {
    let app = start(20).await;
    let (table, seat, view) = app.two_people("laissez-faire(players=2)").await;
    let (id, tokens) = id_and_tokens(&table);
    let find = |view: &Value, text: &str| {
        view["actions"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["text"].as_str().unwrap().starts_with(text))
            .unwrap_or_else(|| panic!("no {text:?} in {view}"))
            .clone()
    };
    let draft = find(&view, "draft a package of clauses for seat")["id"]
        .as_u64()
        .unwrap() as usize;
    let view = app.play(id, tokens[seat], &view, draft).await;
    let other = 2 - seat;
    let scheduled = find(
        &view,
        &format!("add: you pay seat {other} $20 every round, 5 times"),
    );
    assert_eq!(
        scheduled["schedule_prompt"],
        "a schedule: every K rounds, N times (K and N from 1 to 15)"
    );
    let path = format!("/api/tables/{id}/actions?token={}", tokens[seat]);
    let (status, refused) = app
        .post(
            &path,
            json!({"action": scheduled["id"], "ply": view["ply"], "amount": 40, "schedule": "every 16 rounds"}),
        )
        .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{refused}");
    assert!(
        refused
            .to_string()
            .contains("a payment recurs every 1 to 15 rounds, not 16"),
        "{refused}"
    );
    let (status, after) = app
        .post(
            &path,
            json!({"action": scheduled["id"], "ply": view["ply"], "amount": 40, "schedule": "every 2 rounds, 3 times"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    assert_eq!(
        after["terms"][1],
        format!("  1. you pay seat {other} $40 every 2 rounds, 3 times")
    );
}

/// What a log line adds when the move clock played the move.
const TIMED: &str = " (time ran out: the clock played it)";

/// Polls `path` until `done` holds for its answer, for at most 30 s (a generous bound for
/// a clock of a few seconds, not a speed assertion).
async fn wait_until(app: &App, path: &str, done: impl Fn(&Value) -> bool) -> Value {
    let start = std::time::Instant::now();
    loop {
        let (status, view) = app.get(path).await;
        assert_eq!(status, StatusCode::OK, "{view}");
        if done(&view) {
            return view;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{path}: still waiting after 30 s: {view}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A table of `game` with a clock of `clock` seconds.
async fn create_clocked(app: &App, game: &str, seats: &[&str], clock: u32) -> Value {
    let (status, table) = app
        .post(
            "/api/tables",
            json!({"game": game, "seats": seats, "clock": clock}),
        )
        .await;
    assert_eq!(status, StatusCode::CREATED, "{table}");
    assert_eq!(table["clock"], clock);
    table
}

/// The ply of a view.
fn ply(view: &Value) -> u64 {
    view["ply"].as_u64().unwrap()
}

/// Checks a seat's view while its clock runs: the seat, the seconds left (at most the
/// clock's) and the end, in milliseconds since 1970, as many seconds ahead.
fn assert_running(view: &Value, seat: usize, clock: u32) {
    let shown = &view["clock"];
    assert_eq!(shown["seconds"], clock, "{shown}");
    assert_eq!(shown["seat"], seat, "{shown}");
    let left = shown["seconds_left"].as_f64().unwrap();
    assert!(left > 0.0 && left <= f64::from(clock), "{shown}");
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as f64;
    let ends = shown["ends_at"].as_f64().unwrap();
    // The view was read a moment ago: its end is the time left from then, give or take
    // the time the answer took.
    assert!(
        (ends - now - 1000.0 * left).abs() < 3000.0,
        "{shown} at {now}"
    );
}

#[tokio::test]
async fn a_person_who_does_nothing_has_the_safe_choice_played_by_the_clock() {
    let app = start(20).await;
    let table = create_clocked(&app, "osbo(players=2)", &["human", "bot:random"], 5).await;
    let (id, token) = (
        table["id"].as_str().unwrap(),
        table["seats"][0]["token"].as_str().unwrap(),
    );
    let view = app.wait_turn(id, token).await;
    assert_running(&view, 0, 5);
    // Spectators see whose clock runs too.
    let (_, watching) = app.get(&format!("/api/tables/{id}")).await;
    assert_eq!(watching["clock"]["seat"], 0);
    let safe = view["safe_choice"].as_u64().unwrap() as usize;
    let expected = format!(
        "player 1 (human): {}{TIMED}",
        view["actions"][safe]["text"].as_str().unwrap()
    );
    let at = ply(&view);
    let after = wait_until(&app, &format!("/api/tables/{id}?token={token}"), |v| {
        ply(v) > at
    })
    .await;
    assert_eq!(after["log"][at as usize], expected);
    // The bot's seat is not clocked: when it is to move, no clock runs.
    let (_, list) = app.get("/api/tables").await;
    assert_eq!(list["tables"][0]["clock"], 5);
}

#[tokio::test]
async fn a_move_in_time_is_kept_and_gives_the_next_seat_its_full_time() {
    let app = start(20).await;
    let table = create_clocked(&app, "osbo(players=2)", &["human", "human"], 5).await;
    let (id, tokens) = id_and_tokens(&table);
    let (seat, view) = app.wait_person(id, &tokens).await;
    assert_running(&view, seat, 5);
    // A few seconds go by: a clock left over from this decision would end early in the next.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let choice = last_action(&view);
    let text = view["actions"][choice]["text"].as_str().unwrap().to_owned();
    // Sent before the answer's view is made, so the next clock ends at least its seconds
    // left after this.
    let sent = std::time::Instant::now();
    let answer = app.play(id, tokens[seat], &view, choice).await;
    assert_eq!(
        answer["log"][ply(&view) as usize],
        format!("player {} (human): {text}", seat + 1),
        "the person's own move, not the clock's"
    );
    if answer["status"] == "finished" {
        return;
    }
    let next = answer["to_move"].as_u64().unwrap() as usize;
    assert_running(&answer, next, 5);
    let left = answer["clock"]["seconds_left"].as_f64().unwrap();
    assert!(left > 4.0, "the next decision has its full time: {left}");
    let at = ply(&answer);
    let timed = wait_until(&app, &format!("/api/tables/{id}"), |v| ply(v) > at).await;
    assert!(
        timed["log"][at as usize].as_str().unwrap().ends_with(TIMED),
        "{timed}"
    );
    // Played by the clock of the next decision, not by one left over from the first.
    assert!(
        sent.elapsed().as_secs_f64() >= left - 0.01,
        "the clock played after {:?} of {left} s",
        sent.elapsed()
    );
}

#[tokio::test]
async fn a_clock_out_of_bounds_is_refused_by_name_and_none_means_no_clock() {
    let app = start(20).await;
    for bad in [0, 4, 3601, -5] {
        let (status, body) = app
            .post(
                "/api/tables",
                json!({"game": "osbo(players=2)", "seats": ["human", "human"], "clock": bad}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(
            error_of(&body),
            format!(
                "clock: {bad} s is out of bounds: a move clock gives each decision 5 to 3600 \
                 seconds (leave it out for no clock)"
            )
        );
    }
    let (status, body) = app
        .post(
            "/api/tables",
            json!({"game": "osbo(players=2)", "seats": ["human", "human"], "clock": "ten"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error_of(&body).starts_with("malformed request"), "{body}");
    let (_, list) = app.get("/api/tables").await;
    assert!(list["tables"].as_array().unwrap().is_empty(), "{list}");
    // Without a clock (left out, or null) views say so.
    for request in [
        json!({"game": "osbo(players=2)", "seats": ["human", "human"]}),
        json!({"game": "osbo(players=2)", "seats": ["human", "human"], "clock": null}),
    ] {
        let (status, table) = app.post("/api/tables", request).await;
        assert_eq!(status, StatusCode::CREATED, "{table}");
        assert!(table["clock"].is_null());
        let (id, tokens) = id_and_tokens(&table);
        let (_, view) = app.wait_person(id, &tokens).await;
        assert!(view["clock"].is_null(), "{view}");
    }
}

#[tokio::test]
async fn after_a_crash_the_clock_runs_again_with_its_full_time() {
    let first = start_crashable(scratch_dir()).await;
    let table = create_clocked(&first, "osbo(players=2)", &["human", "bot:random"], 5).await;
    let id = table["id"].as_str().unwrap().to_owned();
    let token = table["seats"][0]["token"].as_str().unwrap().to_owned();
    let seat_view = format!("/api/tables/{id}?token={token}");
    // The clock plays one move, then the crash comes while the person has a decision.
    let view = first.wait_turn(&id, &token).await;
    let at = ply(&view);
    let played = wait_until(&first, &seat_view, |v| {
        ply(v) > at && !v["actions"].as_array().unwrap().is_empty()
    })
    .await;
    let timed_line = played["log"][at as usize].clone();
    assert!(timed_line.as_str().unwrap().ends_with(TIMED), "{played}");
    let ends_before = played["clock"]["ends_at"].as_u64().unwrap();
    let dir = first.crash().await;
    let second = start_in(dir, 20, f64::INFINITY).await;
    let restored = second.wait_turn(&id, &token).await;
    assert_eq!(
        ply(&restored),
        ply(&played),
        "no move was made while the server was down"
    );
    assert_eq!(
        restored["log"][at as usize], timed_line,
        "the clock's move is stored as the clock's"
    );
    assert_running(&restored, 0, 5);
    let ends_after = restored["clock"]["ends_at"].as_u64().unwrap();
    assert!(
        ends_after > ends_before,
        "the restored clock starts again in full: it ended at {ends_before}, now at {ends_after}"
    );
    let again = ply(&restored);
    let timed = wait_until(&second, &seat_view, |v| ply(v) > again).await;
    assert!(
        timed["log"][again as usize]
            .as_str()
            .unwrap()
            .ends_with(TIMED),
        "{timed}"
    );
}

#[tokio::test]
async fn an_undo_gives_the_seat_its_full_time_again() {
    let app = start(20).await;
    let table = create_clocked(&app, "osbo(players=2)", &["human", "human"], 30).await;
    let (id, tokens) = id_and_tokens(&table);
    // Until a move that can be taken back (a placement with the mover's turn still on).
    let moved = loop {
        let (seat, view) = app.wait_person(id, &tokens).await;
        let answer = app.play(id, tokens[seat], &view, 0).await;
        if answer["can_undo"] == true {
            break answer;
        }
    };
    let seat = moved["viewer"].as_u64().unwrap() as usize;
    assert_running(&moved, seat, 30);
    tokio::time::sleep(Duration::from_millis(100)).await;
    let (status, undone) = app
        .post(
            &format!("/api/tables/{id}/undo?token={}", tokens[seat]),
            json!({}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{undone}");
    assert_running(&undone, seat, 30);
    let (before, after) = (
        moved["clock"]["ends_at"].as_u64().unwrap(),
        undone["clock"]["ends_at"].as_u64().unwrap(),
    );
    assert!(
        after > before,
        "the undo restarts the clock: {before} -> {after}"
    );
}
