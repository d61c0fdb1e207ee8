"""Drop-in replacements for openevals' code evaluators.

``create_pyright_evaluator`` and ``create_mypy_evaluator`` (and their async
twins) take openevals' arguments and return evaluators called as openevals'
are, ``evaluator(outputs=..., inputs=..., reference_outputs=...)``, with
openevals' result shape ``{"key", "score", "comment", "metadata"}``. The
checkers are wasmeval's pinned pyright and mypy (fetched once into the
cache), not whatever is on the PATH. ``comment`` is openevals': pyright's
error records as a JSON list, or mypy's lines (under the file name
``code.py`` rather than a temporary file's).

``create_code_execution_evaluator(targets=...)`` scores by running the code
in wasmeval's sandbox: ``{"key": "execution_succeeded", "score": <fraction
of targets passed>, "comment": <what went wrong>, "metadata": <the
envelope>}``.

>>> from wasmeval.openevals import create_mypy_evaluator
>>> evaluator = create_mypy_evaluator(code_extraction_strategy="markdown_code_blocks")
>>> evaluator(outputs="```python\\nx: int = 'a'\\n```")["score"]
False
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any, Callable, Dict, List, Literal, Optional, Sequence, Union

from . import Executor

__all__ = [
    "create_pyright_evaluator",
    "create_mypy_evaluator",
    "create_async_pyright_evaluator",
    "create_async_mypy_evaluator",
    "create_code_execution_evaluator",
    "create_async_code_execution_evaluator",
]

Strategy = Literal["none", "llm", "markdown_code_blocks"]
Result = Dict[str, Any]

MYPY_DEFAULT_ARGS = [
    "--no-incremental",
    "--disallow-untyped-calls",
    "--disallow-incomplete-defs",
    "--ignore-missing-imports",
]

LLM_EXTRACTION_SYSTEM_PROMPT = """
You are an expert software auditor.

<Instructions>
  Your job is to extract code from a given text.

  - If there is code - extract it into a single script by calling the provided "ExtractCode" tool.
  - If there is no code to extract - call "NoCode".

  If you extract code, your response will be passed DIRECTLY into a code execution sandbox for further testing,
  so make sure to extract all code **without modifications**, even if it contains errors,
  since any modifications will ruin the integrity of the testing process.
  Omit installation instructions and shell commands from any code you extract.
</Instructions>
"""

LLM_EXTRACTION_USER_PROMPT = """
Extract code from the following:

<text>
{outputs}
</text>
"""

_EXCLUDED_LANGUAGES = {"bash", "sh", "shell", "zsh", "fish", "console", "terminal", "json"}
_BLOCK = re.compile(r"(?m)^(?<!`)\`\`\`(\w*)\n([\s\S]*?)^(?<!`)\`\`\`$")

_shared: Dict[str, Executor] = {}


def _executor() -> Executor:
    """One executor per process for the evaluators (its checkers and
    runtimes are prepared once)."""
    if "executor" not in _shared:
        _shared["executor"] = Executor()
    return _shared["executor"]


def _as_text(outputs: Union[str, dict]) -> str:
    """openevals' normalisation of ``outputs`` to a string."""
    if isinstance(outputs, str):
        return outputs
    if isinstance(outputs, dict):
        if "content" in outputs:
            return outputs["content"]
        if isinstance(outputs.get("messages"), list) and outputs["messages"]:
            last = outputs["messages"][-1]
            return last["content"] if isinstance(last, dict) else getattr(last, "content")
        raise ValueError(
            "Expected a string, dictionary with a 'content' key or a 'messages' key with a "
            f"list of messages, but got {outputs}"
        )
    raise ValueError(f"Expected str or dict, got {type(outputs)}")


def _markdown_code_blocks(text: str) -> Optional[str]:
    """openevals' markdown extraction: every fenced block that is not shell
    or JSON, joined with newlines; None when there is none."""
    blocks = [m.group(2) for m in _BLOCK.finditer(text) if m.group(1).strip() not in _EXCLUDED_LANGUAGES]
    return "\n".join(blocks) if blocks else None


class _LlmExtractor:
    """openevals' LLM extraction: the chat model is asked to call ExtractCode
    (or NoCode) as a tool. ``client`` is a LangChain chat model; ``model`` a
    name for ``langchain.chat_models.init_chat_model``."""

    def __init__(self, client: Any, model: Optional[str]):
        if client is None:
            if model is None:
                raise ValueError("You must provide either a `model` string or a `client`")
            from langchain.chat_models import init_chat_model

            client = init_chat_model(model)
        from typing_extensions import TypedDict

        class ExtractCode(TypedDict):
            """Tool to call if there is code to extract.
            Omit installation instructions and shell commands."""

            code: str

        class NoCode(TypedDict):
            """Tool to call to indicate no code was found."""

            no_code: bool

        self.model = client.bind_tools([ExtractCode, NoCode])

    def _messages(self, text: str) -> List[Dict[str, str]]:
        return [
            {"role": "system", "content": LLM_EXTRACTION_SYSTEM_PROMPT},
            {"role": "user", "content": LLM_EXTRACTION_USER_PROMPT.format(outputs=text)},
        ]

    @staticmethod
    def _code(response: Any) -> Optional[str]:
        call = response.tool_calls[0]
        return call["args"]["code"] if call["name"] == "ExtractCode" else None

    def __call__(self, text: str) -> Optional[str]:
        return self._code(self.model.invoke(self._messages(text), {"run_name": "extract_code"}))

    async def acall(self, text: str) -> Optional[str]:
        return self._code(await self.model.ainvoke(self._messages(text), {"run_name": "extract_code"}))


