//! `gameshelf play`: a game in the terminal, saved after every move, or resumed.
//!
//! Every game is saved: to `--save FILE`, or to a new file in the autosave folder
//! (`$XDG_DATA_HOME/gameshelf/autosave`, else `~/.local/share/gameshelf/autosave`). The
//! path is checked before the first move and printed when the game starts and when it
//! ends. `--resume FILE` reads a saved record, seats the same players and bots (the
//! record's `players`, or for older records the bot names in its `seats`) and goes on,
//! saving to the same file unless `--save` says otherwise.

use std::io::{IsTerminal, Write as _};
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow, bail};
use gameshelf_ai::mcts::Level;
use gameshelf_ai::{BotSpec, Roster, parse_list_for};
use gameshelf_engine::{Actor, Game, Record, escape_controls, read_header, read_record};
use gameshelf_oubliette_solitaire::{Action, Deal, EndKind, OublietteSolitaire};
use gameshelf_terminal::{Mode, Next, PlayOptions, Played, Player, TerminalError};

use crate::args::PlayArgs;
use crate::shelf::{self, Shelf};
use crate::solitaire::{deal_verdict_text, winning_line_after};

/// How the match begins.
enum Start {
    /// A new game from the command line's options.
    New,
    /// The game saved in `file`, whose text is `text`.
    Resume { file: PathBuf, text: String },
}

pub fn run(args: &PlayArgs) -> Result<()> {
    let (shelf, start) = match (&args.resume, args.game_args()) {
        (Some(file), _) => {
            let text = read_record(file)?;
            let header = read_header(&text)
                .with_context(|| format!("{} is not a valid record", file.display()))?;
            let spec = header
                .game
                .parse()
                .with_context(|| format!("{}: bad game string", file.display()))?;
            let shelf = Shelf::build(&spec, args.data.as_deref())?;
            let file = file.clone();
            (shelf, Start::Resume { file, text })
        }
        (None, Some(game)) => (shelf::from_args(&game, None)?, Start::New),
        (None, None) => bail!("name a game to play, or --resume FILE"),
    };
    if args.deal.is_some() && !matches!(shelf, Shelf::OublietteSolitaire(_)) {
        bail!("--deal is only accepted by oubliette-solitaire (numbered deals)");
    }
    match shelf {
        Shelf::OpenOubliette(game) => play(
            &game,
            args,
            &start,
            gameshelf_terminal::open_oubliette::play,
        ),
        Shelf::Osbo(game) => play(&game, args, &start, gameshelf_terminal::osbo::play),
        Shelf::LaissezFaire(game) => {
            play(&game, args, &start, gameshelf_terminal::laissez_faire::play)
        }
        Shelf::OublietteSolitaire(game) => {
            if let Start::Resume { file, text } = &start {
                check_deal(&game, file, text)?;
            }
            play(&game, args, &start, |game, mut players, options| {
                let Some(player) = players.pop() else {
                    return Err(TerminalError::PlayerCount { seats: 1, given: 0 });
                };
                if let Some(number) = options.deal {
                    say(&format!("gameshelf: {}", deal_verdict_text(game, number)));
                }
                // The hints come from the strongest player that sees only what a person
                // sees: the hard search level.
                let adviser = Some(game.bot(BotSpec::Level(Level::Hard)));
                let played =
                    gameshelf_terminal::oubliette_solitaire::play(game, player, adviser, options)?;
                if let Some(number) = options.deal {
                    show_winning_line(game, number, &played);
                }
                Ok(played)
            })
        }
    }
}

/// Seats the players, plays the match with `front` and says where the record is; then
/// plays again as long as the people at the screen ask for another game (a new seed or the
/// next numbered deal) or the same one (the same seed or deal), each saved to a new file
/// in the autosave folder.
fn play<G: Roster>(
    game: &G,
    args: &PlayArgs,
    start: &Start,
    front: impl Fn(&G, Vec<Player<G>>, &PlayOptions) -> Result<Played<G::Action>, TerminalError>,
) -> Result<()> {
    let (mut players, mut options) = match start {
        Start::New => {
            let (players, names) = seats(game, &args.bots)?;
            let save = match &args.save {
                Some(path) => path.clone(),
                None => autosave_path(game.info().id)?,
            };
            let options = PlayOptions {
                seed: args.seed.unwrap_or_else(seed_from_clock),
                names,
                save: Some(save),
                deal: args.deal,
                ..mode(args)
            };
            (players, options)
        }
        Start::Resume { file, text } => resumed(game, args, file, text)?,
    };
    loop {
        let played = play_one(game, players, &options, &front)?;
        match played.next {
            Next::Leave => return Ok(()),
            Next::NewGame => {
                options.seed = seed_from_clock();
                options.deal = options.deal.map(|d| d.wrapping_add(1));
            }
            Next::SameChance => {}
        }
        players = players_of(game, &played.record)?;
        options.resume = None;
        options.save = Some(autosave_path(game.info().id)?);
    }
}

