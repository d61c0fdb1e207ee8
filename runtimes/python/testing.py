"""wasmeval's pytest, for unit-test files run in the sandbox.

A task may carry a test file instead of assertion strings. The harness
(runtimes/python/harness.py) imports this module once, at build time, so
its state is in the snapshot. A test file runs in the judge's instance,
which never runs the candidate's code (the candidate's module is made of
proxies, see wire.py): the harness installs `public()` as the module
`pytest`, executes the test file, collects the tests with
`Runner.collect`, and runs them one by one, one per host call, with
`Runner.run_next`.

What it gives a test file is what pytest gives it, for what unit tests use:

- collection: `test*` functions, `Test*` classes (without `__init__`) and
  their `test*` methods, `unittest.TestCase` subclasses (methods sorted by
  name, as unittest and pytest do), in definition order, base classes
  first; `__test__ = False` opts out;
- `@pytest.mark.parametrize` (stacked, on classes, `pytest.param` with `id`
  and `marks`, `ids=`), with pytest's test ids (`test_f[1-a]`);
- `pytest.raises`, `pytest.warns`, `pytest.approx`, `pytest.fail`,
  `pytest.skip`, `pytest.xfail`, `pytest.importorskip`;
- marks `skip`, `skipif`, `xfail` (and any other, ignored);
- fixtures: `@pytest.fixture` (scopes, `yield` teardown, `autouse`,
  `params`, `name`), and the built-ins `tmp_path`, `tmp_path_factory`,
  `capsys`, `monkeypatch`, `request`;
- xunit setup: `setup_module`/`teardown_module`, `setup_function`/
  `teardown_function`, `setup_class`/`teardown_class`, `setup_method`/
  `teardown_method`; unittest's `setUp`/`tearDown`, `setUpClass`/
  `tearDownClass`, cleanups, `skip*` decorators and `expectedFailure`.

Where a verdict differs from pytest's, on purpose: a test skipped by a
mark or decorator is not a test (it is not collected, so it counts neither
way); a skip raised while the test runs (`pytest.skip()`,
`unittest.SkipTest`) fails the test, since a candidate could raise one.
"""

import decimal
import inspect
import math
import numbers
import os
import re
import sys
import types
import unittest
import warnings
from collections import namedtuple

import wasmeval_wire as wire
from pathlib import Path


# ---------------------------------------------------------------------------
# Outcomes raised inside a test
# ---------------------------------------------------------------------------
class OutcomeException(BaseException):
    """Base of what pytest.skip/fail/xfail raise (BaseException, as pytest's,
    so `except Exception` in a test does not swallow them)."""

    def __init__(self, msg=""):
        BaseException.__init__(self, msg)
        self.msg = msg

    def __str__(self):
        return str(self.msg)


class Skipped(OutcomeException):
    pass


class Failed(OutcomeException):
    pass


class XFailed(Failed):
    pass


def skip(reason="", *, allow_module_level=False, msg=None):
    raise Skipped(reason or msg or "")


def fail(reason="", pytrace=True, msg=None):
    raise Failed(reason or msg or "")


def xfail(reason=""):
    raise XFailed(reason)


def importorskip(modname, minversion=None, reason=None, *, exc_type=None):
    try:
        module = __import__(modname)
        for part in modname.split(".")[1:]:
            module = getattr(module, part)
    except ImportError:
        raise Skipped(reason or "could not import %r" % modname) from None
    return module


# ---------------------------------------------------------------------------
# raises, warns
# ---------------------------------------------------------------------------
class ExceptionInfo:
    def __init__(self):
        self.type = None
        self.value = None
        self.tb = None

    @property
    def typename(self):
        return self.type.__name__ if self.type else None

    def match(self, regexp):
        if not re.search(regexp, str(self.value)):
            raise AssertionError("Regex pattern did not match.\n Regex: %r\n Input: %r"
                                 % (regexp, str(self.value)))
        return True

    def errisinstance(self, exc):
        return isinstance(self.value, exc)

    def __repr__(self):
        return "<ExceptionInfo %r>" % (self.value,)


class RaisesContext:
    def __init__(self, expected, match=None, check=None):
        self.expected = expected
        self.match_expr = match
        self.check = check
        self.excinfo = ExceptionInfo()

    def __enter__(self):
        return self.excinfo

    def __exit__(self, exc_type, exc_value, tb):
        if exc_type is None:
            raise Failed("DID NOT RAISE %s" % _expected_name(self.expected))
        if not issubclass(exc_type, self.expected):
            return False
        self.excinfo.type = exc_type
        self.excinfo.value = exc_value
        self.excinfo.tb = tb
        if self.match_expr is not None:
            text = str(exc_value)
            if not re.search(self.match_expr, text):
                raise AssertionError("Regex pattern did not match.\n Regex: %r\n Input: %r"
                                     % (self.match_expr, text))
        if self.check is not None and not self.check(exc_value):
            return False
        return True


def _expected_name(expected):
    if isinstance(expected, tuple):
        return "any of (%s)" % ", ".join(_expected_name(e) for e in expected)
    return "<class '%s'>" % getattr(expected, "__name__", expected)


def raises(expected_exception, *args, match=None, check=None, **kwargs):
    context = RaisesContext(expected_exception, match, check)
    if not args:
        return context
    function = args[0]
    with context:
        function(*args[1:], **kwargs)
    return context.excinfo


