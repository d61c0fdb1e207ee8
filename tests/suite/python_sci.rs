//! The `python-sci` runtime (CPython 3.15 with numpy, pandas, scipy,
//! scikit-learn and matplotlib): the data-science examples, seeded
//! randomness, the memory cap, timeouts inside numpy, isolation between
//! candidates, byte-identical results under load, and the contract the
//! default Python runtime keeps (envelope, outcomes, blacklist, integrity).

use crate::common;

use serde_json::{Value, json};
use std::sync::{Arc, OnceLock};
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;
use wasmeval::{Service, Settings};

/// A service with the python-sci runtime prepared (built on first use:
/// about two minutes once per machine).
fn sci() -> Arc<Service> {
    static SERVICE: OnceLock<Arc<Service>> = OnceLock::new();
    SERVICE
        .get_or_init(|| {
            let service = common::service_with(Settings::default());
            service.prepare_blocking("python-sci").unwrap_or_else(|e| {
                panic!("the pinned python-sci runtime must fetch, build and compile: {e:#}")
            });
            Arc::new(service)
        })
        .clone()
}

fn task(value: Value) -> Task {
    Task::from_value(&value).unwrap_or_else(|e| panic!("{value}: {e}"))
}

fn sci_task(id: &str, code: &str, targets: &[&str]) -> Task {
    task(json!({"id": id, "runtime": "python-sci", "code": code, "targets": targets}))
}

fn score(tasks: Vec<Task>) -> Vec<Envelope> {
    common::score_on(&sci(), tasks)
}

#[test]
fn every_data_science_example_gets_its_expected_verdict() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/sci_tasks.jsonl");
    let lines: Vec<Value> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines.len() >= 24, "at least 12 tasks, right and wrong");
    let envelopes = score(lines.iter().map(|l| task(l.clone())).collect());
    let failures = common::unexpected(&lines, &envelopes);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    for library in ["numpy", "pandas", "scipy", "sklearn", "matplotlib"] {
        assert!(
            lines
                .iter()
                .filter(|l| l["code"].as_str().unwrap().contains(library))
                .count()
                >= 2,
            "{library} is covered"
        );
    }
}

/// The build makes every object alive in the snapshot immortal (PEP 683),
/// numpy's and pandas' too, in both instances; the candidate's own objects
/// stay mortal and numpy still computes.
#[test]
fn the_snapshots_objects_are_immortal_and_a_candidates_own_are_not() {
    let code = "import sys, numpy, pandas\n\
                def probe():\n\
                \x20   mine = numpy.arange(4)\n\
                \x20   return [sys._is_immortal(o) for o in \
                (numpy, numpy.array, pandas.DataFrame, sys.modules, mine)], int(mine.sum())";
    let envs = score(vec![sci_task(
        "immortal",
        code,
        &[
            "assert probe() == ([True, True, True, True, False], 6)",
            "import sys, numpy\nassert sys._is_immortal(numpy.array) and not sys._is_immortal([])",
        ],
    )]);
    assert_eq!(envs[0].outcome, Outcome::Pass, "{:?}", envs[0]);
}

/// The default runtime's warm-up (see python_executor) runs in
/// python-sci's build too.
#[test]
fn the_snapshot_starts_warmed_up_and_clean() {
    let (code, targets) = common::WARMED_UP;
    let envs = score(vec![sci_task("warmed-up", code, targets)]);
    assert_eq!(envs[0].outcome, Outcome::Pass, "{:?}", envs[0]);
}

#[test]
fn numpy_and_python_randomness_repeat_per_sample_and_differ_between_samples() {
    let code = "import numpy as np, random\n\
                A = np.random.default_rng().integers(0, 10**9, 4).tolist()\n\
                B = np.random.rand(3).tolist()\n\
                C = random.random()\n\
                print(A, B, C)\n\
                def f():\n    return True";
    let make = |sample: u64| {
        task(
            json!({"id": "rng", "sample": sample, "runtime": "python-sci",
                    "code": code, "targets": ["assert f()"]}),
        )
    };
    let first = score(vec![make(0), make(1), make(0)]);
    for envelope in &first {
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
    }
    assert_eq!(first[0].stdout, first[2].stdout, "same sample, same draws");
    assert_ne!(
        first[0].stdout, first[1].stdout,
        "another sample, other draws"
    );
    let again = score(vec![make(0)]);
    assert_eq!(again[0].stdout, first[0].stdout, "a rerun repeats");
}

