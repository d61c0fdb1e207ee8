//! Input/output tasks: stdin/stdout programs and call-based functions, in
//! the shapes APPS/TACO, LiveCodeBench and CodeContests ship, in Python and
//! JavaScript, run in the real runtimes.

use crate::common;

use serde_json::{Value, json};
use wasmeval::executor::Settings;
use wasmeval::io_cases::Compare;
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;

fn task(value: Value) -> Task {
    Task::from_value(&value).unwrap_or_else(|e| panic!("{value}: {e}"))
}

fn run(value: Value) -> Envelope {
    common::score(task(value))
}

fn outcome_kind(env: &Envelope) -> (Outcome, Option<ErrorKind>) {
    (env.outcome, env.error_kind)
}

#[test]
fn the_shipped_examples_give_their_expected_verdicts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/stdio_tasks.jsonl");
    let lines: Vec<Value> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 12);
    for shape in ["input_output", "test_cases", "public_tests"] {
        for language in ["python", "javascript"] {
            assert!(
                lines.iter().any(|l| l.get(shape).is_some()
                    && l.get("language")
                        .and_then(Value::as_str)
                        .unwrap_or("python")
                        == language),
                "no {shape} example in {language}"
            );
        }
    }
    let tasks = lines.iter().map(|l| task(l.clone())).collect();
    let envelopes = common::score_all(tasks);
    let failures = common::unexpected(&lines, &envelopes);
    for (line, env) in lines.iter().zip(&envelopes) {
        assert_eq!(
            env.score,
            env.passed as f64 / env.total as f64,
            "{}",
            line["id"]
        );
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn every_case_is_a_named_target_with_what_went_wrong() {
    let env = run(json!({
        "id": "named",
        "code": "n = int(input())\nprint(n + 1 if n != 2 else 0)",
        "public_tests": {"input": ["1\n"], "output": ["2\n"]},
        "private_tests": {"input": ["2\n", "oops\n"], "output": ["3\n", "1\n"]},
    }));
    let names: Vec<_> = env
        .targets
        .iter()
        .map(|t| t.name.clone().unwrap())
        .collect();
    assert_eq!(
        names,
        ["public_tests[0]", "private_tests[0]", "private_tests[1]"]
    );
    assert!(env.targets[0].passed && env.targets[0].error.is_none());
    assert_eq!(
        env.targets[1].error.as_deref(),
        Some("wrong answer: line 1: expected \"3\", got \"0\"")
    );
    let third = env.targets[2].error.as_deref().unwrap();
    assert!(third.starts_with("ValueError: invalid literal"), "{third}");
    // The first failing case decides the outcome; the score counts cases.
    assert_eq!(env.outcome, Outcome::AssertionFail);
    assert_eq!((env.passed, env.total), (1, 3));
    assert!((env.score - 1.0 / 3.0).abs() < 1e-12);
    assert!(
        env.detail
            .as_deref()
            .unwrap()
            .starts_with("2 of 3 cases failed; first: private_tests[0]: wrong answer"),
        "{:?}",
        env.detail
    );
}

#[test]
fn each_case_runs_in_a_fresh_instance() {
    // Whatever a case leaves behind (module state, globals, the random
    // state) is gone in the next one: the same program prints the same.
    let py = run(json!({
        "id": "fresh-python",
        "code": "import sys, random\n\
                 seen = sys.modules.setdefault('wasmeval_probe', [])\n\
                 seen.append(input())\n\
                 print(len(seen), random.random() < 2)",
        "input_output": {"inputs": ["a\n", "b\n", "c\n"], "outputs": ["1 True\n", "1 True\n", "1 True\n"]},
    }));
    assert_eq!(py.outcome, Outcome::Pass, "{py:?}");
    let js = run(json!({
        "id": "fresh-javascript",
        "language": "javascript",
        "code": "globalThis.count = (globalThis.count || 0) + 1;\nArray.prototype.leak = 1;\nconsole.log(count);",
        "input_output": {"inputs": ["", "", ""], "outputs": ["1", "1", "1"]},
    }));
    assert_eq!(js.outcome, Outcome::Pass, "{js:?}");
}

#[test]
fn each_case_has_the_whole_budget() {
    // Three cases that each burn most of a 0.3 s budget all pass; one that
    // loops times out alone and the others still count.
    let burn = "import sys\nn = int(sys.stdin.read())\ns = 0\nfor i in range(n):\n    s += i\nprint(s if n < 10**9 else 0)";
    let env = run(json!({
        "id": "budget",
        "code": burn,
        "public_tests": {"input": ["1500000", "1500000", "1500000", "1000000000000"], "output": [
            (1_500_000u64 * 1_499_999 / 2).to_string(), (1_500_000u64 * 1_499_999 / 2).to_string(),
            (1_500_000u64 * 1_499_999 / 2).to_string(), "0"]},
        "metadata": {"timeout_s": 0.3},
    }));
    assert_eq!(env.outcome, Outcome::Timeout, "{env:?}");
    assert_eq!(env.passed, 3);
    assert_eq!(env.targets[3].error.as_deref(), Some("timeout"));
    assert!(env.score > 0.7);
}

#[test]
fn comparison_rules() {
    let program = "print('1.0000001  2')\nprint()\nprint('  ')";
    let exact = json!({"id": "exact", "code": program, "public_tests": {"input": [""], "output": ["1.0000001  2"]}});
    let mut tokens = exact.clone();
    tokens["judge"] = json!("tokens");
    tokens["public_tests"]["output"] = json!(["1.0 2"]);
    // An expected integer is that integer: 1.0000001 is not 1.
    let mut tokens_integer = tokens.clone();
    tokens_integer["public_tests"]["output"] = json!(["1 2"]);
    let mut exact_numbers = exact.clone();
    exact_numbers["public_tests"]["output"] = json!(["1 2.0"]);
    let mut crlf = exact.clone();
    crlf["public_tests"]["output"] = json!(["1.0000001  2\r\n\r\n"]);
    let mut inner_space = exact.clone();
    inner_space["public_tests"]["output"] = json!(["1.0000001 2"]);
    let envs = common::score_all(
        [
            exact,
            tokens,
            exact_numbers,
            crlf,
            inner_space,
            tokens_integer,
        ]
        .into_iter()
        .map(task)
        .collect(),
    );
    let outcomes: Vec<Outcome> = envs.iter().map(|e| e.outcome).collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Pass,          // trailing blank and whitespace-only lines ignored
            Outcome::Pass,          // tokens, numbers within 1e-6
            Outcome::AssertionFail, // exact: numbers are text
            Outcome::Pass,          // CRLF
            Outcome::AssertionFail, // exact: inner spaces count
            Outcome::AssertionFail, // tokens: an expected integer is exact
        ],
        "{envs:#?}"
    );
}

