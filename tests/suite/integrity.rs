//! Verdicts a candidate cannot forge: a corpus of forgery attempts, each
//! written against the harness's source (runtimes/python/harness.py and
//! wire.py, runtimes/harness/javascript.js), and a corpus of legitimate
//! solutions that use what a candidate may use. No attempt may pass or
//! score above the honest failure (its candidate is wrong, so the honest
//! score is 0); every legitimate solution must pass.
//!
//! In every runtime the test runs in an instance of its own (the judge),
//! which never runs candidate code: the candidate's values reach it as data
//! rebuilt from the judge's own classes, or as proxies whose uses are
//! requests to the candidate's instance. So the routes below, each of which
//! forged a `pass` when test and candidate shared an interpreter, now
//! reach nothing: frames, the heap, tracing and code swaps see only the
//! candidate's own instance, and objects with lying comparisons cross as
//! proxies, which never equal data.

use crate::common;

use common::{code_task, lang_task, score_all};
use wasmeval::language::Language;
use wasmeval::outcome::{ErrorKind, Outcome};

/// Both targets fail for the honest, wrong `add` (it returns 0).
const TARGETS: &[&str] = &["assert add(1, 2) == 3", "assert add(2, 2) == 4"];

/// (name, candidate, targets); `None` targets: [`TARGETS`]. Each tries to
/// make its targets pass for a function that is wrong.
const PYTHON_ATTACKS: &[(&str, &str, Option<&[&str]>)] = &[
    (
        "walk to the harness frame (the old exploit)",
        "import sys\nrun = sys._getframe().f_back.f_locals\nrun['frame']('done')\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "walk up from inside the test call and write the caller's locals",
        "import sys\ndef add(a, b):\n    f = sys._getframe()\n    while f.f_back is not None:\n        f = f.f_back\n        f.f_locals['expected'] = 0\n        f.f_locals['__result__'] = 'pass'\n    return 0",
        Some(&[
            "expected = 3\nassert add(1, 2) == expected",
            "def check(candidate):\n    for x, expected in [((1, 2), 3), ((2, 2), 4)]:\n        assert candidate(*x) == expected\ncheck(add)",
        ]),
    ),
    (
        "steal the constant the test compares with from the caller's bytecode",
        "import sys, dis\ndef add(a, b):\n    f = sys._getframe(1)\n    while f is not None:\n        for ins in dis.get_instructions(f.f_code):\n            if ins.offset > f.f_lasti and ins.opname in ('LOAD_CONST', 'LOAD_SMALL_INT') and type(ins.argval) is int:\n                return ins.argval\n        f = f.f_back\n    return 0",
        Some(&[
            "assert add(1, 2) == 3",
            "def check(candidate):\n    assert candidate(2, 2) == 4\ncheck(add)",
        ]),
    ),
    (
        "scan the heap for the harness",
        "import gc\nfor o in gc.get_objects():\n    pass\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "heap scan from inside the test, rewriting what refers to the answer",
        "import gc\ndef add(a, b):\n    for o in gc.get_referrers(add):\n        if isinstance(o, dict):\n            o['expected'] = 0\n    return 0",
        None,
    ),
    (
        "always-equal object",
        "class A:\n    def __eq__(self, other):\n        return True\n    def __ne__(self, other):\n        return False\ndef add(a, b):\n    return A()",
        None,
    ),
    (
        "int subclass with a lying __eq__",
        "class I(int):\n    def __eq__(self, other):\n        return True\n    __hash__ = int.__hash__\ndef add(a, b):\n    return I(0)",
        None,
    ),
    (
        "str subclass with a lying __eq__",
        "class S(str):\n    def __eq__(self, other):\n        return True\n    __hash__ = str.__hash__\ndef add(a, b):\n    return S('x')",
        None,
    ),
    (
        "plain int subclass with a lying numerator",
        "class I(int):\n    numerator = property(lambda self: 3)\ndef add(a, b):\n    return I(0)",
        None,
    ),
    (
        "always-equal inside a list",
        "class A:\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return [A()][0]",
        None,
    ),
    (
        "lying __eq__ under a fake module and name",
        "class A:\n    __module__ = 'builtins'\n    __qualname__ = 'int'\n    def __eq__(self, other):\n        return True\nA.__name__ = 'int'\ndef add(a, b):\n    return A()",
        None,
    ),
    (
        "lying __eq__ compiled with a fake filename",
        "ns = {}\nexec(compile('class A:\\n    def __eq__(self, o):\\n        return True\\n', '/python/fractions.py', 'exec'), ns)\ndef add(a, b):\n    return ns['A']()",
        None,
    ),
    (
        "class made by type() with a builtin's name",
        "A = type('int', (), {'__eq__': lambda self, o: True, '__module__': 'builtins'})\ndef add(a, b):\n    return A()",
        None,
    ),
    (
        "standard-library wrappers around a lying object",
        "import collections, types, fractions\nclass E:\n    def __eq__(self, o):\n        return True\n    def __hash__(self):\n        return 0\ndef add(a, b):\n    if a == 1:\n        s = collections.UserString('x')\n        s.data = E()\n        return s\n    u = collections.UserList()\n    u.data = E()\n    return u",
        None,
    ),
    (
        "a Fraction whose slots hold a lying object, and a mapping proxy",
        "import fractions, types\nclass E:\n    def __eq__(self, o):\n        return True\n    def __hash__(self):\n        return 0\ndef add(a, b):\n    if a == 1:\n        f = fractions.Fraction(0)\n        f._numerator = E()\n        return f\n    return types.MappingProxyType({'x': E()})",
        None,
    ),
    (
        "patching a standard-library class's __eq__",
        "from fractions import Fraction\nFraction.__eq__ = lambda self, other: True\ndef add(a, b):\n    return Fraction(0)",
        None,
    ),
    (
        "patching the built-ins a standard-library __eq__ uses",
        "import builtins\nfrom collections import Counter\nbuiltins.all = lambda it: True\ndef add(a, b):\n    return Counter()",
        None,
    ),
    (
        "__hash__ trick in a set comparison",
        "class A:\n    def __hash__(self):\n        return hash(3)\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return {A()}",
        Some(&["assert add(1, 2) == {3}", "assert 3 in add(1, 2)"]),
    ),
    (
        "a container that contains everything",
        "class C(list):\n    def __contains__(self, x):\n        return True\n    def __eq__(self, other):\n        return True\ndef add(a, b):\n    return C()",
        Some(&["assert 3 in add(1, 2)", "assert add(1, 2) == [3]"]),
    ),
    (
        "truthy object for an `is True` test",
        "class T:\n    def __bool__(self):\n        return True\ndef add(a, b):\n    return T()",
        Some(&["assert add(1, 2) is True", "assert add(1, 2) == True"]),
    ),
    (
        "__sub__ returning 0.0 for a tolerance test",
        "class Z:\n    def __sub__(self, o):\n        return 0.0\n    def __rsub__(self, o):\n        return 0.0\n    def __abs__(self):\n        return 0.0\ndef add(a, b):\n    return Z()",
        Some(&[
            "assert abs(add(1, 2) - 3) < 1e-6",
            "assert abs(3 - add(1, 2)) < 1e-6",
        ]),
    ),
    (
        "__lt__ returning True for ordering tests",
        "class L:\n    def __lt__(self, o):\n        return True\n    def __gt__(self, o):\n        return True\n    def __le__(self, o):\n        return True\n    def __ge__(self, o):\n        return True\ndef add(a, b):\n    return L()",
        Some(&[
            "assert 2.99 < add(1, 2) < 3.01",
            "assert add(1, 2) <= 3 and add(1, 2) >= 3",
        ]),
    ),
    (
        "patching math.isclose",
        "import math\nmath.isclose = lambda *a, **k: True\ndef add(a, b):\n    return 0.0",
        Some(&[
            "import math\nassert math.isclose(add(1, 2), 3)",
            "assert math.isclose(add(2, 2), 4)",
        ]),
    ),
    (
        "tracing hook",
        "import sys\nsys.settrace(lambda *a: None)\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "profiling hook",
        "import sys\nsys.setprofile(lambda *a: None)\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "sys.monitoring callback",
        "import sys\nm = sys.monitoring\nm.use_tool_id(3, 'x')\nm.register_callback(3, m.events.LINE, lambda *a: None)\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "a second audit hook",
        "import sys\nsys.addaudithook(lambda *a: None)\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "swapping a function's __code__",
        "def honest(a, b):\n    return a + b\ndef add(a, b):\n    return 0\nadd.__code__ = honest.__code__\nadd.__code__ = (lambda a, b: 0).__code__",
        None,
    ),
    (
        "swapping code found in the caller's constants",
        "import sys\ndef add(a, b):\n    f = sys._getframe(1)\n    while f is not None:\n        for c in f.f_code.co_consts:\n            if callable(c):\n                try:\n                    c.__code__ = (lambda *a, **k: True).__code__\n                except Exception:\n                    pass\n        f = f.f_back\n    return 0",
        None,
    ),
    (
        "traceback frame walking",
        "def add(a, b):\n    try:\n        raise ValueError\n    except ValueError as e:\n        f = e.__traceback__.tb_frame\n        while f is not None:\n            f.f_globals['__builtins__'] = {}\n            f = f.f_back\n    return 0",
        None,
    ),
    (
        "patching the harness and the boundary through sys.modules",
        "import sys\nfor name in list(sys.modules):\n    if 'harness' in name or 'wit_world' in name or 'componentize' in name or 'wasmeval' in name:\n        m = sys.modules[name]\n        for k in list(vars(m)):\n            try:\n                setattr(m, k, None)\n            except Exception:\n                pass\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "answering the judge's requests itself",
        "import sys, marshal\nwire = sys.modules.get('wasmeval_wire')\nif wire is not None:\n    wire.Side.serve = lambda self, data: b'p' + marshal.dumps(('ok', True, [], None), 2)\n    wire.Side.perform = lambda self, m: (True, [])\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "breaking the runtime's Err class",
        "import componentize_py_types as t\nt.Err.__init__ = lambda self, *a: None\nt.Err.__new__ = lambda cls, *a: None\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "shadowing the names the test uses",
        "def len(x):\n    return 3\nAssertionError = None\nBaseException = None\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "replacing built-ins the test uses",
        "import builtins\nbuiltins.isinstance = lambda *a: True\nbuiltins.len = lambda x: 3\nbuiltins.abs = lambda x: 0\ndef add(a, b):\n    return 0",
        Some(&["assert add(1, 2) == 3", "assert abs(add(2, 2) - 4) < 1e-9"]),
    ),
    (
        "sending the judge a malformed message",
        "import sys, wit_world.imports.host as h\ndef add(a, b):\n    h.exchange(b'Qp\\xff\\xff')\n    return 0",
        None,
    ),
    (
        "sending the judge a code object",
        "import marshal, wit_world.imports.host as h\ndef add(a, b):\n    h.exchange(b'Ap' + marshal.dumps(('ok', (lambda: 0).__code__, [], None)))\n    return 0",
        None,
    ),
    (
        "printing a fake pass envelope",
        "print('{\"outcome\": \"pass\", \"score\": 1.0, \"passed\": 2, \"total\": 2}')\ndef add(a, b):\n    return 0",
        None,
    ),
    (
        "exiting early with success",
        "import sys\ndef add(a, b):\n    sys.exit(0)",
        None,
    ),
    ("os._exit before the tests", "import os\nos._exit(0)", None),
    (
        "os._exit inside the test's call",
        "import os\ndef add(a, b):\n    os._exit(0)",
        None,
    ),
    (
        "reporting a fake result to the host",
        "import wit_world.imports.host as h\nh.report('ok', 'pass')\ndef add(a, b):\n    return 0",
        None,
    ),
];