class WarningsChecker:
    def __init__(self, expected, match=None):
        self.expected = expected
        self.match_expr = match
        self.list = []
        self._catcher = None

    def __enter__(self):
        self._catcher = warnings.catch_warnings(record=True)
        self.list = self._catcher.__enter__()
        warnings.simplefilter("always")
        return self

    def __exit__(self, exc_type, exc_value, tb):
        self._catcher.__exit__(exc_type, exc_value, tb)
        if exc_type is not None:
            return False
        for record in self.list:
            if issubclass(record.category, self.expected) and (
                self.match_expr is None or re.search(self.match_expr, str(record.message))
            ):
                return False
        raise Failed("DID NOT WARN. No warnings of type %r were emitted." % (self.expected,))

    def __len__(self):
        return len(self.list)

    def __iter__(self):
        return iter(self.list)

    def __getitem__(self, i):
        return self.list[i]

    def pop(self, cls=Warning):
        for i, record in enumerate(self.list):
            if issubclass(record.category, cls):
                return self.list.pop(i)
        raise AssertionError("%r not found in warning list" % cls)


def warns(expected_warning=Warning, *args, match=None, **kwargs):
    checker = WarningsChecker(expected_warning, match)
    if not args:
        return checker
    with checker:
        return args[0](*args[1:], **kwargs)


def deprecated_call(*args, **kwargs):
    return warns((DeprecationWarning, PendingDeprecationWarning), *args, **kwargs)


# ---------------------------------------------------------------------------
# approx (pytest's defaults: rel 1e-6, abs 1e-12)
# ---------------------------------------------------------------------------
class ApproxBase:
    __hash__ = None

    def __init__(self, expected, rel=None, abs=None, nan_ok=False):
        self.expected = expected
        self.rel = rel
        self.abs = abs
        self.nan_ok = nan_ok

    def __ne__(self, actual):
        return not (actual == self)


class ApproxScalar(ApproxBase):
    DEFAULT_ABS = 1e-12
    DEFAULT_REL = 1e-6

    def tolerance(self):
        absolute = self.DEFAULT_ABS if self.abs is None else self.abs
        if self.rel is None and self.abs is not None:
            return absolute
        relative = (self.DEFAULT_REL if self.rel is None else self.rel) * builtin_abs(self.expected)
        return max(relative, absolute)

    def __eq__(self, actual):
        expected = self.expected
        if isinstance(actual, ApproxBase):
            return NotImplemented
        if not isinstance(expected, (int, float, complex)) or isinstance(expected, bool):
            return actual == expected
        if actual == expected:
            return True
        # As pytest's: only a number is near a number (never a string that
        # reads as one, nor an object that converts to one).
        if not isinstance(actual, (numbers.Complex, decimal.Decimal)):
            return False
        if not isinstance(actual, (int, float, complex)):
            actual = complex(actual) if isinstance(actual, numbers.Complex) and not isinstance(
                actual, numbers.Real) else float(actual)
        if actual == expected:
            return True
        if isinstance(expected, complex) or isinstance(actual, complex):
            pass
        elif math.isnan(expected) or math.isnan(actual):
            return self.nan_ok and math.isnan(expected) and math.isnan(actual)
        elif math.isinf(expected) or math.isinf(actual):
            return False
        return builtin_abs(expected - actual) <= self.tolerance()

    def __repr__(self):
        if not isinstance(self.expected, (int, float, complex)) or isinstance(self.expected, bool):
            return repr(self.expected)
        if isinstance(self.expected, float) and math.isinf(self.expected):
            return repr(self.expected)
        return "%s ± %.1e" % (self.expected, self.tolerance())


builtin_abs = abs


class ApproxSequence(ApproxBase):
    def __eq__(self, actual):
        if not isinstance(actual, (list, tuple)) or len(actual) != len(self.expected):
            return False
        return all(a == approx(e, self.rel, self.abs, self.nan_ok)
                   for a, e in zip(actual, self.expected))

    def __repr__(self):
        return "approx(%r)" % ([approx(e, self.rel, self.abs) for e in self.expected],)


class ApproxMapping(ApproxBase):
    def __eq__(self, actual):
        if not isinstance(actual, dict) or set(actual) != set(self.expected):
            return False
        return all(actual[k] == approx(v, self.rel, self.abs, self.nan_ok)
                   for k, v in self.expected.items())

    def __repr__(self):
        return "approx(%r)" % ({k: approx(v, self.rel, self.abs) for k, v in self.expected.items()},)


def approx(expected, rel=None, abs=None, nan_ok=False):
    if isinstance(expected, dict):
        return ApproxMapping(expected, rel, abs, nan_ok)
    if isinstance(expected, (list, tuple)):
        return ApproxSequence(expected, rel, abs, nan_ok)
    return ApproxScalar(expected, rel, abs, nan_ok)


# ---------------------------------------------------------------------------
# marks and parameters
# ---------------------------------------------------------------------------
class Mark:
    def __init__(self, name, args, kwargs):
        self.name = name
        self.args = args
        self.kwargs = kwargs

    def __repr__(self):
        return "Mark(name=%r, args=%r, kwargs=%r)" % (self.name, self.args, self.kwargs)


def _add_mark(obj, mark):
    marks = list(getattr(obj, "pytestmark", []) if not isinstance(obj, type)
                 else obj.__dict__.get("pytestmark", []))
    marks.append(mark)
    obj.pytestmark = marks
    return obj


