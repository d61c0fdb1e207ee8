"""wasmeval.Executor against the CLI, threads, streams, asyncio, extractors,
bad input, Ctrl-C, pass@k and HumanEval files."""

import asyncio
import gzip
import json
import os
import signal
import threading
import time

import pytest

import wasmeval
from conftest import REPO, read_jsonl, run_cli, without_wall

SLOW = {"code": "s = 0\nfor i in range(2500000):\n    s += i\n", "targets": ["assert s > 0"]}


def test_envelopes_are_the_clis_on_the_example_tasks(executor, tmp_path):
    tasks_file = REPO / "examples" / "tasks.jsonl"
    out = tmp_path / "results.jsonl"
    result = run_cli("eval", str(tasks_file), "--out", str(out), "--quiet")
    assert result.returncode in (0, 1), result.stderr
    cli = read_jsonl(out)
    tasks = read_jsonl(tasks_file)
    mine = list(executor.evaluate(tasks))
    assert [without_wall(e) for e in mine] == [without_wall(e) for e in cli]
    # One by one too, for the tasks whose id appears once (`run` is sample 0).
    ids = [t.get("id") for t in tasks]
    for task, expected in zip(tasks, cli):
        if ids.count(task.get("id")) == 1:
            assert without_wall(executor.run(task)) == without_wall(expected)


