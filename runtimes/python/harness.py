"""wasmeval's guest harness for CPython 3.14, built into a runner component.

componentize-py imports this module once, when the component is built
(pre-initialisation), and snapshots the interpreter right after; every
candidate then runs in a fresh copy of that snapshot. So everything at module
level here happens once per machine: the standard library is exported for
run time, the modules benchmarks use are imported, the set of classes that
exist before any candidate (the *registry*) is recorded, and the import
blacklist and the integrity audit hook are installed.

The host (src/runtime/python.rs) then drives each candidate through the
exports of runtimes/python/runner.wit:

    prepare(code, targets, name, call)
                             compile the candidate, every target and the call
    run-candidate()          run the candidate's top-level code
    run-target()             run the next target (called once per target)
    call()                   call the candidate's function (call-based cases)

Why the host can trust what these calls return
----------------------------------------------
`prepare` is the only export whose body is Python code of this file, and it
runs before any candidate code exists. The other exports are C-level
callables built by `prepare`: `functools.partial(exec, code, namespace)`,
`functools.partial(next, map(exec, target_codes, repeat(namespace)))` and,
for a call, `next` over `starmap(operator.call, [(exec, call_code, ns),
(results.pop,)])`. When
the host calls them, the componentize-py runtime calls straight into `exec`,
so while candidate or target code runs no frame of this harness is on the
Python stack (the outermost frame's `f_back` is None): there is nothing to
walk to, no local to rewrite, no secret to steal.

Each compiled program is wrapped (on its AST) in

    try:
        <the program>
    except <BaseException> as __wasmeval_exc__:
        raise <Err>(<describe>(__wasmeval_exc__))

where the names in angle brackets are *constants* of the code object (put
there after compiling, so no candidate can shadow them). A call returns `ok`
only if the program's last statement finished; any exception becomes `err`
with its description, and anything that prevents the `raise` (a patched
`Err`, a missing name) makes the call trap, which the host also counts as a
failure. Stdout is the candidate's: the host never parses it.

Targets are compiled with three more rewrites (see `rewrite_target`):
comparisons `==`, `!=`, `in`, `not in` and the test of every `assert` go
through the strict-equality helpers below, and every use of a built-in name
that the target does not bind itself is the pristine built-in, also as a
constant. A candidate therefore cannot redefine `len` for the test, and an
object whose class the candidate made cannot equal a value the candidate did
not make, and a class of the standard library the candidate changed cannot
decide a comparison.

The audit hook (it cannot be removed; audit hooks never can) refuses, while
candidate or target code runs: the import blacklist, process functions,
`gc.get_objects`/`get_referrers`/`get_referents`, tracing, profiling and
`sys.monitoring` callbacks, new audit hooks, `sys._current_frames`,
replacing any function's `__code__` (or a harness function's defaults), and
reaching a frame of a harness helper through `sys._getframe` or a
traceback/generator. Each refusal is reported to the host through the
`report` import at once, then raised in the guest.

Everything the helpers use is bound as a default argument when they are
defined (nothing is looked up in a namespace a candidate can reach), and the
module keeps no reference to the runner's state once the component is built.
"""

import sys
import os


# ---------------------------------------------------------------------------
# Build time: export the standard library for run time.
# ---------------------------------------------------------------------------
# componentize-py mounts the standard library at /python only while it builds
# the component; at run time the host mounts a read-only copy there, so that
# candidates can import modules that are not pre-imported. The build mounts
# this file's directory at /0, writable: copy the library there.
def _export_stdlib(source="/python", target="/0/stdlib"):
    if not os.path.isdir("/0") or os.path.isdir(target):
        return
    for root, dirs, files in os.walk(source):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        out = target + root[len(source):]
        os.makedirs(out, exist_ok=True)
        for name in sorted(files):
            if name.endswith(".pyc"):
                continue
            with open(root + "/" + name, "rb") as src, open(out + "/" + name, "wb") as dst:
                dst.write(src.read())


_export_stdlib()
del _export_stdlib

# ---------------------------------------------------------------------------
# Build time: what every candidate finds already imported.
# ---------------------------------------------------------------------------
# Importing a module the snapshot lacks costs tens of milliseconds (and its
# classes are not in the registry of trusted classes); these are the modules
# benchmark solutions and tests use.
PREIMPORTS = (
    "abc", "array", "ast", "base64", "binascii", "bisect", "calendar", "cmath", "codecs",
    "collections", "collections.abc", "contextlib", "copy", "csv", "dataclasses", "datetime",
    "decimal", "difflib", "enum", "fractions", "functools", "graphlib", "hashlib", "heapq",
    "inspect", "io", "itertools", "json", "keyword", "logging", "math", "numbers", "operator",
    "pprint", "queue", "random", "re", "secrets", "statistics", "string", "struct", "textwrap",
    "time", "traceback", "types", "typing", "unicodedata", "uuid", "warnings", "weakref", "zlib",
)
for _name in PREIMPORTS:
    __import__(_name)
del _name