class MarkDecorator:
    def __init__(self, mark):
        self.mark = mark

    @property
    def name(self):
        return self.mark.name

    @property
    def args(self):
        return self.mark.args

    @property
    def kwargs(self):
        return self.mark.kwargs

    def with_args(self, *args, **kwargs):
        return MarkDecorator(Mark(self.mark.name, self.mark.args + args,
                                  {**self.mark.kwargs, **kwargs}))

    def __call__(self, *args, **kwargs):
        if args and not kwargs and len(args) == 1 and (inspect.isclass(args[0])
                                                        or callable(args[0])):
            return _add_mark(args[0], self.mark)
        return self.with_args(*args, **kwargs)


class MarkGenerator:
    __slots__ = ()

    def __getattr__(self, name):
        if name.startswith("_"):
            raise AttributeError(name)
        return MarkDecorator(Mark(name, (), {}))


mark = MarkGenerator()

ParameterSet = namedtuple("ParameterSet", "values marks id")


def param(*values, marks=(), id=None):
    if isinstance(marks, MarkDecorator):
        marks = (marks,)
    return ParameterSet(values, tuple(marks), id)


def _marks_of(obj):
    marks = []
    # Only marks made by this module's `pytest.mark` count: an object a
    # candidate's module exports as `pytestmark` (through `import *`) is a
    # proxy, and its `name` and `args` are the candidate's to choose.
    for item in getattr(obj, "pytestmark", []) or []:
        if type(item) is MarkDecorator:
            marks.append(item.mark)
        elif type(item) is Mark:
            marks.append(item)
    return marks


# ---------------------------------------------------------------------------
# fixtures
# ---------------------------------------------------------------------------
class FixtureDef:
    def __init__(self, function, scope, params, autouse, ids, name):
        self.function = function
        self.scope = scope
        self.params = params
        self.autouse = autouse
        self.ids = ids
        self.name = name


# The fixtures this module made, by the id of their function. The runner
# reads its own record, never an attribute of the object it meets: a name a
# test file imports from the candidate is a proxy, whose attributes are the
# candidate's to choose.
_fixture_definitions = {}


def _fixture_of(value):
    """The fixture definition of `value` (a function this module's `fixture`
    decorated, or a static or class method of one), or None."""
    if type(value) in (staticmethod, classmethod):
        value = value.__func__
    found = _fixture_definitions.get(id(value))
    return found[1] if found is not None and found[0] is value else None


def fixture(fixture_function=None, *, scope="function", params=None, autouse=False, ids=None,
            name=None):
    def decorate(function):
        definition = FixtureDef(function, scope, None if params is None else list(params),
                                autouse, ids, name or function.__name__)
        _fixture_definitions[id(function)] = (function, definition)
        return function

    if fixture_function is not None and callable(fixture_function):
        return decorate(fixture_function)
    return decorate


yield_fixture = fixture


class FixtureLookupError(LookupError):
    pass


CaptureResult = namedtuple("CaptureResult", "out err")


class _Buffer:
    """A text stream that keeps what is written."""

    def __init__(self, name):
        self.name = name
        self.parts = []
        self.encoding = "utf-8"
        self.errors = "strict"

    def write(self, text):
        if not isinstance(text, str):
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        self.parts.append(text)
        return len(text)

    def writelines(self, lines):
        for line in lines:
            self.write(line)

    def flush(self):
        pass

    def isatty(self):
        return False

    def take(self):
        text = "".join(self.parts)
        self.parts = []
        return text


class CaptureFixture:
    def __init__(self):
        self._out = _Buffer("<stdout>")
        self._err = _Buffer("<stderr>")
        self._saved = None

    def _start(self):
        self._saved = (sys.stdout, sys.stderr)
        sys.stdout, sys.stderr = self._out, self._err

    def _stop(self):
        if self._saved is not None:
            sys.stdout, sys.stderr = self._saved
            self._saved = None

    def readouterr(self):
        return CaptureResult(self._out.take(), self._err.take())

    def disabled(self):
        capture = self

        class Disabled:
            def __enter__(self):
                capture._stop()

            def __exit__(self, *exc):
                capture._start()

        return Disabled()


_NOTSET = object()


