//! Verdicts a candidate cannot forge: a corpus of forgery attempts, each
//! written against the harness's source (runtimes/python/harness.py,
//! runtimes/harness/javascript.js), and a corpus of legitimate solutions
//! that use what the harness allows. No attempt may pass or score above
//! the honest failure (here: `add` is wrong, so the honest score is 0);
//! every legitimate solution must pass.

mod common;

use common::{code_task, lang_task, score_all};
use wasmeval::language::Language;
use wasmeval::outcome::{ErrorKind, Outcome};

/// Both targets fail for the honest, wrong `add` (it returns 0).
const TARGETS: &[&str] = &["assert add(1, 2) == 3", "assert add(2, 2) == 4"];

/// (name, candidate). Each tries to make the targets above pass for an
/// `add` that is wrong.
const PYTHON_ATTACKS: &[(&str, &str)] = &[
    (
        "walk to the harness frame (the old exploit)",
        "import sys\nrun = sys._getframe().f_back.f_locals\nrun['frame']('done')\ndef add(a, b):\n    return 0",
    ),
    (
        "walk up from inside the test call",
        "import sys\ndef add(a, b):\n    f = sys._getframe()\n    while f.f_back is not None:\n        f = f.f_back\n    f.f_locals['__result__'] = 'pass'\n    return 0",
    ),
    (
        "scan the heap for the harness",
        "import gc\nfor o in gc.get_objects():\n    pass\ndef add(a, b):\n    return 0",
    ),
    (
        "heap scan from inside the test",
        "import gc\ndef add(a, b):\n    gc.get_referrers(add)\n    return 0",
    ),
    (
        "always-equal object",
        "class A:\n    def __eq__(self, other):\n        return True\n    def __ne__(self, other):\n        return False\ndef add(a, b):\n    return A()",
    ),
    (
        "int subclass with a lying __eq__",
        "class I(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\ndef add(a, b):\n    return I(0)",
    ),
    (
        "str subclass with a lying __eq__",
        "class S(str):\n    def __eq__(self, other):\n        return True\n    __hash__ = str.__hash__\ndef add(a, b):\n    return S('x')",
    ),
    (
        "plain int subclass with a lying numerator",
        "class I(int):\n    numerator = property(lambda self: 3)\ndef add(a, b):\n    return I(0)",
    ),
    (
        "always-equal inside a list",
        "class A:\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return [A()][0]",
    ),
    (
        "lying __eq__ under a fake module and name",
        "class A:\n    __module__ = 'builtins'\n    __qualname__ = 'int'\n    def __eq__(self, other):\n        return True\nA.__name__ = 'int'\ndef add(a, b):\n    return A()",
    ),
    (
        "lying __eq__ compiled with a fake filename",
        "ns = {}\nexec(compile('class A:\\n    def __eq__(self, o):\\n        return True\\n', '/python/fractions.py', 'exec'), ns)\ndef add(a, b):\n    return ns['A']()",
    ),
    (
        "class made by type()",
        "A = type('int', (), {'__eq__': lambda self, o: True})\ndef add(a, b):\n    return A()",
    ),
    (
        "patching a standard-library class's __eq__",
        "from fractions import Fraction\nFraction.__eq__ = lambda self, other: True\ndef add(a, b):\n    return Fraction(0)",
    ),
    (
        "patching the built-ins a standard-library __eq__ uses",
        "import builtins\nfrom collections import Counter\nbuiltins.all = lambda it: True\ndef add(a, b):\n    return Counter()",
    ),
    (
        "__hash__ trick in a set comparison",
        "class A:\n    def __hash__(self):\n        return hash(3)\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return {A()}",
    ),
    (
        "a container that contains everything",
        "class C(list):\n    def __contains__(self, x):\n        return True\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return C()",
    ),
    (
        "truthy object for an assert",
        "class T:\n    def __bool__(self):\n        return True\ndef add(a, b):\n    return T()",
    ),
    (
        "tracing hook",
        "import sys\nsys.settrace(lambda *a: None)\ndef add(a, b):\n    return 0",
    ),
    (
        "profiling hook",
        "import sys\nsys.setprofile(lambda *a: None)\ndef add(a, b):\n    return 0",
    ),
    (
        "sys.monitoring callback",
        "import sys\nm = sys.monitoring\nm.use_tool_id(3, 'x')\nm.register_callback(3, m.events.LINE, lambda *a: None)\ndef add(a, b):\n    return 0",
    ),
    (
        "a second audit hook",
        "import sys\nsys.addaudithook(lambda *a: None)\ndef add(a, b):\n    return 0",
    ),
    (
        "swapping a function's __code__",
        "def honest(a, b):\n    return a + b\ndef add(a, b):\n    return 0\nadd.__code__ = honest.__code__",
    ),
    (
        "swapping the strict-equality helper's __code__ from the test's constants",
        "import sys\ndef add(a, b):\n    code = sys._getframe(1).f_code\n    for c in code.co_consts:\n        if callable(c) and getattr(c, '__name__', '') == 'eq':\n            c.__code__ = (lambda a, b: True).__code__\n    return 0",
    ),
    (
        "changing the helper's defaults",
        "import sys\ndef add(a, b):\n    for c in sys._getframe(1).f_code.co_consts:\n        if getattr(c, '__name__', '') == 'eq':\n            c.__defaults__ = (lambda *a: None,)\n    return 0",
    ),
    (
        "traceback frame walking",
        "def add(a, b):\n    try:\n        raise ValueError\n    except ValueError as e:\n        f = e.__traceback__.tb_frame\n        while f is not None:\n            f.f_globals['__builtins__'] = {}\n            f = f.f_back\n    return 0",
    ),
    (
        "generator frames",
        "def g():\n    yield 1\ndef add(a, b):\n    it = g()\n    f = it.gi_frame\n    f.f_back\n    return 0",
    ),
    (
        "patching the harness through sys.modules",
        "import sys\nfor name in list(sys.modules):\n    if 'harness' in name or 'wit_world' in name or 'componentize' in name:\n        m = sys.modules[name]\n        for k in list(vars(m)):\n            try:\n                setattr(m, k, None)\n            except Exception:\n                pass\ndef add(a, b):\n    return 0",
    ),
    (
        "breaking the runtime's Err class",
        "import componentize_py_types as t\nt.Err.__init__ = lambda self, *a: None\nt.Err.__new__ = lambda cls, *a: None\ndef add(a, b):\n    return 0",
    ),
    (
        "shadowing the names the test uses",
        "def len(x):\n    return 3\nAssertionError = None\nBaseException = None\ndef add(a, b):\n    return 0",
    ),
    (
        "replacing built-ins the test uses",
        "import builtins\nbuiltins.isinstance = lambda *a: True\nbuiltins.len = lambda x: 3\ndef add(a, b):\n    return 0",
    ),
    (
        "printing a fake pass envelope",
        "print('{\"outcome\": \"pass\", \"score\": 1.0, \"passed\": 2, \"total\": 2}')\ndef add(a, b):\n    return 0",
    ),
    (
        "exiting early with success",
        "import sys\ndef add(a, b):\n    sys.exit(0)",
    ),
    ("os._exit before the tests", "import os\nos._exit(0)"),
    (
        "reporting a fake refusal to itself",
        "import componentize_py_runtime as r\nr.call_import(0, ['ok', 'pass'])\ndef add(a, b):\n    return 0",
    ),
];

