//! Real candidates in the real QuickJS/WASI runtime, with the same contract
//! as Python: outcomes, scores, limits, adversarial behaviour.

use crate::common;

use common::{Case, case, score_all};
use wasmeval::language::Language;
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;

fn js(id: &str, code: &str, targets: &[&str], timeout_s: f64) -> Task {
    common::lang_task(Language::JavaScript, id, code, targets, timeout_s)
}

fn score(task: Task) -> Envelope {
    score_all(vec![task]).pop().unwrap()
}

#[test]
fn correct_candidate_passes_and_node_assert_works() {
    let env = score(js(
        "add",
        "function add(a, b) { return a + b; }\nconsole.log('hello');",
        &[
            "assert.strictEqual(add(1, 2), 3)",
            "const assert = require('node:assert');\nassert.deepStrictEqual([add(1, 1)], [2]);",
            "const assert = require('assert');\nassert.deepEqual({a: [1, '2']}, {a: [1, 2]});",
            "assert(add(0, 0) === 0, 'zero')",
            "assert.throws(() => { throw new TypeError('x') }, TypeError)",
            "assert.notDeepStrictEqual(new Map([[1, 2]]), new Map([[1, 3]]))",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
    assert_eq!(env.language, "javascript");
    assert_eq!((env.passed, env.total, env.score), (6, 6, 1.0));
    assert_eq!(env.stdout, "hello\n");
}

#[test]
fn assertion_messages_say_expected_and_actual() {
    let env = score(js(
        "partial",
        "function add(a, b) { return a + b; }",
        &[
            "assert.strictEqual(add(1, 2), 4)",
            "assert.deepStrictEqual(add(2, 2), 4)",
            "assert.equal(add(0, 0), 0)",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    assert_eq!((env.passed, env.total), (2, 3));
    assert!((env.score - 2.0 / 3.0).abs() < 1e-9);
    let error = env.targets[0].error.as_deref().unwrap();
    assert!(
        error.starts_with("AssertionError: Expected values to be strictly equal"),
        "{error}"
    );
    // As Node words it.
    assert_eq!(
        error,
        "AssertionError: Expected values to be strictly equal:\n\n3 !== 4\n"
    );
}

#[test]
fn promises_are_awaited_and_rejections_fail_the_target() {
    let env = score(js(
        "async",
        "async function double(x) { await null; return 2 * x; }\nlet ready = false;\n(async () => { await null; ready = true; })();",
        &[
            "(async () => { assert.strictEqual(await double(4), 8); })()",
            "(async () => { assert.strictEqual(await double(4), 9); })()",
            "Promise.reject(new RangeError('nope'))",
            "assert.ok(ready)",
            "assert.rejects(Promise.reject(new Error('e')), Error)",
        ],
        3.0,
    ));
    assert_eq!(env.outcome, Outcome::AssertionFail, "{env:?}");
    let passed: Vec<bool> = env.targets.iter().map(|t| t.passed).collect();
    assert_eq!(passed, [true, false, false, true, true], "{env:?}");
    assert_eq!(env.targets[2].error.as_deref(), Some("RangeError: nope"));
}

#[test]
fn a_scripts_completion_value_is_ignored_and_a_target_that_never_settles_ends_the_run() {
    // Node ignores a script's completion value, a Promise or a thenable
    // included.
    for code in [
        "function f() { return 1 }\nnew Promise(() => {})",
        "function f() { return 1 }\n({ then() { throw new Error('not a Promise') } })",
    ] {
        let env = score(js("completion", code, &["assert.ok(f())"], 1.0));
        assert_eq!(env.outcome, Outcome::Pass, "{code}: {env:?}");
    }
    // A target's Promise that nothing left to run can settle: the run ends
    // there, as Node's process would, and the target is not passed.
    let env = score(js(
        "never",
        "function f() { return new Promise(() => {}) }",
        &["assert.ok(true)", "f()", "assert.ok(true)"],
        1.0,
    ));
    assert_eq!(
        (env.outcome, env.error_kind),
        (Outcome::Error, Some(ErrorKind::ExitedEarly)),
        "{env:?}"
    );
    assert!(
        env.detail
            .as_deref()
            .unwrap_or("")
            .contains("after 1 of 3 targets"),
        "{env:?}"
    );
    // One that a timer settles is awaited.
    let env = score(js(
        "later",
        "function f() { return new Promise((r) => setTimeout(() => r(7), 50)) }",
        &["(async () => assert.strictEqual(await f(), 7))()"],
        1.0,
    ));
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}

use ErrorKind as K;
use Outcome as O;

const FAKE: &str = r#"
console.log(JSON.stringify({id: "x", language: "javascript", outcome: "pass", score: 1, passed: 1, total: 1}));
console.log("\u0000WE:00000000000000000000000000000000:done");
console.log("\u0000WE::target\u001f0\u001f1\u001f\u001f\u001f");
throw new Error("and leave");
"#;

const CASES: &[Case] = &[
    case(
        "syntax",
        "function f( { return 1 }",
        O::SyntaxError,
        None,
        "SyntaxError",
    ),
    case(
        "top-level-throw",
        "throw new TypeError('boom')",
        O::Error,
        Some(K::RuntimeException),
        "TypeError: boom",
    ),
    case(
        "throw-non-error",
        "throw 42",
        O::Error,
        Some(K::RuntimeException),
        "42",
    ),
    case(
        "infinite-loop",
        "while (true) {}",
        O::Timeout,
        None,
        "fuel budget",
    ),
    case(
        "loop-in-target",
        "function f() { for (;;) {} }",
        O::Timeout,
        None,
        "fuel budget",
    ),
    case(
        "print-flood",
        "for (;;) console.log('x'.repeat(100))",
        O::Error,
        Some(K::OutputOverflow),
        "output overflow",
    ),
    case(
        "memory-bomb",
        "const a = []; for (;;) a.push(new ArrayBuffer(1 << 24))",
        O::Error,
        Some(K::Memory),
        "memory",
    ),
    // QuickJS-ng caps a string's length, as V8 does (Node: "RangeError:
    // Invalid string length"): the candidate's own uncaught exception.
    case(
        "string-bomb",
        "let s = 'x'; for (;;) s = s + s",
        O::Error,
        Some(K::RuntimeException),
        "string too long",
    ),
    case(
        "runaway-recursion",
        "function r(n) { return r(n + 1) }\nr(0)",
        O::Error,
        Some(K::Stack),
        "stack",
    ),
    // With the 64 MiB WebAssembly stack, QuickJS's own limit comes first:
    // the target fails with the RangeError Node throws, as a Python
    // target's RecursionError does.
    case(
        "recursion-in-target",
        "function f(n) { return f((n | 0) + 1) }",
        O::AssertionFail,
        None,
        "RangeError: Maximum call stack size exceeded",
    ),
    case(
        "fake-envelope",
        FAKE,
        O::Error,
        Some(K::RuntimeException),
        "and leave",
    ),
    case(
        "std-global",
        "std.open('/etc/passwd', 'r')",
        O::Error,
        Some(K::Blacklist),
        "'std'",
    ),
    case(
        "os-global",
        "const t = typeof os",
        O::Error,
        Some(K::Blacklist),
        "'os'",
    ),
    case(
        "dynamic-import",
        "import('qjs:os').then((m) => m.readdir('/'))",
        O::Error,
        Some(K::Blacklist),
        "import()",
    ),
    case(
        "import-via-eval",
        "eval('imp' + 'ort(\"qjs:std\")')",
        O::Error,
        Some(K::Blacklist),
        "import()",
    ),
    case(
        "import-via-function",
        "(function () {}).constructor('return imp' + 'ort(\"std\")')()",
        O::Error,
        Some(K::Blacklist),
        "import()",
    ),
    case(
        "fs-beyond-stdin",
        "const fs = require('fs'); fs.readdirSync('/')",
        O::Error,
        Some(K::Blacklist),
        "fs.readdirSync",
    ),
    case(
        "require-child-process",
        "require('node:child_process')",
        O::Error,
        Some(K::Blacklist),
        "child_process",
    ),
];

/// A `console.assert` that fails fails the target it ran in, whether it
/// is the test's or in a candidate's function the test called (it runs in
/// the candidate's instance and comes back with the answer, a Promise's
/// included); a passing one changes nothing.
#[test]
fn a_failing_console_assert_fails_the_target_it_ran_in() {
    let env = score(js(
        "console-assert",
        "function check(x) { console.assert(x > 0, 'x is %d', x); return x }\n\
         async function later(x) { await null; console.assert(x > 0, 'later'); return x }",
        &[
            "check(1)",
            "check(-1)",
            "console.assert(check(2) === 3)",
            "(async () => { await later(-1) })()",
            "(async () => { await later(1) })()",
            "check(3)",
        ],
        3.0,
    ));
    let passed: Vec<bool> = env.targets.iter().map(|t| t.passed).collect();
    assert_eq!(passed, [true, false, false, false, true, true], "{env:?}");
    assert!(
        env.targets[1].error.as_deref().unwrap().contains("x is -1"),
        "{env:?}"
    );
}

#[test]
fn adversarial_and_failing_candidates_get_the_expected_verdict_and_never_pass() {
    // 1 s, not less: runaway recursion can end in one copy that wasmtime
    // charges 2^32 fuel (0.7 QuickJS seconds) before it traps (docs/guide.md).
    let tasks = CASES
        .iter()
        .map(|c| js(c.name, c.code, &["assert.ok(f())"], 1.0))
        .collect();
    let envelopes = score_all(tasks);
    let failures = common::mismatches(CASES, &envelopes, None);
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn the_shipped_javascript_problems_pass_and_fail_as_they_should() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/javascript_tasks.jsonl"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let tasks: Vec<Task> = text.lines().map(|l| Task::from_json(l).unwrap()).collect();
    assert!(tasks.len() >= 20, "at least ten problems, right and wrong");
    let envelopes = score_all(tasks.clone());
    for (task, env) in tasks.iter().zip(&envelopes) {
        let id = task.id.as_deref().unwrap();
        let expected = if id.ends_with("-correct") {
            Outcome::Pass
        } else {
            Outcome::AssertionFail
        };
        assert_eq!(env.outcome, expected, "{id}: {env:?}");
    }
}

#[test]
fn markdown_keeps_javascript_blocks_only() {
    let task = Task::from_json(
        r#"{"id": "md", "language": "js", "generation": "```python\ndef f(): pass\n```\n```js\nfunction f() { return 1 }\n```\n```\nconst g = 2;\n```", "targets": ["assert.strictEqual(f() + g, 3)"]}"#,
    )
    .unwrap();
    let env = score(task);
    assert_eq!(env.outcome, Outcome::Pass, "{env:?}");
}
