#!/usr/bin/env python3
"""Write examples/unittest_tasks.jsonl: tasks that carry a unit-test file
instead of assertion strings, pytest and unittest styles in Python and
`node:test` in JavaScript, right and wrong solutions, broken test files.

Every line also carries `expect` (ignored by wasmeval: unknown fields are):
the outcome, error kind, and passed/total tests wasmeval must give.
tests/suite/unit_test_files.rs checks them, and runs every Python one under real
pytest too (per-test verdicts must agree).

    scripts/make-unittest-examples.py   # rewrites the file
"""
import json
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "examples" / "unittest_tasks.jsonl"

STACK = '''class Stack:
    def __init__(self):
        self.items = []

    def push(self, item):
        self.items.append(item)

    def pop(self):
        if not self.items:
            raise IndexError("pop from empty stack")
        return self.items.pop()

    def __len__(self):
        return len(self.items)
'''

STACK_WRONG = STACK.replace("return self.items.pop()", "return self.items.pop(0)")

STACK_TESTS = '''import pytest
from solution import Stack


@pytest.fixture
def stack():
    s = Stack()
    yield s
    s.items.clear()


def test_starts_empty(stack):
    assert len(stack) == 0


@pytest.mark.parametrize("items", [[1], [1, 2], ["a", "b", "c"]])
def test_pop_returns_the_last_push(stack, items):
    for item in items:
        stack.push(item)
    assert stack.pop() == items[-1]


def test_pop_empty_raises(stack):
    with pytest.raises(IndexError, match="empty"):
        stack.pop()


class TestOrder:
    def test_lifo(self, stack):
        stack.push(1)
        stack.push(2)
        assert [stack.pop(), stack.pop()] == [2, 1]
'''

STATS = '''def mean(xs):
    return sum(xs) / len(xs)


def variance(xs):
    m = mean(xs)
    return sum((x - m) ** 2 for x in xs) / len(xs)


def report(xs):
    print(f"n={len(xs)} mean={mean(xs):.2f}")
'''

STATS_TESTS = '''import math
import pytest
import solution
from solution import mean, variance, report


@pytest.mark.parametrize("xs, expected", [([1, 2, 3], 2), ([0.1, 0.2], 0.15), ([5], 5)])
def test_mean(xs, expected):
    assert mean(xs) == pytest.approx(expected)


@pytest.mark.parametrize("xs", [[1, 2, 3, 4], [2.5, 2.5]])
@pytest.mark.parametrize("shift", [0, 10])
def test_variance_ignores_shifts(xs, shift):
    assert variance([x + shift for x in xs]) == pytest.approx(variance(xs))


def test_mean_of_nothing_raises():
    with pytest.raises(ZeroDivisionError):
        mean([])


def test_report_prints(capsys):
    report([1, 2])
    assert capsys.readouterr().out == "n=2 mean=1.50\\n"


def test_report_uses_mean(monkeypatch):
    monkeypatch.setattr(solution, "mean", lambda xs: 42)
    assert solution.mean([1]) == 42


def test_saves(tmp_path):
    path = tmp_path / "values.txt"
    path.write_text("1 2 3")
    xs = [float(v) for v in path.read_text().split()]
    assert mean(xs) == 2


@pytest.mark.skip(reason="not measured here")
def test_skipped():
    assert False


@pytest.mark.xfail(reason="population, not sample, variance")
def test_sample_variance():
    assert variance([1, 2, 3]) == pytest.approx(1.0)


def test_sqrt_of_variance():
    assert math.isclose(variance([1, 3]) ** 0.5, 1.0)
'''

STATS_WRONG = STATS.replace("/ len(xs)\n\n\ndef report", "/ (len(xs) - 1)\n\n\ndef report")

UNIT = '''import unittest
from solution import parse_version, Version


class TestParse(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.cases = {"1.2.3": (1, 2, 3), "0.0.1": (0, 0, 1)}

    def setUp(self):
        self.parsed = {k: parse_version(k) for k in self.cases}

    def test_values(self):
        for text, expected in self.cases.items():
            with self.subTest(text=text):
                self.assertEqual(self.parsed[text], expected)

    def test_rejects_garbage(self):
        with self.assertRaises(ValueError):
            parse_version("one.two")

    def test_order(self):
        self.assertLess(Version("1.2.3"), Version("1.10.0"))
        self.assertTrue(Version("2.0.0") > Version("1.9.9"))

    @unittest.skip("not supported")
    def test_prerelease(self):
        parse_version("1.0.0-rc1")

    @unittest.expectedFailure
    def test_two_parts(self):
        self.assertEqual(parse_version("1.2"), (1, 2, 0))
'''