class MonkeyPatch:
    def __init__(self):
        self._setattr = []
        self._setitem = []
        self._cwd = None
        self._savesyspath = None

    @classmethod
    def context(cls):
        patch = cls()

        class Context:
            def __enter__(self):
                return patch

            def __exit__(self, *exc):
                patch.undo()

        return Context()

    def setattr(self, target, name, value=_NOTSET, raising=True):
        if value is _NOTSET:
            if not isinstance(target, str):
                raise TypeError("use setattr(target, name, value) or setattr(target, value) "
                                "with target being a dotted import path")
            value = name
            target, name = _resolve_dotted(target)
        old = getattr(target, name, _NOTSET)
        if raising and old is _NOTSET:
            raise AttributeError("%r has no attribute %r" % (target, name))
        if inspect.isclass(target):
            old = target.__dict__.get(name, _NOTSET)
        self._setattr.append((target, name, old))
        setattr(target, name, value)

    def delattr(self, target, name=_NOTSET, raising=True):
        if name is _NOTSET:
            target, name = _resolve_dotted(target)
        if not hasattr(target, name):
            if raising:
                raise AttributeError(name)
            return
        old = getattr(target, name, _NOTSET)
        if inspect.isclass(target):
            old = target.__dict__.get(name, _NOTSET)
        self._setattr.append((target, name, old))
        delattr(target, name)

    def setitem(self, dic, name, value):
        self._setitem.append((dic, name, dic.get(name, _NOTSET)))
        dic[name] = value

    def delitem(self, dic, name, raising=True):
        if name not in dic:
            if raising:
                raise KeyError(name)
            return
        self._setitem.append((dic, name, dic.get(name, _NOTSET)))
        del dic[name]

    def setenv(self, name, value, prepend=None):
        value = str(value)
        if prepend and name in os.environ:
            value = value + prepend + os.environ[name]
        self.setitem(os.environ, name, value)

    def delenv(self, name, raising=True):
        self.delitem(os.environ, name, raising=raising)

    def syspath_prepend(self, path):
        if self._savesyspath is None:
            self._savesyspath = sys.path[:]
        sys.path.insert(0, str(path))

    def chdir(self, path):
        if self._cwd is None:
            self._cwd = os.getcwd()
        os.chdir(path)

    def undo(self):
        for target, name, value in reversed(self._setattr):
            if value is not _NOTSET:
                setattr(target, name, value)
            else:
                try:
                    delattr(target, name)
                except AttributeError:
                    pass
        self._setattr = []
        for dic, name, value in reversed(self._setitem):
            if value is _NOTSET:
                dic.pop(name, None)
            else:
                dic[name] = value
        self._setitem = []
        if self._savesyspath is not None:
            sys.path[:] = self._savesyspath
            self._savesyspath = None
        if self._cwd is not None:
            os.chdir(self._cwd)
            self._cwd = None


def _resolve_dotted(dotted):
    module_name, _, attr = dotted.rpartition(".")
    parts = module_name.split(".")
    obj = __import__(parts[0])
    for part in parts[1:]:
        obj = getattr(obj, part)
    return obj, attr


class TempPathFactory:
    """Directories under the run's scratch directory (/tmp, writable, empty
    at the start of every run)."""

    def __init__(self, root):
        self._root = Path(root)
        self._base = None
        self._counts = {}

    def getbasetemp(self):
        if self._base is None:
            self._base = self._root / "pytest-of-wasmeval" / "pytest-0"
            self._base.mkdir(parents=True, exist_ok=True)
        return self._base

    def mktemp(self, basename, numbered=True):
        base = self.getbasetemp()
        if not numbered:
            path = base / basename
            path.mkdir()
            return path
        while True:
            n = self._counts.get(basename, 0)
            self._counts[basename] = n + 1
            path = base / ("%s%d" % (basename, n))
            try:
                path.mkdir()
                return path
            except FileExistsError:
                continue


class FixtureRequest:
    def __init__(self, runner, item, fixturename=None, param=_NOTSET):
        self._runner = runner
        self._item = item
        self.fixturename = fixturename
        self.node = item
        self.function = item.function
        self.cls = item.cls
        self.module = item.module
        self.instance = item.instance
        self.scope = "function"
        if param is not _NOTSET:
            self.param = param

    @property
    def fixturenames(self):
        return list(self._item.fixturenames)

    def addfinalizer(self, finalizer):
        self._runner._finalizers["function"].append(finalizer)

    def getfixturevalue(self, name):
        return self._runner._fixture_value(self._item, name)

    def applymarker(self, marker):
        self._item.add_marker(marker)


# ---------------------------------------------------------------------------
# ids, as pytest makes them
# ---------------------------------------------------------------------------
def _ascii_escaped(text):
    if isinstance(text, bytes):
        return text.decode("ascii", "backslashreplace")
    return text.encode("unicode_escape").decode("ascii")


def _idval(value, argname, index):
    if isinstance(value, (str, bytes)):
        return _ascii_escaped(value)
    if value is None or isinstance(value, (float, int, bool, complex)):
        return str(value)
    if isinstance(value, re.Pattern):
        return _ascii_escaped(value.pattern)
    if isinstance(value, type(Ellipsis)):
        return "Ellipsis"
    import enum

    if isinstance(value, enum.Enum):
        return str(value)
    # pytest's rule: the name of a class, function, module, ... (the
    # candidate's arrive as proxies, whose `__name__` is the candidate's).
    try:
        name = getattr(value, "__name__", None)
    except Exception:  # noqa: BLE001 (a proxy's request can fail)
        name = None
    if isinstance(name, str):
        return name
    return "%s%d" % (argname, index)


def _unique(ids):
    """pytest's disambiguation of duplicate ids: a suffix counting each."""
    counts = {}
    for i in ids:
        counts[i] = counts.get(i, 0) + 1
    seen = {}
    result = []
    for i in ids:
        if counts[i] > 1:
            n = seen.get(i, 0)
            seen[i] = n + 1
            suffix = "%d" % n
            new = i + suffix if not i or not i[-1].isdigit() else i + "_" + suffix
            result.append(new)
        else:
            result.append(i)
    return result