def test_run_releases_the_gil(executor):
    # Two threads start a ~1 s run together. Were the GIL held during a run,
    # the second thread could not even note its start before the first run
    # ended; released, the two runs overlap.
    slow = {"code": "s = 0\nfor i in range(6000000):\n    s += i\n", "targets": ["assert s > 0"]}
    barrier = threading.Barrier(2)
    spans = []

    def worker():
        barrier.wait()
        start = time.perf_counter()
        outcome = executor.run(slow)["outcome"]
        spans.append((start, time.perf_counter(), outcome))

    threads = [threading.Thread(target=worker) for _ in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [s[2] for s in spans] == ["pass", "pass"]
    latest_start = max(s[0] for s in spans)
    earliest_end = min(s[1] for s in spans)
    assert latest_start < earliest_end, spans


def rss_mib() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


def test_evaluate_streams_a_generator_with_flat_memory(executor):
    # 4 ms a task through the test build's extension: 12,000 tasks keep the
    # suite's time in bounds and still catch a leak of a kilobyte a task.
    count = 12_000
    pulled = 0

    def tasks():
        nonlocal pulled
        for i in range(count):
            pulled += 1
            yield {"id": str(i), "code": f"x = {i}", "targets": [f"assert x == {i}"]}

    # the generator is pulled only as far as the window reaches
    ahead = 0
    for i, envelope in enumerate(executor.evaluate(tasks(), window=64)):
        assert envelope["id"] == str(i) and envelope["outcome"] == "pass", json.dumps(envelope)
        ahead = max(ahead, pulled - i)
        if i == 2_000:
            break
    assert 64 <= ahead <= 66, f"{ahead} tasks pulled ahead of the results with a window of 64"

    # and memory stays flat over 10,000 tasks with the default window
    pulled, seen, baseline = 0, 0, None
    for i, envelope in enumerate(executor.evaluate(tasks())):
        assert envelope["id"] == str(i) and envelope["outcome"] == "pass", json.dumps(envelope)
        seen += 1
        if i == 2_000:
            baseline = rss_mib()
    grown = rss_mib() - baseline
    assert seen == count
    assert grown < 10, f"resident memory grew by {grown:.1f} MiB over 10,000 tasks"


def test_asyncio_variants(executor):
    async def main():
        one = await executor.arun({"code": "x = 1", "targets": ["assert x == 1"]})
        many = [e["outcome"] async for e in executor.aevaluate(
            {"code": f"x = {i}", "targets": ["assert x == 2"]} for i in range(4))]
        # arun does not block the loop: a ticker keeps running meanwhile.
        ticks = 0

        async def ticker():
            nonlocal ticks
            while True:
                ticks += 1
                await asyncio.sleep(0.01)

        task = asyncio.ensure_future(ticker())
        await executor.arun(SLOW)
        task.cancel()
        return one, many, ticks

    one, many, ticks = asyncio.run(main())
    assert one["outcome"] == "pass"
    assert many == ["assertion_fail", "assertion_fail", "pass", "assertion_fail"]
    assert ticks > 3


def test_custom_extractors_are_python_callables():
    def last_line(generation):
        return generation.strip().splitlines()[-1] if "CODE:" in generation else None

    ex = wasmeval.Executor(extract=last_line, jobs=1)
    env = ex.run({"generation": "CODE:\nx = 41 + 1", "targets": ["assert x == 42"]})
    assert env["outcome"] == "pass", env
    env = ex.run({"generation": "no code here", "targets": ["assert x == 42"]})
    assert (env["outcome"], env["error_kind"]) == ("error", "no_code"), env
    assert wasmeval.extract("a\nb", strategy=last_line) is None
    assert wasmeval.extract("CODE:\nprint(1)", strategy=last_line) == "print(1)"
    assert wasmeval.extract("```python\nx = 1\n```\n```js\ny = 2\n```") == "x = 1\n"
    assert wasmeval.extract("```js\nlet y = 2;\n```", language="javascript") == "let y = 2;\n"
    assert wasmeval.extract("prose only") is None


def test_bad_tasks_raise_with_the_reason(executor):
    cases = [
        ({"code": "x = 1"}, 'missing field "targets"'),
        ({"code": "x = 1", "targets": "assert x"}, '"targets" must be an array of strings'),
        ({"code": "x = 1", "targets": ["assert x"], "language": "cobol"}, "unsupported language"),
        ({"targets": ["assert x"]}, 'missing field "generation"'),
        ([1, 2], "must be a JSON object"),
    ]
    for task, reason in cases:
        with pytest.raises(ValueError, match="invalid task") as info:
            executor.run(task)
        assert reason in str(info.value), (task, str(info.value))
    envelopes = list(executor.evaluate([{"code": "x = 1", "targets": ["assert x"]}, {"code": 1}]))
    assert envelopes[0]["outcome"] == "pass"
    assert envelopes[1]["error_kind"] == "invalid_task"
    assert envelopes[1]["detail"].startswith("item 2:"), envelopes[1]
    with pytest.raises(ValueError, match="memory"):
        wasmeval.Executor(memory_mb=1)
    with pytest.raises(ValueError, match="extract"):
        wasmeval.Executor(extract="sometimes")


def test_ctrl_c_stops_evaluate_promptly(executor):
    looping = ({"code": "while True:\n    pass", "targets": ["assert True"], "metadata": {"timeout_s": 30}}
               for _ in range(100))
    # A process started in the background by a non-interactive shell
    # inherits SIGINT ignored, and Python then installs no KeyboardInterrupt
    # handler: this test is about what the package does with one.
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.5, lambda: os.kill(os.getpid(), signal.SIGINT))
    started = time.perf_counter()
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            for _ in executor.evaluate(looping):
                pass
    finally:
        signal.signal(signal.SIGINT, previous)
    assert time.perf_counter() - started < 3
    # The executor goes on working afterwards.
    assert executor.run({"code": "x = 1", "targets": ["assert x"]})["outcome"] == "pass"


def test_pass_at_k():
    assert wasmeval.pass_at_k(10, 3, 1) == pytest.approx(0.3)
    assert wasmeval.pass_at_k(5, 0, 1) == 0.0
    with pytest.raises(ValueError):
        wasmeval.pass_at_k(2, 3, 1)