def _build():
    """Create the runner's state and helpers; returns the object whose
    attributes are the exports. Called once, at build time."""
    import ast
    import builtins
    import functools
    import itertools
    import json
    import operator
    import types
    import warnings
    import componentize_py_runtime
    import unittest
    from componentize_py_types import Err
    import wit_world.imports.host as host_bindings

    # wasmeval's pytest (runtimes/python/testing.py), imported now so that
    # its classes are in the registry and its namespace is frozen; test
    # files get it as `pytest`, nothing else can import it by name.
    import wasmeval_testing as testing

    sys.modules.pop("wasmeval_testing", None)

    # The `report` import, called at the lowest level (the generated Python
    # wrapper looks `componentize_py_runtime` up in a module a candidate could
    # patch). Its index is read off the generated wrapper's code.
    report_index = None
    code = host_bindings.report.__code__
    names = code.co_names
    import dis

    seen_call_import = False
    for instruction in dis.get_instructions(code):
        if instruction.argval == "call_import":
            seen_call_import = True
        elif seen_call_import and type(instruction.argval) is int:
            report_index = instruction.argval
            break
    if report_index is None or "call_import" not in names:
        raise RuntimeError("wasmeval harness: cannot find the index of the report import")
    call_import = componentize_py_runtime.call_import

    def report(kind, what, _call=call_import, _index=report_index, _str=str, _type=type):
        if _type(what) is not _str:
            what = "?"
        _call(_index, [kind, what[:500]])

    # -- the registry of trusted classes -------------------------------------
    # Every class that exists now (builtins, the pre-imported standard
    # library, componentize-py's own) was made by trusted code. Classes made
    # later were made while a candidate or a test ran.
    registry_refs = []
    stack = [object]
    seen = set()
    while stack:
        cls = stack.pop()
        if id(cls) in seen:
            continue
        seen.add(id(cls))
        registry_refs.append(cls)
        stack.extend(type.__subclasses__(cls))
    registry_refs = tuple(registry_refs)
    registry = frozenset(id(c) for c in registry_refs)
    del seen, stack

    # A mutable class of the registry (one defined in Python) can still be
    # changed by a candidate: `fractions.Fraction.__eq__ = ...`, or the
    # module globals and built-ins its methods look up (`builtins.all = ...`
    # changes Counter's __eq__). Remember, for each such class, what its
    # namespace holds, and which module namespaces its functions use.
    HEAPTYPE = 1 << 9
    IMMUTABLE = 1 << 8
    flags_of = type.__dict__["__flags__"].__get__
    dict_of = type.__dict__["__dict__"].__get__
    mro_of = type.__dict__["__mro__"].__get__
    qualname_of = type.__dict__["__qualname__"].__get__
    frozen_classes = {}
    frozen_namespaces = {}
    builtins_dict = vars(builtins)
    frozen_namespaces[id(builtins_dict)] = (builtins_dict, tuple(builtins_dict.items()))
    for cls in registry_refs:
        flags = flags_of(cls)
        if not flags & HEAPTYPE or flags & IMMUTABLE:
            continue
        items = tuple(dict_of(cls).items())
        namespaces = [builtins_dict]
        for _, value in items:
            # Only functions (plain, or in a classmethod or staticmethod):
            # getattr on anything else can run code (six's lazy modules
            # import on attribute access).
            if type(value) in (classmethod, staticmethod):
                value = value.__func__
            if type(value) is not types.FunctionType:
                continue
            namespace = value.__globals__
            if type(namespace) is not dict:
                continue
            if id(namespace) not in frozen_namespaces:
                frozen_namespaces[id(namespace)] = (namespace, tuple(namespace.items()))
            if all(namespace is not n for n in namespaces):
                namespaces.append(namespace)
        frozen_classes[id(cls)] = (cls, items, tuple(namespaces))
    del cls, flags, items, namespaces

    class IntegrityError(Exception):
        """Raised in the guest when the harness refuses something."""

    IntegrityError.__qualname__ = IntegrityError.__name__ = "IntegrityError"

    # The helpers below run while candidate code may run above them on the
    # stack (a candidate's __eq__ called by a comparison, its __str__ called
    # by `describe`). So they look nothing up by name: no globals, no
    # built-ins, no closure cells; everything is a default argument, bound
    # now. A recursive helper gets itself as its last default (`_self`).
    def bind_self(function):
        function.__defaults__ = function.__defaults__[:-1] + (function,)
        return function

    def made_by_candidate(cls, _registry=registry, _type=type, _id=id):
        """Whether `cls` (or its metaclass) did not exist when the runtime
        was built: a class made while a candidate or a test ran. Decided by
        identity, so no name, module or filename a class claims matters."""
        return _id(cls) not in _registry or _id(_type(cls)) not in _registry

    def same_namespace(current, frozen, _len=len):
        if _len(current) != _len(frozen):
            return False
        for key, value in frozen:
            if current.get(key, current) is not value:
                return False
        return True

    def tampered(cls, _classes=frozen_classes, _namespaces=frozen_namespaces, _id=id,
                 _type=type, _mro=mro_of, _dict=dict_of, _same=same_namespace):
        """The class of the registry, among those `cls`'s comparisons rely
        on, whose namespace (or the module globals or built-ins its methods
        use) a candidate changed; None when there is none."""
        for owner in (cls, _type(cls)):
            for base in _mro(owner):
                entry = _classes.get(_id(base))
                if entry is None:
                    continue
                if not _same(_dict(base), entry[1]):
                    return base
                for namespace in entry[2]:
                    frozen = _namespaces.get(_id(namespace))
                    if frozen is not None and not _same(namespace, frozen[1]):
                        return base
        return None

    def refuse(what, _report=report, _error=IntegrityError):
        _report("integrity", what)
        raise _error("wasmeval: " + what)

    def name_of(cls, _type=type, _str=str, _qualname=qualname_of, _base=BaseException):
        try:
            name = _qualname(cls)
            return name if _type(name) is _str else "?"
        except _base:
            return "?"

    scalars = frozenset(id(t) for t in (int, float, complex, str, bytes, bool, type(None)))

    def kind_of(obj, _type=type, _mro=mro_of, _list=list, _tuple=tuple, _dict=dict, _set=set,
                _frozenset=frozenset):
        """'seq', 'map', 'set' or None: which built-in container `obj` is (a
        subclass counts; callers check first that it is not candidate-made)."""
        mro = _mro(_type(obj))
        if _list in mro or _tuple in mro:
            return "seq"
        if _dict in mro:
            return "map"
        if _set in mro or _frozenset in mro:
            return "set"
        return None

    def items_of(obj, kind, _type=type, _mro=mro_of, _tuple=tuple, _set=set,
                 _list_iter=list.__iter__, _tuple_iter=tuple.__iter__, _set_iter=set.__iter__,
                 _frozenset_iter=frozenset.__iter__, _keys=dict.keys, _values=dict.values,
                 _concat=tuple.__add__):
        """The items of a built-in container, read with the built-in type's
        own methods (never a subclass's)."""
        mro = _mro(_type(obj))
        if kind == "seq":
            return _tuple(_tuple_iter(obj) if _tuple in mro else _list_iter(obj))
        if kind == "map":
            return _concat(_tuple(_keys(obj)), _tuple(_values(obj)))
        return _tuple(_set_iter(obj) if _set in mro else _frozenset_iter(obj))

    def deep_made(obj, depth, _type=type, _made=made_by_candidate, _kind=kind_of,
                  _items=items_of, _id=id, _scalars=scalars, _self=None):
        """Whether an object of a candidate-made class is anywhere inside
        `obj`."""
        if _id(_type(obj)) in _scalars:
            return False
        if _made(_type(obj)):
            return True
        kind = _kind(obj)
        if kind is None or depth > 100:
            return False
        for item in _items(obj, kind):
            if _self(item, depth + 1):
                return True
        return False

    bind_self(deep_made)

    def check_trusted(cls, _tampered=tampered, _refuse=refuse, _name=name_of):
        base = _tampered(cls)
        if base is not None:
            _refuse("the candidate changed %s (or what its methods use), which a test's "
                    "comparison relies on" % _name(base))

    def check_pair(x, y, depth, _type=type, _made=made_by_candidate, _kind=kind_of,
                   _items=items_of, _id=id, _scalars=scalars, _refuse=refuse, _name=name_of,
                   _deep=deep_made, _trusted=check_trusted, _len=len, _range=range, _min=min,
                   _tuple=tuple, _mro=mro_of, _keys=dict.keys, _get=dict.get,
                   _has=dict.__contains__, _list_get=list.__getitem__,
                   _tuple_get=tuple.__getitem__, _self=None):
        """Refuse when, anywhere in the two structures being compared, an
        object of a candidate-made class meets one that is not, or a class
        of the registry involved was changed."""
        tx, ty = _type(x), _type(y)
        if _id(tx) in _scalars and _id(ty) in _scalars:
            return
        cx, cy = _made(tx), _made(ty)
        if cx or cy:
            if cx and cy:
                return
            made, other = (tx, ty) if cx else (ty, tx)
            _refuse("a candidate-defined object (class %s) was compared with %s"
                    % (_name(made), _name(other)))
        _trusted(tx)
        _trusted(ty)
        if depth > 100:
            return
        kx, ky = _kind(x), _kind(y)
        if kx is None and ky is None:
            return
        if kx != ky:
            if (kx is not None and _deep(x, 0)) or (ky is not None and _deep(y, 0)):
                _refuse("a container holding a candidate-defined object was compared with %s"
                        % _name(ty if kx is not None else tx))
            return
        if kx == "seq":
            gx = _tuple_get if _tuple in _mro(tx) else _list_get
            gy = _tuple_get if _tuple in _mro(ty) else _list_get
            for i in _range(_min(_len(x), _len(y))):
                _self(gx(x, i), gy(y, i), depth + 1)
        elif kx == "map":
            if _deep(_tuple(_keys(x)), 0) or _deep(_tuple(_keys(y)), 0):
                _refuse("a dict with candidate-defined keys was compared")
            for key in _tuple(_keys(x)):
                if _has(y, key):
                    _self(_get(x, key), _get(y, key), depth + 1)
        elif _deep(x, 0) or _deep(y, 0):
            _refuse("a set holding a candidate-defined object was compared")

    bind_self(check_pair)

    def eq(a, b, _check=check_pair):
        _check(a, b, 0)
        return a == b

    def ne(a, b, _check=check_pair):
        _check(a, b, 0)
        return a != b

    def check_member(x, c, _type=type, _made=made_by_candidate, _kind=kind_of, _items=items_of,
                     _refuse=refuse, _name=name_of, _check=check_pair, _trusted=check_trusted,
                     _str=str, _bytes=bytes, _tuple=tuple, _keys=dict.keys):
        tc = _type(c)
        cx = _made(_type(x))
        if _made(tc):
            if not cx:
                _refuse("a value was looked for in a candidate-defined container (class %s)"
                        % _name(tc))
            return
        _trusted(tc)
        kind = None if tc is _str or tc is _bytes else _kind(c)
        if kind is None:
            if cx:
                _refuse("a candidate-defined object (class %s) was looked for in %s"
                        % (_name(_type(x)), _name(tc)))
            return
        items = _tuple(_keys(c)) if kind == "map" else _items(c, kind)
        for item in items:
            _check(x, item, 1)

    def contains(x, c, _check=check_member):
        _check(x, c)
        return x in c

    def not_contains(x, c, _check=check_member):
        _check(x, c)
        return x not in c

    def truth(x, _type=type, _made=made_by_candidate, _refuse=refuse, _name=name_of,
              _trusted=check_trusted):
        if _made(_type(x)):
            _refuse("an assert tested the truth of a candidate-defined object (class %s)"
                    % _name(_type(x)))
        _trusted(_type(x))
        return x

    # -- how errors are described to the host --------------------------------
    def encode(*fields, _len=len, _join="".join):
        """Length-prefixed fields, as src/report.rs decodes them: each field
        is `<byte length>:<text>`."""
        parts = []
        for field in fields:
            data = field.encode("utf-8", "backslashreplace")
            parts.append("%d:%s" % (_len(data), data.decode("utf-8")))
        return _join(parts)

    max_text = 1000

    def describe(exc, _type=type, _str=str, _repr=repr, _int=int, _len=len, _encode=encode,
                 _system_exit=SystemExit, _recursion=RecursionError, _memory=MemoryError,
                 _issubclass=issubclass, _max=max_text, _name=name_of, _base=BaseException):
        """The fields the host reads for an exception: kind (`raised` or
        `exit`), type name, message, hint (`stack`, `memory` or empty).
        Never raises: what the exception's methods do only changes the text."""
        try:
            cls = _type(exc)
            name = _name(cls)
            if _issubclass(cls, _system_exit):
                code = exc.code
                if _type(code) is _int:
                    text = _repr(code)
                else:
                    text = "0" if code is None else "1"
                return _encode("exit", name, text[:_max], "")
            try:
                text = _str(exc)
                if _type(text) is not _str:
                    text = ""
            except _base:
                text = "<unprintable>"
            if _len(text) > _max:
                text = text[:_max] + "..."
            hint = ""
            if _issubclass(cls, _recursion):
                hint = "stack"
            elif _issubclass(cls, _memory):
                hint = "memory"
            return _encode("raised", name, text, hint)
        except _base:
            return "6:raised9:Exception13:<unprintable>0:"

    # -- compiling programs ---------------------------------------------------
    # Placeholders are unique strings in the AST, swapped for the objects
    # after compiling (an AST constant cannot hold a function).
    marker = "\x00wasmeval:"
    constants = {
        marker + "base": BaseException,
        marker + "err": Err,
        marker + "describe": describe,
        marker + "eq": eq,
        marker + "ne": ne,
        marker + "in": contains,
        marker + "notin": not_contains,
        marker + "truth": truth,
    }
    pristine = dict(vars(builtins))
    for name in list(pristine):
        if name.startswith("_") or name in ("super", "print", "input", "open", "help"):
            # `super` must stay a name (zero-argument super() needs it), and
            # output/input functions are the candidate's to redirect.
            del pristine[name]
    for name, value in pristine.items():
        constants[marker + "builtin:" + name] = value

    def placeholder(name, _ast=ast):
        return _ast.Constant(marker + name)

    def located(node, like, _copy=ast.copy_location):
        """`node` gets `like`'s position (cheaper than
        ast.fix_missing_locations over the whole tree)."""
        return _copy(node, like)

    # Every program (the candidate, each target) runs inside this wrapper,
    # compiled once here: `exec` runs the program's code object in the
    # candidate's namespace, and whatever it raises becomes
    # `Err(describe(...))`. Every name in angle brackets below is a constant
    # of the code object, put in per program (`wrapped`), so no candidate can
    # shadow it. The wrapper's own frame (the program's `f_back`) holds
    # nothing but those constants; its globals are the candidate's namespace.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "'str' object is not callable": placeholders
        wrapper = compile(
            "try:\n"
            "    %(exec)r(%(code)r, %(ns)r)\n"
            "except %(base)r as __wasmeval_exc__:\n"
            "    raise %(err)r(%(describe)r(__wasmeval_exc__))\n"
            % {key: marker + key for key in ("exec", "code", "ns", "base", "err", "describe")},
            "<wasmeval>",
            "exec",
        )
        # A script's wrapper also prints what ended it, as `python file.py`
        # does: the traceback (from the program's own frames), or the
        # message of `sys.exit("...")`.
        script_wrapper = compile(
            "try:\n"
            "    %(exec)r(%(code)r, %(ns)r)\n"
            "except %(base)r as __wasmeval_exc__:\n"
            "    %(uncaught)r(__wasmeval_exc__)\n"
            "    raise %(err)r(%(describe)r(__wasmeval_exc__))\n"
            % {key: marker + key
               for key in ("exec", "code", "ns", "base", "err", "describe", "uncaught")},
            "<wasmeval>",
            "exec",
        )
    constants[marker + "exec"] = exec

    binders = {
        ast.FunctionDef: lambda n: (n.name,),
        ast.AsyncFunctionDef: lambda n: (n.name,),
        ast.ClassDef: lambda n: (n.name,),
        ast.arg: lambda n: (n.arg,),
        ast.Import: lambda n: [(a.asname or a.name).split(".")[0] for a in n.names],
        ast.ImportFrom: lambda n: [(a.asname or a.name).split(".")[0] for a in n.names],
        ast.Global: lambda n: n.names,
        ast.Nonlocal: lambda n: n.names,
        ast.ExceptHandler: lambda n: (n.name,) if n.name else (),
        ast.MatchAs: lambda n: (n.name,) if n.name else (),
        ast.MatchStar: lambda n: (n.name,) if n.name else (),
        ast.MatchMapping: lambda n: (n.rest,) if n.rest else (),
    }

    ops = {ast.Eq: "eq", ast.NotEq: "ne", ast.In: "in", ast.NotIn: "notin"}

    # The fields of each node class that can hold nodes to rewrite (not the
    # expression context or the operators).
    node_fields = {
        kind: tuple(field for field in kind._fields if field not in ("ctx", "op", "ops"))
        for kind in vars(ast).values() if isinstance(kind, type) and issubclass(kind, ast.AST)
    }

    def rewrite_target(tree, compares, _ast=ast, _binders=binders, _ops=ops,
                       _pristine=frozenset(pristine), _located=located,
                       _placeholder=placeholder, _builtin=marker + "builtin:",
                       _fields=node_fields, _type=type,
                       _list=list, _isinstance=isinstance, _enumerate=enumerate,
                       _getattr=getattr, _setattr=setattr, _zip=zip, _len=len, _any=any):
        """Strict equality and pristine built-ins in a target (see module
        doc), in one walk over `tree`, which is changed in place: every
        `==`, `!=`, `in`, `not in` (unless `compares` is false) and the test
        of every `assert` become calls of the helpers, and every load of a
        built-in name the target binds nowhere becomes the pristine built-in.

        One hand-written walk, rather than an `ast.NodeTransformer` and a
        separate `ast.walk` for the bound names: it skips the context and
        operator nodes and costs a third of the time, which is most of what
        a HumanEval test costs to prepare. Loads of built-in names are
        collected on the way and turned into placeholder constants at the
        end, once every bound name is known; a `Name` node becomes a
        `Constant` in place (same layout, kept positions), so it needs no
        parent to be replaced in."""
        bound = set()
        loads = []
        temps = [0]
        Name, Load, Compare, Assert = _ast.Name, _ast.Load, _ast.Compare, _ast.Assert
        Node, UnaryOp, Not, BoolOp = _ast.AST, _ast.UnaryOp, _ast.Not, _ast.BoolOp

        def call(helper, args, like):
            return _located(_ast.Call(func=_located(_placeholder(helper), like), args=args,
                                      keywords=[]), like)

        def guard(test):
            """The truth of each operand of `not`, `and`, `or` is checked."""
            if _type(test) is UnaryOp and _type(test.op) is Not:
                test.operand = guard(test.operand)
                return test
            if _type(test) is BoolOp:
                test.values = [guard(value) for value in test.values]
                return test
            return call("truth", [test], test)

        def compare(node):
            if not _any(_type(op) in _ops for op in node.ops):
                return node
            if _len(node.ops) == 1:
                return call(_ops[_type(node.ops[0])], [node.left, node.comparators[0]], node)
            # a OP1 b OP2 c  ->  OP1(a, (t := b)) and OP2(t, c), each operand once.
            parts = []
            left = node.left
            last = _len(node.ops) - 1
            for i, (op, right) in _enumerate(_zip(node.ops, node.comparators)):
                if i < last:
                    temps[0] += 1
                    temp = "__wasmeval_cmp%d__" % temps[0]
                    right_value = _located(_ast.NamedExpr(
                        target=_located(Name(temp, _ast.Store()), node), value=right), node)
                    next_left = _located(Name(temp, Load()), node)
                else:
                    right_value = right
                    next_left = None
                if _type(op) in _ops:
                    part = call(_ops[_type(op)], [left, right_value], node)
                else:
                    part = _located(Compare(left=left, ops=[op], comparators=[right_value]),
                                    node)
                parts.append(part)
                left = next_left
            return _located(BoolOp(op=_ast.And(), values=parts), node)

        def visit(node):
            """`node` with its children rewritten (or what replaces it)."""
            kind = _type(node)
            if kind is Name:
                if _type(node.ctx) is Load:
                    if node.id in _pristine:
                        loads.append(node)
                else:
                    bound.add(node.id)
                return node
            binder = _binders.get(kind)
            if binder is not None:
                bound.update(binder(node))
            for field in _fields.get(kind, kind._fields):
                value = _getattr(node, field, None)
                if _type(value) is _list:
                    for i, item in _enumerate(value):
                        if _isinstance(item, Node):
                            new = visit(item)
                            if new is not item:
                                value[i] = new
                elif _isinstance(value, Node):
                    new = visit(value)
                    if new is not value:
                        _setattr(node, field, new)
            if kind is Compare and compares:
                return compare(node)
            if kind is Assert:
                node.test = guard(node.test)
            return node

        visit(tree)
        Constant = _ast.Constant
        for node in loads:
            if node.id not in bound:
                node.__class__ = Constant
                node.value = _builtin + node.id
                del node.id, node.ctx
        return tree

    def injected(value, _type=type, _code=types.CodeType, _str=str, _constants=constants,
                 _tuple=tuple, _frozenset=frozenset, _any=any, _zip=zip):
        """`value`, a constant of compiled code, with its placeholders swapped
        for their objects: in nested code, and in the tuples and frozensets
        the compiler folds constants into (`isinstance(x, (int, float))`
        compiles to one tuple constant, `x in {int, str}` to a frozenset)."""
        kind = _type(value)
        if kind is _code:
            return inject(value)
        if kind is _str:
            return _constants.get(value, value)
        if kind is _tuple or kind is _frozenset:
            items = [injected(item) for item in value]
            if _any(new is not old for new, old in _zip(items, value)):
                return kind(items)
        return value

    def inject(code, _tuple=tuple, _injected=injected):
        """Swap the placeholders in `code` (and the code nested in it) for
        their objects."""
        return code.replace(co_consts=_tuple([_injected(value) for value in code.co_consts]))

    def wrap_with(_wrapper, code, namespace, _constants=constants, _marker=marker,
                  _tuple=tuple, _type=type, _str=str):
        """`_wrapper` around `code`, run in `namespace`."""
        consts = []
        for value in _wrapper.co_consts:
            if _type(value) is _str and value[:1] == "\x00":
                if value == _marker + "code":
                    value = code
                elif value == _marker + "ns":
                    value = namespace
                else:
                    value = _constants[value]
            consts.append(value)
        return _wrapper.replace(co_consts=_tuple(consts))

    def wrapped(code, namespace, _wrapper=wrapper, _wrap=wrap_with):
        """The wrapper around `code`, run in `namespace`."""
        return _wrap(_wrapper, code, namespace)

    def script_wrapped(code, namespace, _wrapper=script_wrapper, _wrap=wrap_with):
        """The wrapper of a script around `code`, run in `namespace`."""
        return _wrap(_wrapper, code, namespace)

    import traceback as traceback_module

    def print_uncaught(exc, _type=type, _int=int, _str=str, _system_exit=SystemExit,
                       _issubclass=issubclass, _sys=sys, _base=BaseException,
                       _format=traceback_module.format_exception):
        """What CPython prints when a script ends with `exc`."""
        try:
            stderr = _sys.stderr
            if _issubclass(_type(exc), _system_exit):
                code = exc.code
                if code is not None and _type(code) is not _int:
                    stderr.write(_str(code) + "\n")
            else:
                tb = exc.__traceback__
                # Leave out the wrapper's own frame.
                lines = _format(_type(exc), exc, tb.tb_next if tb is not None else None)
                stderr.write("".join(lines))
            stderr.flush()
        except _base:
            pass

    constants[marker + "uncaught"] = print_uncaught

    def compile_target(source, filename, _parse=ast.parse, _compile=compile,
                       _rewrite=rewrite_target):
        """A target, with strict equality and pristine built-ins (see
        rewrite_target)."""
        tree = _parse(source, filename)
        try:
            return inject(_compile(_rewrite(tree, True), filename, "exec", dont_inherit=True))
        except SyntaxError:
            # A rewrite the compiler refuses (an assignment expression where
            # none may stand): compile the comparisons as written.
            return inject(_compile(_rewrite(_parse(source, filename), False), filename, "exec",
                                   dont_inherit=True))

    # -- the import blacklist and the integrity hook --------------------------
    # Modules refused with their submodules. The sandbox has no processes,
    # sockets or host files anyway; this turns attempts into a clear error.
    blacklist = (
        "subprocess", "socket", "shutil", "requests", "urllib", "ctypes", "http.client",
        "asyncio.subprocess", "_socket", "_posixsubprocess", "_ctypes", "multiprocessing",
    )
    # A runtime whose libraries need one of these at run time (python-sci:
    # pandas and matplotlib import shutil lazily) sets BLACKLIST_ALLOWED in
    # this module's namespace before running it.
    blacklist = tuple(entry for entry in blacklist
                      if entry not in globals().get("BLACKLIST_ALLOWED", ()))
    blacklist_set = frozenset(blacklist)
    blacklist_prefixes = tuple(entry + "." for entry in blacklist)
    blocked_files = []
    for entry in blacklist:
        rel = entry.replace(".", "/")
        blocked_files.append(("/" + rel + ".py", entry))
        blocked_files.append(("/" + rel + "/", entry))
    blocked_files = tuple(blocked_files)

    def blocked_name(name, _str=str, _type=type, _set=blacklist_set,
                     _prefixes=blacklist_prefixes, _list=blacklist):
        if _type(name) is not _str:
            return None
        if name in _set:
            return name
        if name.startswith(_prefixes):
            for entry in _list:
                if name.startswith(entry + "."):
                    return entry
        return None

    process_events = frozenset((
        "os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork", "os.forkpty",
        "subprocess.Popen", "os.kill", "os.killpg",
    ))
    refused_events = {
        "gc.get_objects": "gc.get_objects()",
        "gc.get_referrers": "gc.get_referrers()",
        "gc.get_referents": "gc.get_referents()",
        "sys.settrace": "sys.settrace()",
        "sys.setprofile": "sys.setprofile()",
        "sys._settraceallthreads": "sys._settraceallthreads()",
        "sys._setprofileallthreads": "sys._setprofileallthreads()",
        "sys.monitoring.register_callback": "a sys.monitoring callback",
        "sys._current_frames": "sys._current_frames()",
        "sys._current_exceptions": "sys._current_exceptions()",
        "sys.addaudithook": "sys.addaudithook()",
        "cpython.PyInterpreterState_Clear": "clearing the interpreter",
    }
    frame_attributes = frozenset(("tb_frame", "gi_frame", "cr_frame", "ag_frame"))
    armed = [False]
    # Code objects and functions of the helpers (filled in below): a frame of
    # one of them is on the stack only while it calls candidate code.
    harness_code = []
    harness_functions = []

    def reaches_harness(frame, _codes=harness_code, _frame_code=types.FrameType.f_code.__get__):
        if frame is None:
            return False
        code = _frame_code(frame)
        for known in _codes:
            if code is known:
                return True
        return False

    def hook(event, args, _armed=armed, _report=report, _blocked=blocked_name,
             _files=blocked_files, _process=process_events, _refused=refused_events,
             _frames=frame_attributes, _functions=harness_functions, _reaches=reaches_harness,
             _type=type, _str=str, _getattr=getattr, _busy=[False], _code_type=types.CodeType,
             _import_error=ImportError, _permission_error=PermissionError,
             _runtime_error=RuntimeError):
        if not _armed[0] or _busy[0]:
            return
        _busy[0] = True
        try:
            if event == "import":
                hit = _blocked(args[0])
                if hit is not None:
                    _report("blacklist", hit)
                    raise _import_error("wasmeval: import of '%s' is blocked" % hit)
            elif event == "exec":
                # Module bodies run through exec with their source path as
                # co_filename, which catches routes that skip the finder.
                code = args[0]
                filename = code.co_filename if _type(code) is _code_type else None
                if _type(filename) is _str and filename[:1] != "<":
                    for suffix, entry in _files:
                        if filename.endswith(suffix) or (suffix[-1:] == "/" and suffix in filename):
                            _report("blacklist", entry)
                            raise _import_error("wasmeval: import of '%s' is blocked" % entry)
            elif event in _process:
                _report("blacklist", event)
                raise _permission_error("wasmeval: %s is blocked" % event)
            elif event in _refused:
                what = _refused[event]
                _report("integrity", what)
                raise _runtime_error("wasmeval: %s is not allowed" % what)
            elif event == "object.__setattr__":
                obj, name = args[0], args[1]
                if name == "__code__":
                    _report("integrity", "replacing a function's __code__")
                    raise _runtime_error("wasmeval: replacing __code__ is not allowed")
                if name == "__defaults__" or name == "__kwdefaults__":
                    for function in _functions:
                        if obj is function:
                            _report("integrity", "changing a harness function's defaults")
                            raise _runtime_error("wasmeval: not allowed")
            elif event == "sys._getframe":
                if _reaches(args[0]):
                    _report("integrity", "sys._getframe() reached a harness frame")
                    raise _runtime_error("wasmeval: harness frames are not reachable")
            elif event == "object.__getattr__" and args[1] in _frames:
                if _reaches(_getattr(args[0], args[1], None)):
                    _report("integrity", "%s reached a harness frame" % args[1])
                    raise _runtime_error("wasmeval: harness frames are not reachable")
        finally:
            _busy[0] = False

    class BlockingFinder:
        """Catches importlib.import_module / __import__ routes early."""

        @staticmethod
        def find_spec(name, path=None, target=None, _blocked=blocked_name, _armed=armed,
                      _report=report, _import_error=ImportError):
            hit = _blocked(name)
            if hit is not None and _armed[0]:
                _report("blacklist", hit)
                raise _import_error("wasmeval: import of '%s' is blocked" % hit)
            return None

    for name in list(sys.modules):
        if blocked_name(name) is not None:
            del sys.modules[name]
    sys.meta_path.insert(0, BlockingFinder)
    sys.addaudithook(hook)

    def blocked_system(*args, _report=report, _error=PermissionError, **kwargs):
        _report("blacklist", "os.system")
        raise _error("wasmeval: os.system is blocked")

    os.system = blocked_system

    # -- unit-test files --------------------------------------------------------
    # unittest's comparing asserts get the strict-equality checks of targets
    # (a test file's own `==` is rewritten like a target's).
    test_case = unittest.TestCase

    def pair_checked(method, _check=check_pair):
        def checked(self, first, second, *args, _method=method, _check=_check, **kwargs):
            _check(first, second, 0)
            return _method(self, first, second, *args, **kwargs)

        return checked

    def member_checked(method, _check=check_member):
        def checked(self, member, container, *args, _method=method, _check=_check, **kwargs):
            _check(member, container)
            return _method(self, member, container, *args, **kwargs)

        return checked

    def truth_checked(method, _truth=truth):
        def checked(self, expr, *args, _method=method, _truth=_truth, **kwargs):
            return _method(self, _truth(expr), *args, **kwargs)

        return checked

    checked_methods = []
    for method_name in ("_baseAssertEqual", "assertNotEqual", "assertListEqual",
                        "assertTupleEqual", "assertDictEqual", "assertSetEqual",
                        "assertSequenceEqual", "assertCountEqual", "assertMultiLineEqual",
                        "assertAlmostEqual", "assertNotAlmostEqual"):
        checked_methods.append(pair_checked(getattr(test_case, method_name)))
        setattr(test_case, method_name, checked_methods[-1])
    for method_name in ("assertIn", "assertNotIn"):
        checked_methods.append(member_checked(getattr(test_case, method_name)))
        setattr(test_case, method_name, checked_methods[-1])
    for method_name in ("assertTrue", "assertFalse"):
        checked_methods.append(truth_checked(getattr(test_case, method_name)))
        setattr(test_case, method_name, checked_methods[-1])
    entry = frozen_classes[id(test_case)]
    frozen_classes[id(test_case)] = (test_case, tuple(dict_of(test_case).items()), entry[2])
    del entry, method_name

    # What runs the tests: a candidate that changes any of it (a class of
    # wasmeval's pytest or unittest, or what their methods look up) fails
    # with `integrity`, checked before collection and around every test.
    machinery = [value for value in vars(testing).values()
                 if type(value) is type and value.__module__ == testing.__name__]
    machinery += [unittest.TestCase, unittest.TestResult, unittest.TestLoader,
                  unittest.case._Outcome]
    machinery = tuple(machinery)

    def owned_code(codes, code, _id=id):
        """Whether `code` is one the test file compiled (its ids in `codes`)."""
        return _id(code) in codes

    def guard(_classes=machinery, _tampered=tampered, _refuse=refuse, _name=name_of):
        for cls in _classes:
            base = _tampered(cls)
            if base is not None:
                _refuse("the candidate changed %s, which runs the tests" % _name(base))

    exports = types.SimpleNamespace()
    namespace = {"__name__": "candidate", "__builtins__": builtins}

    # -- calling a function of the candidate (call-based input/output cases) --
    import _json  # noqa: PLC0415 (the C accelerator, taken at build time)
    no_json = TypeError

    def not_json(value, _type=type, _name=name_of, _error=no_json):
        raise _error("the result holds a %s, which is not a JSON value" % _name(_type(value)))

    # The C encoder itself, taken now: what a candidate does to the `json`
    # module later cannot change how a result is written.
    encode_json = _json.make_encoder(None, not_json, _json.encode_basestring_ascii, None,
                                     ":", ",", False, False, False)

    # The call of a call-based case is a program of its own, compiled like a
    # target: every name the harness supplies is a constant of its code, and
    # the JSON text lands in a list only that code and the export hold (the
    # last append wins, so nothing the candidate appends first counts). The
    # export is C-level: `next` over `starmap(call, [exec it, pop the list])`,
    # so no frame of this harness is below the candidate while it runs.
    call_template = (
        "if isinstance(globals().get('Solution'), type) and hasattr(Solution, %(name)r):\n"
        "    %(box)r(%(join)r(%(encode)r(Solution().%(name)s(*%(args)r), 0)))\n"
        "else:\n"
        "    %(box)r(%(join)r(%(encode)r(%(name)s(*%(args)r), 0)))\n"
    )
    constants[marker + "join"] = "".join
    constants[marker + "encode"] = encode_json

    helpers = tuple(checked_methods) + (guard, owned_code, print_uncaught, not_json, eq, ne, contains, not_contains, truth, check_pair, check_member,
               deep_made, items_of, made_by_candidate, same_namespace, tampered, check_trusted, kind_of,
               refuse, describe, name_of, encode, report, hook,
               reaches_harness, BlockingFinder.find_spec, blocked_name, blocked_system)
    harness_functions.extend(helpers)
    harness_code.extend(f.__code__ for f in helpers)
    # wasmeval's pytest: its frames are harness frames (refused when reached
    # through sys._getframe or a traceback).
    for value in vars(testing).values():
        members = vars(value).values() if type(value) is type else (value,)
        for member in members:
            member = getattr(member, "__func__", getattr(member, "fget", member))
            code = getattr(member, "__code__", None)
            if type(code) is types.CodeType and code.co_filename == testing.__file__:
                harness_functions.append(member)
                harness_code.append(code)

    # -- the exports ------------------------------------------------------------
    def failing(exc, filename, _compile=compile, _inject=inject):
        """A target that raises `exc` (a target that does not compile fails
        when it runs, as it would have natively)."""
        constants[marker + "failing"] = exc
        return _inject(_compile("raise %r" % (marker + "failing"), filename, "exec"))

    def prepare(code, targets, name, call, tests, _exports=exports, _namespace=namespace,
                _armed=armed, _target=compile_target, _wrapped=wrapped, _failing=failing,
                _partial=functools.partial, _exec=exec, _next=next, _map=map,
                _repeat=itertools.repeat, _err=Err, _encode=encode, _warnings=warnings,
                _enumerate=enumerate, _str=str, _compile=compile,
                _syntax=(SyntaxError, ValueError, OverflowError, RecursionError, MemoryError),
                _name=name_of, _type=type, _modules=sys.modules, _template=call_template,
                _constants=constants, _marker=marker, _loads=json.JSONDecoder().decode,
                _tuple=tuple, _list=list, _starmap=itertools.starmap, _islice=itertools.islice,
                _call=operator.call, _value_error=ValueError, _module=types.ModuleType,
                _id=id, _code_type=types.CodeType, _owned=owned_code,
                _script_wrapped=script_wrapped, _isdir=os.path.isdir, _chdir=os.chdir,
                _builtins=builtins, _testing=testing, _guard=guard):
        """`name` is the candidate's `__name__`: "candidate" for assertion
        strings, "__main__" for a program judged by its output. `call`, when
        given, is (function name, JSON argument list) of a call-based case."""
        _modules.pop("harness", None)
        if name not in ("candidate", "__main__"):
            # The candidate is a module a test file imports (`solution`).
            module = _module(name)
            _namespace = module.__dict__
            _namespace["__builtins__"] = _builtins
            _namespace["__file__"] = "/work/%s.py" % name
            _modules[name] = module
        _namespace["__name__"] = name
        # The candidate compiles as it would natively (its warnings too).
        wrap = _script_wrapped if name == "__main__" else _wrapped
        if name == "__main__" and _isdir("/tmp"):
            # A program with a scratch directory runs in it (the files it
            # was given are there).
            _chdir("/tmp")
        try:
            candidate = wrap(_compile(code, "<candidate>", "exec", dont_inherit=True),
                             _namespace)
        except _syntax as exc:
            raise _err(_encode("compile", _name(_type(exc)), _str(exc)[:1000], ""))
        compiled = []
        with _warnings.catch_warnings():
            # The rewritten tests' helper calls are not the test's to warn about.
            _warnings.simplefilter("ignore")
            for i, target in _enumerate(targets):
                filename = "<target %d>" % i
                try:
                    compiled.append(_wrapped(_target(target, filename), _namespace))
                except _syntax as exc:
                    compiled.append(_wrapped(_failing(exc, filename), _namespace))
            if call is not None:
                function, args = call
                arguments = _loads(args)
                if _type(arguments) is not _list or not function.isidentifier():
                    raise _value_error("wasmeval: a malformed call")
                box = []
                _constants[_marker + "box"] = box.append
                _constants[_marker + "args"] = _tuple(arguments)
                source = _template % {
                    "name": function, "box": _marker + "box", "join": _marker + "join",
                    "encode": _marker + "encode", "args": _marker + "args"}
                program = _wrapped(_target(source, "<call>"), _namespace)
                _exports.call = _partial(_next, _islice(
                    _starmap(_call, [(_exec, program, _namespace), (box.pop,)]), 1, None))
            if tests is not None:
                source, filename = tests
                stem = filename.rsplit("/", 1)[-1]
                stem = stem[:-3] if stem.endswith(".py") else stem
                test_module = _module(stem)
                test_ns = test_module.__dict__
                test_ns["__builtins__"] = _builtins
                test_ns["__file__"] = "/work/" + filename
                try:
                    test_code = _wrapped(_target(source, filename), test_ns)
                except _syntax as exc:
                    test_code = _wrapped(_failing(exc, filename), test_ns)
                owned_codes = set()
                pending = [test_code]
                while pending:
                    code_object = pending.pop()
                    if _id(code_object) in owned_codes:
                        continue
                    owned_codes.add(_id(code_object))
                    pending.extend(c for c in code_object.co_consts if _type(c) is _code_type)
                # (test_code, alive as long as the run, keeps these ids valid)
                runner = _testing.Runner(test_module, filename, "/tmp", _guard,
                                         _partial(_owned, frozenset(owned_codes)))
                found = []
                _constants[_marker + "collect"] = runner.collect
                _constants[_marker + "found"] = found.append
                _constants[_marker + "pytest"] = _testing.public
                _constants[_marker + "install"] = _modules.__setitem__
                _constants[_marker + "stem"] = stem
                _constants[_marker + "module"] = test_module
                collect = _wrapped(_target(
                    "%(install)r('pytest', %(pytest)r())\n" % {"install": _marker + "install",
                                                               "pytest": _marker + "pytest"},
                    "<install>"), test_ns)
                finish = _wrapped(_target(
                    "%(install)r(%(stem)r, %(module)r)\n%(found)r(%(collect)r())\n" % {
                        "install": _marker + "install", "stem": _marker + "stem",
                        "module": _marker + "module", "found": _marker + "found",
                        "collect": _marker + "collect"}, "<collect>"), test_ns)
                _exports.collect = _partial(_next, _islice(_starmap(_call, [
                    (_exec, collect, test_ns), (_exec, test_code, test_ns),
                    (_exec, finish, test_ns), (found.pop,)]), 3, None))
                _constants[_marker + "run"] = runner.run_next
                run = _wrapped(_target("%r()\n" % (_marker + "run"), "<test>"), test_ns)
                _exports.run_target = _partial(_exec, run, test_ns)
        _exports.run_candidate = _partial(_exec, candidate, _namespace)
        if tests is None:
            _exports.run_target = _partial(_next, _map(_exec, compiled, _repeat(_namespace)))
        # From here on, candidate and target code may run.
        _armed[0] = True

    exports.prepare = prepare
    return exports


def _factory(exports):
    # componentize-py calls `WitWorld()` once per export while it builds the
    # component and keeps what it returns; after the last call the factory
    # forgets the exports, so no candidate can reach them through this module.
    holder = [exports]
    calls = [0]

    def WitWorld(_holder=holder, _calls=calls):
        _calls[0] += 1
        exports = _holder[0]
        if _calls[0] >= 5:
            _holder.clear()
            globals().pop("WitWorld", None)
        return exports

    return WitWorld


WitWorld = _factory(_build())
del _factory, _build

# Everything alive now (the interpreter's, the harness's and the pre-imported
# modules' objects) lives as long as the instance. Freezing it keeps the
# cyclic GC from walking it again in every collection a candidate triggers:
# CPython 3.14's incremental collector scans part of the old generation each
# time, which was 17% of HumanEval/147's time (tuples in a loop) before.
import gc as _gc  # noqa: E402

_gc.collect()
_gc.freeze()
del _gc