/// Attacks that only python-sci's numpy makes possible: raw memory.
const SCI_ATTACKS: &[(&str, &str, Option<&[&str]>)] = &[
    (
        "rewriting the interpreter's memory through numpy (every byte of the instance)",
        "import numpy as np, ctypes
         def add(a, b):
                 try:
                         mem = np.ctypeslib.as_array(ctypes.cast(0, ctypes.POINTER(ctypes.c_uint8)), shape=(1 << 20,))
                         mem[:] = 0
                 except Exception:
                         pass
                 return 0",
        None,
    ),
    (
        "an array over any address, writing the harness's bytes",
        "import numpy as np
         class Raw:
                 def __init__(self, at, n):
                         self.__array_interface__ = {'shape': (n,), 'typestr': '|u1', 'data': (at, False), 'version': 3}
         def add(a, b):
                 mem = np.asarray(Raw(1 << 16, 1 << 16))
                 mem[::7] = 1
                 return 0",
        None,
    ),
];

/// The runtime an attack or a legitimate solution runs in.
fn on(runtime: &str, mut task: wasmeval::task::Task) -> wasmeval::task::Task {
    task.runtime = runtime.to_string();
    task
}

#[test]
fn python_forgery_attempts_never_pass_or_beat_the_honest_failure() {
    forgeries_fail("python", PYTHON_ATTACKS.iter());
}

#[test]
fn python_sci_forgery_attempts_never_pass_or_beat_the_honest_failure() {
    forgeries_fail("python-sci", PYTHON_ATTACKS.iter().chain(SCI_ATTACKS));
}

