"""wasmeval.openevals against the real openevals (pinned), on the same
outputs: key and score agree on every one, and comment lists the same
errors (messages and lines)."""

import asyncio
import json
import re
import shutil

import pytest

import wasmeval
from wasmeval import openevals as ours

from openevals.code.mypy import create_async_mypy_evaluator as their_async_mypy
from openevals.code.mypy import create_mypy_evaluator as their_mypy
from openevals.code.pyright import create_pyright_evaluator as their_pyright

FENCE = "```"

OUTPUTS = [
    # right
    "def add(a: int, b: int) -> int:\n    return a + b\n",
    "from typing import List\n\ndef total(xs: List[int]) -> int:\n    return sum(xs)\n",
    "class Stack:\n    def __init__(self) -> None:\n        self.items: list[int] = []\n",
    "x = [i * i for i in range(10)]\nprint(x)\n",
    "import os\nprint(os.getcwd())\n",
    # wrong types
    'x: int = "a"\n',
    "def f(x: int) -> str:\n    return x\n",
    "def g() -> int:\n    return None\n",
    "from typing import Optional\n\ndef h(s: Optional[str]) -> int:\n    return len(s)\n",
    "a: list[int] = [1, 'b']\n",
    "def add(a: int, b: int) -> int:\n    return a + b\n\nadd('1', 2)\n",
    # untyped calls, incomplete defs (mypy's defaults)
    "def f(x):\n    return x + 1\n\nf(2)\n",
    "def f(x: int, y):\n    return x\n",
    # undefined names, attributes
    "print(undefined_name)\n",
    "x = 1\nx.append(2)\n",
    "import math\nmath.floor_div(3, 2)\n",
    # missing imports (skipped by both)
    "import numpy\nprint(numpy.zeros(3))\n",
    "from some_missing_package import thing\nthing()\n",
    # syntax errors
    "def f(:\n    pass\n",
    "x = (1, 2\n",
    "class A\n    pass\n",
    # several errors
    'x: int = "a"\ny: str = 1\nz: float = "q"\n',
    # notes and reveal_type
    "x = 1\nreveal_type(x)\n",
    # empty-ish
    "",
    "# just a comment\n",
]

MARKDOWN = [
    f"Here:\n{FENCE}python\nx: int = 'a'\n{FENCE}\n",
    f"{FENCE}python\ndef f(x: int) -> int:\n    return x\n{FENCE}\n{FENCE}bash\npip install thing\n{FENCE}\n",
    "No code in this answer at all.",
    f"{FENCE}\nprint(undefined)\n{FENCE}\n",
]


def mypy_errors(comment):
    """(line, text) of each mypy line, the file names left out."""
    found = []
    for line in (comment or "").splitlines():
        match = re.match(r"^python_file\.py:[^:]*:(\d+): (.*)$", line)
        assert match, line
        found.append((int(match.group(1)), match.group(2)))
    return found


def pyright_errors(comment):
    return [(e["message"], e["range"]["start"]["line"], e.get("rule")) for e in json.loads(comment)]


def test_pyright_evaluators_agree_with_openevals():
    assert shutil.which("pyright"), "openevals runs the pyright on the PATH: the test venv must have it"
    assert len(OUTPUTS) >= 20
    theirs, mine = their_pyright(), ours.create_pyright_evaluator()
    for output in OUTPUTS:
        a, b = theirs(outputs=output), mine(outputs=output)
        assert (a["key"], a["score"]) == (b["key"], b["score"]), (output, a, b)
        assert pyright_errors(a["comment"]) == pyright_errors(b["comment"]), output
        # Byte for byte, in fact: the same records, dumped the same way.
        assert a["comment"] == b["comment"], output
    theirs = their_pyright(code_extraction_strategy="markdown_code_blocks")
    mine = ours.create_pyright_evaluator(code_extraction_strategy="markdown_code_blocks")
    for output in MARKDOWN:
        a, b = theirs(outputs=output), mine(outputs=output)
        assert (a["key"], a["score"], a["metadata"]) == (b["key"], b["score"], b["metadata"]), output