def _validate(strategy: str, code_extractor: Any, client: Any, model: Any) -> None:
    if strategy not in ("none", "llm", "markdown_code_blocks"):
        raise ValueError(f"unknown code_extraction_strategy {strategy!r}")
    if strategy != "llm" and (client or model):
        raise ValueError("client and model may only be passed if code_extraction_strategy is 'llm'")
    if code_extractor is not None and strategy != "none":
        raise ValueError("`code_extractor` and `code_extraction_strategy` cannot both be provided")


def _failed_extraction(key: str) -> Result:
    return {"key": key, "score": False, "comment": None, "metadata": {"code_extraction_failed": True}}


class _Extraction:
    """What openevals does before scoring: a callable extractor, or a
    strategy. ``None`` from it means no code could be extracted."""

    def __init__(self, strategy: str, code_extractor: Any, client: Any, model: Any):
        _validate(strategy, code_extractor, client, model)
        self.strategy = strategy
        self.code_extractor = code_extractor
        self.llm = _LlmExtractor(client, model) if strategy == "llm" else None

    def sync(self, outputs: Any) -> Optional[str]:
        if self.code_extractor is not None:
            return self.code_extractor(outputs)
        text = _as_text(outputs)
        if self.llm is not None:
            return self.llm(text)
        if self.strategy == "markdown_code_blocks":
            return _markdown_code_blocks(text)
        return text

    async def asynchronous(self, outputs: Any) -> Optional[str]:
        if self.code_extractor is not None:
            code = self.code_extractor(outputs)
            if hasattr(code, "__await__"):
                code = await code
            return code
        if self.llm is not None:
            return await self.llm.acall(_as_text(outputs))
        return self.sync(outputs)


def _pyright_record(diagnostic: Dict[str, Any]) -> Dict[str, Any]:
    """pyright's own record, its keys in pyright's order (as openevals
    dumps it)."""
    raw = diagnostic["raw"] or {}
    record: Dict[str, Any] = {}
    for name in ("severity", "message", "range", "rule"):
        if name in raw:
            record[name] = raw[name]
    if "range" in record:
        r = record["range"]
        record["range"] = {
            part: {"line": r[part]["line"], "character": r[part]["character"]}
            for part in ("start", "end") if part in r
        }
    for name, value in raw.items():
        record.setdefault(name, value)
    return record


def _openevals_result(checker: str, diagnostics: List[Dict[str, Any]]) -> Result:
    """openevals' result for one file's diagnostics: pyright's errors as a
    JSON list (``json.dumps`` of its records), mypy's lines (errors and
    notes, as openevals counts them) under a fixed file name."""
    key = f"{checker}_succeeded"
    if checker == "pyright":
        errors = [_pyright_record(d) for d in diagnostics if d["severity"] == "error"]
        return {"key": key, "score": not errors, "comment": json.dumps(errors), "metadata": None}
    lines = []
    for d in diagnostics:
        line = f"python_file.py:code.py:{d['line'] + 1}: {d['severity']}: {d['message']}"
        if d["rule"]:
            line += f"  [{d['rule']}]"
        lines.append(line)
    return {"key": key, "score": not lines, "comment": "\n".join(lines), "metadata": None}


def _check(checker: str, args: Sequence[str], code: str) -> Result:
    diagnostics = _executor().diagnose(checker, [code], list(args))[0]
    return _openevals_result(checker, diagnostics)


def _checker_evaluator(checker: str, args: Sequence[str], extraction: _Extraction) -> Callable[..., Result]:
    key = f"{checker}_succeeded"

    def evaluator(*, outputs: Any, inputs: Any = None, reference_outputs: Any = None, **kwargs: Any) -> Result:
        code = extraction.sync(outputs)
        if code is None:
            return _failed_extraction(key)
        return _check(checker, args, code)

    return evaluator


def _async_checker_evaluator(checker: str, args: Sequence[str], extraction: _Extraction) -> Callable[..., Any]:
    key = f"{checker}_succeeded"

    async def evaluator(*, outputs: Any, inputs: Any = None, reference_outputs: Any = None, **kwargs: Any) -> Result:
        code = await extraction.asynchronous(outputs)
        if code is None:
            return _failed_extraction(key)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(None, _check, checker, args, code)

    return evaluator