#[test]
fn judge_setting_is_the_default_a_task_can_override() {
    let service = common::service_with(Settings::default().with_judge(Compare::Tokens));
    let base = json!({"id": "t", "code": "print(0.1 + 0.2)", "public_tests": {"input": [""], "output": ["0.3"]}});
    let mut exact = base.clone();
    exact["judge"] = json!("exact");
    let envs = common::score_on(&service, vec![task(base), task(exact)]);
    assert_eq!(envs[0].outcome, Outcome::Pass, "{:?}", envs[0]);
    assert_eq!(envs[1].outcome, Outcome::AssertionFail, "{:?}", envs[1]);
}

#[test]
fn call_based_results_compare_as_json() {
    let cases = [
        // tuples are lists, floats within 1e-6, integers exactly (a
        // float only of exactly their value), big ones too
        (
            "def f():\n    return (1, [2.0000000001, 'x'])",
            json!([[1, [2.0, "x"]]]),
            Outcome::Pass,
        ),
        (
            "def f():\n    return (1, [2.0000000001, 'x'])",
            json!([[1, [2, "x"]]]),
            Outcome::AssertionFail,
        ),
        (
            "def f():\n    return (1.0, [2, 'x'])",
            json!([[1, [2, "x"]]]),
            Outcome::Pass,
        ),
        (
            "def f():\n    return 2**100 + 1",
            json!([1267650600228229401496703205377u128
                .to_string()
                .parse::<Value>()
                .unwrap()]),
            Outcome::Pass,
        ),
        (
            "def f():\n    return 2**100",
            json!([1267650600228229401496703205377u128
                .to_string()
                .parse::<Value>()
                .unwrap()]),
            Outcome::AssertionFail,
        ),
        (
            "def f():\n    return {1, 2}",
            json!([[1, 2]]),
            Outcome::AssertionFail,
        ),
        ("def f():\n    return None", json!([null]), Outcome::Pass),
        (
            "def f():\n    raise KeyError('k')",
            json!([1]),
            Outcome::AssertionFail,
        ),
        ("g = 1", json!([1]), Outcome::AssertionFail),
    ];
    let tasks = cases
        .iter()
        .enumerate()
        .map(|(i, (code, outputs, _))| {
            task(json!({"id": format!("call-{i}"), "code": code,
                        "input_output": {"fn_name": "f", "inputs": [[]], "outputs": outputs}}))
        })
        .collect();
    let envs = common::score_all(tasks);
    for ((code, _, expected), env) in cases.iter().zip(&envs) {
        assert_eq!(env.outcome, *expected, "{code}: {env:?}");
    }
    assert!(
        envs[5].targets[0]
            .error
            .as_deref()
            .unwrap()
            .contains("set, which is not a JSON value")
    );
    assert_eq!(envs[7].targets[0].error.as_deref(), Some("KeyError: 'k'"));
    assert_eq!(
        envs[8].targets[0].error.as_deref(),
        Some("NameError: name 'f' is not defined")
    );
}

