//! `gameshelf odds`: exact probabilities of a game situation.

use anyhow::{Result, bail};
use gameshelf_engine::Ratio;
use gameshelf_open_oubliette::odds::{FightSetup, fight_odds};
use serde_json::json;

use crate::args::OddsArgs;

pub fn run(args: &OddsArgs) -> Result<()> {
    match (args.game.as_str(), args.situation.as_str()) {
        ("open-oubliette", "fight") => fight(args),
        ("open-oubliette", other) => {
            bail!("unknown situation {other:?} for open-oubliette: expected fight")
        }
        (other, _) => bail!("no odds are available for {other:?}: expected open-oubliette"),
    }
}

fn fight(args: &OddsArgs) -> Result<()> {
    let Some(power) = args.power else {
        bail!("--power is required: the monster's power, e.g. --power 7");
    };
    let check = |name: &str, v: i64, lo: i64, hi: i64| -> Result<u8> {
        if v < lo || v > hi {
            bail!("--{name} {v} is not accepted: expected a whole number from {lo} to {hi}");
        }
        Ok(v as u8)
    };
    let setup = FightSetup {
        power: check("power", power, 0, 40)?,
        wounds: check("wounds", args.wounds, 0, 40)?,
        weapon: check("weapon", args.weapon, 0, 40)?,
        armor: check("armor", args.armor, 0, 40)?,
        level: check("level", args.level, 0, 40)?,
    };
    let odds = fight_odds(&setup);
    let rows = [
        ("win", odds.win),
        ("wounded", odds.wounded),
        ("no result", odds.no_result),
    ];
    if args.json {
        let outcomes: serde_json::Map<_, _> = rows
            .iter()
            .map(|(k, r)| {
                (
                    k.replace(' ', "_"),
                    json!({"fraction": r.to_string(), "probability": r.to_f64()}),
                )
            })
            .collect();
        out!(
            "{}",
            serde_json::to_string_pretty(&json!({ "situation": "fight", "setup": {
            "power": setup.power, "wounds": setup.wounds, "weapon": setup.weapon,
            "armor": setup.armor, "level": setup.level }, "outcomes": outcomes }))?
        );
        return Ok(());
    }
    out!(
        "Fight: monster power {}, wounds {}, weapon +{}, armor +{}, level {} (one round, no cards played)",
        setup.power,
        setup.wounds,
        setup.weapon,
        setup.armor,
        setup.level
    );
    for (name, r) in rows {
        out!("  {name:<10} {:>9}  {:>6.2}%", r.to_string(), percent(r));
    }
    Ok(())
}

fn percent(r: Ratio) -> f64 {
    r.to_f64() * 100.0
}
