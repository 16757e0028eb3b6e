//! What the command-line tests share.

use std::process::{Command, Output, Stdio};

/// Runs `gameshelf args` with no input and checks that it succeeded, naming its error
/// output if not.
pub fn succeeded(args: &[&str]) -> Output {
    let out = Command::new(env!("CARGO_BIN_EXE_gameshelf"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "gameshelf {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}
