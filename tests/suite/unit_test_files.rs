//! Unit-test files: pytest and unittest styles in Python (checked test by
//! test against real pytest, installed by pinned version), `node:test` in
//! JavaScript, run against the candidate as a module.

use crate::common;

use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;

/// The pytest that gives the reference verdicts.
const PYTEST: &str = "pytest==9.2.0";

fn task(value: Value) -> Task {
    Task::from_value(&value).unwrap_or_else(|e| panic!("{value}: {e}"))
}

fn examples() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/unittest_tasks.jsonl");
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// A virtualenv with the pinned pytest.
fn pytest_python() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| common::venv_with("pytest-venv", PYTEST))
        .clone()
}

/// Per-test verdicts of real pytest on `task` (solution and test file
/// written to a directory of their own): node id -> passed. Skipped tests
/// are left out; xfail and non-strict xpass count as passed.
fn pytest_verdicts(dir: &Path, task: &Value) -> BTreeMap<String, bool> {
    std::fs::create_dir_all(dir).unwrap();
    let module = task["module"].as_str().unwrap_or("solution");
    std::fs::write(
        dir.join(format!("{module}.py")),
        task["code"].as_str().unwrap(),
    )
    .unwrap();
    let filename = format!("test_{module}.py");
    std::fs::write(dir.join(&filename), task["test_file"].as_str().unwrap()).unwrap();
    let output = Command::new(pytest_python())
        .args([
            "-m",
            "pytest",
            "-q",
            "-rA",
            "-p",
            "no:cacheprovider",
            &filename,
        ])
        .current_dir(dir)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let mut verdicts = BTreeMap::new();
    for line in stdout.lines() {
        let mut words = line.split_whitespace();
        let (Some(status), Some(id)) = (words.next(), words.next()) else {
            continue;
        };
        // A failed unittest subTest is a SUBFAILED line beside the test's own.
        let passed = match status {
            "PASSED" | "XFAIL" | "XPASS" => true,
            "FAILED" | "ERROR" => false,
            s if s.starts_with("SUBFAILED") => false,
            _ => continue,
        };
        if id.contains("::") {
            *verdicts.entry(id.to_string()).or_insert(true) &= passed;
        }
    }
    verdicts
}

fn ours(env: &Envelope) -> BTreeMap<String, bool> {
    env.targets
        .iter()
        .map(|t| (t.name.clone().expect("tests are named"), t.passed))
        .collect()
}

