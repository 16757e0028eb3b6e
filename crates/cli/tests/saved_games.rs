//! The real `gameshelf play`, driven through its standard input: the game on disk survives
//! `kill -9`, SIGTERM, SIGHUP and a broken pipe, resumes to the same state, and a bad save
//! path is refused before the first move.

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Output, Stdio};

use gameshelf_engine::{Actor, Game, Record};
use gameshelf_osbo::Osbo;

/// The prompt line mode ends each decision with.
const PROMPT: &str = "(h for help, q to quit): ";

/// A fresh folder for one test, used as the data home (the autosave folder's root).
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("gameshelf-saved-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// `gameshelf` with `args`, its data home in this folder.
    fn gameshelf(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gameshelf"));
        cmd.args(args)
            .env("XDG_DATA_HOME", &self.0)
            .env("HOME", &self.0)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        cmd
    }

    /// The autosaved records.
    fn autosaves(&self) -> Vec<PathBuf> {
        let dir = self.0.join("gameshelf/autosave");
        let mut files: Vec<PathBuf> = fs::read_dir(dir)
            .map(|d| d.map(|e| e.unwrap().path()).collect())
            .unwrap_or_default();
        files.sort();
        files
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// A running `gameshelf play --line`, read up to each prompt.
struct Session {
    child: Child,
    stdout: ChildStdout,
}

impl Session {
    fn start(mut cmd: Command) -> Session {
        let mut child = cmd.spawn().unwrap();
        let stdout = child.stdout.take().unwrap();
        Session { child, stdout }
    }

    /// Everything printed up to the next prompt (`None` if the output ends first).
    fn until_prompt(&mut self) -> Option<String> {
        let mut text = Vec::new();
        let mut byte = [0u8; 1];
        while !text.ends_with(PROMPT.as_bytes()) {
            if self.stdout.read(&mut byte).unwrap() == 0 {
                return None;
            }
            text.push(byte[0]);
        }
        Some(String::from_utf8(text).unwrap())
    }

    fn answer(&mut self, line: &str) {
        let stdin = self.child.stdin.as_mut().unwrap();
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
    }

    /// Answers `1` to `n` decisions and returns the text of the decision after them.
    fn play_ones(&mut self, n: usize) -> String {
        let mut text = self.until_prompt().expect("a first decision");
        for _ in 0..n {
            self.answer("1");
            text = self.until_prompt().expect("a later decision");
        }
        text
    }

    /// Sends `signal` (by its name, e.g. `TERM`) and waits for the end, standard input
    /// kept open meanwhile (its end would let the game end by itself).
    fn signal(mut self, signal: &str) -> Output {
        let stdin = self.child.stdin.take();
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-s", signal, &pid]).status();
        assert!(sent.unwrap().success());
        let out = self.child.wait_with_output().unwrap();
        drop(stdin);
        out
    }
}

/// The view of the last decision in `text`: from its `== ... to move ==` line on.
fn last_view(text: &str) -> &str {
    let start = text.rfind("\n== ").expect("a decision header");
    &text[start..]
}

fn osbo() -> Osbo {
    Osbo::from_spec(&"osbo(players=2)".parse().unwrap()).unwrap()
}

fn record(path: &Path) -> Record<gameshelf_osbo::Action> {
    Record::from_json(&fs::read_to_string(path).unwrap()).unwrap()
}

const NEW_GAME: [&str; 8] = [
    "play",
    "osbo",
    "--players",
    "2",
    "--bots",
    "1",
    "--seed",
    "11",
];

#[test]
fn a_game_killed_mid_game_resumes_from_the_autosave_to_the_same_state() {
    let dir = Scratch::new("kill");
    let mut game = Session::start(dir.gameshelf(&[&NEW_GAME[..], &["--line"]].concat()));
    let before_kill = game.play_ones(3);
    game.child.kill().unwrap(); // SIGKILL: no handler runs
    game.child.wait().unwrap();

    let saves = dir.autosaves();
    assert_eq!(saves.len(), 1, "one autosave: {saves:?}");
    let saved = record(&saves[0]);
    let state = saved.replay(&osbo()).unwrap();
    assert_eq!(
        osbo().actor(&state),
        Actor::Player(0),
        "saved at the human's decision"
    );
    assert_eq!(saved.players, ["human", "heuristic"]);
    assert_eq!(saved.seed, Some(11));

    let file = saves[0].to_str().unwrap();
    let mut resumed = Session::start(dir.gameshelf(&["play", "--resume", file, "--line"]));
    let after = resumed.until_prompt().unwrap();
    assert!(
        after.contains(&format!(
            "resuming the saved game after {} actions",
            saved.actions.len()
        )),
        "{after}"
    );
    assert_eq!(
        last_view(&after),
        last_view(&before_kill),
        "the same decision, the same view"
    );
    // Play it out: the finished record starts with the saved one.
    resumed.answer("1");
    while resumed.until_prompt().is_some() {
        resumed.answer("1");
    }
    assert!(resumed.child.wait().unwrap().success());
    let whole = record(&saves[0]);
    assert_eq!(whole.actions[..saved.actions.len()], saved.actions[..]);
    assert!(osbo().is_terminal(&whole.replay(&osbo()).unwrap()));
}

#[test]
fn sigterm_and_sighup_leave_every_action_and_say_where() {
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
        let dir = Scratch::new(&format!("sig{signal}"));
        let path = dir.0.join("game.json");
        let save = ["--save", path.to_str().unwrap(), "--line"];
        let mut game = Session::start(dir.gameshelf(&[&NEW_GAME[..], &save].concat()));
        game.play_ones(2);
        let at_prompt = record(&path);
        let out = game.signal(signal);
        assert_eq!(out.status.code(), Some(status), "SIG{signal}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains(&format!(
                "stopped by SIG{signal}; the game so far is saved in {}",
                path.display()
            )),
            "{stderr}"
        );
        assert_eq!(record(&path), at_prompt, "every action played is on disk");
        assert!(!at_prompt.actions.is_empty());
    }
}