fn forgeries_fail<'a>(
    runtime: &str,
    attacks: impl Iterator<Item = &'a (&'a str, &'a str, Option<&'a [&'a str]>)>,
) {
    let attacks: Vec<_> = attacks.collect();
    let tasks = attacks
        .iter()
        .map(|(name, code, targets)| {
            on(
                runtime,
                code_task(name, code, targets.unwrap_or(TARGETS), 1.0),
            )
        })
        .collect();
    let names = attacks.iter().map(|(name, _, _)| name.to_string());
    assert_all_fail(names.zip(score_all(tasks)));
}

/// Every forgery failed, and none was blamed on wasmeval.
fn assert_all_fail(attempts: impl Iterator<Item = (String, wasmeval::outcome::Envelope)>) {
    let mut failures = Vec::new();
    for (name, env) in attempts {
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

/// Attacks found by an adversarial review of the two-instance design, as
/// task lines: each made the judge run something the candidate chose (its
/// own `eval`, `operator.add`, unittest's `_ShouldStop`, a `skipif` string,
/// standard-library functions collected as tests) by naming one of the
/// judge's own functions or classes, or by exporting a `pytestmark`.
const REVIEWED_ATTACKS: &str = r#"{"id": "len_is_eval", "code": "len = eval\nP = 'exec(\"import sys, builtins\\\\nW = sys.modules[\\'wasmeval_wire\\']\\\\nclass A:\\\\n    def __eq__(s, o): return True\\\\n    def __ne__(s, o): return False\\\\n    __hash__ = None\\\\nW.Side.call = lambda self, t, a, k: A()\\\\nbuiltins._A = A\\\\n\", {}) or __import__(\\'builtins\\')._A()'\ndef add(a, b):\n    return P\n", "targets": ["assert len(add(1, 2)) == 3", "assert add(2, 2) == 4"]}
{"id": "eval_in_J_humaneval", "code": "def len(x):\n    pass\nlen.__module__ = 'builtins'\nlen.__qualname__ = 'eval'\nP = 'exec(\"import sys, builtins\\\\nW = sys.modules[\\'wasmeval_wire\\']\\\\nclass A:\\\\n    def __eq__(s, o): return True\\\\n    def __ne__(s, o): return False\\\\n    __hash__ = None\\\\nW.Side.call = lambda self, t, a, k: A()\\\\nbuiltins._A = A\\\\n\", {}) or __import__(\\'builtins\\')._A()'\ndef add(xs):\n    return P\n", "targets": ["def check(candidate):\n    assert len(candidate([1, 2, 3])) == 2\n    assert candidate([5]) == [5, 5]\n    assert candidate([]) == []\ncheck(add)"]}
{"id": "opadd", "code": "def add(a, b):\n    return 0\nadd.__module__ = 'operator'\nadd.__qualname__ = 'add'", "targets": ["assert add(1, 2) == 3", "assert add(2, 2) == 4"]}
{"id": "skipif_eval_in_J", "code": "class M:\n    name = 'skipif'\n    args = ('exec(\"import sys\\\\nR = sys.modules[\\'pytest\\'].raises.__globals__[\\'Runner\\']\\\\nR._verdict = lambda self, failure, mark: None\\\\n\") or False',)\n    kwargs = {}\npytestmark = [M()]\ndef add(a, b):\n    return 0\n", "test_file": "from solution import *\n\ndef test_a():\n    assert add(1, 2) == 3\n\ndef test_b():\n    assert add(2, 2) == 4\n"}
{"id": "shouldstop_real", "code": "import unittest.case\ndef add(a, b):\n    raise unittest.case._ShouldStop()", "test_file": "import unittest\nfrom solution import add\nclass T(unittest.TestCase):\n    def test_a(self):\n        self.assertEqual(add(1, 2), 3)\n    def test_b(self):\n        self.assertEqual(add(2, 2), 4)\n"}
{"id": "inject_local_tests", "code": "def test_inj1(): pass\ntest_inj1.__module__ = 're'\ntest_inj1.__qualname__ = 'purge'\ndef test_inj2(): pass\ntest_inj2.__module__ = 'warnings'\ntest_inj2.__qualname__ = 'resetwarnings'\ndef add(a, b):\n    return 0\n", "test_file": "from solution import *\n\ndef test_a():\n    assert add(1, 2) == 3\n\ndef test_b():\n    assert add(2, 2) == 4\n"}"#;

#[test]
fn reviewed_attacks_through_the_judges_own_names_never_pass() {
    let tasks: Vec<wasmeval::task::Task> = REVIEWED_ATTACKS
        .lines()
        .map(|line| {
            let value: serde_json::Value = serde_json::from_str(line).unwrap();
            wasmeval::task::Task::from_value(&value).unwrap()
        })
        .collect();
    let names: Vec<String> = tasks
        .iter()
        .map(|task| task.id.clone().unwrap_or_default())
        .collect();
    assert_all_fail(names.into_iter().zip(score_all(tasks)));
}

/// A message from the candidate's instance that is not a message ends the
/// run as `integrity` with what was wrong with it, score 0.
#[test]
fn a_malformed_message_is_integrity_never_a_verdict() {
    let env = score_all(vec![code_task(
        "malformed",
        "import wit_world.imports.host as h\ndef add(a, b):\n    h.exchange(b'Qp\\xff')\n    return a + b",
        &["assert add(1, 2) == 3"],
        3.0,
    )])
    .pop()
    .unwrap();
    assert_eq!(
        (env.outcome, env.error_kind, env.score),
        (Outcome::Error, Some(ErrorKind::Integrity), 0.0),
        "{env:?}"
    );
    assert!(
        env.detail.as_deref().unwrap().contains("not a message"),
        "{env:?}"
    );
}

/// What a candidate may do must keep working: (name, candidate, targets).
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
            "assert f().x == 1 and isinstance(f(), P)",
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
        "exceptions, built-in and the candidate's own",
        "class NotFound(KeyError):\n    pass\ndef f(x):\n    if x < 0:\n        raise ValueError('negative: %d' % x)\n    if x == 0:\n        raise NotFound('zero')\n    return x",
        &[
            "try:\n    f(-1)\nexcept ValueError as e:\n    assert str(e) == 'negative: -1'\nelse:\n    assert False",
            "try:\n    f(0)\nexcept NotFound as e:\n    assert isinstance(e, KeyError)\nelse:\n    assert False",
            "try:\n    f(0)\nexcept KeyError:\n    pass\nelse:\n    assert False",
        ],
    ),
    (
        "generators returned to the test, and recursion",
        "def walk(n):\n    if n:\n        yield n\n        yield from walk(n - 1)\ndef f():\n    return walk(50)",
        &[
            "assert list(f())[:3] == [50, 49, 48]",
            "assert len(list(f())) == 50",
            "it = f()\nassert next(it) == 50 and next(it) == 49",
            "assert 3 in f()",
        ],
    ),
    (
        "standard-library values compare as usual",
        "from fractions import Fraction\nfrom decimal import Decimal\nimport datetime, collections\ndef f():\n    return Fraction(1, 2), Decimal('1.5'), datetime.date(2024, 1, 2), collections.Counter('aab'), collections.deque([1, 2]), collections.OrderedDict(a=1), datetime.datetime(2024, 1, 2, 3, 4, 5, tzinfo=datetime.timezone.utc), datetime.timedelta(days=2), bytearray(b'x'), range(3)",
        &[
            "assert f()[0] == 0.5",
            "assert f()[1] == Decimal('1.5')",
            "assert f()[2] == datetime.date(2024, 1, 2)",
            "assert f()[3] == {'a': 2, 'b': 1} and f()[3].most_common(1) == [('a', 2)]",
            "import collections\nassert f()[4] == collections.deque([1, 2]) and list(f()[5]) == ['a']",
            "assert f()[6].isoformat() == '2024-01-02T03:04:05+00:00' and f()[7].days == 2",
            "assert f()[8] == b'x' and f()[9] == range(3)",
        ],
    ),
    (
        "namedtuples and int enums compare as their values",
        "import collections, enum\nP = collections.namedtuple('P', 'x y')\nclass Color(enum.IntEnum):\n    RED = 1\ndef f():\n    return P(1, 2), Color.RED",
        &["assert f()[0] == (1, 2) and f()[1] == 1"],
    ),
    (
        "objects the candidate defines, compared with each other",
        "class Node:\n    def __init__(self, v):\n        self.v = v\n    def __eq__(self, o):\n        return isinstance(o, Node) and self.v == o.v\n    __hash__ = None\ndef f():\n    return Node(3)",
        &[
            "assert f() == Node(3)",
            "assert not (f() == Node(4))",
            "assert f().v == 3",
        ],
    ),
    (
        "in-place mutation of the test's arguments",
        "def fill(xs, d):\n    xs.sort()\n    xs.append(9)\n    d['k'] = [1]\n    d.pop('gone')\ndef inner(rows):\n    rows[0].append(5)",
        &[
            "xs = [3, 1]\nd = {'gone': 0}\nfill(xs, d)\nassert xs == [1, 3, 9] and d == {'k': [1]}",
            "rows = [[1], [2]]\nfirst = rows[0]\ninner(rows)\nassert first == [1, 5] and rows == [[1, 5], [2]]",
        ],
    ),
    (
        "a list of the candidate's own objects passed back to it (MBPP/601)",
        "class Pair:\n    def __init__(self, a, b):\n        self.a, self.b = a, b\ndef firsts(pairs):\n    return [p.a for p in pairs]\ndef by_b(pairs):\n    pairs.sort(key=lambda p: p.b)",
        &[
            "assert firsts([Pair(5, 24), Pair(15, 25)]) == [5, 15]",
            "ps = [Pair(1, 9), Pair(2, 3)]\nlast = ps[1]\nby_b(ps)\nassert ps[0] is last and [p.a for p in ps] == [2, 1]",
        ],
    ),
    (
        "callbacks and key functions the test passes",
        "def apply(f, xs):\n    return [f(x) for x in xs]\ndef order(xs, key):\n    return sorted(xs, key=key)\ndef count_calls(cb):\n    cb(1)\n    cb(2)",
        &[
            "assert apply(lambda x: x * 2, [1, 2]) == [2, 4]",
            "assert order(['bb', 'a', 'ccc'], key=len) == ['a', 'bb', 'ccc']",
            "seen = []\ncount_calls(seen.append)\nassert seen == [1, 2]",
        ],
    ),
    (
        "a class the test instantiates and drives",
        "class Counter:\n    total = 0\n    def __init__(self, start=0):\n        self.n = start\n    def inc(self, by=1):\n        self.n += by\n        Counter.total += by\n        return self\n    def __len__(self):\n        return self.n\n    def __iter__(self):\n        return iter(range(self.n))\n    def __repr__(self):\n        return 'Counter(%d)' % self.n",
        &[
            "c = Counter(1).inc().inc(by=2)\nassert c.n == 4 and len(c) == 4 and list(c) == [0, 1, 2, 3]",
            "assert repr(Counter(2)) == 'Counter(2)' and Counter.total >= 0",
            "c = Counter()\nc.n = 7\nassert len(c) == 7",
        ],
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
        "helpers the test defines around the candidate",
        "def add(a, b):\n    return a + b",
        &[
            "def check(candidate):\n    assert candidate(1, 2) == 3\n    assert abs(candidate(-1, -2)) == 3\ncheck(add)",
        ],
    ),
    (
        "tests that bind built-in names themselves",
        "def f():\n    return [3, 1, 2]",
        &[
            "sorted = lambda xs: xs\nassert sorted(f()) == [3, 1, 2]",
            "def check(candidate, list=tuple):\n    assert list(candidate()) == (3, 1, 2)\ncheck(f)",
            "match f():\n    case [first, *rest]:\n        assert first == 3 and rest == [1, 2]",
            "assert isinstance(f()[0], (int, float)) and type(f()) in {list, tuple}",
        ],
    ),
];