def test_mypy_evaluators_agree_with_openevals():
    theirs, mine = their_mypy(), ours.create_mypy_evaluator()
    for output in OUTPUTS:
        a, b = theirs(outputs=output), mine(outputs=output)
        assert (a["key"], a["score"]) == (b["key"], b["score"]), (output, a, b)
        assert mypy_errors(a["comment"]) == mypy_errors(b["comment"]), (output, a, b)
    args = ["--strict"]
    theirs, mine = their_mypy(mypy_cli_args=args), ours.create_mypy_evaluator(mypy_cli_args=args)
    for output in OUTPUTS[:12]:
        a, b = theirs(outputs=output), mine(outputs=output)
        assert (a["score"], mypy_errors(a["comment"])) == (b["score"], mypy_errors(b["comment"])), output


def test_async_evaluators_and_custom_extractors():
    async def main():
        a = await their_async_mypy()(outputs=OUTPUTS[5])
        b = await ours.create_async_mypy_evaluator()(outputs=OUTPUTS[5])
        c = await ours.create_async_pyright_evaluator(code_extractor=lambda o: o["code"])(outputs={"code": OUTPUTS[0]})
        return a, b, c

    a, b, c = asyncio.run(main())
    assert (a["score"], mypy_errors(a["comment"])) == (b["score"], mypy_errors(b["comment"]))
    assert c["score"] is True and c["key"] == "pyright_succeeded"
    with pytest.raises(ValueError, match="cannot both be provided"):
        ours.create_mypy_evaluator(code_extractor=str, code_extraction_strategy="markdown_code_blocks")
    with pytest.raises(ValueError, match="only be passed"):
        ours.create_mypy_evaluator(model="gpt-4o")


class ToolCallingModel:
    """A LangChain-shaped chat model whose tool calls are scripted: what
    openevals' LLM extraction talks to (bind_tools, invoke, ainvoke)."""

    def __init__(self, code):
        self.code = code
        self.tools = None

    def bind_tools(self, tools):
        self.tools = [t.__name__ for t in tools]
        return self

    def _response(self):
        class Response:
            pass

        r = Response()
        r.tool_calls = ([{"name": "ExtractCode", "args": {"code": self.code}}] if self.code is not None
                        else [{"name": "NoCode", "args": {"no_code": True}}])
        return r

    def invoke(self, messages, config=None):
        assert messages[0]["role"] == "system" and "<text>" in messages[1]["content"]
        return self._response()

    async def ainvoke(self, messages, config=None):
        return self._response()


def test_llm_extraction_goes_through_the_client_as_openevals_does():
    client = ToolCallingModel("x: int = 'a'\n")
    result = ours.create_mypy_evaluator(code_extraction_strategy="llm", client=client)(outputs="some answer")
    assert client.tools == ["ExtractCode", "NoCode"]
    assert result["score"] is False and "Incompatible types" in result["comment"]
    none = ours.create_mypy_evaluator(code_extraction_strategy="llm", client=ToolCallingModel(None))(outputs="x")
    assert none == {"key": "mypy_succeeded", "score": False, "comment": None,
                    "metadata": {"code_extraction_failed": True}}


def test_code_execution_evaluator_scores_by_running_the_code():
    evaluator = ours.create_code_execution_evaluator(targets=["assert add(1, 2) == 3", "assert add(2, 2) == 5"])
    result = evaluator(outputs=f"{FENCE}python\ndef add(a, b):\n    return a + b\n{FENCE}")
    assert result["key"] == "execution_succeeded"
    assert result["score"] == 0.5
    assert "1 of 2 targets failed" in result["comment"]
    assert result["metadata"]["outcome"] == "assertion_fail"
    right = ours.create_code_execution_evaluator(targets=["assert add(1, 2) == 3"])(
        outputs=f"{FENCE}python\ndef add(a, b):\n    return a + b\n{FENCE}")
    assert (right["score"], right["comment"]) == (1.0, None)
    nothing = evaluator(outputs="no code")
    assert nothing["score"] == 0.0 and nothing["metadata"] == {"code_extraction_failed": True}
    asynchronous = asyncio.run(
        ours.create_async_code_execution_evaluator(targets=["assert x == 1"])(outputs=f"{FENCE}python\nx = 1\n{FENCE}"))
    assert asynchronous["score"] == 1.0
    assert isinstance(wasmeval.Executor, type)
