"""The shapes of what wasmeval returns, for type checkers (and readers)."""

from typing import List, Literal, Optional, TypedDict

#: How a run ended: exactly one per envelope.
Outcome = Literal["pass", "assertion_fail", "syntax_error", "timeout", "error"]

#: Why an ``error`` is one (``internal`` only for wasmeval's own failures).
ErrorKind = Literal[
    "blacklist", "output_overflow", "memory", "stack", "runtime_exception", "exited_early",
    "no_code", "integrity", "trap", "missing_module", "collection_error", "wall_backstop",
    "compile_timeout", "checker_error", "invalid_task", "internal",
]


class _TargetResult(TypedDict):
    passed: bool
    error: Optional[str]


class TargetResult(_TargetResult, total=False):
    """One target of a run: an assertion, an input/output case or a test
    (``name`` when it has one)."""

    name: str


class _Envelope(TypedDict):
    id: Optional[str]
    language: str
    outcome: Outcome
    score: float
    passed: int
    total: int
    detail: Optional[str]
    error_kind: Optional[ErrorKind]
    targets: List[TargetResult]
    stdout: str
    stderr: str
    fuel_used: int
    wall_ms: int


class Envelope(_Envelope, total=False):
    """What one run gives (the CLI's JSON envelope): ``score`` is the
    fraction of targets passed; ``runtime`` names the runtime when it is not
    the language's default (a Python task routed to ``python-sci``)."""

    runtime: str