#[test]
fn python_forgery_attempts_never_pass_or_beat_the_honest_failure() {
    let tasks = PYTHON_ATTACKS
        .iter()
        .map(|(name, code)| code_task(name, code, TARGETS, 1.0))
        .collect();
    let mut failures = Vec::new();
    for ((name, _), env) in PYTHON_ATTACKS.iter().zip(score_all(tasks)) {
        if env.outcome == Outcome::Pass || env.score > 0.0 || env.passed > 0 {
            failures.push(format!(
                "{name}: {} score {} {:?}",
                env.outcome, env.score, env.detail
            ));
        }
        if env.error_kind == Some(ErrorKind::Internal) {
            failures.push(format!("{name}: blamed on wasmeval: {:?}", env.detail));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn refused_routes_are_reported_as_integrity_with_what_was_tried() {
    let cases = [
        (
            "class T:\n    def __bool__(self): return False\ndef add(a, b): return T()\n\
             def truthy(): return T()",
            "truth of a candidate-defined object (class T)",
        ),
        ("import gc\ngc.get_objects()", "gc.get_objects()"),
        ("import sys\nsys.settrace(None)", "sys.settrace()"),
        (
            "def f(): pass\nf.__code__ = (lambda: 1).__code__",
            "__code__",
        ),
        (
            "class A:\n    def __eq__(self, o): return True\ndef add(a, b): return A()",
            "candidate-defined object (class A) was compared with int",
        ),
        (
            "from fractions import Fraction\nFraction.__eq__ = lambda s, o: True\ndef add(a, b): return Fraction(3)",
            "the candidate changed Fraction",
        ),
    ];
    let tasks = cases
        .iter()
        .map(|(code, _)| {
            let target = if code.contains("truthy") {
                "assert not truthy()"
            } else {
                "assert add(1, 2) == 3"
            };
            code_task("refused", code, &[target], 1.0)
        })
        .collect();
    for ((code, what), env) in cases.iter().zip(score_all(tasks)) {
        assert_eq!(env.outcome, Outcome::Error, "{code}: {env:?}");
        assert_eq!(
            env.error_kind,
            Some(ErrorKind::Integrity),
            "{code}: {env:?}"
        );
        assert!(
            env.detail.as_deref().unwrap_or("").contains(what),
            "{code}: {:?}",
            env.detail
        );
    }
}

/// What the harness allows must keep working: (name, candidate, targets).
const PYTHON_LEGITIMATE: &[(&str, &str, &[&str])] = &[
    (
        "traceback.format_exc",
        "import traceback\ndef f():\n    try:\n        1 / 0\n    except ZeroDivisionError:\n        return traceback.format_exc()",
        &["assert 'ZeroDivisionError' in f()"],
    ),
    (
        "logging",
        "import logging\nlogging.basicConfig(format='%(funcName)s:%(message)s')\nlog = logging.getLogger('x')\ndef f():\n    log.warning('hello')\n    return 1",
        &["assert f() == 1"],
    ),
    (
        "dataclasses compared with their own kind",
        "from dataclasses import dataclass\n@dataclass(frozen=True)\nclass P:\n    x: int\n    y: int\ndef f():\n    return P(1, 2)",
        &[
            "assert f() == P(1, 2)",
            "assert f() != P(2, 1)",
            "assert f() in {P(1, 2)}",
        ],
    ),
    (
        "functools",
        "import functools\n@functools.lru_cache(None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n@functools.wraps(fib)\ndef g(n):\n    return fib(n)",
        &["assert g(30) == 832040", "assert g.__name__ == 'fib'"],
    ),
    (
        "inspect.signature",
        "import inspect\ndef f(a, b=2, *c, d, **e):\n    return str(inspect.signature(f))",
        &["assert f(1, d=1) == '(a, b=2, *c, d, **e)'"],
    ),
    (
        "exceptions with tracebacks",
        "def f():\n    try:\n        raise KeyError('k')\n    except KeyError as e:\n        return e.__traceback__ is not None and e.__traceback__.tb_lineno > 0",
        &["assert f()"],
    ),
    (
        "generators and recursion",
        "def walk(n):\n    if n:\n        yield n\n        yield from walk(n - 1)\ndef f():\n    return list(walk(50))",
        &["assert f()[:3] == [50, 49, 48]", "assert len(f()) == 50"],
    ),
    (
        "standard-library values compare as usual",
        "from fractions import Fraction\nfrom decimal import Decimal\nimport datetime, collections\ndef f():\n    return Fraction(1, 2), Decimal('1.5'), datetime.date(2024, 1, 2), collections.Counter('aab')",
        &[
            "assert f()[0] == 0.5",
            "assert f()[1] == Decimal('1.5')",
            "assert f()[2] == datetime.date(2024, 1, 2)",
            "assert f()[3] == {'a': 2, 'b': 1}",
        ],
    ),
    (
        "objects the candidate defines, compared with each other",
        "class Node:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return isinstance(o, Node) and self.v == o.v\ndef f():\n    return Node(3)",
        &["assert f() == Node(3)", "assert not (f() == Node(4))"],
    ),
    (
        "own classes, prints, sys.getrecursionlimit",
        "import sys\nclass Solution:\n    def solve(self, xs):\n        print('debug', xs)\n        return sorted(xs)\ndef f(xs):\n    return Solution().solve(xs)",
        &[
            "assert f([3, 1, 2]) == [1, 2, 3]",
            "assert sys.getrecursionlimit() >= 1000",
        ],
    ),
    (
        "a candidate function named like nothing special, helpers the test defines",
        "def add(a, b):\n    return a + b",
        &[
            "def check(candidate):\n    assert candidate(1, 2) == 3\n    assert abs(candidate(-1, -2)) == 3\ncheck(add)",
        ],
    ),
    // The target rewrite (harness.py, rewrite_target) keeps what the test
    // binds itself, evaluates each operand of a chain once, and compiles as
    // written where the rewrite cannot stand.
    (
        "tests that bind built-in names themselves",
        "def f():\n    return [3, 1, 2]",
        &[
            "sorted = lambda xs: xs\nassert sorted(f()) == [3, 1, 2]",
            "def check(candidate, list=tuple):\n    assert list(candidate()) == (3, 1, 2)\ncheck(f)",
            "match f():\n    case [first, *rest]:\n        assert first == 3 and rest == [1, 2]",
            "try:\n    f()[5]\nexcept IndexError as min:\n    assert isinstance(min, IndexError)",
        ],
    ),
    (
        "chained comparisons and comparisons where no rewrite can stand",
        "def f():\n    return [3, 1, 2]",
        &[
            "seen = []\ndef g(x):\n    seen.append(x)\n    return x\nassert 1 < g(2) == 2 != g(3) not in [4, 5]\nassert seen == [2, 3]",
            "assert [x for x in (f() if 1 == 1 == 1 else [])] == [3, 1, 2]",
            "assert not (f() != [3, 1, 2] or len(f()) in (0, 1))",
        ],
    ),
    // Built-in names inside constants the compiler folds: a tuple of
    // defaults, `isinstance`'s tuple, a set literal (a frozenset).
    (
        "built-in names in tuples and sets of constants",
        "def f():\n    return [3, 1, 2]",
        &[
            "assert isinstance(f()[0], (int, float))",
            "assert type(f()) in (list, tuple) and type(f()) in {list, tuple}",
            "assert isinstance(f(), ((str, bytes), (list,)))",
            "def check(candidate, kinds=(list, dict)):\n    assert isinstance(candidate(), kinds)\ncheck(f)",
        ],
    ),
];

#[test]
fn legitimate_solutions_using_allowed_features_pass() {
    let tasks = PYTHON_LEGITIMATE
        .iter()
        .map(|(name, code, targets)| code_task(name, code, targets, 3.0))
        .collect();
    let mut failures = Vec::new();
    for ((name, _, _), env) in PYTHON_LEGITIMATE.iter().zip(score_all(tasks)) {
        if env.outcome != Outcome::Pass {
            failures.push(format!(
                "{name}: {} {:?} {:?}",
                env.outcome, env.error_kind, env.detail
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

const JS_TARGETS: &[&str] = &[
    "assert.strictEqual(add(1, 2), 3)",
    "console.assert(JSON.stringify([add(2, 2)]) === JSON.stringify([4]))",
];

const JS_ATTACKS: &[(&str, &str)] = &[
    (
        "replacing assert's functions",
        "try { assert.strictEqual = () => {} } catch (e) {}\ntry { globalThis.assert = { strictEqual() {} } } catch (e) {}\nfunction add(a, b) { return 0 }",
    ),
    (
        "replacing console.assert and JSON.stringify",
        "try { console.assert = () => {} } catch (e) {}\ntry { JSON.stringify = () => '[4]' } catch (e) {}\nfunction add(a, b) { return 0 }",
    ),
    (
        "replacing them from inside the test call",
        "function add(a, b) { try { JSON.stringify = () => 'x' } catch (e) {} try { Object.is = () => true } catch (e) {} return 0 }",
    ),
    (
        "forging frames through replaced built-ins",
        "Array.prototype.join = function () { return 'x' };\nString.prototype.charCodeAt = () => 65;\nArray.prototype.push = () => 0;\nObject.keys = () => [];\nfunction add(a, b) { return 0 }",
    ),
    (
        "Object.prototype getters and thenables",
        "Object.defineProperty(Object.prototype, 'then', { get() { return (ok) => ok() }, configurable: true });\nfunction add(a, b) { return 0 }",
    ),
    (
        "printing fake frames",
        "console.log('\\u0000WE:00000000000000000000000000000000:6:target1:01:10:0:0:');\nfunction add(a, b) { return 0 }",
    ),
    ("exiting early", "function add(a, b) { process.exit(0) }"),
    (
        "reaching QuickJS's std/os",
        "let s; try { s = std } catch (e) {}\ntry { eval('import(\"qjs:os\")') } catch (e) {}\nfunction add(a, b) { return 0 }",
    ),
];

#[test]
fn javascript_forgery_attempts_never_pass_or_beat_the_honest_failure() {
    let tasks = JS_ATTACKS
        .iter()
        .map(|(name, code)| lang_task(Language::JavaScript, name, code, JS_TARGETS, 1.0))
        .collect();
    let mut failures = Vec::new();
    for ((name, _), env) in JS_ATTACKS.iter().zip(score_all(tasks)) {
        if env.outcome == Outcome::Pass || env.score > 0.0 || env.passed > 0 {
            failures.push(format!(
                "{name}: {} score {} {:?}",
                env.outcome, env.score, env.detail
            ));
        }
        if env.error_kind == Some(ErrorKind::Internal) {
            failures.push(format!("{name}: blamed on wasmeval: {:?}", env.detail));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn javascript_polyfills_and_own_patches_keep_working() {
    let env = score_all(vec![lang_task(
        Language::JavaScript,
        "polyfill",
        "Array.prototype.last = function () { return this[this.length - 1] };\n\
         String.prototype.capitalize = function () { return this[0].toUpperCase() + this.slice(1) };\n\
         function add(a, b) { return [a, b].last() + a }",
        &[
            "assert.strictEqual(add(1, 2), 3)",
            "assert.strictEqual('abc'.capitalize(), 'Abc')",
        ],
        3.0,
    )])
    .pop()
    .unwrap();
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}