#[test]
fn call_based_results_cannot_be_forged_by_patching_json() {
    // The harness writes results with the C encoder it took at build time.
    let env = run(json!({
        "id": "patched-json",
        "code": "import json, json.encoder\n\
                 json.dumps = lambda *a, **k: '[6]'\n\
                 json.encoder.c_make_encoder = None\n\
                 json.JSONEncoder.encode = lambda self, o: '[6]'\n\
                 def gcd(a, b):\n    return 0",
        "input_output": {"fn_name": "gcd", "inputs": [[12, 18]], "outputs": [[6]]},
    }));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
}

#[test]
fn call_based_results_cannot_be_forged_through_the_calling_frame() {
    // The candidate reaches the code that calls it (frames are not refused
    // there: no harness frame is below), finds where the result goes and
    // puts the expected answer there first: the real result still wins.
    let env = run(json!({
        "id": "frame-forgery",
        "code": "import sys\n\
                 def gcd(a, b):\n\
                 \x20   frame = sys._getframe(0)\n\
                 \x20   while frame is not None:\n\
                 \x20       for c in frame.f_code.co_consts:\n\
                 \x20           if callable(c) and getattr(c, '__name__', '') == 'append':\n\
                 \x20               c('[6]')\n\
                 \x20       frame = frame.f_back\n\
                 \x20   return 0",
        "input_output": {"fn_name": "gcd", "inputs": [[12, 18]], "outputs": [[6]]},
    }));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert!(
        env.targets[0]
            .error
            .as_deref()
            .unwrap()
            .contains("got \"0\""),
        "{env:?}"
    );
}

#[test]
fn javascript_reads_stdin_as_node_programs_do_and_returns_large_values() {
    let ways = [
        "const t = require('fs').readFileSync(0, 'utf8');\nconsole.log(t.split('\\n')[1]);",
        "const t = require('node:fs').readFileSync('/dev/stdin').toString();\nconsole.log(t.split('\\n')[1]);",
        "const rl = require('readline').createInterface({ input: process.stdin, terminal: false });\nlet i = 0;\nrl.on('line', (l) => { if (i++ === 1) console.log(l); });",
        "let s = '';\nprocess.stdin.setEncoding('utf8');\nprocess.stdin.on('data', (c) => (s += c));\nprocess.stdin.on('end', () => console.log(s.split('\\n')[1]));",
        "(async () => { const rl = require('readline').createInterface({ input: process.stdin }); const lines = []; for await (const l of rl) lines.push(l); console.log(lines[1]); })();",
        "process.stdin.on('readable', () => { const c = process.stdin.read(); if (c !== null) console.log(c.split('\\n')[1]); });",
    ];
    let mut tasks: Vec<Task> = ways
        .iter()
        .enumerate()
        .map(|(i, code)| {
            task(json!({"id": format!("stdin-{i}"), "language": "javascript", "code": code,
                        "public_tests": {"input": ["first\nsecond\nthird\n"], "output": ["second\n"]}}))
        })
        .collect();
    // A return value far larger than one report frame.
    tasks.push(task(json!({
        "id": "big-result", "language": "javascript",
        "code": "function big(n) { return Array.from({ length: n }, (_, i) => 'é😀' + i); }",
        "input_output": {"fn_name": "big", "inputs": [[5000]],
                         "outputs": [(0..5000).map(|i| format!("é😀{i}")).collect::<Vec<_>>()]},
    })));
    // Writing files is still the blacklist's.
    tasks.push(task(json!({
        "id": "fs-write", "language": "javascript",
        "code": "require('fs').writeFileSync('/tmp/x', '1'); console.log(1);",
        "public_tests": {"input": [""], "output": ["1"]},
    })));
    let envs = common::score_all(tasks);
    for env in &envs[..ways.len() + 1] {
        assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    }
    assert_eq!(
        outcome_kind(&envs[ways.len() + 1]),
        (Outcome::Error, Some(ErrorKind::Blacklist))
    );
}

