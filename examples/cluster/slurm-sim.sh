#!/usr/bin/env bash
# One million games of Open Oubliette cut into 16 shards, as a Slurm job array.
#
#   sbatch examples/cluster/slurm-sim.sh
#   # when the array has finished:
#   gameshelf merge parts/part-*.json > report.txt
#
# Each task runs shard $SLURM_ARRAY_TASK_ID of 16 (counted from 0) and writes its partial
# figures; `gameshelf merge` combines them into exactly the report of the single run
# `gameshelf sim open-oubliette --players 4 --games 1000000 --seed 1`.
#SBATCH --job-name=gameshelf-sim
#SBATCH --array=0-15
#SBATCH --cpus-per-task=4
#SBATCH --time=00:30:00
#SBATCH --output=parts/slurm-%A_%a.log
set -euo pipefail
mkdir -p parts
gameshelf sim open-oubliette --players 4 --games 1000000 --seed 1 \
  --threads "${SLURM_CPUS_PER_TASK}" \
  --shard "${SLURM_ARRAY_TASK_ID}/16" > "parts/part-${SLURM_ARRAY_TASK_ID}.json"