def create_pyright_evaluator(
    *,
    pyright_cli_args: List[str] = [],  # noqa: B006 (openevals' signature)
    code_extraction_strategy: Strategy = "none",
    code_extractor: Optional[Callable[[Any], str]] = None,
    client: Any = None,
    model: Optional[str] = None,
) -> Callable[..., Result]:
    """openevals' ``create_pyright_evaluator``: pyright errors (but missing
    imports) fail; ``comment`` is the JSON list of errors."""
    return _checker_evaluator(
        "pyright", pyright_cli_args, _Extraction(code_extraction_strategy, code_extractor, client, model)
    )


def create_mypy_evaluator(
    *,
    mypy_cli_args: List[str] = MYPY_DEFAULT_ARGS,
    code_extraction_strategy: Strategy = "none",
    code_extractor: Optional[Callable[[Any], str]] = None,
    client: Any = None,
    model: Optional[str] = None,
) -> Callable[..., Result]:
    """openevals' ``create_mypy_evaluator``: any mypy error fails;
    ``comment`` holds mypy's error lines."""
    return _checker_evaluator(
        "mypy", mypy_cli_args, _Extraction(code_extraction_strategy, code_extractor, client, model)
    )


def create_async_pyright_evaluator(
    *,
    pyright_cli_args: List[str] = [],  # noqa: B006
    code_extraction_strategy: Strategy = "none",
    code_extractor: Optional[Callable[[Any], Any]] = None,
    client: Any = None,
    model: Optional[str] = None,
) -> Callable[..., Any]:
    """The async twin of ``create_pyright_evaluator``."""
    return _async_checker_evaluator(
        "pyright", pyright_cli_args, _Extraction(code_extraction_strategy, code_extractor, client, model)
    )


def create_async_mypy_evaluator(
    *,
    mypy_cli_args: List[str] = MYPY_DEFAULT_ARGS,
    code_extraction_strategy: Strategy = "none",
    code_extractor: Optional[Callable[[Any], Any]] = None,
    client: Any = None,
    model: Optional[str] = None,
) -> Callable[..., Any]:
    """The async twin of ``create_mypy_evaluator``."""
    return _async_checker_evaluator(
        "mypy", mypy_cli_args, _Extraction(code_extraction_strategy, code_extractor, client, model)
    )


def _execution_result(envelope: Dict[str, Any]) -> Result:
    comment = None if envelope["outcome"] == "pass" else (envelope.get("detail") or envelope["outcome"])
    return {"key": "execution_succeeded", "score": envelope["score"], "comment": comment, "metadata": envelope}


def _no_code_result() -> Result:
    return {"key": "execution_succeeded", "score": 0.0, "comment": "no code could be extracted",
            "metadata": {"code_extraction_failed": True}}


def _execution_task(code: str, targets: Sequence[str], language: str, timeout: Optional[float]) -> Dict[str, Any]:
    task: Dict[str, Any] = {"code": code, "targets": list(targets), "language": language}
    if timeout is not None:
        task["metadata"] = {"timeout_s": timeout}
    return task


def create_code_execution_evaluator(
    *,
    targets: Sequence[str],
    language: str = "python",
    timeout: Optional[float] = None,
    code_extraction_strategy: Strategy = "markdown_code_blocks",
    code_extractor: Optional[Callable[[Any], str]] = None,
    client: Any = None,
    model: Optional[str] = None,
    executor: Optional[Executor] = None,
) -> Callable[..., Result]:
    """An evaluator that runs the extracted code with ``targets`` (assertion
    strings) in wasmeval's sandbox; ``score`` is the fraction that passed."""
    extraction = _Extraction(code_extraction_strategy, code_extractor, client, model)

    def evaluator(*, outputs: Any, inputs: Any = None, reference_outputs: Any = None, **kwargs: Any) -> Result:
        code = extraction.sync(outputs)
        if code is None:
            return _no_code_result()
        envelope = (executor or _executor()).run(_execution_task(code, targets, language, timeout))
        return _execution_result(envelope)

    return evaluator


def create_async_code_execution_evaluator(
    *,
    targets: Sequence[str],
    language: str = "python",
    timeout: Optional[float] = None,
    code_extraction_strategy: Strategy = "markdown_code_blocks",
    code_extractor: Optional[Callable[[Any], Any]] = None,
    client: Any = None,
    model: Optional[str] = None,
    executor: Optional[Executor] = None,
) -> Callable[..., Any]:
    """The async twin of ``create_code_execution_evaluator``."""
    extraction = _Extraction(code_extraction_strategy, code_extractor, client, model)

    async def evaluator(*, outputs: Any, inputs: Any = None, reference_outputs: Any = None, **kwargs: Any) -> Result:
        code = await extraction.asynchronous(outputs)
        if code is None:
            return _no_code_result()
        envelope = await (executor or _executor()).arun(_execution_task(code, targets, language, timeout))
        return _execution_result(envelope)

    return evaluator