#[test]
fn memory_cap_time_budget_and_the_contract_hold() {
    let envelopes = score(vec![
        // 640 MB of float64: refused by the 512 MiB cap.
        sci_task(
            "huge",
            "import numpy as np\ndef f():\n    return np.ones((80_000_000,)).sum()",
            &["assert f() == 0"],
        ),
        // One matrix product longer than the budget: stopped inside numpy's
        // C code.
        task(json!({"id": "numpy-loop", "runtime": "python-sci",
                    "code": "import numpy as np\ndef f():\n    a = np.ones((3000, 3000))\n    return float((a @ a).sum())",
                    "targets": ["assert f() > 0"], "metadata": {"timeout_s": 0.5}})),
        sci_task(
            "exit-early",
            "import sys\nsys.exit(0)\ndef f():\n    return 1",
            &["assert f() == 2"],
        ),
        sci_task(
            "always-equal",
            "class A:\n    def __eq__(self, other):\n        return True\ndef f():\n    return A()",
            &["assert f() == 3"],
        ),
        sci_task(
            "blacklist",
            "import multiprocessing\ndef f():\n    return 1",
            &["assert f() == 1"],
        ),
        sci_task("syntax", "def f(:\n    return 1", &["assert f() == 1"]),
        sci_task(
            "frames",
            "import sys\ndef f():\n    frame = sys._getframe()\n    while frame.f_back is not None:\n        frame = frame.f_back\n    return 1",
            &["assert f() == 2"],
        ),
        // The host import is no channel for verdicts: anyone may call it.
        sci_task(
            "host-call",
            "import _host\nfor m in (b'P', b'C', b'T0', b'T1', b'J1'):\n    _host.call(m)\ndef f():\n    return 0",
            &["assert f() == 1"],
        ),
        // Nor is the reactor's turn status: a candidate that rewrites the
        // turn machinery only stops its own later phases.
        sci_task(
            "reactor",
            "import sys\nreactor = sys.modules.get('_reactor')\nif reactor is not None:\n    for name in list(vars(reactor)):\n        if callable(getattr(reactor, name)) and not name.startswith('__'):\n            setattr(reactor, name, lambda *a, **k: 0)\ndef f():\n    return 0",
            &["assert f() == 1"],
        ),
        // Running the dispatcher's phases out of turn runs them for real,
        // and a pass is recorded for the target that passed.
        sci_task(
            "out-of-turn",
            "def f():\n    try:\n        compile(b'#wasmeval:target\\n', 'x', 'exec')\n    except BaseException:\n        pass\n    return 0\ndef g():\n    return 2",
            &["assert f() == 1", "assert g() == 2"],
        ),
        // A return value whose JSON is over the output cap fails its case,
        // as in the default runtime.
        task(json!({"id": "huge-return", "runtime": "python-sci",
                    "code": "def f():\n    return list(range(100_000))",
                    "input_output": {"fn_name": "f", "inputs": [[]], "outputs": [[1]]}})),
        sci_task(
            "print-and-pass",
            "import pandas as pd\nprint(pd.DataFrame({'a': [1, 2]}).to_string())\ndef f():\n    return 1",
            &["assert f() == 1"],
        ),
    ]);
    let by_id = |id: &str| {
        envelopes
            .iter()
            .find(|e| e.id.as_deref() == Some(id))
            .unwrap()
    };
    let huge = by_id("huge");
    assert_eq!(
        (huge.outcome, huge.error_kind),
        (Outcome::Error, Some(ErrorKind::Memory)),
        "{huge:?}"
    );
    let looped = by_id("numpy-loop");
    assert_eq!(looped.outcome, Outcome::Timeout, "{looped:?}");
    assert_ne!(
        looped.error_kind,
        Some(ErrorKind::WallBackstop),
        "decided by fuel: {looped:?}"
    );
    for id in [
        "exit-early",
        "always-equal",
        "frames",
        "host-call",
        "reactor",
    ] {
        let envelope = by_id(id);
        assert_ne!(envelope.outcome, Outcome::Pass, "{envelope:?}");
        assert_eq!(envelope.score, 0.0, "{envelope:?}");
    }
    let out_of_turn = by_id("out-of-turn");
    assert!(
        out_of_turn.passed == 1 && !out_of_turn.targets[0].passed && out_of_turn.targets[1].passed,
        "{out_of_turn:?}"
    );
    let huge_return = by_id("huge-return");
    assert_eq!(huge_return.error_kind, None, "{huge_return:?}");
    assert!(
        huge_return.targets[0]
            .error
            .as_deref()
            .is_some_and(|e| e.contains("more than the output cap")),
        "{huge_return:?}"
    );
    let blocked = by_id("blacklist");
    assert_eq!(
        (blocked.outcome, blocked.error_kind),
        (Outcome::Error, Some(ErrorKind::Blacklist)),
        "{blocked:?}"
    );
    assert_eq!(by_id("syntax").outcome, Outcome::SyntaxError);
    let printed = by_id("print-and-pass");
    assert_eq!(printed.outcome, Outcome::Pass, "{printed:?}");
    assert!(printed.stdout.contains("a\n0  1\n1  2"), "{printed:?}");
}

