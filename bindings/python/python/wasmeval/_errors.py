"""wasmeval's exceptions: one base, each kind also the built-in exception
it was before (a caller's ``except ValueError`` still catches a bad task)."""


class WasmevalError(Exception):
    """Base of every error wasmeval raises (never a candidate's verdict:
    those are envelopes)."""


class InvalidTask(WasmevalError, ValueError):
    """A task (or a line of tasks) is wrong: a field, a file it names."""


class InvalidSettings(WasmevalError, ValueError):
    """An argument of the executor or of a call is out of range or unknown
    (a timeout, a memory cap, a runtime id, a judge, an extraction)."""


class RuntimeUnavailable(WasmevalError, RuntimeError):
    """A runtime could not be fetched, built or compiled (no network, a
    damaged download, a full disk)."""


class Busy(WasmevalError, RuntimeError):
    """No run slot came free within the time allowed; send it again later."""


class HostError(WasmevalError, RuntimeError):
    """wasmeval or the host failed (a checker that would not run, a thread,
    a scratch directory)."""