#[test]
fn scripts_end_normally_with_status_zero_and_fail_otherwise() {
    let cases = [
        ("python", "print(1)\nraise SystemExit", Outcome::Pass),
        ("python", "import sys\nprint(1)\nsys.exit(0)", Outcome::Pass),
        (
            "python",
            "import sys\nprint(1)\nsys.exit('bad input')",
            Outcome::Error,
        ),
        (
            "python",
            "import os\nprint(1, flush=True)\nos._exit(0)",
            Outcome::Pass,
        ),
        (
            "javascript",
            "console.log(1); process.exit(0);",
            Outcome::Pass,
        ),
        (
            "javascript",
            "console.log(1); process.exitCode = 0;",
            Outcome::Pass,
        ),
        (
            "javascript",
            "console.log(1); process.exit(3);",
            Outcome::Error,
        ),
        (
            "javascript",
            "setTimeout(() => { console.log(1); throw new Error('late'); }, 5);",
            Outcome::Error,
        ),
    ];
    let tasks = cases
        .iter()
        .enumerate()
        .map(|(i, (language, code, _))| {
            task(
                json!({"id": format!("exit-{i}"), "language": language, "code": code,
                        "public_tests": {"input": [""], "output": ["1"]}}),
            )
        })
        .collect();
    let envs = common::score_all(tasks);
    for ((language, code, expected), env) in cases.iter().zip(&envs) {
        assert_eq!(env.outcome, *expected, "{language}: {code}: {env:?}");
        if *expected == Outcome::Error {
            assert_eq!(env.error_kind, Some(ErrorKind::RuntimeException), "{env:?}");
        }
    }
}

#[test]
fn the_cli_judge_flag_sets_the_default_comparison() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("task.json");
    std::fs::write(
        &path,
        json!({"id": "f", "code": "print(1/3)", "public_tests": {"input": [""], "output": ["0.333333"]}})
            .to_string(),
    )
    .unwrap();
    let path = path.to_str().unwrap();
    let exact = common::cli(&["run", "--task", path]);
    assert_eq!(
        exact.status.code(),
        Some(Outcome::AssertionFail.exit_code())
    );
    let tokens = common::cli(&["run", "--task", path, "--judge", "tokens"]);
    assert_eq!(
        tokens.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&tokens.stdout)
    );
    let bad = common::cli(&["run", "--task", path, "--judge", "fuzzy"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&bad.stderr).contains("expected exact, tokens, sandboxfusion"),
        "{}",
        String::from_utf8_lossy(&bad.stderr)
    );
}

/// `--int-max-str-digits`: CPython's 4,300-digit limit by default, lifted
/// with 0 (SandboxFusion's Python 3.10 has none), for a program's own
/// conversions; a value CPython refuses is a usage error.
#[test]
fn the_int_digit_limit_is_cpythons_unless_lifted() {
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("program.json");
    std::fs::write(
        &program,
        json!({"id": "big", "code": "n = int(input())\nprint(len(str(10 ** n)))",
               "public_tests": {"input": ["5000\n"], "output": ["5001"]}})
        .to_string(),
    )
    .unwrap();
    let program = program.to_str().unwrap();
    let limited = common::cli(&["run", "--task", program]);
    let stdout = String::from_utf8_lossy(&limited.stdout);
    assert_eq!(
        limited.status.code(),
        Some(Outcome::Error.exit_code()),
        "{stdout}"
    );
    assert!(
        stdout.contains("Exceeds the limit (4300 digits)"),
        "{stdout}"
    );
    for digits in ["0", "6000"] {
        let lifted = common::cli(&["run", "--task", program, "--int-max-str-digits", digits]);
        assert_eq!(
            lifted.status.code(),
            Some(0),
            "{digits}: {}",
            String::from_utf8_lossy(&lifted.stdout)
        );
    }
    for bad in ["100", "-1", "many"] {
        let flag = format!("--int-max-str-digits={bad}");
        let refused = common::cli(&["run", "--task", program, &flag]);
        assert_eq!(refused.status.code(), Some(2), "{bad}");
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains("640"),
            "{}",
            String::from_utf8_lossy(&refused.stderr)
        );
    }
}