#[test]
fn the_shipped_examples_give_their_expected_verdicts() {
    let lines = examples();
    assert!(lines.len() >= 10);
    assert!(
        lines
            .iter()
            .any(|l| l["test_file"].as_str().unwrap().contains("import pytest"))
    );
    assert!(lines.iter().any(|l| {
        l["test_file"]
            .as_str()
            .unwrap()
            .contains("unittest.TestCase")
    }));
    assert!(lines.iter().any(|l| l["language"] == "javascript"));
    let envelopes = common::score_all(lines.iter().map(|l| task(l.clone())).collect());
    let failures = common::unexpected(&lines, &envelopes);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

/// More test files, for agreement with pytest only: fixtures of every
/// scope, autouse and parametrized fixtures, class parametrization,
/// xunit setup, ids of every kind, runtime xfail, warns, strict xfail.
const CORPUS: &[(&str, &str, &str)] = &[
    (
        "fixtures",
        "def double(x):\n    return 2 * x\n",
        r#"import pytest
from solution import double

calls = []

@pytest.fixture(scope="module")
def table():
    calls.append("table")
    return {1: 2, 2: 4, 3: 6}

@pytest.fixture(autouse=True)
def note():
    calls.append("note")
    yield
    calls.append("done")

@pytest.fixture(params=[1, 2, 3])
def n(request):
    return request.param

@pytest.fixture
def doubled(n):
    return double(n)

def test_table(table, n, doubled):
    assert table[n] == doubled

def test_module_fixture_made_once(table):
    assert calls.count("table") == 1

def test_named(request):
    assert request.node.name == "test_named"
"#,
    ),
    (
        "classes",
        "def square(x):\n    return x * x\n",
        r#"import pytest
from solution import square

@pytest.mark.parametrize("x", [1, 2, -3])
class TestSquare:
    def setup_method(self, method):
        self.seen = method.__name__

    def test_positive(self, x):
        assert square(x) > 0

    def test_seen(self, x):
        assert self.seen == "test_seen"

    @pytest.mark.parametrize("y", [0, 1])
    def test_sum(self, x, y):
        assert square(x) + y >= y

class NotATest:
    def test_never(self):
        assert False

class TestWithInit:
    def __init__(self):
        pass

    def test_never(self):
        assert False

def helper_test():
    assert False
"#,
    ),
    (
        "ids-and-marks",
        "def parse(s):\n    return int(s)\n",
        r#"import enum
import pytest
from solution import parse

class Color(enum.Enum):
    RED = 1

@pytest.mark.parametrize("value", ["1", "é", b"7", None, 2.5, True, Color.RED, parse, [1], "1"])
def test_ids(value):
    assert value is not object()

@pytest.mark.parametrize("s,expected", [("1", 1), ("x", 0)], ids=["one", "bad"])
def test_parse(s, expected):
    assert parse(s) == expected

@pytest.mark.parametrize("s", ["5", pytest.param("q", marks=pytest.mark.xfail), pytest.param("9", id="nine")])
def test_param_marks(s):
    assert parse(s) > 0

@pytest.mark.skipif(True, reason="never")
def test_skipif():
    assert False

@pytest.mark.xfail(strict=True)
def test_strict_xpass():
    assert parse("3") == 3

@pytest.mark.xfail(raises=ValueError)
def test_xfail_raises():
    parse("nope")

def test_runtime_xfail():
    pytest.xfail("not yet")

def test_warns():
    import warnings
    with pytest.warns(UserWarning, match="careful"):
        warnings.warn("be careful", UserWarning)

def test_raises_callable():
    excinfo = pytest.raises(ValueError, parse, "z")
    assert "invalid literal" in str(excinfo.value)

def test_fail():
    pytest.fail("deliberately")
"#,
    ),
    (
        "unittest-and-xunit",
        "class Counter:\n    def __init__(self):\n        self.n = 0\n    def tick(self):\n        self.n += 1\n        return self.n\n",
        r#"import unittest
from solution import Counter

log = []

def setup_module(module):
    log.append("module")

def setup_function(function):
    log.append(function.__name__)

def test_setup_ran():
    assert log[:2] == ["module", "test_setup_ran"]

class TestCounter(unittest.TestCase):
    def setUp(self):
        self.c = Counter()

    def tearDown(self):
        self.c = None

    def test_tick(self):
        self.assertEqual(self.c.tick(), 1)
        self.assertEqual(self.c.tick(), 2)

    def test_in(self):
        self.assertIn(self.c.tick(), [1, 2])

    def test_wrong(self):
        self.assertEqual(self.c.tick(), 5)

    def test_error(self):
        raise KeyError("boom")

    def test_subtests(self):
        for i in range(3):
            with self.subTest(i=i):
                self.assertLess(i, 2)

class Base(unittest.TestCase):
    def test_inherited(self):
        self.assertTrue(True)

class Derived(Base):
    def test_own(self):
        self.assertFalse(False)
"#,
    ),
];

#[test]
fn python_test_verdicts_agree_with_real_pytest() {
    let mut tasks: Vec<Value> = examples()
        .into_iter()
        .filter(|l| l.get("language").is_none() && l["expect"]["total"] != 0)
        .collect();
    for (id, code, tests) in CORPUS {
        tasks.push(json!({"id": id, "code": code, "test_file": tests}));
    }
    let envelopes = common::score_all(tasks.iter().map(|t| task(t.clone())).collect());
    let work = tempfile::tempdir().unwrap();
    let mut failures = Vec::new();
    let mut compared = 0;
    for (t, env) in tasks.iter().zip(&envelopes) {
        let id = t["id"].as_str().unwrap();
        let reference = pytest_verdicts(&work.path().join(id), t);
        assert!(!reference.is_empty(), "{id}: pytest ran no tests");
        let mine = ours(env);
        if mine != reference {
            failures.push(format!(
                "{id}:\n  pytest:   {reference:?}\n  wasmeval: {mine:?}\n  ({:?})",
                env.targets
            ));
        }
        compared += reference.len();
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    assert!(compared >= 60, "only {compared} tests compared");
}

#[test]
fn a_broken_test_file_is_a_collection_error_not_the_candidates_failure() {
    let cases = [
        ("def f(:\n    pass\n", "SyntaxError"),
        ("import no_such_module\n", "ModuleNotFoundError"),
        ("from solution import nothing\n", "ImportError"),
        ("raise RuntimeError('at import')\n", "RuntimeError"),
        ("x = 1\n", "holds no tests"),
        (
            "import pytest\n@pytest.mark.parametrize('a,b', [1])\ndef test_a(a, b):\n    pass\n",
            "wrong number of values",
        ),
    ];
    let tasks = cases
        .iter()
        .enumerate()
        .map(|(i, (tests, _))| task(json!({"id": format!("broken-{i}"), "code": "def f():\n    return 1\n", "test_file": tests})))
        .collect();
    let envs = common::score_all(tasks);
    for ((tests, expected), env) in cases.iter().zip(&envs) {
        // A module the test file imports and no runtime has is the test's
        // need, named as such; everything else is a collection error.
        let kind = if tests.contains("no_such_module") {
            ErrorKind::MissingModule
        } else {
            ErrorKind::CollectionError
        };
        assert_eq!(
            (env.outcome, env.error_kind),
            (Outcome::Error, Some(kind)),
            "{tests}: {env:?}"
        );
        assert!(env.detail.as_deref().unwrap().contains(expected), "{env:?}");
        assert_eq!(env.score, 0.0);
    }
}

#[test]
fn candidates_cannot_add_skip_or_rig_tests() {
    let tests = "import unittest\nfrom solution import *\n\
                 def test_add():\n    assert add(1, 2) == 3\n\
                 class T(unittest.TestCase):\n    def test_add(self):\n        self.assertEqual(add(2, 2), 4)\n";
    let cases = [
        // Its own test_ functions, star-imported: not the test file's tests.
        (
            "def add(a, b):\n    return 0\ndef test_free():\n    pass\ndef test_free2():\n    pass\n",
            Outcome::AssertionFail,
            None,
            Some(2),
        ),
        // A skip raised from the candidate's code is a failure, not a skip.
        (
            "def add(a, b):\n    import unittest\n    raise unittest.SkipTest('no')\n",
            Outcome::AssertionFail,
            None,
            Some(2),
        ),
        // An always-equal object is a proxy in the test's instance: it
        // equals nothing there, for `assert` and unittest's asserts alike.
        (
            "class A:\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return A()\n",
            Outcome::AssertionFail,
            None,
            Some(2),
        ),
        // Changing the test machinery changes the candidate's own copy.
        (
            "import unittest\nunittest.TestCase.assertEqual = lambda *a, **k: None\ndef add(a, b):\n    return 0\n",
            Outcome::AssertionFail,
            None,
            Some(2),
        ),
        // Walking up from inside a test's call reaches the candidate's own
        // instance, never the runner (which ran in the test's).
        (
            "import sys\ndef add(a, b):\n    f = sys._getframe()\n    while f is not None:\n        for k, v in list(f.f_locals.items()):\n            if hasattr(v, 'items') and hasattr(v, 'position'):\n                v.position = 10 ** 6\n        f.f_locals['expected'] = 0\n        f = f.f_back\n    return 0\n",
            Outcome::AssertionFail,
            None,
            Some(2),
        ),
    ];
    let tasks = cases
        .iter()
        .enumerate()
        .map(|(i, (code, ..))| {
            task(json!({"id": format!("rig-{i}"), "code": code, "test_file": tests}))
        })
        .collect();
    let envs = common::score_all(tasks);
    for ((code, outcome, kind, total), env) in cases.iter().zip(&envs) {
        assert_eq!(
            (env.outcome, env.error_kind),
            (*outcome, *kind),
            "{code}: {env:?}"
        );
        assert_eq!(env.passed, 0, "{code}: {env:?}");
        if let Some(total) = total {
            assert_eq!(env.total, *total, "{code}: {env:?}");
        }
    }
    // In JavaScript, only the test file registers tests.
    let js = common::score(task(json!({
        "id": "js-register", "language": "javascript",
        "code": "require('node:test')('free pass', () => {});\nmodule.exports = { add: (a, b) => 0 };",
        "test_file": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('./solution');\ntest('adds', () => assert.strictEqual(add(1, 2), 3));\n",
    })));
    assert_eq!(js.passed, 0, "{js:?}");
    assert_eq!(js.error_kind, Some(ErrorKind::Integrity), "{js:?}");
    // Nor can it swap the tests the file registers for its own, through
    // the arrays the harness keeps them in or the destructuring of their
    // arguments.
    let swaps = [
        "for (let i = 0; i < 64; i++) Object.defineProperty(Array.prototype, i, { configurable: true, set(v) {\n\
           const w = v && typeof v.fn === 'function' ? { ...v, fn() {} } : typeof v === 'function' ? () => {} : v;\n\
           Object.defineProperty(this, i, { value: w, writable: true, enumerable: true, configurable: true }) } });",
        "const real = Array.prototype[Symbol.iterator];\n\
         Array.prototype[Symbol.iterator] = function () { const a = Array.from({ length: this.length }, (_, i) => typeof this[i] === 'function' ? () => {} : this[i]); return real.call(a) };",
    ];
    let swaps = swaps.into_iter().chain([
        // An inherited `skip` getter, read while the file registers its
        // tests, registered a passing test of its own and dropped the real one.
        "let busy = false;\n\
         Object.defineProperty(Object.prototype, 'skip', { configurable: true, get() {\n\
           if (busy) return false; busy = true;\n\
           try { require('node:test')('adds', () => {}) } finally { busy = false }\n\
           return true } });",
    ]);
    for swap in swaps {
        let js = common::score(task(json!({
            "id": "js-swap", "language": "javascript",
            "code": format!("{swap}\nmodule.exports = {{ add: (a, b) => 0 }};"),
            "test_file": "const test = require('node:test');\nconst assert = require('node:assert');\nconst { add } = require('./solution');\ntest('adds', () => assert.strictEqual(add(1, 2), 3));\n",
        })));
        assert_eq!(js.passed, 0, "{swap}: {js:?}");
        assert_ne!(js.outcome, Outcome::Pass, "{swap}: {js:?}");
    }
}

/// `node:test` files across the boundary: a callback API that answers from
/// a timer of the candidate's passes (the candidate's event loop runs while
/// the test waits), as does a Promise API; a candidate that learns the
/// expected value from an assertion that failed in the test's callback, or
/// that calls back with a sentinel and reads it from the error, does not.
#[test]
fn javascript_test_files_call_back_across_the_boundary() {
    const TESTS: &str = "const test = require('node:test');\nconst assert = require('node:assert');\n\
        const { addAsync, addLater } = require('./solution');\n\
        test('callback', (t, done) => { addAsync(1, 2, (err, sum) => { assert.ifError(err); assert.strictEqual(sum, 3); done(); }); });\n\
        test('callback again', (t, done) => { addAsync(100, 23, (err, sum) => { assert.strictEqual(sum, 123); done(); }); });\n\
        test('promise', async () => { assert.deepStrictEqual({ s: await addLater(40, 2) }, { s: 42 }); });\n";
    let run = |code: &str| {
        common::score(task(json!({
            "id": "js-callbacks", "language": "javascript", "code": code, "test_file": TESTS,
        })))
    };
    let honest = run(
        "function addAsync(a, b, cb) { setTimeout(() => cb(null, a + b), 5) }\n\
         const addLater = (a, b) => new Promise((r) => setTimeout(() => r(a + b), 1));\n\
         module.exports = { addAsync, addLater };",
    );
    assert_eq!(
        (honest.outcome, honest.passed),
        (Outcome::Pass, 3),
        "{honest:?}"
    );
    let cheats = [
        "function addAsync(a, b, cb) { setTimeout(() => { try { cb(null, 0) } catch (e) { cb(null, e.expected) } }, 0) }\n\
         const addLater = () => Promise.resolve(0);\nmodule.exports = { addAsync, addLater };",
        "const SENT = 'SENTINEL';\n\
         function addAsync(a, b, cb) { try { cb(null, SENT) } catch (e) { cb(null, e.expected ?? Number(String(e.message).split(' ').pop())) } }\n\
         function addLater() { let reads = 0; const r = {}; Object.defineProperty(r, 'then', { enumerable: true, get() {\n\
           return ++reads === 1 ? undefined : (ok) => { try { ok(SENT) } catch (e) { ok(e.expected && e.expected.s) } } } }); return r }\n\
         module.exports = { addAsync, addLater };",
    ];
    for code in cheats {
        let env = run(code);
        assert_eq!(env.passed, 0, "{code}: {env:?}");
        assert_ne!(env.outcome, Outcome::Pass, "{code}: {env:?}");
    }
    // The test's async callback: what it rejects with is redacted too, and
    // an assertion that fails in it fails the test, whether the candidate
    // reads the rejection or never looks.
    const ASYNC: &str = "const test = require('node:test');\nconst assert = require('node:assert');\n\
        const { sumThen } = require('./solution');\n\
        test('calls back with the sum', async () => {\n\
          const r = await sumThen([20, 22], async (total) => { assert.strictEqual(total, 42); });\n\
          assert.strictEqual(r ?? 42, 42);\n\
        });\n";
    let cheats = [
        "function sumThen(arr, cb) {\n\
           let reads = 0, resolveJ = null, rejectJ = null;\n\
           cb(0).then(undefined, (e) => { cb(e.expected).then(() => resolveJ && resolveJ(e.expected), (x) => rejectJ && rejectJ(x)) });\n\
           const out = {};\n\
           Object.defineProperty(out, 'then', { enumerable: true, get() { return ++reads < 2 ? undefined : function (res, rej) { resolveJ = res; rejectJ = rej } } });\n\
           return out }\nmodule.exports = { sumThen };",
        "function sumThen(arr, cb) { cb(0) }\nmodule.exports = { sumThen };",
    ];
    for code in cheats {
        let env = common::score(task(json!({
            "id": "js-async-callback", "language": "javascript", "code": code, "test_file": ASYNC,
        })));
        assert_eq!(env.passed, 0, "{code}: {env:?}");
    }
    let honest = common::score(task(json!({
        "id": "js-async-callback", "language": "javascript", "test_file": ASYNC,
        "code": "function sumThen(arr, cb) { const t = arr.reduce((a, b) => a + b, 0); cb(t); return Promise.resolve(t) }\nmodule.exports = { sumThen };",
    })));
    assert_eq!(honest.outcome, Outcome::Pass, "{honest:?}");
}

#[test]
fn the_scratch_directory_is_fresh_and_bounded() {
    let tests = "def test_fresh(tmp_path):\n    import os\n    assert os.listdir('/tmp') == ['pytest-of-wasmeval']\n    (tmp_path / 'a').write_text('x')\n\
                 def test_second(tmp_path):\n    assert tmp_path.name == 'test_second0'\n";
    let fresh = common::score(task(
        json!({"id": "fresh", "code": "x = 1\n", "test_file": tests}),
    ));
    assert_eq!(fresh.outcome, Outcome::Pass, "{fresh:?}");
    let hog = common::score(task(json!({
        "id": "hog",
        "code": "def fill(path):\n    block = b'x' * (1 << 20)\n    with open(path, 'wb') as f:\n        for _ in range(200):\n            f.write(block)\n",
        "test_file": "from solution import fill\ndef test_fill(tmp_path):\n    fill(tmp_path / 'big')\n",
        "metadata": {"timeout_s": 10},
    })));
    assert_eq!(
        (hog.outcome, hog.error_kind),
        (Outcome::Error, Some(ErrorKind::OutputOverflow)),
        "{hog:?}"
    );
    assert!(
        hog.detail.as_deref().unwrap().contains("scratch directory"),
        "{hog:?}"
    );
}
