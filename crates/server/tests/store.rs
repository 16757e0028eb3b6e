//! The storage contract, checked against a real SQLite file and a real PostgreSQL server
//! (a scratch database each): the same tests for both, then what only a store shared by
//! several servers must do (concurrent writers, change notices, the right to move bots).

use std::sync::Arc;
use std::time::Duration;

use gameshelf_server::store::scratch::{ScratchDb, admin_url};
use gameshelf_server::store::{self, Change, Stamp, StoreError, StoredAction, StoredSeat};

/// A store under test and what keeps it alive (a folder or a scratch database).
enum Backing {
    File(std::path::PathBuf),
    Pg(Box<ScratchDb>),
}

impl Drop for Backing {
    fn drop(&mut self) {
        if let Backing::File(dir) = self {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

impl Backing {
    fn url(&self) -> String {
        match self {
            Backing::File(dir) => format!("sqlite:{}", dir.join("t.db").display()),
            Backing::Pg(db) => db.url().to_owned(),
        }
    }
}

fn sqlite(name: &str) -> Backing {
    let dir = std::env::temp_dir().join(format!(
        "gameshelf-store-{name}-{}-{}",
        std::process::id(),
        gameshelf_server::token::random_hex(4)
    ));
    std::fs::create_dir_all(&dir).unwrap();
    Backing::File(dir)
}

/// A scratch PostgreSQL database, or `None` (said on stderr) when no server answers;
/// under CI a missing server is a failure.
async fn postgres() -> Option<Backing> {
    match ScratchDb::create(&admin_url()).await {
        Ok(db) => Some(Backing::Pg(Box::new(db))),
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

/// Both backends, each with a fresh store.
async fn backends(name: &str) -> Vec<Backing> {
    let mut all = vec![sqlite(name)];
    all.extend(postgres().await);
    all
}

fn act(i: u64) -> StoredAction {
    StoredAction {
        action: format!("{i}"),
        text: (i == 1).then(|| "hi".to_owned()),
        timed: i == 2,
    }
}

fn at(plies: u64, undos: u64) -> Stamp {
    Stamp { plies, undos }
}

fn seats() -> Vec<StoredSeat> {
    vec![
        StoredSeat::Human { token: "ab".into() },
        StoredSeat::Bot {
            spec: "heuristic".into(),
        },
    ]
}

#[tokio::test]
async fn tables_and_actions_survive_a_reopen() {
    for backing in backends("reopen").await {
        let url = backing.url();
        {
            let store = store::open(&url).await.unwrap();
            store
                .create_table("t1", "osbo", &seats(), Some(30))
                .await
                .unwrap();
            store
                .create_table("t2", "osbo", &seats(), None)
                .await
                .unwrap();
            for ply in 0..3 {
                store
                    .append_action("t1", at(ply, 0), act(ply))
                    .await
                    .unwrap();
            }
        }
        let store = store::open(&url).await.unwrap();
        let tables = store.load_tables().await.unwrap();
        assert_eq!(tables.len(), 2, "{url}");
        let t = &tables[0];
        assert_eq!((t.game.as_str(), &t.seats), ("osbo", &seats()), "{url}");
        let actions: Vec<&str> = t.actions.iter().map(|a| a.action.as_str()).collect();
        assert_eq!(actions, ["0", "1", "2"], "{url}");
        assert_eq!(t.actions[1].text.as_deref(), Some("hi"), "{url}");
        let timed: Vec<bool> = t.actions.iter().map(|a| a.timed).collect();
        assert_eq!(
            timed,
            [false, false, true],
            "{url}: the clock's move is marked"
        );
        assert_eq!((t.clock, tables[1].clock), (Some(30), None), "{url}");
        assert_eq!(t.stamp(), at(3, 0), "{url}");
        assert_eq!(store.load_table("t1").await.unwrap().as_ref(), Some(t));
        assert_eq!(store.load_table("nope").await.unwrap(), None, "{url}");
    }
}

#[tokio::test]
async fn a_stale_write_is_refused_and_changes_nothing() {
    for backing in backends("stale").await {
        let url = backing.url();
        let store = store::open(&url).await.unwrap();
        store.create_table("t", "osbo", &[], None).await.unwrap();
        store.append_action("t", at(0, 0), act(0)).await.unwrap();
        // A second writer that saw the empty table loses, and is told where it stands.
        let e = store
            .append_action("t", at(0, 0), act(9))
            .await
            .unwrap_err();
        assert!(
            matches!(e, StoreError::Stale { now, .. } if now == at(1, 0)),
            "{url}: {e}"
        );
        let e = store.undo_action("t", at(2, 0)).await.unwrap_err();
        assert!(matches!(e, StoreError::Stale { .. }), "{url}: {e}");
        let t = store.load_table("t").await.unwrap().unwrap();
        assert_eq!(t.actions, [act(0)], "{url}");
        // A table that does not exist is stale for every writer.
        let e = store
            .append_action("x", at(0, 0), act(0))
            .await
            .unwrap_err();
        assert!(matches!(e, StoreError::Stale { .. }), "{url}: {e}");
    }
}

#[tokio::test]
async fn an_undo_then_a_new_move_refuses_a_move_chosen_before_the_undo() {
    for backing in backends("undo").await {
        let url = backing.url();
        let store = store::open(&url).await.unwrap();
        store.create_table("t", "osbo", &[], None).await.unwrap();
        store.append_action("t", at(0, 0), act(0)).await.unwrap();
        store.append_action("t", at(1, 0), act(1)).await.unwrap();
        store.undo_action("t", at(2, 0)).await.unwrap();
        store.append_action("t", at(1, 1), act(7)).await.unwrap();
        // Two actions again, but not the two a writer at (2, 0) saw.
        let e = store
            .append_action("t", at(2, 0), act(8))
            .await
            .unwrap_err();
        assert!(
            matches!(e, StoreError::Stale { now, .. } if now == at(2, 1)),
            "{url}: {e}"
        );
        let t = store.load_table("t").await.unwrap().unwrap();
        assert_eq!(t.actions, [act(0), act(7)], "{url}");
        assert_eq!(t.undos, 1, "{url}");
    }
}

#[tokio::test]
async fn many_tables_written_at_once_keep_every_action_in_order() {
    for backing in backends("many").await {
        let url = backing.url();
        let store = store::open(&url).await.unwrap();
        let tables: Vec<String> = (0..8).map(|i| format!("t{i}")).collect();
        for t in &tables {
            store.create_table(t, "osbo", &[], None).await.unwrap();
        }
        let mut tasks = Vec::new();
        for t in tables.clone() {
            let store = Arc::clone(&store);
            tasks.push(tokio::spawn(async move {
                for ply in 0..20 {
                    store.append_action(&t, at(ply, 0), act(ply)).await.unwrap();
                }
            }));
        }
        for task in tasks {
            task.await.unwrap();
        }
        for t in &tables {
            let stored = store.load_table(t).await.unwrap().unwrap();
            assert_eq!(
                stored.actions,
                (0..20).map(act).collect::<Vec<_>>(),
                "{url}"
            );
        }
    }
}

#[tokio::test]
async fn other_urls_are_refused() {
    for url in ["mysql://x", "x.db", ""] {
        let e = store::open(url).await.err().unwrap();
        assert!(matches!(e, StoreError::UnsupportedUrl(_)), "{url}: {e}");
    }
}

#[test]
fn passwords_are_not_printed() {
    assert_eq!(
        store::redacted("postgres://me:secret@db:5432/games"),
        "postgres://me:***@db:5432/games"
    );
    assert_eq!(
        store::redacted("postgres://me@db/games"),
        "postgres://me@db/games"
    );
    assert_eq!(store::redacted("sqlite:a.db"), "sqlite:a.db");
}

#[tokio::test]
async fn two_servers_racing_for_each_ply_store_exactly_one_action_each() {
    let Some(backing) = postgres().await else {
        return;
    };
    let (a, b) = (
        store::open(&backing.url()).await.unwrap(),
        store::open(&backing.url()).await.unwrap(),
    );
    a.create_table("t", "osbo", &[], None).await.unwrap();
    let mut won = [0u32; 2];
    for ply in 0..30 {
        let (ra, rb) = tokio::join!(
            a.append_action("t", at(ply, 0), act(100 + ply)),
            b.append_action("t", at(ply, 0), act(200 + ply)),
        );
        match (ra, rb) {
            (Ok(()), Err(StoreError::Stale { .. })) => won[0] += 1,
            (Err(StoreError::Stale { .. }), Ok(())) => won[1] += 1,
            other => panic!("ply {ply}: exactly one writer must win, got {other:?}"),
        }
    }
    let t = b.load_table("t").await.unwrap().unwrap();
    assert_eq!(t.actions.len(), 30);
    assert_eq!(won[0] + won[1], 30);
}

#[tokio::test]
async fn one_servers_writes_reach_the_other_as_changes() {
    let Some(backing) = postgres().await else {
        return;
    };
    let a = store::open(&backing.url()).await.unwrap();
    let b = store::open(&backing.url()).await.unwrap();
    let mut heard = b.changes().expect("a shared store reports changes");
    a.create_table("t", "osbo", &[], None).await.unwrap();
    a.append_action("t", at(0, 0), act(0)).await.unwrap();
    a.undo_action("t", at(1, 0)).await.unwrap();
    let next = async {
        tokio::time::timeout(Duration::from_secs(10), heard.recv())
            .await
            .expect("a change arrives")
            .unwrap()
    };
    let moved = |plies, undos| Change::Moved {
        table: "t".to_owned(),
        stamp: at(plies, undos),
    };
    assert_eq!(next.await, moved(1, 0));
    let next = tokio::time::timeout(Duration::from_secs(10), heard.recv());
    assert_eq!(next.await.unwrap().unwrap(), moved(0, 1));
    // The SQLite store is for one server: it has no one to hear from.
    let file = sqlite("changes");
    assert!(store::open(&file.url()).await.unwrap().changes().is_none());
}

#[tokio::test]
async fn only_one_server_moves_a_tables_bots_until_it_stops() {
    let Some(backing) = postgres().await else {
        return;
    };
    let a = store::open(&backing.url()).await.unwrap();
    let b = store::open(&backing.url()).await.unwrap();
    assert!(a.claim("t").await.unwrap());
    assert!(a.claim("t").await.unwrap(), "a server keeps what it holds");
    assert!(!b.claim("t").await.unwrap());
    assert!(b.claim("u").await.unwrap(), "other tables are free");
    a.release("t").await.unwrap();
    assert!(b.claim("t").await.unwrap());
    assert!(!a.claim("t").await.unwrap());
    // A server that stops (its connections close) frees what it held.
    drop(b);
    let mut freed = false;
    for _ in 0..100 {
        if a.claim("u").await.unwrap() {
            freed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(freed, "a stopped server's tables are taken over");
}

#[tokio::test]
async fn a_server_whose_claims_session_is_lost_gives_its_tables_up() {
    use sqlx::Connection;
    let Some(backing) = postgres().await else {
        return;
    };
    let a = store::open(&backing.url()).await.unwrap();
    assert!(a.claim("t").await.unwrap());
    // The database ends the session that holds a's locks (as a network cut or a restarted
    // database would), while a lives on.
    let mut admin = sqlx::PgConnection::connect(&backing.url()).await.unwrap();
    let ended: i64 = sqlx::query_scalar(
        "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE application_name = $1 AND datname = current_database()) AS ended",
    )
    .bind(gameshelf_server::store::CLAIMS_APPLICATION)
    .fetch_one(&mut admin)
    .await
    .unwrap();
    assert_eq!(ended, 1);
    let b = store::open(&backing.url()).await.unwrap();
    let mut taken = false;
    for _ in 0..100 {
        if b.claim("t").await.unwrap() {
            taken = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(taken, "the table is free once a's session is gone");
    // a notices and no longer believes it holds the table; it claims afresh.
    let mut given_up = false;
    for _ in 0..100 {
        if let Ok(false) = a.claim("t").await {
            given_up = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(given_up, "a still claims a table another server holds");
    assert!(a.claim("u").await.unwrap(), "a claims other tables again");
    assert!(!b.claim("u").await.unwrap());
}

#[tokio::test]
async fn a_move_and_its_roll_are_stored_together_or_not_at_all() {
    for backing in backends("chain").await {
        let url = backing.url();
        let store = store::open(&url).await.unwrap();
        store.create_table("t", "osbo", &[], None).await.unwrap();
        store
            .append_actions("t", at(0, 0), vec![act(0), act(1), act(2)])
            .await
            .unwrap();
        // A stale chain stores none of its actions.
        let e = store
            .append_actions("t", at(1, 0), vec![act(8), act(9)])
            .await
            .unwrap_err();
        assert!(
            matches!(e, StoreError::Stale { now, .. } if now == at(3, 0)),
            "{url}: {e}"
        );
        store.append_actions("t", at(3, 0), vec![]).await.unwrap();
        store
            .append_actions("t", at(3, 0), vec![act(3)])
            .await
            .unwrap();
        let t = store.load_table("t").await.unwrap().unwrap();
        assert_eq!(t.actions, [act(0), act(1), act(2), act(3)], "{url}");
        assert_eq!(t.stamp(), at(4, 0), "{url}");
    }
}

/// The schema as it stood before tables had a move clock, with one table and its move.
const BEFORE_CLOCKS: &str = "CREATE TABLE tables (
        id TEXT PRIMARY KEY NOT NULL,
        game TEXT NOT NULL,
        seats TEXT NOT NULL,
        plies BIGINT NOT NULL DEFAULT 0,
        undos BIGINT NOT NULL DEFAULT 0
    );
    CREATE TABLE actions (
        table_id TEXT NOT NULL REFERENCES tables(id),
        ply BIGINT NOT NULL,
        action TEXT NOT NULL,
        text TEXT,
        PRIMARY KEY (table_id, ply)
    );
    INSERT INTO tables (id, game, seats, plies) VALUES ('old', 'osbo', '[]', 1);
    INSERT INTO actions (table_id, ply, action) VALUES ('old', 0, '0');";

#[tokio::test]
async fn a_table_stored_before_clocks_loads_without_one() {
    use sqlx::Connection;
    for backing in backends("before-clocks").await {
        let url = backing.url();
        match &backing {
            Backing::File(_) => {
                let mut db = sqlx::SqliteConnection::connect(&format!("{url}?mode=rwc"))
                    .await
                    .unwrap();
                // SQLite's schema had a `created` column with a default and counts its
                // migrations in `user_version`.
                let schema = BEFORE_CLOCKS.replace(
                    "seats TEXT NOT NULL,",
                    "seats TEXT NOT NULL, created INTEGER NOT NULL DEFAULT 0,",
                );
                sqlx::raw_sql(&format!("{schema}; PRAGMA user_version = 2;"))
                    .execute(&mut db)
                    .await
                    .unwrap();
            }
            Backing::Pg(_) => {
                let mut db = sqlx::PgConnection::connect(&url).await.unwrap();
                let schema = BEFORE_CLOCKS.replace(
                    "seats TEXT NOT NULL,",
                    "seats TEXT NOT NULL, created TIMESTAMPTZ NOT NULL DEFAULT now(),",
                );
                sqlx::raw_sql(&format!(
                    "{schema}; CREATE TABLE gameshelf_schema (version INTEGER NOT NULL);
                     INSERT INTO gameshelf_schema (version) VALUES (1);"
                ))
                .execute(&mut db)
                .await
                .unwrap();
            }
        }
        let store = store::open(&url).await.unwrap();
        let old = store.load_table("old").await.unwrap().unwrap();
        assert_eq!(old.clock, None, "{url}");
        assert_eq!(old.actions.len(), 1, "{url}");
        assert!(!old.actions[0].timed, "{url}");
        // The old table goes on, and a new one keeps its clock.
        store.append_action("old", at(1, 0), act(2)).await.unwrap();
        store
            .create_table("new", "osbo", &[], Some(5))
            .await
            .unwrap();
        let new = store.load_table("new").await.unwrap().unwrap();
        assert_eq!(new.clock, Some(5), "{url}");
        assert!(store.load_table("old").await.unwrap().unwrap().actions[1].timed);
    }
}

/// A server over the database at `url` on any free port, its address as a base URL.
async fn server_over(url: &str) -> String {
    let mut config = gameshelf_server::Config::new(
        std::net::SocketAddr::from(([127, 0, 0, 1], 0)),
        url.to_owned(),
    );
    config.bot_pause = Duration::ZERO;
    config.posts = gameshelf_server::flood::Rate::UNLIMITED;
    let server = gameshelf_server::Server::bind(config).await.unwrap();
    let base = format!("http://{}", server.local_addr());
    tokio::spawn(server.run());
    base
}

async fn get_json(url: &str) -> serde_json::Value {
    reqwest::get(url).await.unwrap().json().await.unwrap()
}

/// Two servers over one database both hold a clocked table, so both run its clock and
/// both try to play each timed move at about the same moment: the store's check on the
/// number of actions lets one commit and refuses the other's, which reads the table again.
/// Each decision gets one timed move, and a third server restores the same history.
#[tokio::test]
async fn two_servers_running_one_tables_clock_store_each_timed_move_once() {
    let Some(backing) = postgres().await else {
        return;
    };
    let (a, b) = (
        server_over(&backing.url()).await,
        server_over(&backing.url()).await,
    );
    let table: serde_json::Value = reqwest::Client::new()
        .post(format!("{a}/api/tables"))
        .json(&serde_json::json!({"game": "osbo(players=2)", "seats": ["human", "human"], "clock": 5}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = table["id"].as_str().unwrap();
    // The second server reads the table (and starts its clock) at once.
    assert_eq!(get_json(&format!("{b}/api/tables/{id}")).await["id"], id);
    const TIMED: &str = " (time ran out: the clock played it)";
    let timed = |view: &serde_json::Value| {
        view["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|line| line.as_str().unwrap().ends_with(TIMED))
            .count()
    };
    // Three timed moves, as both servers see them (at most 30 s, not a speed limit).
    let start = std::time::Instant::now();
    let (seen_a, seen_b) = loop {
        let (va, vb) = (
            get_json(&format!("{a}/api/tables/{id}")).await,
            get_json(&format!("{b}/api/tables/{id}")).await,
        );
        if timed(&va) >= 3 && va["ply"] == vb["ply"] {
            break (va, vb);
        }
        assert!(start.elapsed() < Duration::from_secs(30), "{va}\n{vb}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(seen_a["log"], seen_b["log"]);
    assert_eq!(
        seen_a["log"].as_array().unwrap().len(),
        seen_a["ply"].as_u64().unwrap() as usize,
        "one line for each stored action"
    );
    // The stored history is whole: it marks each timed move, and a third server restores it.
    let stored = store::open(&backing.url())
        .await
        .unwrap()
        .load_table(id)
        .await
        .unwrap()
        .unwrap();
    assert!(stored.actions.iter().filter(|a| a.timed).count() >= 3);
    let c = server_over(&backing.url()).await;
    let restored = get_json(&format!("{c}/api/tables/{id}")).await;
    let plies = seen_a["ply"].as_u64().unwrap() as usize;
    assert_eq!(
        restored["log"].as_array().unwrap()[..plies],
        seen_a["log"].as_array().unwrap()[..]
    );
}