/// What a python-sci candidate may do: numpy and pandas values cross.
const SCI_LEGITIMATE: &[(&str, &str, &[&str])] = &[
    (
        "numpy arrays and scalars both ways",
        "import numpy as np
def f(a):
    return a * 2, np.float32(1.5), a.sum()",
        &[
            "import numpy as np
r, x, s = f(np.arange(6).reshape(2, 3))
assert r.dtype == np.arange(1).dtype and r.shape == (2, 3) and r[1, 2] == 10
assert type(x) is np.float32 and x == 1.5 and s == 15",
        ],
    ),
    (
        "pandas frames, series and indexes",
        "import pandas as pd
def f(df):
    return df.groupby('k')['v'].sum(), df.set_index('k'), pd.Timestamp('2024-01-02')",
        &[
            "import pandas as pd
df = pd.DataFrame({'k': pd.Categorical(['a', 'b', 'a']), 'v': [1, 2, 3]})
s, g, t = f(df)
assert s.to_dict() == {'a': 4, 'b': 2} and list(g.index) == ['a', 'b', 'a']
assert isinstance(g.index, pd.CategoricalIndex) and t == pd.Timestamp('2024-01-02')",
        ],
    ),
    (
        "an object array, a string array, datetimes",
        "import numpy as np
def f():
    return np.array([1, 'x', None], dtype=object), np.array(['ab', 'c']), np.array(['2024-01-01'], dtype='M8[s]')",
        &[
            "import numpy as np
o, s, d = f()
assert o.dtype == object and list(o) == [1, 'x', None]
assert s.dtype.kind == 'U' and s.tolist() == ['ab', 'c'] and str(d[0]) == '2024-01-01T00:00:00'",
        ],
    ),
];

