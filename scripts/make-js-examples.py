#!/usr/bin/env python3
"""Writes examples/javascript_tasks.jsonl: HumanEval-style JavaScript
problems, each with a correct and a wrong solution (as Markdown generations)
and Node-assert tests in MultiPL-E's shape. Run it after editing PROBLEMS."""
import json
import pathlib

PROBLEMS = [
    ("has_close_elements",
     "function has_close_elements(numbers, threshold) {\n  for (let i = 0; i < numbers.length; i++)\n    for (let j = i + 1; j < numbers.length; j++)\n      if (Math.abs(numbers[i] - numbers[j]) < threshold) return true;\n  return false;\n}",
     "function has_close_elements(numbers, threshold) {\n  for (let i = 0; i + 1 < numbers.length; i++)\n    if (Math.abs(numbers[i] - numbers[i + 1]) < threshold) return true;\n  return false;\n}",
     ["assert.deepEqual(candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.3), true);",
      "assert.deepEqual(candidate([1.0, 2.0, 3.9, 4.0, 5.0, 2.2], 0.05), false);",
      "assert.deepEqual(candidate([1.0, 2.0, 5.9, 4.0, 5.0], 0.95), true);",
      "assert.deepEqual(candidate([1.1, 2.2, 3.1, 4.1, 5.1], 1.0), true);",
      "assert.deepEqual(candidate([1.0, 2.0, 3.0, 4.0, 5.0, 2.0], 0.1), true);"]),
    ("truncate_number",
     "function truncate_number(number) {\n  return number % 1.0;\n}",
     "function truncate_number(number) {\n  return Math.round(number % 1.0);\n}",
     ["assert.deepEqual(candidate(3.5), 0.5);",
      "assert.deepEqual(candidate(1.25), 0.25);",
      "assert.deepEqual(candidate(123.0), 0.0);"]),
    ("below_zero",
     "function below_zero(operations) {\n  let balance = 0;\n  for (const op of operations) {\n    balance += op;\n    if (balance < 0) return true;\n  }\n  return false;\n}",
     "function below_zero(operations) {\n  return operations.reduce((a, b) => a + b, 0) < 0;\n}",
     ["assert.deepEqual(candidate([]), false);",
      "assert.deepEqual(candidate([1, 2, -3, 1, 2, -3]), false);",
      "assert.deepEqual(candidate([1, 2, -4, 5, 6]), true);",
      "assert.deepEqual(candidate([1, -1, 2, -2, 5, -5, 4, -4]), false);",
      "assert.deepEqual(candidate([1, -2, 2, -2, 5, -5, 4, -4]), true);"]),
    ("intersperse",
     "function intersperse(numbers, delimeter) {\n  const out = [];\n  numbers.forEach((n, i) => {\n    if (i > 0) out.push(delimeter);\n    out.push(n);\n  });\n  return out;\n}",
     "function intersperse(numbers, delimeter) {\n  const out = [];\n  for (const n of numbers) out.push(n, delimeter);\n  return out;\n}",
     ["assert.deepEqual(candidate([], 7), []);",
      "assert.deepEqual(candidate([5, 6, 3, 2], 8), [5, 8, 6, 8, 3, 8, 2]);",
      "assert.deepEqual(candidate([2, 2, 2], 2), [2, 2, 2, 2, 2]);"]),
    ("filter_by_substring",
     "function filter_by_substring(strings, substring) {\n  return strings.filter((s) => s.includes(substring));\n}",
     "function filter_by_substring(strings, substring) {\n  return strings.filter((s) => s.startsWith(substring));\n}",
     ["assert.deepEqual(candidate([], \"john\"), []);",
      "assert.deepEqual(candidate([\"xxx\", \"asd\", \"xxy\", \"john doe\", \"xxxAAA\", \"xxx\"], \"xxx\"), [\"xxx\", \"xxxAAA\", \"xxx\"]);",
      "assert.deepEqual(candidate([\"grunt\", \"trumpet\", \"prune\", \"gruesome\"], \"run\"), [\"grunt\", \"prune\"]);"]),
    ("sum_product",
     "function sum_product(numbers) {\n  return [numbers.reduce((a, b) => a + b, 0), numbers.reduce((a, b) => a * b, 1)];\n}",
     "function sum_product(numbers) {\n  return [numbers.reduce((a, b) => a + b, 0), numbers.reduce((a, b) => a * b, 0)];\n}",
     ["assert.deepEqual(candidate([]), [0, 1]);",
      "assert.deepEqual(candidate([1, 1, 1]), [3, 1]);",
      "assert.deepEqual(candidate([100, 0]), [100, 0]);",
      "assert.deepEqual(candidate([3, 5, 7]), [15, 105]);"]),
    ("rolling_max",
     "function rolling_max(numbers) {\n  let best = -Infinity;\n  return numbers.map((n) => (best = Math.max(best, n)));\n}",
     "function rolling_max(numbers) {\n  return numbers.map((n, i) => Math.max(...numbers.slice(0, i)));\n}",
     ["assert.deepEqual(candidate([]), []);",
      "assert.deepEqual(candidate([1, 2, 3, 4]), [1, 2, 3, 4]);",
      "assert.deepEqual(candidate([4, 3, 2, 1]), [4, 4, 4, 4]);",
      "assert.deepEqual(candidate([3, 2, 3, 100, 3]), [3, 3, 3, 100, 100]);"]),
    ("count_distinct_characters",
     "function count_distinct_characters(string) {\n  return new Set(string.toLowerCase()).size;\n}",
     "function count_distinct_characters(string) {\n  return new Set(string).size;\n}",
     ["assert.deepEqual(candidate(\"\"), 0);",
      "assert.deepEqual(candidate(\"abcde\"), 5);",
      "assert.deepEqual(candidate(\"abcdecadeCADE\"), 5);",
      "assert.deepEqual(candidate(\"aaaaAAAAaaaa\"), 1);",
      "assert.deepEqual(candidate(\"Jerry jERRY JeRRRY\"), 5);"]),
    ("all_prefixes",
     "function all_prefixes(string) {\n  const out = [];\n  for (let i = 1; i <= string.length; i++) out.push(string.slice(0, i));\n  return out;\n}",
     "function all_prefixes(string) {\n  const out = [];\n  for (let i = 1; i < string.length; i++) out.push(string.slice(0, i));\n  return out;\n}",
     ["assert.deepEqual(candidate(\"\"), []);",
      "assert.deepEqual(candidate(\"asdfgh\"), [\"a\", \"as\", \"asd\", \"asdf\", \"asdfg\", \"asdfgh\"]);",
      "assert.deepEqual(candidate(\"WWW\"), [\"W\", \"WW\", \"WWW\"]);"]),
    ("largest_divisor",
     "function largest_divisor(n) {\n  for (let i = n - 1; i > 0; i--) if (n % i === 0) return i;\n}",
     "function largest_divisor(n) {\n  for (let i = 2; i < n; i++) if (n % i === 0) return i;\n  return 1;\n}",
     ["assert.deepEqual(candidate(3), 1);",
      "assert.deepEqual(candidate(7), 1);",
      "assert.deepEqual(candidate(10), 5);",
      "assert.deepEqual(candidate(100), 50);",
      "assert.deepEqual(candidate(49), 7);"]),
    ("fib",
     "function fib(n) {\n  let [a, b] = [0, 1];\n  for (let i = 0; i < n; i++) [a, b] = [b, a + b];\n  return a;\n}",
     "function fib(n) {\n  let [a, b] = [1, 1];\n  for (let i = 0; i < n; i++) [a, b] = [b, a + b];\n  return a;\n}",
     ["assert.deepEqual(candidate(10), 55);",
      "assert.deepEqual(candidate(1), 1);",
      "assert.deepEqual(candidate(8), 21);",
      "assert.deepEqual(candidate(11), 89);",
      "assert.deepEqual(candidate(12), 144);"]),
    ("fetch_double_async",
     "async function fetch_double_async(x) {\n  await null;\n  return 2 * x;\n}",
     "async function fetch_double_async(x) {\n  await null;\n  return 2 + x;\n}",
     ["return (async () => { assert.strictEqual(await candidate(4), 8); })();",
      "return (async () => { assert.strictEqual(await candidate(0), 0); })();",
      "return (async () => { assert.strictEqual(await candidate(-3), -6); })();"]),
]

def test_program(name, lines):
    body = "\n".join("  " + line.replace("return ", "await ", 1) if line.startswith("return ") else "  " + line for line in lines)
    if any(line.startswith("return ") for line in lines):
        return ("const assert = require('node:assert');\n\nasync function test() {\n"
                f"  let candidate = {name};\n{body}\n}}\n\ntest();\n")
    return ("const assert = require('node:assert');\n\nfunction test() {\n"
            f"  let candidate = {name};\n{body}\n}}\n\ntest();\n")

def main():
    out = pathlib.Path(__file__).resolve().parent.parent / "examples" / "javascript_tasks.jsonl"
    with out.open("w") as f:
        for name, right, wrong, lines in PROBLEMS:
            for kind, code in (("correct", right), ("wrong", wrong)):
                task = {
                    "id": f"{name}-{kind}",
                    "language": "javascript",
                    "generation": f"Here is `{name}`:\n\n```javascript\n{code}\n```\n",
                    "targets": [test_program(name, lines)],
                    "metadata": {"timeout_s": 3},
                }
                f.write(json.dumps(task) + "\n")
    print(f"wrote {out}")

if __name__ == "__main__":
    main()
