#!/usr/bin/env python3
"""Write examples/stdio_tasks.jsonl: input/output tasks in the three shapes
datasets ship (APPS/TACO `input_output`, LiveCodeBench `test_cases`,
CodeContests `public_tests`/`private_tests`/`generated_tests`), Python and
JavaScript, right and wrong solutions.

Every line also carries `expect` (ignored by wasmeval: unknown fields are):
the outcome, error kind and number of cases passed that wasmeval must give.
tests/suite/io_tasks.rs checks them.

    scripts/make-stdio-examples.py   # rewrites the file
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "examples" / "stdio_tasks.jsonl"

SUM_IO = {"inputs": ["1 2\n", "10 -3\n", "0 0\n"], "outputs": ["3\n", "7\n", "0\n"]}
TWO_SUM_CASES = [
    {"input": "[2, 7, 11, 15]\n9", "output": "[0, 1]", "testtype": "functional"},
    {"input": "[3, 2, 4]\n6", "output": "[1, 2]", "testtype": "functional"},
]
MAX_TESTS = {
    "public_tests": {"input": ["3\n1 5 2\n"], "output": ["5\n"]},
    "private_tests": {"input": ["1\n-4\n"], "output": ["-4\n"]},
    "generated_tests": {"input": ["4\n7 7 7 7\n", "2\n100 99\n"], "output": ["7\n", "100\n"]},
}

TASKS = [
    # ---- APPS / TACO: input_output ------------------------------------------------
    {
        "id": "apps-sum-python-right",
        "code": "a, b = map(int, input().split())\nprint(a + b)\n",
        "input_output": json.dumps(SUM_IO),  # APPS stores it as a JSON string
        "expect": {"outcome": "pass", "passed": 3},
    },
    {
        "id": "apps-sum-python-wrong",
        "code": "a, b = map(int, input().split())\nprint(abs(a) + abs(b))\n",
        "input_output": SUM_IO,
        "expect": {"outcome": "assertion_fail", "passed": 2},
    },
    {
        "id": "apps-call-python-right",
        "code": "def gcd(a, b):\n    while b:\n        a, b = b, a % b\n    return a\n",
        # APPS wraps expected return values in a one-element list.
        "input_output": {"fn_name": "gcd", "inputs": [[12, 18], [7, 5]], "outputs": [[6], [1]]},
        "expect": {"outcome": "pass", "passed": 2},
    },
    {
        "id": "apps-sum-javascript-right",
        "language": "javascript",
        "code": "const [a, b] = require('fs').readFileSync(0, 'utf8').trim().split(/\\s+/).map(Number);\n"
        "console.log(a + b);\n",
        "input_output": SUM_IO,
        "expect": {"outcome": "pass", "passed": 3},
    },
    {
        "id": "apps-call-javascript-wrong",
        "language": "javascript",
        "code": "function gcd(a, b) { return a < b ? a : b; }\n",
        "input_output": {"fn_name": "gcd", "inputs": [[12, 18], [7, 5]], "outputs": [[6], [1]]},
        "expect": {"outcome": "assertion_fail", "passed": 0},
    },
    # ---- LiveCodeBench: test_cases ----------------------------------------------
    {
        "id": "lcb-two-sum-python-right",
        "code": "class Solution:\n"
        "    def twoSum(self, nums, target):\n"
        "        seen = {}\n"
        "        for i, n in enumerate(nums):\n"
        "            if target - n in seen:\n"
        "                return [seen[target - n], i]\n"
        "            seen[n] = i\n",
        "test_cases": TWO_SUM_CASES,
        "metadata": json.dumps({"func_name": "twoSum"}),
        "expect": {"outcome": "pass", "passed": 2},
    },
    {
        "id": "lcb-two-sum-python-slow",
        "code": "class Solution:\n"
        "    def twoSum(self, nums, target):\n"
        "        while True:\n"
        "            pass\n",
        "test_cases": TWO_SUM_CASES[:1],
        "metadata": {"func_name": "twoSum", "timeout_s": 0.2},
        "expect": {"outcome": "timeout", "passed": 0},
    },
    {
        "id": "lcb-stdin-python-wrong",
        "code": "n = int(input())\nprint(n * 2 if n < 5 else n * 3)\n",
        "test_cases": [
            {"input": "2\n", "output": "4\n", "testtype": "stdin"},
            {"input": "7\n", "output": "14\n", "testtype": "stdin"},
        ],
        "expect": {"outcome": "assertion_fail", "passed": 1},
    },
    {
        "id": "lcb-stdin-javascript-right",
        "language": "javascript",
        "code": "const rl = require('readline').createInterface({ input: process.stdin });\n"
        "rl.on('line', (line) => console.log(Number(line) * 2));\n",
        "test_cases": [
            {"input": "2\n", "output": "4\n", "testtype": "stdin"},
            {"input": "7\n", "output": "14\n", "testtype": "stdin"},
        ],
        "expect": {"outcome": "pass", "passed": 2},
    },
    # ---- CodeContests: public_tests / private_tests / generated_tests -----------
    {
        "id": "cc-max-python-right",
        "code": "import sys\n\n"
        "def main():\n"
        "    data = sys.stdin.read().split()\n"
        "    n = int(data[0])\n"
        "    print(max(map(int, data[1:n + 1])))\n\n"
        "if __name__ == '__main__':\n"
        "    main()\n",
        **MAX_TESTS,
        "expect": {"outcome": "pass", "passed": 4},
    },
    {
        "id": "cc-max-python-crashes",
        "code": "n = int(input())\nxs = list(map(int, input().split()))\nprint(xs[n])  # off by one: IndexError\n",
        **MAX_TESTS,
        "expect": {"outcome": "error", "error_kind": "runtime_exception", "passed": 0},
    },
    {
        "id": "cc-max-javascript-right",
        "language": "javascript",
        "code": "let input = '';\n"
        "process.stdin.on('data', (chunk) => (input += chunk));\n"
        "process.stdin.on('end', () => {\n"
        "  const [n, ...xs] = input.trim().split(/\\s+/).map(Number);\n"
        "  console.log(Math.max(...xs.slice(0, n)));\n"
        "});\n",
        **MAX_TESTS,
        "expect": {"outcome": "pass", "passed": 4},
    },
    {
        "id": "cc-max-javascript-exits-1",
        "language": "javascript",
        "code": "console.log(0);\nprocess.exit(1);\n",
        **MAX_TESTS,
        "expect": {"outcome": "error", "error_kind": "runtime_exception", "passed": 0},
    },
    {
        "id": "cc-mean-python-tokens",
        "code": "xs = list(map(float, input().split()))\nprint(sum(xs) / len(xs))\n",
        "judge": "tokens",
        "public_tests": {"input": ["1 2 2\n"], "output": ["1.666667\n"]},
        "expect": {"outcome": "pass", "passed": 1},
    },
    {
        "id": "cc-mean-python-exact",
        "code": "xs = list(map(float, input().split()))\nprint(sum(xs) / len(xs))\n",
        "public_tests": {"input": ["1 2 2\n"], "output": ["1.666667\n"]},
        "expect": {"outcome": "assertion_fail", "passed": 0},
    },
    {
        "id": "cc-reads-past-input-python",
        "code": "a = input()\nb = input()\nprint(a + b)\n",
        "public_tests": {"input": ["1\n"], "output": ["1\n"]},
        "expect": {"outcome": "error", "error_kind": "runtime_exception", "passed": 0},
    },
    {
        "id": "cc-prints-too-much-python",
        "code": "while True:\n    print('spam' * 1000)\n",
        "public_tests": {"input": [""], "output": ["spam\n"]},
        "expect": {"outcome": "error", "error_kind": "output_overflow", "passed": 0},
    },
    {
        "id": "cc-syntax-error-python",
        "code": "print(int(input()) +)\n",
        **MAX_TESTS,
        "expect": {"outcome": "syntax_error", "passed": 0},
    },
]


def main():
    with OUT.open("w") as out:
        for task in TASKS:
            out.write(json.dumps(task) + "\n")
    print(f"wrote {len(TASKS)} tasks to {OUT}")


if __name__ == "__main__":
    main()