#[test]
fn bad_task_lines_name_the_problem() {
    for (line, expected) in [
        (
            json!({"code": "x", "input_output": {"inputs": ["1"], "outputs": []}}),
            "1 inputs but 0 outputs",
        ),
        (
            json!({"code": "x", "targets": ["assert 1"], "public_tests": {"input": [], "output": []}}),
            "not targets and public_tests",
        ),
        (
            json!({"code": "x", "test_cases": [{"input": "1", "output": "1", "testtype": "functional"}]}),
            "names no function",
        ),
    ] {
        let err = Task::from_value(&line).unwrap_err();
        assert!(err.message.contains(expected), "{line}: {}", err.message);
    }
}

/// Contest programs' Python idioms end as CPython's process ends: output a
/// `sys.stdout` wrapper keeps until exit (PyRival's `FastIO`) and what
/// `atexit` handlers print are written, after an uncaught error too; a
/// thread started for a bigger stack runs its target (serially), and what
/// it raises is printed as a thread's error; big outputs fit the cap;
/// `signal.alarm` and `resource` answer as on Linux; a refused import the
/// program catches is only an ImportError; warnings show as by default.
#[test]
fn contest_python_idioms_end_as_cpython_ends() {
    let fast_io = "import os, sys\nfrom io import BytesIO, IOBase\nclass FastIO(IOBase):\n    newlines = 0\n    def __init__(self, file):\n        self._fd = file.fileno()\n        self.buffer = BytesIO()\n        self.writable = 'x' in file.mode or 'r' not in file.mode\n        self.write = self.buffer.write if self.writable else None\n    def flush(self):\n        if self.writable:\n            os.write(self._fd, self.buffer.getvalue())\n            self.buffer.truncate(0), self.buffer.seek(0)\nclass IOWrapper(IOBase):\n    def __init__(self, file):\n        self.buffer = FastIO(file)\n        self.flush = self.buffer.flush\n        self.writable = self.buffer.writable\n        self.write = lambda s: self.buffer.write(s.encode('ascii'))\nsys.stdout = IOWrapper(sys.stdout)\ninput = lambda: sys.stdin.readline().rstrip('\\r\\n')\n";
    let cases = [
        (
            "fast io",
            format!("{fast_io}n = int(input())\nprint(n * 2)\n"),
            "42\n",
            Outcome::Pass,
        ),
        (
            "fast io then an error",
            format!("{fast_io}print(42)\nraise SystemExit(0)\n"),
            "42\n",
            Outcome::Pass,
        ),
        (
            "atexit",
            "import atexit\natexit.register(lambda: print(42))\nn = int(input())\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
        (
            "thread for the stack",
            "import sys, threading\nsys.setrecursionlimit(10000)\nthreading.stack_size(1 << 27)\ndef depth(n):\n    return 0 if n == 0 else 1 + depth(n - 1)\ndef main():\n    print(depth(int(input()) * 50))\nt = threading.Thread(target=main)\nt.start()\nt.join()\n".to_string(),
            "1050\n",
            Outcome::Pass,
        ),
        (
            "an error in a thread is printed, the program goes on",
            "import threading\ndef boom():\n    raise ValueError('in the thread')\nthreading.Thread(target=boom).start()\nprint(42)\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
        (
            "a big output",
            "n = int(input())\nfor i in range(n * 10000):\n    print(i)\n".to_string(),
            &*Box::leak(
                (0..210_000)
                    .map(|i| format!("{i}\n"))
                    .collect::<String>()
                    .into_boxed_str(),
            ),
            Outcome::Pass,
        ),
        (
            "an alarm as a guard that never fires",
            "import signal\ndef late(signum, frame):\n    raise TimeoutError\nsignal.signal(signal.SIGALRM, late)\nsignal.alarm(5)\nprint(int(input()) * 2)\nsignal.alarm(0)\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
        (
            "an alarm says what is left of the last one",
            "import signal\nsignal.alarm(10)\nprint(signal.alarm(0) * 4 + int(input()) // 21 * 2)\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
        (
            "a timer that runs out during a sleep calls its handler",
            "import signal, time\nhits = []\nsignal.signal(signal.SIGALRM, lambda s, f: hits.append(s))\nsignal.setitimer(signal.ITIMER_REAL, 0.5)\ntime.sleep(1)\nprint(len(hits), signal.getitimer(signal.ITIMER_REAL))\n".to_string(),
            "1 (0.0, 0.0)\n",
            Outcome::Pass,
        ),
        (
            "resource answers as Linux and remembers what was set",
            "import resource\nprint(resource.getrlimit(resource.RLIMIT_STACK))\nresource.setrlimit(resource.RLIMIT_STACK, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))\nprint(resource.getrlimit(resource.RLIMIT_STACK), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n".to_string(),
            "(8388608, -1)\n(-1, -1) 0\n",
            Outcome::Pass,
        ),
        (
            "a refused import the program catches is an ImportError",
            "try:\n    import multiprocessing\nexcept ImportError:\n    multiprocessing = None\nprint(int(input()) * 2 if multiprocessing is None else 0)\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
        (
            "a refused import the program does not catch ends it",
            "import multiprocessing\nprint(42)\n".to_string(),
            "42\n",
            Outcome::Error,
        ),
        (
            "a warning is shown once per place, as by CPython's default filters",
            "import warnings\nfor i in range(3):\n    warnings.warn('once')\nprint(42)\n".to_string(),
            "42\n",
            Outcome::Pass,
        ),
    ];
    let envs = common::score_all(
        cases
            .iter()
            .map(|(id, code, output, _)| {
                task(json!({"id": id, "code": code, "input_output": {"inputs": ["21\n"], "outputs": [output]}}))
            })
            .collect(),
    );
    for ((id, _, _, outcome), env) in cases.iter().zip(&envs) {
        assert_eq!(env.outcome, *outcome, "{id}: {env:?}");
    }
    assert!(
        envs[4].stderr.contains("Exception in thread") && envs[4].stderr.contains("in the thread"),
        "{:?}",
        envs[4].stderr
    );
    assert_eq!(
        envs[11].error_kind,
        Some(ErrorKind::Blacklist),
        "{:?}",
        envs[11]
    );
    assert_eq!(
        envs[12].stderr.matches("UserWarning: once").count(),
        1,
        "{:?}",
        envs[12].stderr
    );
}

/// `max_cases` keeps the first N cases (or, with `case_order: "longest"`,
/// the N with the largest inputs, in the dataset's order);
/// `stop_at_first_failure` leaves the cases after a failure unrun, counted
/// as failed; bad values are named.
#[test]
fn cases_can_be_limited_ordered_and_stopped_at_the_first_failure() {
    // Doubles its input; wrong on 3.
    let code = "n = int(input())\nprint(0 if n == 3 else 2 * n)";
    let inputs = ["1", "22222", "3", "4444", "5"];
    let outputs = ["2", "44444", "6", "8888", "10"];
    let line = |extra: Value| {
        let mut line = json!({"id": "sel", "code": code, "public_tests": {"input": inputs, "output": outputs}});
        for (key, value) in extra.as_object().unwrap() {
            line[key] = value.clone();
        }
        task(line)
    };
    let envs = common::score_all(vec![
        line(json!({})),
        line(json!({"max_cases": 2})),
        line(json!({"max_cases": 2, "case_order": "longest"})),
        line(json!({"stop_at_first_failure": true})),
    ]);
    let names = |env: &Envelope| -> Vec<String> {
        env.targets
            .iter()
            .map(|t| t.name.clone().unwrap())
            .collect()
    };
    assert_eq!((envs[0].passed, envs[0].total), (4, 5));
    assert_eq!(
        (envs[1].passed, envs[1].total, envs[1].outcome),
        (2, 2, Outcome::Pass)
    );
    assert_eq!(names(&envs[1]), ["public_tests[0]", "public_tests[1]"]);
    assert_eq!((envs[2].passed, envs[2].total), (2, 2));
    assert_eq!(names(&envs[2]), ["public_tests[1]", "public_tests[3]"]);
    assert_eq!((envs[3].passed, envs[3].total), (2, 5));
    assert_eq!(
        envs[3].targets[4].error.as_deref(),
        Some("not run: public_tests[2] failed first (stop_at_first_failure)")
    );
    for (extra, said) in [
        (
            json!({"max_cases": 0}),
            "\"max_cases\" must be a positive integer",
        ),
        (
            json!({"case_order": "random"}),
            "\"case_order\" must be \"first\" or \"longest\"",
        ),
        (
            json!({"stop_at_first_failure": "yes"}),
            "\"stop_at_first_failure\" must be true or false",
        ),
    ] {
        let mut bad = json!({"code": code, "public_tests": {"input": inputs, "output": outputs}});
        for (key, value) in extra.as_object().unwrap() {
            bad[key] = value.clone();
        }
        let error = Task::from_value(&bad).unwrap_err();
        assert!(error.message.contains(said), "{}", error.message);
    }
}
