//! `gameshelf serve` as a real process: killed with SIGKILL in the middle of games, it
//! loses no acknowledged action, and play goes on after a restart; two of them over one
//! PostgreSQL database serve the same tables, and one goes on when the other dies.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

use gameshelf_server::store::scratch::{ScratchDb, admin_url};
use serde_json::{Value, json};

/// A running `gameshelf serve` and the address it printed; killed when dropped, so a
/// failing test leaves no server behind.
struct Serving {
    child: Child,
    addr: String,
}

impl Serving {
    /// SIGKILL, and wait for the process to be gone.
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        self.kill();
    }
}

fn serve(db: &Path) -> Serving {
    serve_url(&format!("sqlite:{}", db.display()), 0)
}

/// A server on the database at `url` whose bots and dice wait `pause_ms` before moving.
fn serve_url(url: &str, pause_ms: u64) -> Serving {
    serve_with(url, pause_ms, &[], Stdio::inherit())
}

/// A server with `extra` arguments whose log goes to `log`.
fn serve_with(url: &str, pause_ms: u64, extra: &[&str], log: Stdio) -> Serving {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-pause"])
        .arg(pause_ms.to_string())
        .args(["--db", url])
        .args(extra)
        .env_remove("RUST_LOG")
        .stdout(Stdio::piped())
        .stderr(log)
        .spawn()
        .expect("gameshelf starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .to_owned();
    Serving { child, addr }
}

/// One HTTP/1.1 request; `None` when the server is unreachable (killed).
fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> Option<(u16, Value)> {
    let mut stream = TcpStream::connect(addr).ok()?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).ok()?;
    let mut answer = String::new();
    stream.read_to_string(&mut answer).ok()?;
    let (head, body) = answer.split_once("\r\n\r\n")?;
    let status = head.split(' ').nth(1)?.parse().ok()?;
    Some((status, serde_json::from_str(body).unwrap_or(Value::Null)))
}

/// What a seat was told by an acknowledged move: its view after the move.
struct Ack {
    table: String,
    token: String,
    ply: u64,
    log: Vec<Value>,
}

/// Plays the people's moves of every table (action 0 each time) until the server stops
/// answering, `limit` moves are acknowledged, or no person has had a move for many rounds
/// (every game over); every 200 answer is an acknowledgement.
fn play(
    addr: &str,
    tables: &[(String, Vec<Option<String>>)],
    acks: &Mutex<Vec<Ack>>,
    limit: usize,
) {
    let mut idle = 0;
    while acks.lock().unwrap().len() < limit && idle < 100_000 {
        let mut moved = false;
        for (id, tokens) in tables {
            let Some((_, view)) = http(addr, "GET", &format!("/api/tables/{id}"), None) else {
                return;
            };
            let Some(seat) = view["to_move"].as_u64() else {
                continue;
            };
            let Some(token) = &tokens[seat as usize] else {
                continue;
            };
            let Some((_, mine)) = http(
                addr,
                "GET",
                &format!("/api/tables/{id}?token={token}"),
                None,
            ) else {
                return;
            };
            if mine["actions"].as_array().is_none_or(Vec::is_empty) {
                continue;
            }
            let body = json!({"action": 0, "ply": mine["ply"]});
            match http(
                addr,
                "POST",
                &format!("/api/tables/{id}/actions?token={token}"),
                Some(&body),
            ) {
                None => return,
                Some((200, after)) => {
                    moved = true;
                    acks.lock().unwrap().push(Ack {
                        table: id.clone(),
                        token: token.clone(),
                        ply: after["ply"].as_u64().unwrap(),
                        log: after["log"].as_array().unwrap().clone(),
                    });
                }
                // A bot or chance moved in between (stale): try again next round.
                Some(_) => {}
            }
        }
        if moved {
            idle = 0;
        } else {
            idle += 1;
            std::thread::yield_now();
        }
    }
}

