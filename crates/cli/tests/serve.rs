//! `gameshelf serve` as a real process: killed with SIGKILL in the middle of games, it
//! loses no acknowledged action, and play goes on after a restart.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};

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
    let mut child = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-pause", "0", "--db"])
        .arg(format!("sqlite:{}", db.display()))
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
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
    let mut tables = Vec::new();
    for (game, seats) in games {
        let (status, created) = http(
            &server.addr,
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
        tables.push((created["id"].as_str().unwrap().to_owned(), tokens));
    }
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