def _parametrize_sets(mark_obj):
    """[(values dict, id, marks)] of one parametrize mark."""
    args = list(mark_obj.args)
    kwargs = dict(mark_obj.kwargs)
    # pytest's signature: (argnames, argvalues, indirect=False, ids=None, scope=None)
    argnames = args[0] if args else kwargs.pop("argnames")
    argvalues = args[1] if len(args) > 1 else kwargs.pop("argvalues")
    indirect = args[2] if len(args) > 2 else kwargs.get("indirect", False)
    ids = args[3] if len(args) > 3 else kwargs.get("ids")
    if indirect:
        raise ValueError("wasmeval: indirect parametrization is not supported")
    if isinstance(argnames, str):
        names = [n.strip() for n in argnames.split(",") if n.strip()]
    else:
        names = list(argnames)
    sets = []
    for value in argvalues:
        if isinstance(value, ParameterSet):
            values, marks, explicit = value.values, value.marks, value.id
        else:
            if len(names) == 1:
                values = (value,)
            elif isinstance(value, (tuple, list)):
                values = tuple(value)
            else:
                raise ValueError("wrong number of values for %s: %r" % (",".join(names), value))
            marks, explicit = (), None
        if len(values) != len(names):
            raise ValueError("wrong number of values for %s: %r" % (",".join(names), values))
        sets.append((dict(zip(names, values)), explicit, marks))
    made = []
    for index, (values, explicit, marks) in enumerate(sets):
        if explicit is not None:
            made.append(str(explicit))
        elif ids is not None and not callable(ids) and index < len(ids) and ids[index] is not None:
            made.append(_ascii_escaped(str(ids[index])) if isinstance(ids[index], str) else str(ids[index]))
        elif callable(ids):
            parts = []
            for name in names:
                custom = ids(values[name])
                parts.append(_ascii_escaped(custom) if isinstance(custom, str)
                             else _idval(values[name], name, index))
            made.append("-".join(parts))
        else:
            made.append("-".join(_idval(values[n], n, index) for n in names))
    if not sets:
        # pytest: an empty parameter set skips the test.
        return None
    return [(values, i, marks) for (values, _, marks), i in zip(sets, made)]


# ---------------------------------------------------------------------------
# items
# ---------------------------------------------------------------------------
class Item:
    def __init__(self, nodeid, name, module, cls, function, params, marks, kind):
        self.nodeid = nodeid
        self.name = name
        self.module = module
        self.cls = cls
        self.function = function
        self.params = params
        self.own_markers = marks
        self.kind = kind  # "function", "method" or "unittest"
        self.instance = None
        self.fixturenames = ()
        self.keywords = {m.name: m for m in marks}

    def iter_markers(self, name=None):
        return [m for m in self.own_markers if name is None or m.name == name]

    def get_closest_marker(self, name, default=None):
        found = self.iter_markers(name)
        return found[-1] if found else default

    def add_marker(self, marker):
        marker = marker.mark if isinstance(marker, MarkDecorator) else marker
        if isinstance(marker, str):
            marker = Mark(marker, (), {})
        self.own_markers.append(marker)


def _is_unittest(obj):
    return inspect.isclass(obj) and issubclass(obj, unittest.TestCase)


def _condition(value, module):
    if isinstance(value, str):
        return bool(eval(value, dict(vars(module), os=os, sys=sys, platform=sys.platform)))
    return bool(value)


def _skipped_by_marks(marks, module):
    for m in marks:
        if m.name == "skip":
            return True
        if m.name == "skipif":
            conditions = m.args
            if not conditions and "condition" in m.kwargs:
                conditions = (m.kwargs["condition"],)
            if any(_condition(c, module) for c in conditions):
                return True
    return False


def _unittest_skipped(cls, method):
    return bool(getattr(cls, "__unittest_skip__", False)
                or getattr(method, "__unittest_skip__", False))


