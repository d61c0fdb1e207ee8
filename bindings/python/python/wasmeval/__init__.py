"""wasmeval: score LLM-generated code by running it inside WebAssembly.

Each candidate runs in a fresh WebAssembly instance of CPython or QuickJS:
no host files, network, environment or processes; fuel (a deterministic
timeout), memory and output caps; virtual clocks and seeded randomness, so
verdicts are the same on every machine. One envelope per task, with exactly
one of five outcomes: ``pass``, ``assertion_fail``, ``syntax_error``,
``timeout``, ``error`` (with an ``error_kind``).

>>> import wasmeval
>>> ex = wasmeval.Executor()
>>> ex.run({"code": "def add(a, b):\\n    return a + b",
...         "targets": ["assert add(1, 2) == 3"]})["outcome"]
'pass'

Tasks are dicts with the fields of a ``.jsonl`` line of the CLI (``code`` or
``generation``, ``targets`` or input/output cases or ``test_file``,
``language``, ``id``, ``metadata.timeout_s``, ...); see the repository's
docs/reference.md.
"""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any, AsyncIterator, Callable, Dict, Iterable, Iterator, Optional, Tuple, Union

from . import _wasmeval
from ._errors import Busy, HostError, InvalidSettings, InvalidTask, RuntimeUnavailable, WasmevalError
from ._types import Envelope, ErrorKind, Outcome, TargetResult
from ._wasmeval import __version__, pass_at_k, sample_numbers

# The checkers' virtualenv (mypy, `wasmeval.openevals`) is made with the
# interpreter running this package, which has venv and pip, rather than
# whatever `python3` is on PATH (Windows has none by that name).
if sys.executable:
    os.environ.setdefault("WASMEVAL_CHECKER_PYTHON", sys.executable)

__all__ = [
    "Executor", "extract", "pass_at_k", "sample_numbers", "humaneval", "openevals", "__version__",
    "Envelope", "TargetResult", "Outcome", "ErrorKind",
    "WasmevalError", "InvalidTask", "InvalidSettings", "RuntimeUnavailable", "Busy", "HostError",
]

Task = Dict[str, Any]
Extract = Union[str, Callable[[str], Optional[str]], None]


class Executor(_wasmeval.Executor):
    """Runs candidates in WebAssembly sandboxes.

    Args:
        timeout: seconds for every task, overriding each task's
            ``metadata.timeout_s`` (default: the task's, else 3). Seconds are
            native-equivalent, turned into a deterministic fuel budget.
        memory_mb: cap on a candidate's memory (64 to 4096).
        output_kb: cap on each of stdout and stderr (1 to 65536).
        extract: how code is taken from a ``generation``: ``"none"``,
            ``"markdown"`` (default) or ``"llm"`` (see docs/guide.md, Extraction), or a
            callable ``(generation) -> str | None``.
        seed: seed of the candidates' randomness (with each task's id and
            sample index): the same seed gives byte-identical verdicts.
        jobs: candidates that run at once (default: all cores).
        cache_dir: where runtimes and compiled modules are kept (default:
            ``$WASMEVAL_CACHE_DIR``, else the platform's cache directory +
            ``wasmeval``: ``~/.cache`` on Linux, ``~/Library/Caches`` on
            macOS, ``%LOCALAPPDATA%`` on Windows).
        judge: how input/output tasks that do not say compare stdout:
            ``"exact"`` or ``"tokens"``.
        runtime: a runtime id that runs every task of its language (e.g.
            ``"python-sci"``: numpy, pandas, scipy, scikit-learn and
            matplotlib for every Python task; built on first use); default:
            each task's own ``runtime``.

    ``run`` and ``evaluate`` release the GIL while guests run, so Python
    threads calling them run in parallel.
    """

    def run(self, task: Task) -> Envelope:
        """Score one task; its envelope. Raises ValueError for an invalid
        task (the message says which field and why)."""
        return super().run(task)

    def evaluate(self, tasks: Iterable[Task], window: Optional[int] = None) -> Iterator[Envelope]:
        """Score many tasks on ``jobs`` workers; envelopes in input order.

        The input is read lazily and at most ``window`` tasks are in flight,
        so memory stays flat on a generator of any length. An invalid task
        becomes its ``invalid_task`` envelope (``"item N: ..."``), as a bad
        line does in ``wasmeval eval``. Ctrl-C stops it promptly.
        """
        return super().evaluate(tasks, window)

    def evaluate_lines(
        self,
        lines: Iterable[Union[str, bytes, Tuple[int, Union[str, bytes]], Tuple[int, Union[str, bytes], Optional[int]]]],
        window: Optional[int] = None,
    ) -> Iterator[Envelope]:
        """Score lines of a task file exactly as ``wasmeval eval`` reads
        them (a bad line becomes its ``invalid_task`` envelope naming the
        line); result dicts in input order, lazily, as ``evaluate``.

        Each item is a line's text (``str``, or ``bytes`` as read from the
        file), ``(number, text)`` or ``(number, text,
        sample)``: ``number`` is its line number in the file (for messages)
        and ``sample`` the number ``sample_numbers`` gave it over the whole
        file, so that lines spread over several executors (Ray actors, say)
        get the seeds one ``wasmeval eval`` run gives them.
        """
        return super().evaluate_lines(lines, window)

    async def arun(self, task: Task) -> Envelope:
        """``run`` for asyncio: awaits the envelope without blocking the loop."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, self.run, task)

    async def aevaluate(
        self, tasks: Iterable[Task], window: Optional[int] = None
    ) -> AsyncIterator[Envelope]:
        """``evaluate`` for asyncio: ``async for envelope in ex.aevaluate(tasks)``."""
        loop = asyncio.get_running_loop()
        results = self.evaluate(tasks, window)
        done = object()
        while True:
            envelope = await loop.run_in_executor(None, next, results, done)
            if envelope is done:
                return
            yield envelope


def extract(generation: str, strategy: Extract = "markdown", language: str = "python") -> Optional[str]:
    """The code in a generation, or None when it holds none.

    ``strategy`` is ``"none"``, ``"markdown"``, ``"llm"`` or a callable
    ``(generation) -> str | None`` (a custom extractor)."""
    return _wasmeval.extract(generation, strategy, language)


from . import humaneval, openevals  # noqa: E402  (they use Executor)