def test_humaneval_files_score_as_the_cli_does(tmp_path):
    problems = [
        {"task_id": "Demo/0", "prompt": "def add(a, b):\n", "entry_point": "add",
         "canonical_solution": "    return a + b\n",
         "test": "def check(candidate):\n    assert candidate(1, 2) == 3\n    assert candidate(0, 0) == 0\n"},
        {"task_id": "Demo/1", "prompt": "def neg(a):\n", "entry_point": "neg",
         "canonical_solution": "    return -a\n",
         "test": "def check(candidate):\n    assert candidate(2) == -2\n"},
    ]
    problems_path = tmp_path / "problems.jsonl.gz"
    with gzip.open(problems_path, "wt") as f:
        for p in problems:
            f.write(json.dumps(p) + "\n")
    samples = [("Demo/0", "    return a + b\n"), ("Demo/0", "    return a - b\n"),
               ("Demo/1", "    return -a\n"), ("Demo/1", "    return a\n")]
    samples_path = tmp_path / "samples.jsonl"
    with open(samples_path, "w") as f:
        for task_id, completion in samples:
            f.write(json.dumps({"task_id": task_id, "completion": completion}) + "\n")
    summary = wasmeval.humaneval.evaluate(problems_path, samples_path, k=(1, 2), out=tmp_path / "py.jsonl")
    cli = run_cli("eval", "--problems", str(problems_path), str(samples_path),
                  "--out", str(tmp_path / "cli.jsonl"), "--k", "1,2", "--json", "--quiet")
    assert cli.returncode == 0, cli.stderr
    mine = [without_wall(e) for e in read_jsonl(tmp_path / "py.jsonl")]
    theirs = [without_wall(e) for e in read_jsonl(tmp_path / "cli.jsonl")]
    assert mine == theirs
    assert [e["passed"] for e in mine] == [True, False, True, False]
    cli_summary = json.loads(cli.stdout)
    assert summary["pass_at_k"] == cli_summary["pass_at_k"]
    by_k = {e["k"]: e["value"] for e in summary["pass_at_k"]}
    assert by_k[1] == pytest.approx(0.5)
    assert by_k[2] == pytest.approx(1.0)


def test_a_runtime_moves_every_task_of_its_language():
    with pytest.raises(ValueError, match="unknown runtime 'cobol'"):
        wasmeval.Executor(runtime="cobol")
    executor = wasmeval.Executor(runtime="python-sci", jobs=1)
    envelope = executor.run({
        "code": "import numpy as np\ndef f():\n    return int(np.arange(4).sum())",
        "targets": ["assert f() == 6"],
    })
    assert envelope["outcome"] == "pass", envelope


def test_errors_are_one_hierarchy_and_still_the_builtin_exceptions(executor):
    with pytest.raises(wasmeval.InvalidTask, match="invalid task") as info:
        executor.run({"code": "x = 1"})
    assert isinstance(info.value, ValueError) and isinstance(info.value, wasmeval.WasmevalError)
    for arguments in ({"memory_mb": 1}, {"runtime": "cobol"}, {"judge": "fuzzy"}):
        with pytest.raises(wasmeval.InvalidSettings) as info:
            wasmeval.Executor(**arguments)
        assert isinstance(info.value, ValueError), arguments
    with pytest.raises(wasmeval.InvalidSettings):
        wasmeval.pass_at_k(n=1, c=2, k=1)
    for kind in (wasmeval.RuntimeUnavailable, wasmeval.Busy, wasmeval.HostError):
        assert issubclass(kind, wasmeval.WasmevalError) and issubclass(kind, RuntimeError)


def test_envelopes_are_typed_for_type_checkers(executor, tmp_path):
    """mypy sees an envelope's fields and its outcome's five values."""
    import shutil
    import subprocess
    import sys

    envelope = executor.run({"code": "x = 1", "targets": ["assert x"]})
    assert set(wasmeval.Envelope.__annotations__) >= set(envelope)
    program = tmp_path / "use.py"
    program.write_text(
        "import wasmeval\n"
        "ex = wasmeval.Executor()\n"
        "e = ex.run({'code': 'x = 1', 'targets': ['assert x']})\n"
        "outcome: wasmeval.Outcome = e['outcome']\n"
        "score: float = e['score']\n"
        "kind: wasmeval.ErrorKind | None = e['error_kind']\n"
        "wrong: int = e['outcome']\n"
        "missing = e['verdict']\n"
    )
    mypy = shutil.which("mypy", path=os.path.dirname(sys.executable))
    assert mypy, "mypy is installed in the test virtualenv"
    checked = subprocess.run([mypy, "--no-incremental", "--python-version", "3.10", str(program)],
                             capture_output=True, text=True)
    lines = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert len(lines) == 2, checked.stdout
    assert "use.py:7:" in lines[0] and "incompatible types in assignment" in lines[0].lower()
    assert "use.py:8:" in lines[1] and "verdict" in lines[1]
