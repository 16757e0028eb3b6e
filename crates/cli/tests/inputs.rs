//! Files that never end, block or are too large are refused at once with an error that
//! says why: `replay /dev/zero` and `osbo score /dev/zero` once read until memory ran out,
//! and a FIFO as a data file blocked forever.

use std::fs;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

fn gameshelf(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap()
}

/// Runs `args` and returns its error message, checking it failed cleanly (status 2).
fn refused(args: &[&str]) -> String {
    let out = gameshelf(args);
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
    stderr
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gameshelf-inputs-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn devices_are_refused_without_reading_them() {
    let e = refused(&["replay", "/dev/zero"]);
    assert!(
        e.contains("/dev/zero is a character device, not a regular file"),
        "{e}"
    );
    let e = refused(&["osbo", "score", "/dev/zero"]);
    assert!(e.contains("not a regular file"), "{e}");
    let e = refused(&["play", "--resume", "/dev/zero"]);
    assert!(e.contains("not a regular file"), "{e}");
}

#[test]
fn a_fifo_as_a_data_file_is_refused_instead_of_blocking() {
    let dir = scratch("fifo");
    let fifo = dir.join("board.toml");
    assert!(
        Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let e = refused(&[
        "sim",
        "laissez-faire",
        "--games",
        "1",
        "--data",
        fifo.to_str().unwrap(),
    ]);
    assert!(e.contains("is a FIFO, not a regular file"), "{e}");
    let decks = dir.join("decks");
    fs::create_dir_all(&decks).unwrap();
    assert!(
        Command::new("mkfifo")
            .arg(decks.join("monsters.toml"))
            .status()
            .unwrap()
            .success()
    );
    let e = refused(&[
        "sim",
        "open-oubliette",
        "--games",
        "1",
        "--data",
        decks.to_str().unwrap(),
    ]);
    assert!(e.contains("monsters.toml is a FIFO"), "{e}");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn files_above_their_size_limit_are_refused_unread() {
    let dir = scratch("large");
    // Sparse: takes no room on disk.
    let record = dir.join("huge.json");
    fs::File::create(&record)
        .unwrap()
        .set_len(65 << 20)
        .unwrap();
    let e = refused(&["replay", record.to_str().unwrap()]);
    assert!(
        e.contains("larger than 67108864 bytes, the limit for a game record"),
        "{e}"
    );
    let design = dir.join("design.txt");
    fs::File::create(&design).unwrap().set_len(2 << 20).unwrap();
    let e = refused(&["osbo", "score", design.to_str().unwrap()]);
    assert!(
        e.contains("larger than 1048576 bytes, the limit for a design"),
        "{e}"
    );
    fs::remove_dir_all(&dir).unwrap();
}

/// Names in a record are shown escaped: an escape sequence in a seat name cannot clear the
/// screen or set the window title.
#[test]
fn seat_names_from_a_record_are_printed_escaped() {
    let corpus = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/corpus/record-osbo-seat-names-with-escape-sequences.json"
    );
    let out = gameshelf(&["replay", corpus]);
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("(\\u{1b}]0;pwned\\u{7}you\\u{1b}[2J)"),
        "{stdout}"
    );
    assert!(stdout.contains("(heu\\u{202e}ristic)"), "{stdout}");
    assert!(!stdout.contains('\u{1b}'), "{stdout}");
}
