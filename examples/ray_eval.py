#!/usr/bin/env python3
"""Score a JSONL of samples on a Ray cluster with wasmeval.

    python examples/ray_eval.py tasks.jsonl results.jsonl [--k 1,10] [--actors N]

Each line of tasks.jsonl is a wasmeval task (as for `wasmeval eval`). Ray
Data reads the file, `map_batches` sends batches to a pool of actors, each
of which holds one `wasmeval.Executor` (built once per actor: its runtimes
are prepared once, then every batch reuses them), and the envelopes are
written to results.jsonl in input order. pass@k is printed for the tasks'
ids (samples of one task share an id).

On a laptop `ray.init()` starts a local Ray; on a cluster the same script
runs unchanged from any node (or `ray job submit -- python
examples/ray_eval.py ...`): Ray places the actors on the workers. Every
worker needs `pip install wasmeval` (and, once, the runtimes it fetches
into its cache).
"""

import argparse
import json
import os
from collections import defaultdict

import ray
import wasmeval


class Scorer:
    """One executor per actor; scores a batch of lines (rows: a line's
    number, its text and the sample number the whole file gives it) in
    parallel on the actor's jobs, exactly as `wasmeval eval` reads them."""

    def __init__(self, jobs: int):
        self.executor = wasmeval.Executor(jobs=jobs)

    def __call__(self, batch):
        rows = zip(batch["number"], batch["text"], batch["sample"])
        lines = [(int(n), bytes(text), None if s < 0 else int(s)) for n, text, s in rows]
        envelopes = list(self.executor.evaluate_lines(lines))
        return {
            "number": batch["number"],
            "envelope": [json.dumps(e, separators=(",", ":"), ensure_ascii=False) for e in envelopes],
        }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tasks")
    parser.add_argument("results")
    parser.add_argument("--k", default="1,10", help="pass@k to print (default 1,10)")
    parser.add_argument("--actors", type=int, default=None, help="scoring actors (default: one per CPU)")
    parser.add_argument("--jobs", type=int, default=1, help="candidates at once in each actor")
    parser.add_argument("--batch-size", type=int, default=64)
    parser.add_argument("--num-cpus", type=int, default=None, help="for a local Ray: CPUs to use")
    args = parser.parse_args()

    ray.init(num_cpus=args.num_cpus, ignore_reinit_error=True,
             runtime_env={"env_vars": {k: v for k, v in os.environ.items() if k.startswith("WASMEVAL_")}})
    actors = args.actors or max(1, int(ray.available_resources().get("CPU", 1)) // args.jobs)

    # Repeated ids are samples of one task: the whole file is numbered here,
    # as `wasmeval eval` numbers it (the sample index is part of each run's
    # seed), before its lines are spread over actors. Every line is scored,
    # blank or broken ones as their `invalid_task` envelope.
    with open(args.tasks, "rb") as f:
        lines = f.read().split(b"\n")
    if lines[-1] == b"":
        lines.pop()  # the file's last newline ends a line, it starts none
    samples = wasmeval.sample_numbers(lines)
    dataset = ray.data.from_items([
        {"number": i + 1, "text": text, "sample": -1 if sample is None else sample}
        for i, (text, sample) in enumerate(zip(lines, samples))
    ])
    scored = dataset.map_batches(
        Scorer,
        fn_constructor_kwargs={"jobs": args.jobs},
        batch_size=args.batch_size,
        concurrency=actors,
        num_cpus=args.jobs,
    )
    rows = sorted(scored.iter_rows(), key=lambda row: row["number"])
    with open(args.results, "w", encoding="utf-8") as out:
        for row in rows:
            out.write(row["envelope"] + "\n")
    envelopes = [json.loads(row["envelope"]) for row in rows]

    # pass@k per task id (repeated ids are samples of one task).
    counts = defaultdict(lambda: [0, 0])
    for envelope in envelopes:
        if envelope.get("error_kind") == "invalid_task":
            continue
        counts[envelope["id"]][0] += 1
        counts[envelope["id"]][1] += envelope["outcome"] == "pass"
    passed = sum(e["outcome"] == "pass" for e in envelopes)
    samples = sum(n for n, _ in counts.values())
    invalid = len(envelopes) - samples
    print(f"{samples} samples of {len(counts)} tasks scored on {actors} actors: {passed} pass"
          + (f" ({invalid} invalid line(s): see their invalid_task envelopes)" if invalid else ""))
    for k in [int(k) for k in args.k.split(",")]:
        usable = [(n, c) for n, c in counts.values() if n >= k]
        if usable:
            value = sum(wasmeval.pass_at_k(n, c, k) for n, c in usable) / len(usable)
            print(f"pass@{k}: {value:.4f} ({len(usable)} tasks)")


if __name__ == "__main__":
    main()