class Runner:
    """Collects and runs the tests of one module, one test per call."""

    def __init__(self, module, filename, scratch="/tmp", own=frozenset()):
        self.module = module
        self.filename = filename
        # The names the file binds itself (not those it imports from the
        # candidate's module).
        self.own = own
        self.items = []
        self.position = 0
        self.scratch = scratch
        self._tmp_factory = None
        self._cache = {}  # (scope key, fixture name) -> value
        self._finalizers = {"function": [], "class": [], "module": [], "session": []}
        self._class_done = set()
        self._module_setup = False

    # -- collection ----------------------------------------------------------
    def collect(self):
        module = self.module
        base = self.filename
        module_marks = _marks_of(module)
        # Marks nearest the test first (function, class, module), as pytest's
        # iter_markers gives them.
        for name, obj in list(vars(module).items()):
            if _remote(obj):
                if name in self.own and name[:4] in ("test", "Test"):
                    # A test of the file's that the candidate's code made
                    # (a decorator of its, a base class of its): it cannot
                    # run in the judge, and leaving it out would raise the
                    # file's score.
                    raise TypeError(
                        "%s is the candidate's object (a decorator or base class of the "
                        "candidate's made it): wasmeval runs only the test file's own tests"
                        % name)
                # What the file imported from the candidate is no test of
                # the file's, however it is named.
                continue
            if getattr(obj, "__test__", True) is False:
                continue
            if _is_unittest(obj):
                self._collect_unittest(obj, base)
            elif inspect.isclass(obj) and name.startswith("Test"):
                if obj.__init__ is not object.__init__:
                    continue  # pytest warns and does not collect it
                self._collect_class(obj, base, module_marks)
            elif name.startswith("test") and inspect.isfunction(obj):
                if _is_fixture(obj):
                    continue
                self._add_function(obj, None, "%s::%s" % (base, name), name,
                                   _marks_of(obj) + module_marks)
        return [item.nodeid for item in self.items]

    def _collect_class(self, cls, base, module_marks):
        class_marks = _marks_of(cls) + module_marks
        dicts = [cls.__dict__] + [b.__dict__ for b in cls.__mro__[1:] if b is not object]
        seen = set()
        per_dict = []
        for dic in dicts:
            found = []
            for name, obj in list(dic.items()):
                if name in seen:
                    continue
                seen.add(name)
                if isinstance(obj, staticmethod):
                    obj = obj.__func__
                if name.startswith("test") and _remote(obj):
                    raise TypeError(
                        "%s.%s is the candidate's object (a decorator of the candidate's made "
                        "it): wasmeval runs only the test file's own tests" % (cls.__name__, name))
                if name.startswith("test") and inspect.isfunction(obj) and not _is_fixture(obj):
                    found.append((name, obj))
            per_dict.append(found)
        for found in reversed(per_dict):
            for name, obj in found:
                self._add_function(obj, cls, "%s::%s::%s" % (base, cls.__name__, name), name,
                                   _marks_of(obj) + class_marks)

    def _collect_unittest(self, cls, base):
        if getattr(cls, "__unittest_skip__", False):
            return
        loader = unittest.TestLoader()
        for name in loader.getTestCaseNames(cls):
            method = getattr(cls, name)
            if _unittest_skipped(cls, method):
                continue
            item = Item("%s::%s::%s" % (base, cls.__name__, name), name, self.module, cls,
                        method, {}, [], "unittest")
            self.items.append(item)

    def _add_function(self, function, cls, nodeid, name, marks):
        if _skipped_by_marks(marks, self.module):
            return
        combos = [({}, [], [])]  # (params, ids, extra marks)
        for m in marks:
            if m.name != "parametrize":
                continue
            sets = _parametrize_sets(m)
            if sets is None:
                return
            # As pytest's Metafunc.parametrize: each new mark's ids follow,
            # and it varies fastest.
            combos = [({**params, **values}, ids + [ident], list(extra) + list(more))
                      for params, ids, extra in combos
                      for values, ident, more in sets]
        fixture_params = self._fixture_param_sets(function, cls)
        for fixture_name, values, ids in fixture_params:
            combos = [({**params, fixture_name: ("__fixture_param__", value)}, pid + [ident], extra)
                      for params, pid, extra in combos
                      for value, ident in zip(values, ids)]
        made = []
        for params, ids, extra in combos:
            extra_marks = [e.mark if isinstance(e, MarkDecorator) else e for e in extra]
            if _skipped_by_marks(extra_marks, self.module):
                continue
            made.append((params, ids, extra_marks))
        names = _unique(["-".join(ids) for _, ids, _ in made]) if combos[0][1] else [""] * len(made)
        for (params, ids, extra_marks), ident in zip(made, names):
            suffix = "[%s]" % ident if ids else ""
            item = Item(nodeid + suffix, name + suffix, self.module, cls, function, params,
                        list(marks) + extra_marks, "method" if cls else "function")
            item.argnames = tuple(_argnames(function, cls is not None))
            self.items.append(item)

    def _fixture_param_sets(self, function, cls):
        found = []
        for name in _argnames(function, cls is not None):
            definition = self._definition(name, cls)
            if definition is not None and definition.params is not None:
                ids = definition.ids
                if ids is None:
                    idents = [_idval(v, name, i) for i, v in enumerate(definition.params)]
                elif callable(ids):
                    idents = [str(ids(v)) for v in definition.params]
                else:
                    idents = [str(i) for i in ids]
                found.append((name, definition.params, idents))
        return found

    # -- fixtures --------------------------------------------------------------
    def _definition(self, name, cls):
        if cls is not None:
            for klass in cls.__mro__:
                for value in klass.__dict__.values():
                    definition = _fixture_of(value)
                    if definition is not None and definition.name == name:
                        return definition
        for value in vars(self.module).values():
            definition = _fixture_of(value)
            if definition is not None and definition.name == name:
                return definition
        return None

    def _autouse(self, cls):
        names = []
        spaces = [vars(self.module)]
        if cls is not None:
            spaces += [k.__dict__ for k in reversed(cls.__mro__)]
        for space in spaces:
            for value in space.values():
                definition = _fixture_of(value)
                if definition is not None and definition.autouse and definition.name not in names:
                    names.append(definition.name)
        return names

    def _scope_key(self, scope, item):
        if scope == "class":
            return ("class", item.cls)
        if scope in ("module", "package", "session"):
            return (scope,)
        return ("function", item.nodeid)

    def _fixture_value(self, item, name, stack=()):
        if name in item.params:
            value = item.params[name]
            if isinstance(value, tuple) and len(value) == 2 and value[0] == "__fixture_param__":
                pass
            else:
                return value
        if name in stack:
            raise FixtureLookupError("recursive dependency involving fixture '%s'" % name)
        if name == "request":
            return FixtureRequest(self, item)
        definition = self._definition(name, item.cls)
        if definition is None:
            builtin = BUILTIN_FIXTURES.get(name)
            if builtin is None:
                raise FixtureLookupError("fixture '%s' not found" % name)
            key = ("function", item.nodeid, name)
            if key not in self._cache:
                self._cache[key] = builtin(self, item)
            return self._cache[key]
        scope = definition.scope if isinstance(definition.scope, str) else "function"
        key = self._scope_key(scope, item) + (name,)
        if key in self._cache:
            return self._cache[key]
        function = definition.function
        bound = function
        if item.instance is not None and item.cls is not None and _defined_in_class(function, item.cls):
            bound = types.MethodType(function, item.instance)
        kwargs = {}
        for argname in _argnames(function, bound is not function):
            if argname == "request":
                param = _NOTSET
                if name in item.params and isinstance(item.params[name], tuple) \
                        and item.params[name][:1] == ("__fixture_param__",):
                    param = item.params[name][1]
                kwargs[argname] = FixtureRequest(self, item, name, param)
            else:
                kwargs[argname] = self._fixture_value(item, argname, stack + (name,))
        result = bound(**kwargs)
        bucket = self._finalizers["function" if scope == "function" else
                                  "class" if scope == "class" else "module"]
        if inspect.isgenerator(result):
            generator = result
            value = next(generator)

            def finish(generator=generator, name=name):
                try:
                    next(generator)
                except StopIteration:
                    return
                raise ValueError("fixture function %s has more than one 'yield'" % name)

            bucket.append(finish)
        else:
            value = result
        self._cache[key] = value
        return value

    # -- running -----------------------------------------------------------------
    def run_next(self):
        """Run the next test; raise what it failed with. Called once per
        collected test."""
        item = self.items[self.position]
        self.position += 1
        last = self.position == len(self.items)
        try:
            if item.kind == "unittest":
                self._run_unittest(item, last)
            else:
                self._run_function(item, last)
        finally:
            if last:
                self._teardown_scope("class")
                self._teardown_scope("module")
                self._teardown_module()

    def _teardown_scope(self, scope):
        finalizers = self._finalizers[scope]
        self._finalizers[scope] = []
        error = None
        for finalizer in reversed(finalizers):
            try:
                finalizer()
            except BaseException as exc:  # noqa: BLE001 (reported after all ran)
                error = error or exc
        for key in [k for k in self._cache if k[0] == scope]:
            del self._cache[key]
        if error is not None:
            raise error

    def _setup_module(self):
        if self._module_setup:
            return
        self._module_setup = True
        for name in ("setup_module", "setUpModule"):
            function = vars(self.module).get(name)
            if callable(function):
                _call_optional_arg(function, self.module)

    def _teardown_module(self):
        for name in ("teardown_module", "tearDownModule"):
            function = vars(self.module).get(name)
            if callable(function):
                _call_optional_arg(function, self.module)

    def _class_switch(self, item):
        """xunit class setup before the first test of a class; class-scoped
        fixtures and teardown_class after its last."""
        previous = self.items[self.position - 2] if self.position >= 2 else None
        if previous is not None and previous.cls is not item.cls and previous.cls is not None:
            self._teardown_scope("class")
            self._class_teardown(previous.cls)
        if item.cls is not None and item.cls not in self._class_done:
            self._class_done.add(item.cls)
            if item.kind == "unittest":
                item.cls.setUpClass()
            else:
                setup = getattr(item.cls, "setup_class", None)
                if setup is not None:
                    setup()

    def _class_teardown(self, cls):
        if issubclass(cls, unittest.TestCase):
            cls.tearDownClass()
            cls.doClassCleanups()
        else:
            teardown = getattr(cls, "teardown_class", None)
            if teardown is not None:
                teardown()

    def _run_function(self, item, last):
        self._setup_module()
        self._class_switch(item)
        function = item.function
        if item.cls is not None:
            item.instance = item.cls()
            call = types.MethodType(function, item.instance)
        else:
            call = function
        # The arguments were read at collection: what a test's defaults say
        # now (a candidate may have changed them) does not matter.
        names = list(item.argnames) + [n for n in item.params
                                       if n not in item.argnames and not _is_fixture_param(item.params[n])]
        item.fixturenames = tuple(self._autouse(item.cls)) + tuple(
            n for n in names if n not in self._autouse(item.cls))
        xfail_mark = item.get_closest_marker("xfail")
        failure = None
        try:
            if item.cls is not None:
                setup = getattr(item.instance, "setup_method", None)
                if setup is not None:
                    _call_optional_arg(setup, function)
            else:
                setup = vars(self.module).get("setup_function")
                if callable(setup):
                    _call_optional_arg(setup, function)
            for name in self._autouse(item.cls):
                self._fixture_value(item, name)
            kwargs = {name: self._fixture_value(item, name) for name in names}
            result = call(**kwargs)
            if inspect.iscoroutine(result):
                result.close()
                raise Failed("async def functions are not natively supported")
        except BaseException as exc:  # noqa: BLE001 (the test's outcome)
            failure = exc
        try:
            self._function_teardown(item)
        except BaseException as exc:  # noqa: BLE001
            failure = failure or exc
        if last and item.cls is not None:
            try:
                self._teardown_scope("class")
                self._class_teardown(item.cls)
            except BaseException as exc:  # noqa: BLE001
                failure = failure or exc
        self._verdict(failure, xfail_mark)

    def _function_teardown(self, item):
        error = None
        try:
            if item.cls is not None:
                teardown = getattr(item.instance, "teardown_method", None)
                if teardown is not None:
                    _call_optional_arg(teardown, item.function)
            else:
                teardown = vars(self.module).get("teardown_function")
                if callable(teardown):
                    _call_optional_arg(teardown, item.function)
        except BaseException as exc:  # noqa: BLE001
            error = exc
        try:
            self._teardown_scope("function")
        except BaseException as exc:  # noqa: BLE001
            error = error or exc
        for key in [k for k in self._cache if k[:2] == ("function", item.nodeid)]:
            del self._cache[key]
        if error is not None:
            raise error

    def _verdict(self, failure, xfail_mark):
        if xfail_mark is not None:
            raises_ = xfail_mark.kwargs.get("raises")
            strict = xfail_mark.kwargs.get("strict", False)
            conditions = xfail_mark.args or ((xfail_mark.kwargs["condition"],)
                                             if "condition" in xfail_mark.kwargs else ())
            applies = not conditions or any(_condition(c, self.module) for c in conditions)
            if applies:
                if failure is None:
                    if strict:
                        raise Failed("[XPASS(strict)] %s" % xfail_mark.kwargs.get("reason", ""))
                    return
                if isinstance(failure, Skipped):
                    raise Failed("Skipped at run time: %s" % failure)
                if raises_ is None or isinstance(failure, raises_):
                    return
        if failure is None:
            return
        if isinstance(failure, XFailed):
            return
        if isinstance(failure, Skipped):
            raise Failed("Skipped at run time (a skip is not a pass here): %s" % failure)
        raise failure

    def _run_unittest(self, item, last):
        self._setup_module()
        self._class_switch(item)
        case = item.cls(item.name)
        result = _Result()
        case.run(result)
        failure = result.failure
        if last:
            try:
                self._class_teardown(item.cls)
            except BaseException as exc:  # noqa: BLE001
                failure = failure or exc
        if failure is not None:
            raise failure