#[test]
fn candidates_are_isolated_and_results_are_byte_identical_under_load() {
    // The first candidate vandalises numpy, pandas and builtins; the second
    // must see them pristine.
    let vandal = sci_task(
        "vandal",
        "import numpy as np, pandas as pd, builtins\n\
         np.sum = lambda *a, **k: 42\n\
         pd.set_option('display.max_rows', 1)\n\
         builtins.len = lambda x: 0\n\
         np.random.seed(0)\n\
         def f():\n    return 1",
        &["assert f() == 1"],
    );
    let check = sci_task(
        "check",
        "import numpy as np, pandas as pd\n\
         def f():\n    return (int(np.sum([1, 2])), pd.get_option('display.max_rows'), len([1]))",
        &["assert f() == (3, 60, 1)"],
    );
    let mut tasks = vec![vandal];
    for i in 0..6 {
        let mut t = check.clone();
        t.sample = Some(i);
        tasks.push(t);
    }
    let serial = common::score_on(
        &common::service_with(Settings::default().with_jobs(1)),
        tasks.clone(),
    );
    let parallel = score(tasks);
    for envelope in serial.iter().chain(&parallel) {
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
    }
    let strip = |envelopes: &[Envelope]| -> Vec<Value> {
        envelopes
            .iter()
            .map(|e| {
                let mut v = serde_json::to_value(e).unwrap();
                v.as_object_mut().unwrap().remove("wall_ms");
                v
            })
            .collect()
    };
    assert_eq!(
        strip(&serial),
        strip(&parallel),
        "one worker and many agree"
    );
}