#[test]
fn sigkill_mid_game_loses_no_acknowledged_action_and_play_goes_on() {
    let dir = std::env::temp_dir().join(format!("gameshelf-sigkill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = dir.join("kill.db");
    let mut server = serve(&db);
    let games = [
        ("osbo(players=2)", vec!["human", "human"]),
        (
            "open-oubliette(players=3)",
            vec!["human", "bot:heuristic", "human"],
        ),
        ("laissez-faire(players=2)", vec!["human", "bot:random"]),
        ("oubliette-solitaire", vec!["human"]),
    ];
    let tables: Vec<_> = games
        .iter()
        .map(|(game, seats)| create(&server.addr, game, seats))
        .collect();
    let tables = Arc::new(tables);
    let acks = Arc::new(Mutex::new(Vec::new()));
    // Players keep playing while the server is killed under them.
    let players = {
        let (addr, tables, acks) = (server.addr.clone(), Arc::clone(&tables), Arc::clone(&acks));
        std::thread::spawn(move || play(&addr, &tables, &acks, usize::MAX))
    };
    while acks.lock().unwrap().len() < 40 && !players.is_finished() {
        std::thread::yield_now();
    }
    server.kill();
    players.join().unwrap();
    let acks = std::mem::take(&mut *acks.lock().unwrap());
    assert!(acks.len() >= 40);

    let mut server = serve(&db);
    for ack in &acks {
        let (status, view) = http(
            &server.addr,
            "GET",
            &format!("/api/tables/{}?token={}", ack.table, ack.token),
            None,
        )
        .unwrap();
        assert_eq!(status, 200);
        let log = view["log"].as_array().unwrap();
        assert!(
            view["ply"].as_u64().unwrap() >= ack.ply,
            "table {} lost moves",
            ack.table
        );
        assert_eq!(
            &log[..ack.log.len()],
            &ack.log[..],
            "table {}: the log differs",
            ack.table
        );
    }
    // Play goes on where it stopped.
    let before: Vec<u64> = tables
        .iter()
        .map(|(id, _)| {
            http(&server.addr, "GET", &format!("/api/tables/{id}"), None)
                .unwrap()
                .1["ply"]
                .as_u64()
                .unwrap()
        })
        .collect();
    let more = Mutex::new(Vec::new());
    play(&server.addr, &tables, &more, 8);
    let played = more.lock().unwrap().len();
    assert!(played >= 8, "only {played} moves after the restart");
    let after: u64 = tables
        .iter()
        .map(|(id, _)| {
            http(&server.addr, "GET", &format!("/api/tables/{id}"), None)
                .unwrap()
                .1["ply"]
                .as_u64()
                .unwrap()
        })
        .sum();
    assert!(after >= before.iter().sum::<u64>() + played as u64);
    server.kill();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A scratch PostgreSQL database, or `None` (said on stderr) when no server answers;
/// under CI a missing server is a failure.
fn scratch_pg() -> Option<ScratchDb> {
    match ScratchDb::create_blocking(&admin_url()) {
        Ok(db) => Some(db),
        Err(e) => {
            assert!(
                std::env::var_os("CI").is_none(),
                "PostgreSQL is unreachable at {}: {e}",
                admin_url()
            );
            eprintln!("SKIPPED: PostgreSQL is unreachable ({e})");
            None
        }
    }
}

/// Creates a table through `addr`; its id and each seat's token.
fn create(addr: &str, game: &str, seats: &[&str]) -> (String, Vec<Option<String>>) {
    let (status, created) = http(
        addr,
        "POST",
        "/api/tables",
        Some(&json!({"game": game, "seats": seats})),
    )
    .unwrap();
    assert_eq!(status, 201, "{created}");
    let tokens = created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().map(str::to_owned))
        .collect();
    (created["id"].as_str().unwrap().to_owned(), tokens)
}

/// The view of `token`'s seat (or the spectator's) through `addr`.
fn view(addr: &str, id: &str, token: Option<&str>) -> Value {
    let path = match token {
        Some(token) => format!("/api/tables/{id}?token={token}"),
        None => format!("/api/tables/{id}"),
    };
    let (status, view) = http(addr, "GET", &path, None).expect("the server answers");
    assert_eq!(status, 200, "{view}");
    view
}

/// Waits until `seat` may move in its view through `addr` (moves made through the other
/// server reach this one by notification), and returns that view; `None` once the game
/// is over.
fn my_turn(addr: &str, id: &str, seat: usize, token: &str) -> Option<Value> {
    my_turn_at(addr, id, seat, token, None)
}

/// [`my_turn`] at `ply` when given: a server that has not heard of the seat's last move
/// through the other server still shows it to move, one ply before.
fn my_turn_at(
    addr: &str,
    id: &str,
    seat: usize,
    token: &str,
    ply: Option<&Value>,
) -> Option<Value> {
    // Up to about 30 s: a loaded machine may take seconds to carry a move across servers.
    for _ in 0..6_000 {
        let mine = view(addr, id, Some(token));
        if mine["status"] == "finished" {
            return None;
        }
        if mine["to_move"] == json!(seat)
            && mine["actions"].as_array().is_some_and(|a| !a.is_empty())
            && ply.is_none_or(|p| mine["ply"] == *p)
        {
            return Some(mine);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    let last = view(addr, id, Some(token));
    panic!(
        "seat {seat} never got its turn through {addr}: at ply {}, {} to move",
        last["ply"], last["to_move"]
    );
}

/// At a table where seat `s` plays through `servers[s]`: the seat to move and its view,
/// once its own server shows it; `None` once the game is over.
///
/// Only the seat's own server is asked about it. That server made the seat's last move
/// itself, so it never shows the seat to move when it is not; the other server may still
/// lag behind a move made elsewhere, and then shows the seat that moved last as the one to
/// move, which is stale, not wrong.
fn next_turn(servers: &[String; 2], id: &str, tokens: &[String]) -> Option<(usize, Value)> {
    // Up to about 30 s: a loaded machine may take seconds to carry a move across servers.
    for _ in 0..3_000 {
        for (seat, addr) in servers.iter().enumerate() {
            let mine = view(addr, id, Some(&tokens[seat]));
            if mine["status"] == "finished" {
                return None;
            }
            if mine["to_move"] == json!(seat)
                && mine["actions"].as_array().is_some_and(|a| !a.is_empty())
            {
                return Some((seat, mine));
            }
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("neither seat gets its turn through its own server at table {id}");
}

/// The seat whose move a table waits for, after any dice; `None` once the game is over.
fn seat_to_move(addr: &str, id: &str) -> Option<usize> {
    for _ in 0..2_000 {
        let now = view(addr, id, None);
        if now["status"] == "finished" {
            return None;
        }
        if let Some(seat) = now["to_move"].as_u64() {
            return Some(seat as usize);
        }
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    panic!("nobody gets to move at table {id} through {addr}");
}

#[test]
fn two_servers_over_one_postgres_database_share_tables_and_survive_one_dying() {
    let Some(db) = scratch_pg() else {
        return;
    };
    // A moves its bots slowly, so it can be killed in the middle of a bots' game.
    let mut a = serve_url(db.url(), 30);
    let b = serve_url(db.url(), 0);

    // Two bots, on a table made through A: A moves them, B hears of every move.
    let (bots, _) = create(&a.addr, "osbo(players=2)", &["bot:random", "bot:random"]);
    // Two people on another table: seat 1 plays through A, seat 2 through B.
    let (people, tokens) = create(&a.addr, "osbo(players=2)", &["human", "human"]);
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let servers = [a.addr.clone(), b.addr.clone()];
    let mut acks: Vec<(usize, Value)> = Vec::new();
    let mut races = 0;
    while acks.len() < 12 {
        let (seat, mine) = next_turn(&servers, &people, &tokens).expect("the game goes on");
        let body = json!({"action": 0, "ply": mine["ply"]});
        let path = format!("/api/tables/{people}/actions?token={}", tokens[seat]);
        if acks.len() % 4 == 1 {
            // The same move sent to both servers at once: exactly one takes it.
            let other = &servers[1 - seat];
            let mine = my_turn_at(other, &people, seat, &tokens[seat], Some(&body["ply"]));
            assert_eq!(mine.unwrap()["ply"], body["ply"]);
            let answers: Vec<_> = servers
                .iter()
                .map(|addr| {
                    let (addr, path, body) = (addr.clone(), path.clone(), body.clone());
                    std::thread::spawn(move || http(&addr, "POST", &path, Some(&body)).unwrap())
                })
                .collect::<Vec<_>>()
                .into_iter()
                .map(|t| t.join().unwrap())
                .collect();
            let won: Vec<_> = answers
                .iter()
                .filter(|(status, _)| *status == 200)
                .collect();
            assert_eq!(
                won.len(),
                1,
                "exactly one server takes the move: {answers:?}"
            );
            let lost = answers.iter().find(|(status, _)| *status != 200).unwrap();
            assert_eq!(lost.0, 409, "the other refuses it as stale: {lost:?}");
            acks.push((seat, won[0].1.clone()));
            races += 1;
        } else {
            let (status, after) = http(&servers[seat], "POST", &path, Some(&body)).unwrap();
            assert_eq!(status, 200, "{after}");
            acks.push((seat, after));
        }
    }
    assert!(races >= 2);

    // A dies in the middle of the bots' game; B takes its bots over and finishes it.
    let bots_ply_then = view(&b.addr, &bots, None)["ply"].as_u64().unwrap();
    a.kill();
    let mut finished = None;
    for _ in 0..3_000 {
        let now = view(&b.addr, &bots, None);
        if now["status"] == "finished" {
            finished = Some(now);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let finished = finished.expect("the surviving server finishes the bots' game");
    assert!(finished["ply"].as_u64().unwrap() > bots_ply_then);
    let (status, replay) =
        http(&b.addr, "GET", &format!("/api/tables/{bots}/replay"), None).unwrap();
    assert_eq!(status, 200, "the record replays: {replay}");
    assert_eq!(
        replay["steps"].as_array().unwrap().len() as u64,
        finished["ply"].as_u64().unwrap() + 1
    );

    // The people's game goes on through B alone, and every acknowledged move is there,
    // once, as it was told.
    for _ in 0..4 {
        let Some(seat) = seat_to_move(&b.addr, &people) else {
            break;
        };
        if let Some(mine) = my_turn(&b.addr, &people, seat, &tokens[seat]) {
            let body = json!({"action": 0, "ply": mine["ply"]});
            let path = format!("/api/tables/{people}/actions?token={}", tokens[seat]);
            let (status, after) = http(&b.addr, "POST", &path, Some(&body)).unwrap();
            assert_eq!(status, 200, "{after}");
        }
    }
    for (seat, ack) in &acks {
        let now = view(&b.addr, &people, Some(&tokens[*seat]));
        let told = ack["log"].as_array().unwrap();
        assert_eq!(&now["log"].as_array().unwrap()[..told.len()], &told[..]);
    }
    let plies: Vec<u64> = acks
        .iter()
        .map(|(_, ack)| ack["ply"].as_u64().unwrap())
        .collect();
    assert!(
        plies.windows(2).all(|w| w[0] < w[1]),
        "each ack is a new ply: {plies:?}"
    );
}

#[test]
fn sigterm_finishes_what_is_in_flight_ends_live_updates_and_exits_cleanly() {
    let dir = std::env::temp_dir().join(format!("gameshelf-sigterm-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut server = serve(&dir.join("term.db"));
    let (id, _) = create(
        &server.addr,
        "osbo(players=2)",
        &["bot:random", "bot:random"],
    );
    // A page listening for live updates keeps its connection open.
    let mut events = TcpStream::connect(&server.addr).unwrap();
    let request = format!(
        "GET /api/tables/{id}/events HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    );
    events.write_all(request.as_bytes()).unwrap();
    let mut first = [0u8; 64];
    let read = events.read(&mut first).unwrap();
    assert!(String::from_utf8_lossy(&first[..read]).contains("200"));
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let mut exited = None;
    for _ in 0..1_000 {
        if let Some(code) = server.child.try_wait().unwrap() {
            exited = Some(code);
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    let code = exited.expect("the server stops on SIGTERM despite an open live update");
    assert!(code.success(), "{code:?}");
    // What it stored is all there for the next start.
    let server = serve(&dir.join("term.db"));
    assert_eq!(view(&server.addr, &id, None)["id"], json!(id));
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A raw GET with optional extra header lines; the answer's head and body.
fn get_raw(addr: &str, path: &str, headers: &str) -> (String, String) {
    let mut stream = TcpStream::connect(addr).unwrap();
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    (head.to_ascii_lowercase(), body.to_owned())
}

#[test]
fn every_request_is_logged_as_json_with_its_id_and_never_a_token() {
    let dir = std::env::temp_dir().join(format!("gameshelf-log-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite:{}", dir.join("log.db").display());
    let mut server = serve_with(&url, 0, &["--log-format", "json"], Stdio::piped());
    let stderr = server.child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        BufReader::new(stderr)
            .lines()
            .map_while(Result::ok)
            .collect::<Vec<_>>()
    });
    let (id, tokens) = create(&server.addr, "osbo(players=2)", &["human", "human"]);
    let token = tokens[0].clone().unwrap();
    // The caller's id is kept and echoed; without one the server makes one.
    let path = format!("/api/tables/{id}?token={token}");
    let (head, _) = get_raw(&server.addr, &path, "X-Request-Id: trace-me-42\r\n");
    assert!(head.starts_with("http/1.1 200"), "{head}");
    assert!(head.contains("x-request-id: trace-me-42"), "{head}");
    let (head, _) = get_raw(
        &server.addr,
        "/api/tables/nope",
        "X-Request-Id: bad id!\r\n",
    );
    assert!(head.starts_with("http/1.1 404"), "{head}");
    let made = head
        .lines()
        .find_map(|line| line.strip_prefix("x-request-id: "))
        .expect("an id is made when the caller's is unusable");
    assert!(
        made.len() == 16 && made.bytes().all(|b| b.is_ascii_hexdigit()),
        "{made}"
    );
    let status = Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    server.child.wait().unwrap();
    let lines = reader.join().unwrap();
    assert!(!lines.is_empty());
    let events: Vec<Value> = lines
        .iter()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    for line in &lines {
        assert!(!line.contains(&token), "a token was logged: {line}");
        assert!(!line.contains('?'), "a query was logged: {line}");
    }
    let answered = |request: &str| {
        events
            .iter()
            .find(|e| e["message"] == "answered" && e["span"]["id"] == request)
            .unwrap_or_else(|| panic!("no answer logged for {request}: {lines:#?}"))
    };
    let traced = answered("trace-me-42");
    assert_eq!(traced["level"], "INFO");
    assert_eq!(traced["status"], 200);
    assert_eq!(traced["span"]["method"], "GET");
    assert_eq!(traced["span"]["route"], "/api/tables/{id}");
    assert_eq!(traced["span"]["path"], format!("/api/tables/{id}"));
    assert_eq!(answered(made)["status"], 404);
    assert!(
        events
            .iter()
            .any(|e| e["message"] == "table created" && e["table"] == id.as_str()),
        "{lines:#?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