class _Result(unittest.TestResult):
    """Keeps the first exception a unittest test failed with, as raised."""

    def __init__(self):
        unittest.TestResult.__init__(self)
        self.failure = None

    def _keep(self, failure):
        if self.failure is None:
            self.failure = failure

    def addError(self, test, err):
        self._keep(err[1])

    def addFailure(self, test, err):
        self._keep(err[1])

    def addSubTest(self, test, subtest, err):
        if err is not None:
            self._keep(err[1])

    def addSkip(self, test, reason):
        self._keep(Failed("Skipped at run time (a skip is not a pass here): %s" % reason))

    def addUnexpectedSuccess(self, test):
        self._keep(Failed("Unexpected success"))

    def addExpectedFailure(self, test, err):
        pass


def _remote(obj):
    """Whether `obj` is the candidate's (a proxy, or the mirror of one of its
    classes)."""
    return isinstance(obj, wire.Proxy) or type(obj) is wire.MirrorMeta or (
        isinstance(obj, type) and issubclass(obj, wire.Proxy))


def _is_fixture_param(value):
    return isinstance(value, tuple) and len(value) == 2 and value[0] == "__fixture_param__"


def _is_fixture(obj):
    return _fixture_of(obj) is not None


def _defined_in_class(function, cls):
    return any(getattr(v, "__func__", v) is function for k in cls.__mro__ for v in k.__dict__.values())