#[test]
fn legitimate_solutions_using_allowed_features_pass() {
    legitimate_pass("python", PYTHON_LEGITIMATE.iter());
}

#[test]
fn legitimate_solutions_pass_in_python_sci() {
    legitimate_pass("python-sci", PYTHON_LEGITIMATE.iter().chain(SCI_LEGITIMATE));
}

fn legitimate_pass<'a>(
    runtime: &str,
    solutions: impl Iterator<Item = &'a (&'a str, &'a str, &'a [&'a str])>,
) {
    let solutions: Vec<_> = solutions.collect();
    let tasks = solutions
        .iter()
        .map(|(name, code, targets)| on(runtime, code_task(name, code, targets, 3.0)))
        .collect();
    let names = solutions.iter().map(|(name, _, _)| *name);
    assert_all_pass(names.zip(score_all(tasks)));
}

/// Every legitimate solution passed: (name, its envelope).
fn assert_all_pass<'a>(solutions: impl Iterator<Item = (&'a str, wasmeval::outcome::Envelope)>) {
    let mut failures = Vec::new();
    for (name, env) in solutions {
        if env.outcome != Outcome::Pass {
            failures.push(format!(
                "{name}: {} {:?} {:?} {:?}",
                env.outcome, env.error_kind, env.detail, env.targets
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
        "rewriting a failing target's frame through Array.prototype index setters",
        "for (let i = 6; i < 4096; i++) Object.defineProperty(Array.prototype, i, { configurable: true, set(v) {\n\
           const w = v === 48 && this[i - 1] === 58 && this[i - 2] === 49 && this[i - 4] === 58 && this[i - 5] === 49 && this[i - 6] === 116 ? 49 : v;\n\
           Object.defineProperty(this, i, { value: w, writable: true, enumerable: true, configurable: true }) } });\n\
         function add(a, b) { return 0 }",
    ),
    (
        "replacing Promise.prototype.constructor and then during a call",
        "function add(a, b) {\n\
           const then = Promise.prototype.then;\n\
           try { Promise.prototype.then = function (f, r) { return then.call(this, f, () => f(undefined)) } } catch (e) {}\n\
           try { Object.defineProperty(Promise.prototype, 'constructor', { value: function X() {}, writable: true, configurable: true }) } catch (e) {}\n\
           throw new Error('x') }",
    ),
    (
        "the same at top level, non-configurable so it is never put back",
        "const then = Promise.prototype.then;\n\
         try { Object.defineProperty(Promise.prototype, 'then', { value: function (f, r) { return then.call(this, f, () => f(undefined)) }, writable: false, configurable: false }) } catch (e) {}\n\
         try { Object.defineProperty(Promise.prototype, 'constructor', { value: function () {}, writable: false, configurable: false }) } catch (e) {}\n\
         try { Object.defineProperty(Promise, Symbol.species, { get() { return function () {} }, configurable: false }) } catch (e) {}\n\
         function add(a, b) { throw 0 }",
    ),
    (
        "making console.assert throw before it records the failure",
        "function add(a, b) { console.group(); String.prototype.replace = () => { throw new Error('no') }; return 0 }",
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
    javascript_attempts_fail(
        JS_ATTACKS
            .iter()
            .map(|(name, code)| (name.to_string(), code.to_string(), JS_TARGETS)),
    );
}

/// [`assert_all_fail`] for JavaScript attempts: (name, code, targets).
fn javascript_attempts_fail<'a>(attempts: impl Iterator<Item = (String, String, &'a [&'a str])>) {
    let attempts: Vec<_> = attempts.collect();
    let tasks = attempts
        .iter()
        .map(|(name, code, targets)| lang_task(Language::JavaScript, name, code, targets, 1.0))
        .collect();
    let names = attempts.iter().map(|(name, _, _)| name.clone());
    assert_all_fail(names.zip(score_all(tasks)));
}

/// `assert.throws` steered from inside the call it checks: the harness's
/// copies of `RegExp.prototype.exec` and `Reflect.apply` decide, not the
/// candidate's replacements.
#[test]
fn javascript_assert_throws_cannot_be_steered_by_the_call() {
    let cases = [
        (
            "RegExp.prototype.exec = function () { return [] };\nthrow new Error('totally different')",
            "assert.throws(() => f(-1), /must be non-negative/)",
        ),
        (
            "Function.prototype.call = function () { return true };\nthrow 'junk'",
            "assert.throws(() => f(-1), (e) => e instanceof RangeError && e.message === 'neg')",
        ),
        (
            "Function.prototype.call = function () { return true };\nFunction.prototype.apply = function () { return true };\nthrow 'junk'",
            "assert.throws(() => f(-1), { name: 'RangeError' })",
        ),
    ];
    javascript_attempts_fail(cases.iter().map(|(body, target)| {
        let code = format!("function f(x) {{\n{body}\n}}");
        (body.to_string(), code, std::slice::from_ref(target))
    }));
}

/// A MultiPL-E test requires `node:assert`: whatever the candidate does to
/// the global `require` (replace it non-configurably, shadow it with its
/// own declaration, or swap it from a timer while the test awaits), the
/// test gets the harness's, as Node's test gets its module's own; and a
/// built-in the candidate made non-configurable is still the judge's own.
#[test]
fn javascript_tests_require_the_harnesss_modules_whatever_the_candidate_did() {
    const TEST: &str = "const assert = require('node:assert'); function test() { let candidate = add; assert.deepEqual(candidate(1, 2), 3); } test();";
    const ASYNC: &str = "(async () => { const x = await add(1, 2); const assert = require('node:assert'); assert.strictEqual(x, 3) })()";
    const FAKE: &str = "() => ({ deepEqual() {}, strictEqual() {} })";
    let cases = [
        (
            format!("function add(a, b) {{ return 0 }}\nObject.defineProperty(globalThis, 'require', {{ value: {FAKE}, configurable: false, writable: false }});"),
            TEST,
        ),
        (format!("function add(a, b) {{ return 0 }}\nlet require = {FAKE};"), TEST),
        (
            "function add(a, b) { return 0 }\nfunction require() { return { deepEqual() {}, strictEqual() {} } }".to_string(),
            TEST,
        ),
        (
            format!("function add(a, b) {{ return new Promise((r) => setTimeout(() => {{ globalThis.require = {FAKE}; r(0) }}, 1)) }}"),
            ASYNC,
        ),
        (
            "Object.defineProperty(Array.prototype, 'join', { value: () => 'X', configurable: false, writable: false });\nfunction add(a, b) { return 0 }".to_string(),
            "assert.strictEqual(add(1, 2), [3].join(''))",
        ),
    ];
    javascript_attempts_fail(
        cases
            .iter()
            .map(|(code, target)| (code.clone(), code.clone(), std::slice::from_ref(target))),
    );
}

/// Routes to QuickJS's `std` and `os` modules (dynamic `import()`, the only
/// way a classic script has), each of which got through the harness's old
/// regular-expression scan: every one is refused as `blacklist`, and the
/// harmless uses of the word are not.
#[test]
fn javascript_every_route_to_quickjs_modules_is_refused() {
    const GOT: &str =
        ".then(os => console.log('GOT', typeof os.write), e => console.log('ERR', String(e)))";
    let routes = [
        (
            "a replaced RegExp.prototype.exec blinds the scan",
            format!(
                "RegExp.prototype.exec = () => null;\nFunction(\"return import('qjs:os')\")(){GOT};"
            ),
        ),
        (
            "inside a template literal's ${}",
            format!("const t = `${{import('qjs:os'){GOT}}}`;"),
        ),
        (
            "a source whose toString answers differently the second time",
            format!(
                "let n = 0;\nconst src = {{ toString() {{ return n++ ? \"return import('qjs:os')\" : 'return 1' }} }};\nFunction(src)(){GOT};"
            ),
        ),
        (
            "a comment between import and its parenthesis, through eval",
            format!("globalThis['ev' + 'al']('import/* x */(\"qjs:os\")'){GOT};"),
        ),
        (
            "a replaced array iterator skips the Function guard",
            format!(
                "Array.prototype[Symbol.iterator] = function* () {{}};\nFunction(\"return import('qjs:os')\")(){GOT};"
            ),
        ),
    ];
    let tasks = routes
        .iter()
        .map(|(name, code)| {
            let code = format!("{code}\nfunction add(a, b) {{ return a + b }}");
            lang_task(Language::JavaScript, name, &code, JS_TARGETS, 1.0)
        })
        .collect();
    let mut failures = Vec::new();
    for ((name, _), env) in routes.iter().zip(score_all(tasks)) {
        if env.error_kind != Some(ErrorKind::Blacklist) || env.stdout.contains("GOT") {
            failures.push(format!(
                "{name}: {} {:?} stdout {:?}",
                env.outcome, env.error_kind, env.stdout
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    let honest = score_all(vec![lang_task(
        Language::JavaScript,
        "the word in strings, comments and names",
        "// we import nothing here; important.\nconst word = 'import';\nconst reimport = (x) => x;\n\
         function add(a, b) { return reimport(a) + b }",
        JS_TARGETS,
        1.0,
    )])
    .pop()
    .unwrap();
    assert_eq!(honest.outcome, Outcome::Pass, "{honest:?}");
}

/// Routes the judge's own instance closes: each reached the test (or, in
/// the reviews, still could) while test and candidate shared QuickJS.
const JS_BOUNDARY_ATTACKS: &[(&str, &str, &[&str])] = &[
    (
        "shadowing the test's JSON, Object and assert with top-level bindings",
        "let JSON = { stringify: () => '[4]', parse: JSON.parse };\nvar Object = { is: () => true };\nfunction assert() {}\nassert.strictEqual = () => {};\nfunction add(a, b) { return 0 }",
        JS_TARGETS,
    ),
    (
        "a global console of the candidate's",
        "var console = { assert() {}, log() {} };\nfunction add(a, b) { return 0 }",
        JS_TARGETS,
    ),
    (
        "a timer that breaks built-ins while the test awaits",
        "function add(a, b) { return new Promise((r) => setTimeout(() => { JSON.stringify = () => '[3]'; Object.is = () => true; r(0) }, 1)) }",
        &[
            "(async () => { const v = await add(1, 2); console.assert(JSON.stringify([v]) === JSON.stringify([3])); assert.strictEqual(v, 3) })()",
        ],
    ),
    (
        "a callback's constructor, prototype chain and source, to run code in the judge",
        "function add(a, b, f) {\n\
           for (const get of [() => f.constructor, () => f.__proto__.constructor, () => f.call.constructor, () => f.bind.constructor,\n\
                              () => f.caller, () => f.arguments, () => f.prototype, () => Object.getPrototypeOf(f).constructor]) {\n\
             try { const F = get(); F('globalThis.assert.strictEqual = () => {}; console.assert = () => {}')() } catch (e) {}\n\
           }\n\
           let source = '';\n\
           for (const get of [() => String(f), () => f.toString(), () => `${f}`, () => f.toLocaleString()]) {\n\
             try { source += get() } catch (e) {}\n\
           }\n\
           return source.includes('=>') || source.includes('function') ? 3 : 0 }",
        &[
            "assert.strictEqual(add(1, 2, (x) => x), 3)",
            "console.assert(JSON.stringify([add(2, 2, function g() {})]) === JSON.stringify([4]))",
        ],
    ),
    (
        "a thenable result that settles the test's own promise",
        "function add(a, b) { return { then(ok, no) { ok(0); ok(3); no(new Error('x')) } } }",
        &[
            "(async () => { assert.strictEqual(await add(1, 2), 3) })()",
            "add(2, 2).then((v) => assert.strictEqual(v, 4))",
        ],
    ),
    (
        "a Proxy that answers every read, and lying conversions",
        "function add(a, b) { return a === 1 ? new Proxy({}, { get: () => 3, has: () => true, ownKeys: () => [] }) : { valueOf: () => 4, [Symbol.toPrimitive]: () => 4, toString: () => '4' } }",
        &[
            "assert.strictEqual(add(1, 2), 3)",
            "assert.strictEqual(add(2, 2), 4)",
            "assert.deepStrictEqual(add(2, 2), 4)",
        ],
    ),
    (
        "the judge's Function.prototype through a resolver's __proto__, then Function.prototype.apply replaced",
        "let stolen = false;\n\
         function add(a, b) {\n\
           if (stolen) return 0;\n\
           let reads = 0;\n\
           const bait = {};\n\
           Object.defineProperty(bait, 'then', { enumerable: true, get() {\n\
             return ++reads < 2 ? undefined : function (resolve) {\n\
               for (const get of [() => resolve.__proto__, () => resolve['__proto__'], () => Object.getPrototypeOf(resolve)]) {\n\
                 try { const FP = get(); FP.apply = function () { return 0 }; FP.call = function () { return 0 }; stolen = true } catch (e) {}\n\
               }\n\
               try { resolve.apply = () => 0; resolve.call = () => 0 } catch (e) {}\n\
             } } });\n\
           return Promise.resolve(bait) }",
        &[
            "assert.strictEqual(add(1, 2), Math.max.apply(null, [3]))",
            "assert.strictEqual(add(2, 2), Math.max.apply(null, [4]))",
            "assert.strictEqual(add(1, 1), Math.max.call(null, 2))",
        ],
    ),
    (
        "learning the expected value from an assertion that failed in the test's callback",
        "function add(a, b, cb) { try { return cb(null, 0) } catch (e) { return cb(null, e.expected !== undefined ? e.expected : Number(String(e.message).match(/\\d+/g)?.pop())) } }",
        &[
            "add(1, 2, (err, r) => assert.strictEqual(r, 3))",
            "add(20, 22, (err, r) => { assert.equal(r, 42) })",
        ],
    ),
    (
        "a global the test assigns without declaring it",
        "var expected;\nfunction add(a, b) { return expected }",
        &[
            "expected = 3; assert.strictEqual(add(1, 2), expected)",
            "expected = 7; assert.strictEqual(add(3, 4), 7)",
        ],
    ),
    (
        "an instance of another class of the candidate's, strictly deep-equal by shape",
        "class Point { constructor(x, y) { this.x = x; this.y = y } }\nclass Vec { constructor(x, y) { this.x = x; this.y = y } }\n\
         function add(a, b) { return new Vec(a.x + b.x, a.y + b.y) }",
        &["assert.deepStrictEqual(add(new Point(0, 0), new Point(1, 1)), new Point(1, 1))"],
    ),
    (
        "Node globals QuickJS lacks, defined by the candidate so that it computes the expected value",
        "function add(s) { return 'nope' }\nvar Buffer = { from: () => ({ toString: () => 'nope' }) };\n\
         class URL { constructor() { this.hostname = 'nope' } }\nvar Intl = { NumberFormat: class { format() { return 'nope' } } };",
        &[
            "assert.strictEqual(add('hello'), Buffer.from('hello').toString('base64'))",
            "assert.strictEqual(add('http://a.b/'), new URL('http://a.b/').hostname)",
            "assert.strictEqual(add(1), new Intl.NumberFormat('en').format(1))",
        ],
    ),
    (
        "a name another target declared, defined by the candidate too",
        "var expected = 0;\nfunction check(x) {}\nfunction add(a, b) { return 0 }",
        &[
            "const expected = 3; function check(x) { assert.strictEqual(x, 3) } check(add(1, 2)); assert.strictEqual(add(1, 2), expected)",
            "check(add(1, 2)); assert.strictEqual(add(1, 2), expected)",
        ],
    ),
    (
        "a test framework's globals, defined by the candidate",
        "function expect() { return { toBe() {}, toEqual() {} } }\nfunction it(name, fn) {}\nfunction add(a, b) { return 0 }",
        &[
            "expect(add(1, 2)).toBe(3)",
            "it('adds', () => assert.strictEqual(add(2, 2), 4))",
        ],
    ),
    (
        "throwing what looks like a pass",
        "function add(a, b) { const e = new Error('ok'); e.name = 'Pass'; e.generatedMessage = true; throw e }",
        JS_TARGETS,
    ),
];

#[test]
fn javascript_routes_through_the_shared_interpreter_reach_nothing() {
    javascript_attempts_fail(
        JS_BOUNDARY_ATTACKS
            .iter()
            .map(|(name, code, targets)| (name.to_string(), code.to_string(), *targets)),
    );
}

/// What a JavaScript candidate may do must keep working across the
/// boundary: (name, candidate, targets).
const JS_LEGITIMATE: &[(&str, &str, &[&str])] = &[
    (
        "classes: construction, methods, fields, getters, instanceof, chaining",
        "class Stack { constructor() { this.items = [] } push(x) { this.items.push(x); return this } pop() { return this.items.pop() }\n\
           get size() { return this.items.length } static of(...xs) { const s = new Stack(); for (const x of xs) s.push(x); return s } }",
        &[
            "const s = new Stack(); s.push(1).push(2); assert.strictEqual(s.size, 2); assert.strictEqual(s.pop(), 2); assert.deepStrictEqual(s.items, [1])",
            "assert.ok(Stack.of(1, 2) instanceof Stack); assert.strictEqual(Stack.of(1, 2, 3).size, 3); assert.strictEqual(typeof Stack, 'function')",
            "const s = new Stack(); s.label = 'x'; assert.strictEqual(s.label, 'x'); assert.ok('push' in s); assert.deepStrictEqual(Object.keys(s), ['items', 'label'])",
        ],
    ),
    (
        "exceptions: built-in types, messages, the candidate's own classes",
        "class InsufficientFunds extends RangeError { constructor(n) { super('short by ' + n); this.name = 'InsufficientFunds'; this.code = 'E_FUNDS' } }\n\
         function withdraw(balance, n) { if (n > balance) throw new InsufficientFunds(n - balance); if (n < 0) throw new TypeError('negative'); return balance - n }",
        &[
            "assert.throws(() => withdraw(1, 5), InsufficientFunds)",
            "assert.throws(() => withdraw(1, 5), RangeError); assert.throws(() => withdraw(1, 5), /short by 4/)",
            "assert.throws(() => withdraw(1, -1), { name: 'TypeError', message: 'negative' })",
            "try { withdraw(0, 1); assert.fail('no throw') } catch (e) { assert.ok(e instanceof Error); assert.strictEqual(e.code, 'E_FUNDS'); assert.strictEqual(e.name, 'InsufficientFunds') }",
            "assert.strictEqual(withdraw(5, 2), 3)",
        ],
    ),
    (
        "callbacks both ways: key functions, reducers, a callback calling back",
        "function sortBy(xs, key) { return [...xs].sort((a, b) => key(a) - key(b)) }\n\
         function fold(xs, f, init) { return xs.reduce(f, init) }\n\
         function twice(f) { return (x) => f(f(x)) }\n\
         function each(xs, visit) { xs.forEach((x, i) => visit(x, i, (y) => y * 10)) }",
        &[
            "assert.deepStrictEqual(sortBy([{k: 3}, {k: 1}, {k: 2}], (o) => o.k), [{k: 1}, {k: 2}, {k: 3}])",
            "assert.strictEqual(fold([1, 2, 3], (a, b) => a + b, 0), 6)",
            "assert.strictEqual(twice((x) => x + 1)(5), 7)",
            "const seen = []; each([1, 2], (x, i, scale) => seen.push(scale(x) + i)); assert.deepStrictEqual(seen, [10, 21])",
        ],
    ),
    (
        "arguments changed in place",
        "function sortInPlace(xs) { xs.sort((a, b) => a - b) }\nfunction fill(xs, n) { for (let i = 0; i < n; i++) xs.push(i) }\n\
         function tag(o) { o.seen = true; delete o.gone }\nfunction count(m, k) { m.set(k, (m.get(k) || 0) + 1); return m.size }",
        &[
            "const a = [3, 1, 2]; sortInPlace(a); assert.deepStrictEqual(a, [1, 2, 3])",
            "const a = []; fill(a, 3); assert.deepStrictEqual(a, [0, 1, 2])",
            "const o = {gone: 1}; tag(o); assert.deepStrictEqual(o, {seen: true})",
            "const m = new Map(); count(m, 'x'); assert.strictEqual(count(m, 'x'), 1); assert.strictEqual(m.get('x'), 2)",
        ],
    ),
    (
        "generators and iterables returned to the test",
        "function* range(n) { for (let i = 0; i < n; i++) yield i }\n\
         class Bag { constructor(...xs) { this.xs = xs } *[Symbol.iterator]() { yield* this.xs } }",
        &[
            "assert.deepStrictEqual([...range(4)], [0, 1, 2, 3])",
            "const out = []; for (const x of new Bag('a', 'b')) out.push(x); assert.deepStrictEqual(out, ['a', 'b'])",
            "const g = range(2); assert.deepStrictEqual(g.next(), {value: 0, done: false})",
        ],
    ),
    (
        "async functions, timers and promises",
        "async function slow(x) { await new Promise((r) => setTimeout(r, 5)); return x * 2 }\n\
         function fails() { return Promise.reject(new TypeError('nope')) }",
        &[
            "(async () => assert.strictEqual(await slow(21), 42))()",
            "(async () => { await assert.rejects(fails(), TypeError) })()",
            "slow(1).then((v) => assert.strictEqual(v, 2))",
        ],
    ),
    (
        "values of every kind",
        "function values() { return [undefined, null, NaN, -0, Infinity, 2n ** 70n, 'é😀', [1, , 3], {a: {b: [1]}},\n\
           new Map([[1, 'x']]), new Set(['y']), new Date(0), /a+b/gi, Object.create(null)] }\n\
         function lone() { return '\\ud800x' }",
        &[
            "const v = values(); assert.strictEqual(v[0], undefined); assert.strictEqual(v[1], null); assert.ok(Number.isNaN(v[2])); assert.ok(Object.is(v[3], -0)); assert.strictEqual(v[4], Infinity)",
            "const v = values(); assert.strictEqual(v[5], 2n ** 70n); assert.strictEqual(v[6], 'é😀'); assert.strictEqual(v[7].length, 3); assert.ok(!(1 in v[7])); assert.deepStrictEqual(v[8], {a: {b: [1]}})",
            "const v = values(); assert.deepStrictEqual(v[9], new Map([[1, 'x']])); assert.deepStrictEqual(v[10], new Set(['y'])); assert.deepStrictEqual(v[11], new Date(0)); assert.deepStrictEqual(v[12], /a+b/gi)",
            "assert.strictEqual(Object.getPrototypeOf(values()[13]), null); assert.strictEqual(lone(), '\\ud800x'); assert.strictEqual(JSON.stringify(values()[8]), '{\"a\":{\"b\":[1]}}')",
        ],
    ),
    (
        "prototypes: instances of one class are deep-equal, of two classes not",
        "class P { constructor(x) { this.x = x } }\nclass Q { constructor(x) { this.x = x } }\nconst make = (x) => new P(x);",
        &[
            "assert.deepStrictEqual(make(1), new P(1)); assert.notDeepStrictEqual(make(1), new Q(1)); assert.notDeepStrictEqual(make(1), {x: 1})",
            "assert.deepEqual(make(1), {x: 1}); assert.strictEqual(Object.getPrototypeOf(make(1)), P.prototype); assert.ok(make(2) instanceof P)",
        ],
    ),
    (
        "Node's other assertions",
        "function greet(n) { return 'hello ' + n }\nasync function ok() { return 1 }\nfunction fine(cb) { cb(null) }",
        &[
            "assert.match(greet('bob'), /^hello b/); assert.doesNotMatch(greet('bob'), /alice/)",
            "fine((err) => assert.ifError(err))",
            "(async () => { await assert.doesNotReject(ok()) })()",
        ],
    ),
    (
        "the candidate's globals: state kept between calls, read and written by the test",
        "let counter = 0;\nvar limit = 2;\nconst bump = () => ++counter;\nfunction atLimit() { return counter >= limit }",
        &[
            "bump(); bump(); assert.strictEqual(counter, 2); assert.ok(atLimit())",
            "limit = 10; assert.strictEqual(limit, 10); assert.ok(atLimit()); assert.strictEqual(bump(), 3)",
            "assert.strictEqual(typeof bump, 'function'); assert.strictEqual(typeof notDefinedAnywhere, 'undefined')",
        ],
    ),
    (
        "a test whose comments and strings name the candidate's functions",
        "function add(a, b) { return a + b }\nconst scale = (x) => x * 2;",
        &[
            "// function add(a, b) is the candidate's; let scale be its other one\nassert.strictEqual(add(1, 2), 3)",
            "const note = 'const add = nothing'; /* class scale */ assert.strictEqual(scale(add(1, 1)), 4)",
        ],
    ),
    (
        "a HumanEval-X check: console.assert in the test, the candidate's output",
        "const hasCloseElements = (numbers, threshold) => { console.log('checking', numbers.length); for (let i = 0; i < numbers.length; i++) for (let j = i + 1; j < numbers.length; j++) if (Math.abs(numbers[i] - numbers[j]) < threshold) return true; return false }",
        &[
            "const testHasCloseElements = () => {\n  console.assert(hasCloseElements([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3) === true)\n  console.assert(hasCloseElements([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.05) === false)\n}\ntestHasCloseElements()",
        ],
    ),
];

#[test]
fn javascript_legitimate_solutions_pass_across_the_boundary() {
    let tasks = JS_LEGITIMATE
        .iter()
        .map(|(name, code, targets)| lang_task(Language::JavaScript, name, code, targets, 3.0))
        .collect();
    let names = JS_LEGITIMATE.iter().map(|(name, _, _)| *name);
    assert_all_pass(names.zip(score_all(tasks)));
}

/// A candidate's polyfills are its own: they work in its code (the test's
/// built-ins are the judge's, which the candidate never touches).
#[test]
fn javascript_polyfills_and_own_patches_keep_working() {
    let env = score_all(vec![lang_task(
        Language::JavaScript,
        "polyfill",
        "Array.prototype.last = function () { return this[this.length - 1] };\n\
         String.prototype.capitalize = function () { return this[0].toUpperCase() + this.slice(1) };\n\
         function add(a, b) { return [a, b].last() + a }\n\
         function title(s) { return s.capitalize() }",
        &[
            "assert.strictEqual(add(1, 2), 3)",
            "assert.strictEqual(title('abc'), 'Abc')",
            "assert.strictEqual(typeof [].last, 'undefined')",
        ],
        3.0,
    )])
    .pop()
    .unwrap();
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}