/// `play --line ... | head -3` once lost the game: the record was written only at the end.
#[test]
fn a_broken_pipe_leaves_the_record() {
    let dir = Scratch::new("pipe");
    let mut game = Session::start(dir.gameshelf(&[&NEW_GAME[..], &["--line"]].concat()));
    game.until_prompt().unwrap();
    let Session { mut child, stdout } = game;
    drop(stdout);
    let stdin = child.stdin.as_mut().unwrap();
    writeln!(stdin, "1").unwrap();
    let out = child.wait_with_output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("the game so far is saved in"), "{stderr}");
    let saves = dir.autosaves();
    assert_eq!(saves.len(), 1);
    let saved = record(&saves[0]);
    assert!(
        saved.actions.len() > 2,
        "the human's move is kept: {:?}",
        saved.actions
    );
}

/// An unwritable `--save` path was once found out only after the game ended, and a link
/// at the path was followed.
#[test]
fn a_bad_save_path_is_refused_before_the_first_move() {
    let dir = Scratch::new("badsave");
    let target = dir.0.join("precious.txt");
    fs::write(&target, "keep me").unwrap();
    let link = dir.0.join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    for (path, says) in [
        (
            Path::new("/nonexistent/x.json"),
            "cannot write /nonexistent/x.json",
        ),
        (
            Path::new("/dev/full"),
            "/dev/full is a character device, not a regular file",
        ),
        (link.as_path(), "is a symbolic link"),
        (dir.0.as_path(), "is a folder"),
    ] {
        let save = ["--save", path.to_str().unwrap(), "--line"];
        let out = dir
            .gameshelf(&[&NEW_GAME[..], &save].concat())
            .stdin(Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{path:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(says), "{path:?}: {stderr}");
        assert!(out.stdout.is_empty(), "no move was shown for {path:?}");
    }
    assert_eq!(fs::read_to_string(&target).unwrap(), "keep me");
}

#[test]
fn resuming_a_finished_game_says_so() {
    let dir = Scratch::new("finished");
    let path = dir.0.join("done.json");
    let save = ["--save", path.to_str().unwrap(), "--line"];
    let bots = [
        "play",
        "osbo",
        "--players",
        "2",
        "--bots",
        "2",
        "--seed",
        "4",
    ];
    let out = dir
        .gameshelf(&[&bots[..], &save].concat())
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = dir
        .gameshelf(&["play", "--resume", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("holds a finished game"), "{stderr}");
}