VERSION = '''from functools import total_ordering


def parse_version(text):
    parts = text.split(".")
    if len(parts) != 3:
        raise ValueError(text)
    return tuple(int(p) for p in parts)


@total_ordering
class Version:
    def __init__(self, text):
        self.key = parse_version(text)

    def __eq__(self, other):
        return self.key == other.key

    def __lt__(self, other):
        return self.key < other.key
'''

VERSION_WRONG = VERSION.replace("return self.key < other.key", "return str(self.key) < str(other.key)")

BROKEN_TESTS = '''import pytest
from solution import Stack, Queue


def test_queue():
    assert Queue() is not None
'''

JS_STACK = '''class Stack {
  constructor() { this.items = []; }
  push(x) { this.items.push(x); }
  pop() {
    if (this.items.length === 0) throw new RangeError('pop from empty stack');
    return this.items.pop();
  }
  get size() { return this.items.length; }
}
module.exports = { Stack };
'''

JS_STACK_TESTS = '''const { describe, it, beforeEach } = require('node:test');
const assert = require('node:assert');
const { Stack } = require('./solution');

describe('Stack', () => {
  let stack;
  beforeEach(() => { stack = new Stack(); });

  it('starts empty', () => {
    assert.strictEqual(stack.size, 0);
  });

  it('pops the last push', () => {
    stack.push(1);
    stack.push(2);
    assert.strictEqual(stack.pop(), 2);
  });

  it('throws on an empty pop', () => {
    assert.throws(() => stack.pop(), RangeError);
  });

  describe('async use', () => {
    it('works after an await', async () => {
      await Promise.resolve();
      stack.push('x');
      assert.deepStrictEqual(stack.items, ['x']);
    });
  });

  it.skip('is not collected', () => { assert.fail('skipped'); });
});
'''

JS_STACK_WRONG = JS_STACK.replace("return this.items.pop();", "return this.items.shift();")

JS_BROKEN_TESTS = '''const test = require('node:test');
const { Queue } = require('./solution');
const queue = new Queue();
test('queue', () => { queue.push(1); });
'''

TASKS = [
    {"id": "pytest-stack-right", "code": STACK, "test_file": STACK_TESTS,
     "expect": {"outcome": "pass", "passed": 6, "total": 6}},
    {"id": "pytest-stack-wrong", "code": STACK_WRONG, "test_file": STACK_TESTS,
     "expect": {"outcome": "assertion_fail", "passed": 3, "total": 6}},
    {"id": "pytest-stats-right", "code": STATS, "test_file": STATS_TESTS,
     "expect": {"outcome": "pass", "passed": 13, "total": 13}},
    {"id": "pytest-stats-wrong", "code": STATS_WRONG, "test_file": STATS_TESTS,
     "expect": {"outcome": "assertion_fail", "passed": 12, "total": 13}},
    {"id": "unittest-version-right", "code": VERSION, "test_file": UNIT,
     "expect": {"outcome": "pass", "passed": 4, "total": 4}},
    {"id": "unittest-version-wrong", "code": VERSION_WRONG, "test_file": UNIT,
     "expect": {"outcome": "assertion_fail", "passed": 3, "total": 4}},
    {"id": "pytest-candidate-syntax-error", "code": "class Stack:\n    def push(self, x)\n", "test_file": STACK_TESTS,
     "expect": {"outcome": "syntax_error", "passed": 0, "total": 0}},
    {"id": "pytest-test-file-imports-a-missing-name", "code": STACK, "test_file": BROKEN_TESTS,
     "expect": {"outcome": "error", "error_kind": "collection_error", "passed": 0, "total": 0}},
    {"id": "pytest-custom-module-name", "code": STACK, "module": "stack",
     "test_file": STACK_TESTS.replace("from solution import", "from stack import"),
     "expect": {"outcome": "pass", "passed": 6, "total": 6}},
    {"id": "node-test-stack-right", "language": "javascript", "code": JS_STACK, "test_file": JS_STACK_TESTS,
     "expect": {"outcome": "pass", "passed": 4, "total": 4}},
    {"id": "node-test-stack-wrong", "language": "javascript", "code": JS_STACK_WRONG, "test_file": JS_STACK_TESTS,
     "expect": {"outcome": "assertion_fail", "passed": 3, "total": 4}},
    {"id": "node-test-file-broken", "language": "javascript", "code": JS_STACK, "test_file": JS_BROKEN_TESTS,
     "expect": {"outcome": "error", "error_kind": "collection_error", "passed": 0, "total": 0}},
]


def main():
    with OUT.open("w") as out:
        for task in TASKS:
            out.write(json.dumps(task) + "\n")
    print(f"wrote {len(TASKS)} tasks to {OUT}")


if __name__ == "__main__":
    main()