#[test]
fn the_runtime_flag_moves_a_whole_run_and_io_tasks_work() {
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    std::fs::write(
        &tasks,
        [
            json!({"id": "numpy", "code": "import numpy as np\ndef f():\n    return int(np.arange(4).sum())", "targets": ["assert f() == 6"]}),
            json!({"id": "stdin", "code": "import pandas as pd, sys\nxs = [int(x) for x in sys.stdin.read().split()]\nprint(pd.Series(xs).max())",
                   "input_output": {"inputs": ["1 5 3\n"], "outputs": ["5\n"]}}),
            json!({"id": "call", "code": "import numpy as np\nclass Solution:\n    def total(self, xs):\n        return int(np.sum(xs))",
                   "input_output": {"fn_name": "total", "inputs": [[[1, 2, 3]]], "outputs": [6]}}),
            json!({"id": "tests", "code": "import numpy as np\ndef norm(v):\n    return float(np.linalg.norm(v))",
                   "test_file": "import pytest\nfrom solution import norm\n\n@pytest.mark.parametrize('v,n', [([3, 4], 5.0), ([0, 0], 0.0)])\ndef test_norm(v, n):\n    assert norm(v) == pytest.approx(n)\n"}),
            json!({"id": "js", "language": "javascript", "code": "function f() { return 1 }", "targets": ["if (f() !== 1) throw new Error('no')"]}),
        ]
        .iter()
        .map(|v| v.to_string() + "\n")
        .collect::<String>(),
    )
    .unwrap();
    sci();
    let out = dir.path().join("results.jsonl");
    let output = common::cli(&[
        "eval",
        tasks.to_str().unwrap(),
        "--runtime",
        "python-sci",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(output.status.success(), "{output:?}");
    let results: Vec<Value> = std::fs::read_to_string(&out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for result in &results {
        assert_eq!(result["outcome"], "pass", "{result}");
    }
    let output = common::cli(&["eval", tasks.to_str().unwrap(), "--runtime", "cobol"]);
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("unknown runtime 'cobol'"),
        "{output:?}"
    );
}

#[test]
fn thousands_of_targets_and_tests_each_get_their_verdict() {
    // Each target is a turn of the judge's instance: no ledger, no limit.
    let targets: Vec<String> = (0..3000)
        .map(|i| format!("assert f({i}) == {}", if i == 2345 { -1 } else { 2 * i }))
        .collect();
    let many = task(
        json!({"id": "many", "runtime": "python-sci", "metadata": {"timeout_s": 20},
        "code": "def f(x):\n    return 2 * x", "targets": targets}),
    );
    let tests: String = (0..3000)
        .map(|i| {
            format!(
                "def test_{i}():\n    assert solution.x == {}\n",
                if i == 7 { 2 } else { 1 }
            )
        })
        .collect();
    let file = task(
        json!({"id": "file", "runtime": "python-sci", "code": "x = 1", "metadata": {"timeout_s": 20},
        "test_file": format!("import solution\n{tests}")}),
    );
    let envelopes = score(vec![many, file]);
    for envelope in &envelopes {
        assert_eq!(envelope.outcome, Outcome::AssertionFail, "{envelope:?}");
        assert_eq!(
            (envelope.passed, envelope.total),
            (2999, 3000),
            "{envelope:?}"
        );
    }
    assert!(!envelopes[0].targets[2345].passed);
    assert!(!envelopes[1].targets[7].passed);
}

#[test]
fn a_default_runtime_candidate_with_a_numpy_test_is_judged_in_python_sci() {
    // The candidate runs in the fast default runtime; the test, which
    // imports numpy (as EvalPlus's checks do), runs in python-sci.
    let check = "import numpy as np\n\
                 def check(candidate):\n    \
                     assert np.allclose(candidate([1.0, 2.0]), [2.0, 4.0])\n    \
                     assert np.isclose(candidate([0.5])[0], 1.0)\n";
    let cases = [
        (
            "right",
            "def double(xs):\n    return [2 * x for x in xs]",
            Outcome::Pass,
        ),
        (
            "wrong",
            "def double(xs):\n    return [x + 1 for x in xs]",
            Outcome::AssertionFail,
        ),
        (
            "forger",
            "class Any:\n    def __eq__(self, o):\n        return True\n    def __array__(self, *a, **k):\n        raise SystemExit\n\
             def double(xs):\n    return Any()",
            Outcome::AssertionFail,
        ),
    ];
    let tasks = cases
        .iter()
        .map(|(id, code, _)| {
            task(json!({"id": id, "code": code,
                "targets": [check, "check(double)"]}))
        })
        .collect();
    let envelopes = score(tasks);
    for ((id, _, want), envelope) in cases.iter().zip(&envelopes) {
        assert_eq!(envelope.outcome, *want, "{id}: {envelope:?}");
        assert_eq!(envelope.language, "python");
    }
    // Without python-sci on the server, the test's need is named.
    let service =
        common::service_with(Settings::default().with_allowed_runtimes(vec!["python".into()]));
    let envelopes = common::score_on(
        &service,
        vec![task(json!({"id": "no-sci", "code": cases[0].1,
            "targets": [check, "check(double)"]}))],
    );
    assert_eq!(envelopes[0].outcome, Outcome::Error, "{:?}", envelopes[0]);
    assert_eq!(envelopes[0].error_kind, Some(ErrorKind::MissingModule));
    let detail = envelopes[0].detail.as_deref().unwrap_or_default();
    assert!(
        detail.contains("'numpy'") && detail.contains("python-sci"),
        "{detail}"
    );
}

#[test]
fn a_module_the_test_needs_and_no_runtime_has_is_missing_not_the_candidates_failure() {
    let envelopes = score(vec![
        sci_task(
            "torch",
            "def f():\n    return 1",
            &["import torch\nassert f() == 1"],
        ),
        // The candidate's own failed import is the candidate's.
        sci_task(
            "candidate-import",
            "def f():\n    import torch\n    return 1",
            &["assert f() == 1"],
        ),
    ]);
    assert_eq!(envelopes[0].outcome, Outcome::Error, "{:?}", envelopes[0]);
    assert_eq!(envelopes[0].error_kind, Some(ErrorKind::MissingModule));
    assert!(
        envelopes[0]
            .detail
            .as_deref()
            .unwrap_or_default()
            .contains("'torch'"),
        "{:?}",
        envelopes[0]
    );
    assert_eq!(
        envelopes[1].outcome,
        Outcome::AssertionFail,
        "{:?}",
        envelopes[1]
    );
}

/// The runtimes' library files have one modification time on every
/// machine (2024-01-01, the virtual clock's epoch), not the time this
/// machine unpacked them.
#[test]
fn library_files_have_the_same_modification_time_on_every_machine() {
    let code = "import os, json\n\
                lib = os.path.dirname(json.__file__)\n\
                print(os.stat(json.__file__).st_mtime, os.stat(lib).st_mtime)\n";
    let tasks = ["python", "python-sci"]
        .iter()
        .map(|runtime| {
            task(json!({"id": runtime, "runtime": runtime, "code": code, "targets": ["assert True"]}))
        })
        .collect();
    for envelope in score(tasks) {
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
        assert_eq!(
            envelope.stdout, "1704067200.0 1704067200.0\n",
            "{envelope:?}"
        );
    }
}

/// Python code that imports numpy, pandas, scipy, scikit-learn or
/// matplotlib runs on python-sci with no flag, as SandboxFusion's Python
/// has them, and its envelope says so; other code stays on python, and a
/// server that does not serve python-sci keeps it on python (where the
/// import fails as the candidate's ModuleNotFoundError).
#[test]
fn code_that_imports_numpy_moves_to_python_sci_by_itself() {
    sci();
    let tasks = || {
        vec![
            task(
                json!({"id": "numpy", "code": "import numpy as np\ndef f():\n    return int(np.arange(4).sum())", "targets": ["assert f() == 6"]}),
            ),
            task(
                json!({"id": "stdin", "code": "import sys\nfrom scipy import special\nn = int(sys.stdin.read())\nprint(int(special.comb(n, 2)))",
                        "input_output": {"inputs": ["5\n"], "outputs": ["10\n"]}}),
            ),
            task(
                json!({"id": "plain", "code": "def f():\n    return 6", "targets": ["assert f() == 6"]}),
            ),
        ]
    };
    let envs = score(tasks());
    for env in &envs {
        assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    }
    assert_eq!(envs[0].runtime.as_deref(), Some("python-sci"));
    assert_eq!(envs[1].runtime.as_deref(), Some("python-sci"));
    assert_eq!(envs[2].runtime, None);
    let line = serde_json::to_value(&envs[2]).unwrap();
    assert!(line.get("runtime").is_none(), "{line}");

    let python_only =
        common::service_with(Settings::default().with_allowed_runtimes(vec!["python".into()]));
    let envs = common::score_on(&python_only, tasks());
    assert_eq!(
        (envs[0].outcome, envs[0].error_kind),
        (Outcome::Error, Some(ErrorKind::RuntimeException)),
        "{:?}",
        envs[0]
    );
    assert!(
        envs[0]
            .detail
            .as_deref()
            .unwrap()
            .contains("No module named 'numpy'")
    );
    assert_eq!(envs[0].runtime, None);
    assert_eq!(envs[2].outcome, Outcome::Pass);
}