def _argnames(function, bound):
    try:
        signature = inspect.signature(function)
    except (TypeError, ValueError):
        return []
    names = []
    for i, parameter in enumerate(signature.parameters.values()):
        if bound and i == 0:
            continue
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            continue
        if parameter.default is not parameter.empty:
            continue
        names.append(parameter.name)
    return names


def _call_optional_arg(function, arg):
    try:
        count = len([p for p in inspect.signature(function).parameters.values()
                     if p.default is p.empty and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)])
    except (TypeError, ValueError):
        count = 1
    return function(arg) if count else function()


def _tmp_path_factory(runner, item):
    if runner._tmp_factory is None:
        runner._tmp_factory = TempPathFactory(runner.scratch)
    return runner._tmp_factory


def _tmp_path(runner, item):
    name = re.sub(r"[\W]", "_", item.name)[:30]
    return _tmp_path_factory(runner, item).mktemp(name, numbered=True)


def _capsys(runner, item):
    capture = CaptureFixture()
    capture._start()
    runner._finalizers["function"].append(capture._stop)
    return capture


def _monkeypatch(runner, item):
    patch = MonkeyPatch()
    runner._finalizers["function"].append(patch.undo)
    return patch


BUILTIN_FIXTURES = types.MappingProxyType({
    "tmp_path": _tmp_path,
    "tmp_path_factory": _tmp_path_factory,
    "capsys": _capsys,
    "monkeypatch": _monkeypatch,
})


# ---------------------------------------------------------------------------
# the module a test file imports as `pytest`
# ---------------------------------------------------------------------------
PUBLIC = {
    "raises": raises,
    "warns": warns,
    "deprecated_call": deprecated_call,
    "approx": approx,
    "mark": mark,
    "param": param,
    "fixture": fixture,
    "yield_fixture": yield_fixture,
    "skip": skip,
    "fail": fail,
    "xfail": xfail,
    "importorskip": importorskip,
    "MonkeyPatch": MonkeyPatch,
    "CaptureFixture": CaptureFixture,
    "FixtureRequest": FixtureRequest,
    "TempPathFactory": TempPathFactory,
    "ExceptionInfo": ExceptionInfo,
    "Mark": Mark,
    "MarkDecorator": MarkDecorator,
    "FixtureLookupError": FixtureLookupError,
    "__version__": "8.3.5",
}
skip.Exception = Skipped
fail.Exception = Failed
xfail.Exception = XFailed
PUBLIC = tuple(PUBLIC.items())


def public(_items=PUBLIC, _module=types.ModuleType, _setattr=setattr):
    """A fresh `pytest` module holding the public objects."""
    module = _module("pytest")
    for name, value in _items:
        _setattr(module, name, value)
    return module

