"""examples/ray_eval.py on a local Ray: the same envelopes as `wasmeval eval`."""

import json
import os
import subprocess
import sys

from conftest import REPO, read_jsonl, run_cli, without_wall


def samples(count):
    """`count` samples of count/4 tasks: right, wrong, raising, slow-but-right."""
    variants = [
        "def f(x):\n    return x * 2\n",
        "def f(x):\n    return x + 2\n",
        "def f(x):\n    raise ValueError(x)\n",
        "def f(x):\n    s = 0\n    for _ in range(x):\n        s += 2\n    return s\n",
    ]
    for i in range(count):
        task = i // 4
        yield {"id": f"task-{task}", "code": variants[i % 4],
               "targets": [f"assert f({task % 50}) == {2 * (task % 50)}"]}


def test_ray_example_scores_as_the_cli_does(tmp_path):
    tasks = tmp_path / "tasks.jsonl"
    with open(tasks, "w") as f:
        for sample in samples(1000):
            f.write(json.dumps(sample) + "\n")
    cli_out = tmp_path / "cli.jsonl"
    cli = run_cli("eval", str(tasks), "--out", str(cli_out), "--quiet", "--k", "1,4")
    assert cli.returncode == 0, cli.stderr
    ray_out = tmp_path / "ray.jsonl"
    result = subprocess.run(
        [sys.executable, str(REPO / "examples" / "ray_eval.py"), str(tasks), str(ray_out),
         "--num-cpus", "2", "--k", "1,4", "--batch-size", "50"],
        capture_output=True, text=True, env=dict(os.environ), timeout=900,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    mine = [without_wall(e) for e in read_jsonl(ray_out)]
    theirs = [without_wall(e) for e in read_jsonl(cli_out)]
    assert len(mine) == 1000
    assert mine == theirs
    passed = sum(e["outcome"] == "pass" for e in mine)
    assert "1000 samples of 250 tasks scored" in result.stdout, result.stdout
    assert f": {passed} pass" in result.stdout
    assert "pass@1:" in result.stdout and "pass@4:" in result.stdout
