//! Python candidates started from the interpreter snapshot get the same
//! verdicts as candidates started from `_start`, each sees a pristine
//! interpreter, and randomness is not frozen into the snapshot.

mod common;

use common::code_task;
use std::sync::Arc;
use wasmeval::executor::{Executor, Settings};
use wasmeval::outcome::{Envelope, Outcome};
use wasmeval::runtime::Language;
use wasmeval::task::Task;

fn executor(snapshot: bool) -> Arc<Executor> {
    let executor = common::executor_with(Settings {
        snapshot,
        ..Settings::default()
    });
    executor.prepare(Language::Python).unwrap();
    Arc::new(executor)
}

const CANDIDATES: &[(&str, &[&str])] = &[
    (
        "def add(a, b):\n    return a + b\nprint('hi')",
        &["assert add(1, 2) == 3", "assert add(1, 1) == 3"],
    ),
    (
        "import math, re, collections\ndef f(x):\n    return math.isqrt(x)",
        &["assert f(17) == 4"],
    ),
    (
        "from typing import List\ndef f(xs: List[int]) -> int:\n    return sum(xs)",
        &["assert f([1, 2]) == 3"],
    ),
    (
        "import statistics, fractions\nprint(statistics.mean([1, 2, 3]), fractions.Fraction(1, 3))",
        &["assert True"],
    ),
    ("def f(:\n    pass", &["assert f()"]),
    ("raise KeyError('k')", &["assert True"]),
    ("while True:\n    pass", &["assert True"]),
    ("import time\ntime.sleep(100)", &["assert True"]),
    ("while True:\n    print('x' * 100)", &["assert True"]),
    ("x = bytearray(600 * 2**20)", &["assert True"]),
    ("def f(n):\n    return f(n + 1)\nf(0)", &["assert True"]),
    ("import subprocess", &["assert True"]),
    ("import os\nos._exit(0)", &["assert True"]),
    (
        "import sys\nprint(repr(sys.stdin.read()))\ndef f():\n    return 1",
        &["assert f() == 1", "import sys; sys.exit(3)"],
    ),
    ("import os\nprint(sorted(os.environ))", &["assert True"]),
    ("import time\nprint(int(time.time()))", &["assert True"]),
];

/// What must be equal on both paths (fuel and wall time differ: the
/// snapshot path does not pay for start-up).
fn verdict(e: &Envelope) -> String {
    format!(
        "{} {:?} {:?} {}/{} {} {:?} {:?}",
        e.outcome, e.error_kind, e.detail, e.passed, e.total, e.score, e.targets, e.stdout
    )
}

fn tasks() -> Vec<Task> {
    CANDIDATES
        .iter()
        .enumerate()
        .map(|(i, (code, targets))| code_task(&format!("c{i}"), code, targets, 0.5))
        .collect()
}

#[test]
fn snapshot_and_start_paths_give_the_same_verdicts() {
    let from_snapshot = executor(true).score_all(tasks());
    let from_start = executor(false).score_all(tasks());
    let differences: Vec<String> = from_snapshot
        .iter()
        .zip(&from_start)
        .filter(|(a, b)| verdict(a) != verdict(b))
        .map(|(a, b)| format!("snapshot: {}\n_start:   {}", verdict(a), verdict(b)))
        .collect();
    assert!(differences.is_empty(), "\n{}", differences.join("\n"));
    // The snapshot path skips the interpreter's start-up.
    assert!(from_snapshot[0].fuel_used * 5 < from_start[0].fuel_used);
}

#[test]
fn every_candidate_sees_a_pristine_interpreter() {
    let executor = executor(true);
    let polluter = code_task(
        "polluter",
        "import builtins, math, sys, json\nbuiltins.len = lambda x: 42\nmath.pi = 3\njson.dumps = None\nsys.modules['evil'] = math\nsys.path.append('/evil')",
        &["assert len([]) == 42"],
        3.0,
    );
    let observer = code_task(
        "observer",
        "import math, sys, json",
        &[
            "assert len([]) == 0",
            "assert math.pi > 3.14",
            "assert json.dumps([1]) == '[1]'",
            "assert 'evil' not in sys.modules",
            "assert '/evil' not in sys.path",
        ],
        3.0,
    );
    let envelopes =
        executor.score_all(vec![polluter.clone(), observer.clone(), polluter, observer]);
    for e in &envelopes {
        assert_eq!(e.outcome, wasmeval::outcome::Outcome::Pass, "{e:?}");
    }
}

/// One guest at a time, so the pool hands the same memory slot back again
/// and again: a candidate that writes all over the interpreter's heap (every
/// loaded module's namespace, every builtin, a large buffer past the
/// snapshot's image) must leave nothing for the next. This exercises the
/// memory reset (only written pages are copied back from the image).
#[test]
fn scattered_writes_do_not_survive_the_memory_reset() {
    let executor = common::executor_with(Settings {
        snapshot: true,
        max_running: 1,
        ..Settings::default()
    });
    let polluter = code_task(
        "polluter",
        "import sys, builtins\n\
         junk = bytearray(b'\\xab') * (64 * 2**20)\n\
         for m in list(sys.modules.values()):\n\
         \ttry:\n\
         \t\tm.__dict__['_wasmeval_polluted'] = True\n\
         \texcept Exception:\n\
         \t\tpass\n\
         for name in dir(builtins):\n\
         \tsetattr(builtins, name, None) if name not in ('setattr', 'dir', 'list') else None",
        &["pass"],
        3.0,
    );
    let observer = code_task(
        "observer",
        "import sys\n\
         polluted = [n for n, m in sys.modules.items() if '_wasmeval_polluted' in getattr(m, '__dict__', {})]",
        &[
            "assert polluted == [], polluted",
            "assert len(sys.modules) > 50",
            "assert abs(-1) == 1 and len(range(3)) == 3 and isinstance(1, int)",
            "assert bytearray(2**20).count(0) == 2**20",
        ],
        3.0,
    );
    for round in 0..6 {
        let p = executor.score_blocking(&polluter);
        assert_eq!(p.outcome, Outcome::Pass, "round {round}: {p:?}");
        let o = executor.score_blocking(&observer);
        assert_eq!(o.outcome, Outcome::Pass, "round {round}: {o:?}");
        assert_eq!(o.passed, 4);
    }
}

#[test]
fn randomness_is_drawn_per_run_not_frozen_into_the_snapshot() {
    let executor = executor(true);
    let draw = |sample: u64| {
        let mut task = code_task(
            "rand",
            "import random, os\nprint(random.random(), os.urandom(4).hex())",
            &["assert True"],
            3.0,
        );
        task.sample = Some(sample);
        task
    };
    let envelopes = executor.score_all(vec![draw(0), draw(1), draw(0)]);
    assert_ne!(envelopes[0].stdout, envelopes[1].stdout, "samples differ");
    assert_eq!(envelopes[0].stdout, envelopes[2].stdout, "a sample repeats");
}