/// Plays one match and says where its record is.
fn play_one<G: Roster>(
    game: &G,
    players: Vec<Player<G>>,
    options: &PlayOptions,
    front: &impl Fn(&G, Vec<Player<G>>, &PlayOptions) -> Result<Played<G::Action>, TerminalError>,
) -> Result<Played<G::Action>> {
    let path = options.save.clone().unwrap_or_default();
    let shown = escape_controls(&path.display().to_string()).into_owned();
    say(&format!(
        "gameshelf: the game is saved to {shown} after every move; `gameshelf play --resume {shown}` goes on with it"
    ));
    match front(game, players, options) {
        Ok(played) => {
            let state = played.record.replay(game)?;
            let end = if game.is_terminal(&state) {
                "finished"
            } else {
                "unfinished"
            };
            say(&format!(
                "gameshelf: {end} game of {} actions saved to {shown}",
                played.record.actions.len()
            ));
            Ok(played)
        }
        Err(TerminalError::Interrupted {
            source, actions, ..
        }) => Err(anyhow!(source).context(format!(
            "the terminal failed after {actions} actions; the game so far is saved in {shown}"
        ))),
        Err(e @ TerminalError::SaveFailed { .. }) => {
            Err(anyhow!(e).context(format!("{shown} keeps the game up to the move before")))
        }
        Err(e @ TerminalError::SavePath(_)) => {
            Err(anyhow!(e).context(format!("cannot save the game to {shown}")))
        }
        Err(e) => Err(e.into()),
    }
}

/// After a finished game of a numbered deal that was lost: the solver's winning line, if
/// the deal has one.
fn show_winning_line(game: &OublietteSolitaire, number: u64, played: &Played<Action>) {
    let Ok(state) = played.record.replay(game) else {
        return;
    };
    if !game.is_terminal(&state) || state.end() == Some(EndKind::Won) {
        return;
    }
    match winning_line_after(game, number) {
        Ok(Some(lines)) => {
            say(&format!(
                "gameshelf: deal {number} could be won; the solver's winning line:"
            ));
            for line in lines {
                say(&line);
            }
        }
        Ok(None) => {}
        Err(e) => say(&format!("gameshelf: {e:#}")),
    }
}

