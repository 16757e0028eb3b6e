//! `gameshelf`: the thin command-line front end.
//!
//! It parses arguments, builds a game from its game string, calls the library crates and
//! maps their typed errors to messages and exit codes. Anything with rules in it lives in a
//! library crate.

/// `println!` that ends the program quietly when stdout is closed (`gameshelf ... | head`),
/// instead of panicking on the broken pipe.
macro_rules! out {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout().lock(), $($arg)*) {
            if e.kind() == std::io::ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            panic!("cannot write to stdout: {e}");
        }
    }};
}

mod arena;
mod args;
mod balance;
mod bench;
mod compare;
mod games;
mod honest;
mod merge;
mod odds;
mod osbo;
mod part;
mod play;
mod replay;
mod serve;
mod shelf;
mod sim;
mod solitaire;
mod sweep;

use std::process::ExitCode;

use clap::Parser;
use gameshelf_engine::escape_lines;

use args::{Cli, Command};

/// mimalloc rather than the C library's allocator: serving a move allocates (requests,
/// JSON, views) on many threads at once, where glibc's allocator took about a sixth of
/// the server's CPU (docs/operations.md gives the figures).
#[global_allocator]
static ALLOC: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        None => serve::run(&args::ServeArgs::default()),
        Some(command) => match command {
            Command::Serve(a) => serve::run(&a),
            Command::Games(a) => games::run(&a),
            Command::Play(a) => play::run(&a),
            Command::Sim(a) => sim::run(&a),
            Command::Compare(a) => compare::run(&a),
            Command::Merge(a) => merge::run(&a),
            Command::Balance(a) => balance::run(&a),
            Command::Sweep(a) => sweep::run(&a),
            Command::Replay(a) => replay::run(&a),
            Command::Odds(a) => odds::run(&a),
            Command::Bench(a) => bench::run(&a),
            Command::Arena(a) => arena::run(&a),
            Command::Osbo(a) => osbo::run(&a),
            Command::Solitaire(a) => solitaire::run(&a),
        },
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            // Messages may quote a file or an argument: control characters in them are
            // shown escaped, never sent to the terminal.
            eprintln!("gameshelf: {}", escape_lines(&format!("{e:#}")));
            ExitCode::from(2)
        }
    }
}
