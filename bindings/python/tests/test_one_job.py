"""One evaluation job behind every front end: `wasmeval eval`, the Python
package (`evaluate`, `evaluate_lines`), `serve`'s `/v1/eval` and the Ray
example (on a local Ray, `ray[data]` pinned by the suite) give the same
result lines, byte for byte apart from `wall_ms`, for a file of repeated ids
whose candidates print random numbers (each sample its own seed), lines that
are not tasks, and 400 samples of 100 tasks (right, wrong, raising and slow
but right) spread over Ray's actors in batches."""

import json
import os
import re
import subprocess
import sys
import urllib.request

import wasmeval
from conftest import REPO, cli_binary, run_cli

PY = "import random\nprint(random.random())\n"
JS = "console.log(Math.random());\n"
LINES = [
    json.dumps({"id": "r", "code": PY, "targets": ["assert True"]}),
    json.dumps({"id": "r", "code": PY, "targets": ["assert True"]}),
    json.dumps({"id": "j", "language": "javascript", "code": JS, "targets": ["true"]}),
    "",
    json.dumps({"id": "r", "code": PY, "targets": ["assert True"]}),
    "{not json",
    json.dumps({"id": "j", "language": "javascript", "code": JS, "targets": ["true"]}),
    json.dumps({"id": "r", "sample": 7, "code": PY, "targets": ["assert True"]}),
    json.dumps({"code": PY, "targets": ["assert True"]}),
    json.dumps({"id": "r", "code": PY, "targets": ["assert False"]}),
]
VARIANTS = [
    "def f(x):\n    return x * 2\n",
    "def f(x):\n    return x + 2\n",
    "def f(x):\n    raise ValueError(x)\n",
    "def f(x):\n    s = 0\n    for _ in range(x):\n        s += 2\n    return s\n",
]
SAMPLES = [
    json.dumps({"id": f"task-{i // 4}", "code": VARIANTS[i % 4],
                "targets": [f"assert f({(i // 4) % 50}) == {2 * ((i // 4) % 50)}"]})
    for i in range(400)
]
WALL = re.compile(rb'"wall_ms":\d+')


def canonical(line: bytes) -> bytes:
    return WALL.sub(b'"wall_ms":0', line.rstrip(b"\n"))


def compact(result: dict) -> bytes:
    return json.dumps(result, separators=(",", ":"), ensure_ascii=False).encode()


def served(body: bytes) -> list:
    server = subprocess.Popen(
        [cli_binary(), "serve", "--bind", "127.0.0.1:0", "--jobs", "2"],
        stderr=subprocess.PIPE, text=True,
    )
    try:
        address = None
        for line in server.stderr:
            found = re.search(r"serving on (http://\S+)", line)
            if found:
                address = found.group(1)
                break
        assert address, "wasmeval serve printed no address"
        request = urllib.request.Request(address + "/v1/eval", data=body, method="POST")
        with urllib.request.urlopen(request, timeout=300) as answer:
            return answer.read().split(b"\n")[:-1]
    finally:
        server.terminate()
        server.wait(timeout=60)


def test_every_front_end_gives_the_same_result_lines(tmp_path):
    tasks = tmp_path / "tasks.jsonl"
    body = ("\n".join(LINES + SAMPLES) + "\n").encode()
    tasks.write_bytes(body)
    out = tmp_path / "cli.jsonl"
    cli = run_cli("eval", str(tasks), "--out", str(out), "--quiet", "--jobs", "2")
    assert cli.returncode == 0, cli.stderr
    reference = [canonical(line) for line in out.read_bytes().split(b"\n")[:-1]]
    assert len(reference) == len(LINES) + len(SAMPLES)
    results = [json.loads(line) for line in reference]
    # Repeated ids are samples 0, 1, 2: three different numbers; sample 7
    # is its own; a line without an id is sample 0 of the id "".
    printed = [r["stdout"] for r in results]
    assert len({printed[0], printed[1], printed[4], printed[7]}) == 4, printed
    assert printed[2] != printed[6]
    assert [r["outcome"] for r in results[:len(LINES)]] == [
        "pass", "pass", "pass", "error", "pass", "error", "pass", "pass", "pass", "assertion_fail"]
    assert "line 4: empty line" in results[3]["detail"]
    assert "line 6: invalid JSON" in results[5]["detail"]
    outcomes = [r["outcome"] for r in results[len(LINES):]]
    # Right and slow-but-right pass; x + 2 is right for x = 2 only.
    assert outcomes.count("pass") == 202 and outcomes.count("assertion_fail") == 198

    executor = wasmeval.Executor(jobs=2)
    every = LINES + SAMPLES
    lines = [canonical(compact(r)) for r in executor.evaluate_lines(every)]
    assert lines == reference
    numbered = list(enumerate(LINES, 1))
    shuffled = [(n, text, s) for (n, text), s in zip(numbered, wasmeval.sample_numbers(LINES))][::-1]
    lines = [canonical(compact(r)) for r in executor.evaluate_lines(shuffled)][::-1]
    assert lines == reference[:len(LINES)], "lines numbered over the whole file score alike in any order"
    valid = [i for i, line in enumerate(every) if line.startswith("{\"")]
    dicts = [canonical(compact(r)) for r in executor.evaluate(json.loads(every[i]) for i in valid)]
    assert dicts == [reference[i] for i in valid]

    assert [canonical(line) for line in served(body)] == reference

    ray_out = tmp_path / "ray.jsonl"
    ray = subprocess.run(
        [sys.executable, str(REPO / "examples" / "ray_eval.py"), str(tasks), str(ray_out),
         "--num-cpus", "2", "--batch-size", "50", "--k", "1,4"],
        capture_output=True, text=True, env=dict(os.environ), timeout=900,
    )
    assert ray.returncode == 0, ray.stderr[-3000:]
    assert [canonical(line) for line in ray_out.read_bytes().split(b"\n")[:-1]] == reference
    passed = sum(r["outcome"] == "pass" for r in results)
    assert f"{len(valid)} samples of 103 tasks scored" in ray.stdout, ray.stdout
    assert f": {passed} pass" in ray.stdout
    assert "pass@1:" in ray.stdout and "pass@4:" in ray.stdout
