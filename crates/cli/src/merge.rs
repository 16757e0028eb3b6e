//! `gameshelf merge`: the shards of a run, combined into exactly the single run's report.

use std::path::PathBuf;

use anyhow::{Result, bail};
use clap::Args;
use gameshelf_engine::GameSpec;
use gameshelf_shelf::{Shelf, Shelved, Visitor};
use gameshelf_sim::{ComparePart, SimPart};

use crate::part::PartFile;

#[derive(Args, Debug)]
pub struct MergeArgs {
    /// The shards' results, as printed by `sim` or `compare` with --shard.
    #[arg(required = true)]
    pub parts: Vec<PathBuf>,
    /// For compare shards: the smallest difference that matters (as for compare).
    #[arg(long, default_value = "0.01", value_parser = crate::compare::parse_fraction)]
    pub detect: f64,
    /// For compare shards: the family-wise error rate of the verdicts.
    #[arg(long, default_value = "0.05", value_parser = crate::compare::parse_fraction)]
    pub alpha: f64,
    /// Print one JSON object instead of the text report.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: &MergeArgs) -> Result<()> {
    let files = args
        .parts
        .iter()
        .map(|p| PartFile::read(p))
        .collect::<Result<Vec<_>>>()?;
    let mut sims = Vec::new();
    let mut compares = Vec::new();
    for file in files {
        match file {
            PartFile::Sim { bots, part, .. } => sims.push((bots, part)),
            PartFile::Compare { part, .. } => compares.push(part),
        }
    }
    match (sims.is_empty(), compares.is_empty()) {
        (false, false) => bail!("the parts mix sim and compare shards"),
        (true, false) => {
            let whole = ComparePart::merge(compares)?;
            let question = crate::compare::question(args.detect, args.alpha);
            let bots = whole.label.clone();
            crate::compare::print(&whole.report(question), &bots, args.json)
        }
        _ => {
            let bots = sims[0].0.clone();
            if let Some((other, _)) = sims.iter().find(|(b, _)| *b != bots) {
                bail!(
                    "the parts are not from the same run: the bots are {} in one and {} in another",
                    bots.join(","),
                    other.join(",")
                );
            }
            let Some(game) = sims[0].1["game"].as_str() else {
                bail!("a sim part names no game");
            };
            let spec: GameSpec = game.parse()?;
            let parts = sims.into_iter().map(|(_, p)| p).collect();
            Shelf::build(&spec, None)?.visit(MergeSim {
                parts,
                bots: &bots,
                json: args.json,
            })
        }
    }
}

struct MergeSim<'a> {
    parts: Vec<serde_json::Value>,
    bots: &'a [String],
    json: bool,
}

impl Visitor for MergeSim<'_> {
    type Output = Result<()>;
    fn visit<G: Shelved>(self, game: &G) -> Result<()> {
        let parts = self
            .parts
            .into_iter()
            .map(serde_json::from_value::<SimPart<G::Tally>>)
            .collect::<Result<Vec<_>, _>>()?;
        let whole = SimPart::merge::<G>(parts)?;
        let seed = whole.seed;
        crate::sim::print(game, &whole.report(game), self.bots, seed, self.json)
    }
}