/// A line on standard error, if there is still somewhere to write it.
fn say(line: &str) {
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// The players and options of a resumed game: the record's seats, bots, seed and deal.
fn resumed<G: Roster>(
    game: &G,
    args: &PlayArgs,
    file: &Path,
    text: &str,
) -> Result<(Vec<Player<G>>, PlayOptions)> {
    let shown = file.display();
    let record = Record::<G::Action>::from_json(text)
        .with_context(|| format!("{shown} is not a valid record"))?;
    let state = record
        .replay(game)
        .with_context(|| format!("{shown} does not replay"))?;
    if game.is_terminal(&state) {
        bail!(
            "{shown} holds a finished game ({} actions): nothing to resume; `gameshelf replay {shown}` shows how it ended",
            record.actions.len()
        );
    }
    let players = players_of(game, &record).with_context(|| shown.to_string())?;
    let n = game.num_players();
    let kinds = if record.players.is_empty() {
        &record.seats
    } else {
        &record.players
    };
    let names = if record.seats.len() == n {
        record.seats.clone()
    } else {
        kinds.clone()
    };
    let options = PlayOptions {
        seed: record.seed.unwrap_or_else(seed_from_clock),
        names,
        save: Some(args.save.clone().unwrap_or_else(|| file.to_owned())),
        resume: Some(text.to_owned()),
        deal: record.deal,
        ..mode(args)
    };
    Ok((players, options))
}

/// The players a record names, to seat them again: `record.players` (a bot spec or
/// `human` per seat), or for older records the bot names in `seats` (people otherwise).
fn players_of<G: Roster>(game: &G, record: &Record<G::Action>) -> Result<Vec<Player<G>>> {
    let n = game.num_players();
    // Older records name the players only in `seats`: bots by their spec, people otherwise.
    let kinds = if record.players.is_empty() {
        &record.seats
    } else {
        &record.players
    };
    if kinds.len() != n {
        bail!(
            "the record lists {} players for a game of {n} seats",
            kinds.len()
        );
    }
    let players = kinds
        .iter()
        .map(|kind| match kind.parse::<BotSpec>() {
            Ok(spec) => Ok(Player::Bot(game.bot(game.check(spec)?))),
            Err(_) if kind == "human" || record.players.is_empty() => Ok(Player::Human),
            Err(e) => Err(e).context("a seat's player"),
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(players)
}

/// A resumed numbered deal must have followed that deal so far: the deal then goes on
/// from where the record stands.
fn check_deal(game: &OublietteSolitaire, file: &Path, text: &str) -> Result<()> {
    let record = Record::<<OublietteSolitaire as Game>::Action>::from_json(text)?;
    let Some(number) = record.deal else {
        return Ok(());
    };
    let deal = Deal::new(number, game.config().jokers);
    let mut off = None;
    record.replay_with(game, |index, before, action, _| {
        if off.is_none()
            && game.actor(before) == Actor::Chance
            && deal.choose(game, before) != action
        {
            off = Some(index);
        }
    })?;
    match off {
        Some(index) => bail!(
            "{} says it is deal {number}, but its action {index} is not that deal's card",
            file.display()
        ),
        None => Ok(()),
    }
}

/// A new file in the autosave folder for a game of `id`, the folder made if need be.
fn autosave_path(id: &str) -> Result<PathBuf> {
    let nonempty = |v: std::ffi::OsString| (!v.is_empty()).then_some(PathBuf::from(v));
    let base = match std::env::var_os("XDG_DATA_HOME")
        .and_then(nonempty)
        .filter(|p| p.is_absolute())
    {
        Some(data) => data,
        None => std::env::var_os("HOME")
            .and_then(nonempty)
            .context("no folder for the autosave: set HOME or XDG_DATA_HOME, or give --save FILE")?
            .join(".local/share"),
    };
    let dir = base.join("gameshelf").join("autosave");
    std::fs::create_dir_all(&dir)
        .with_context(|| format!("cannot make the autosave folder {}", dir.display()))?;
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    Ok(dir.join(format!("{id}-{secs}-{}.json", std::process::id())))
}

/// People in the first seats, bots in the last ones.
fn seats<G: Roster>(game: &G, bots: &str) -> Result<(Vec<Player<G>>, Vec<String>)> {
    let n = game.num_players();
    let specs: Vec<BotSpec> = match bots.trim().parse::<i64>() {
        Ok(k) if k < 0 || k as usize > n => {
            bail!("--bots {k} is not accepted: expected 0 to {n} bots for {n} players")
        }
        Ok(k) => vec![BotSpec::Heuristic; k as usize],
        Err(_) => parse_list_for(game, bots)?,
    };
    if specs.len() > n {
        bail!(
            "--bots lists {} bots but the game has {n} seats",
            specs.len()
        );
    }
    let humans = n - specs.len();
    let mut players = Vec::new();
    let mut names = Vec::new();
    for i in 0..humans {
        players.push(Player::Human);
        names.push(if humans == 1 {
            "you".to_owned()
        } else {
            format!("player {}", i + 1)
        });
    }
    for s in specs {
        players.push(Player::Bot(game.bot(s)));
        names.push(s.to_string());
    }
    Ok((players, names))
}

/// The display options: line mode when asked or without a terminal.
fn mode(args: &PlayArgs) -> PlayOptions {
    let tty = std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
    PlayOptions {
        mode: if args.line || !tty {
            Mode::Line
        } else {
            Mode::Screen
        },
        step: args.step,
        ..PlayOptions::default()
    }
}

fn seed_from_clock() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64)
        .unwrap_or(0)
}
