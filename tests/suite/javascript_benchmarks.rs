//! JavaScript benchmarks run unchanged, with Node's verdicts: HumanEval-X's
//! JavaScript file (`humaneval_js.jsonl.gz` in the shared data directory)
//! and MultiPL-E completions files (examples written for wasmeval), each
//! program also run under the real `node` here, in the test, under the
//! benchmark's own protocol.

use crate::common;
use crate::common::humaneval::read_jsonl;
use crate::common::node::{multiple_status, node};

use serde_json::Value;
use std::io::Write;
use std::time::Duration;

/// HumanEval-X's JavaScript file, from the shared data directory.
const HUMANEVAL_X_JS: &str = "humaneval_js.jsonl.gz";

/// Problems whose canonical solution fails under Node (112 and 155 fail
/// their own assertions, 162 requires `js-md5`, which is not installed),
/// always in the sample.
const HUMANEVAL_X_JS_ALWAYS: &[&str] = &["JavaScript/112", "JavaScript/155", "JavaScript/162"];

/// A completion made from a canonical solution (`None`: not applicable).
type Variant = fn(&str) -> Option<String>;

/// Wrong, failing and noisy completions made from a canonical solution
/// (whose last line closes the function): what a model writes, one of each
/// kind HumanEval-X's protocol and wasmeval's must judge.
const VARIANTS: &[(&str, Variant)] = &[
    ("flipped operator", |c| {
        [
            (" + ", " - "),
            (" < ", " >= "),
            (" === ", " !== "),
            (" == ", " != "),
        ]
        .iter()
        .find(|(from, _)| c.contains(from))
        .map(|(from, to)| c.replacen(from, to, 1))
    }),
    ("debug print", |c| {
        Some(format!("  console.log('checking');\n{c}"))
    }),
    ("stderr print", |c| {
        Some(format!("  console.error('checking');\n{c}"))
    }),
    ("late print", |c| {
        Some(format!("  setTimeout(() => console.log('late'), 10);\n{c}"))
    }),
    ("infinite loop", |_| Some("  while (true) {}\n}\n".into())),
    ("throws", |_| {
        Some("  throw new Error('not implemented');\n}\n".into())
    }),
    ("exits early", |_| Some("  process.exit(1);\n}\n".into())),
    ("no closing brace", |c| {
        c.trim_end()
            .strip_suffix('}')
            .map(|body| format!("{body}\n"))
    }),
    ("undefined helper", |_| {
        Some("  return undefinedHelper();\n}\n".into())
    }),
    ("missing module", |c| {
        Some(format!("  require('js-md5');\n{c}"))
    }),
    ("exports", |c| {
        Some(format!("{c}\nmodule.exports = {{}};\n"))
    }),
];

/// HumanEval-X's protocol (CodeGeeX's execution.py): a program passes when
/// it prints nothing, on either stream, and ends within 3 s. The canonical
/// solutions of the sampled problems and, for each, two of [`VARIANTS`]
/// (rotating, so every kind is judged), through `wasmeval eval --problems`
/// and through `node`.
#[test]
fn humaneval_x_verdicts_agree_with_node() {
    let all = common::data::lines(HUMANEVAL_X_JS);
    assert_eq!(all.len(), 164);
    let problems: std::collections::HashMap<String, Value> = all
        .iter()
        .map(|p| (p["task_id"].as_str().unwrap().to_string(), p.clone()))
        .collect();
    let mut samples: Vec<(String, String, &str)> = Vec::new();
    for problem in &all {
        let id = problem["task_id"].as_str().unwrap();
        if !common::data::sampled(id, HUMANEVAL_X_JS_ALWAYS) {
            continue;
        }
        let canonical = problem["canonical_solution"].as_str().unwrap();
        let k = samples.len();
        samples.push((id.to_string(), canonical.to_string(), "canonical"));
        for (kind, variant) in [
            VARIANTS[k % VARIANTS.len()],
            VARIANTS[(k + 5) % VARIANTS.len()],
        ] {
            if let Some(completion) = variant(canonical) {
                samples.push((id.to_string(), completion, kind));
            }
        }
    }
    let dir = tempfile::tempdir().unwrap();
    let samples_path = dir.path().join("samples.jsonl");
    common::humaneval::write_samples(
        &samples_path,
        &samples
            .iter()
            .map(|(id, completion, _)| (id.clone(), completion.clone()))
            .collect::<Vec<_>>(),
    );
    let out = dir.path().join("results.jsonl");
    let output = common::cli(&[
        "eval",
        "--problems",
        common::data::path(HUMANEVAL_X_JS).to_str().unwrap(),
        samples_path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let ours = read_jsonl(&out);
    assert_eq!(ours.len(), samples.len());

    let mut disagreements = Vec::new();
    let mut documented: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut kinds = std::collections::BTreeSet::new();
    for ((id, completion, kind), mine) in samples.iter().zip(&ours) {
        kinds.insert(*kind);
        let problem = &problems[id];
        let program = format!(
            "{}{completion}\n{}",
            problem["prompt"].as_str().unwrap(),
            problem["test"].as_str().unwrap()
        );
        let run = node(&program, Duration::from_secs(3));
        let silent = run.stdout.is_empty() && run.stderr.is_empty();
        let theirs = !run.timed_out && silent;
        let passed = mine["passed"] == true;
        if theirs == passed {
            continue;
        }
        // The two differences docs/guide.md documents, on purpose:
        // debug printing fails under HumanEval-X but not here, when nothing
        // else went wrong (no failed assertion, no uncaught error)...
        let only_printed = !run.timed_out
            && run.code == Some(0)
            && !run.stderr.contains("Assertion failed")
            && !run.stderr.contains("Error");
        if passed && only_printed {
            *documented.entry("printed").or_default() += 1;
            continue;
        }
        // ...and a program that exits before its tests run passes there
        // (the exit code is not looked at) but is `exited_early` here.
        if !passed && mine["error_kind"] == "exited_early" && silent {
            *documented.entry("exited early").or_default() += 1;
            continue;
        }
        disagreements.push(format!(
            "{id} ({kind}): node {theirs} ({:?} / {:?} / {:?}), wasmeval {} {:?}",
            run.code, run.stdout, run.stderr, mine["outcome"], mine["detail"]
        ));
    }
    common::data::report(
        "HumanEval-X JavaScript (documented differences agree)",
        "node",
        samples.len() - disagreements.len(),
        samples.len(),
    );
    assert!(disagreements.is_empty(), "\n{}", disagreements.join("\n"));
    // Every kind of completion was judged, and both documented differences
    // were met: only where a completion prints or exits.
    assert_eq!(kinds.len(), VARIANTS.len() + 1, "{kinds:?}");
    assert!(
        documented.get("printed").is_some_and(|&n| n >= 1)
            && documented.get("exited early").is_some_and(|&n| n >= 1),
        "{documented:?}"
    );
}

#[test]
fn multiple_statuses_agree_with_node() {
    let path = common::example("multiple_javascript_completions.jsonl");
    let problems = read_jsonl(&path);
    assert!(problems.len() >= 10);
    let ours = common::humaneval::eval_multiple(&path, "5");
    let mut statuses = std::collections::BTreeSet::new();
    let mut disagreements = Vec::new();
    let mut slow = 0;
    for (problem, mine) in problems.iter().zip(&ours) {
        assert_eq!(problem["name"], mine["name"]);
        let results = mine["results"].as_array().unwrap();
        assert_eq!(
            results.len(),
            problem["completions"].as_array().unwrap().len()
        );
        for result in results {
            let program = result["program"].as_str().unwrap();
            let expected = multiple_status(&node(program, Duration::from_secs(5)));
            let status = result["status"].as_str().unwrap();
            statuses.insert(status.to_string());
            if status == expected {
                continue;
            }
            // Documented: QuickJS interprets where Node compiles, so
            // compute-heavy code that Node finishes can run out of budget.
            if status == "Timeout" && expected == "OK" {
                slow += 1;
                continue;
            }
            disagreements.push(format!(
                "{}: node {expected}, wasmeval {status}: {:?}",
                problem["name"], result["envelope"]["detail"]
            ));
        }
    }
    let programs: usize = ours
        .iter()
        .map(|r| r["results"].as_array().unwrap().len())
        .sum();
    common::data::report(
        "MultiPL-E JavaScript (examples; slow timeouts agree)",
        "node",
        programs - disagreements.len(),
        programs,
    );
    assert!(disagreements.is_empty(), "\n{}", disagreements.join("\n"));
    assert!(slow <= 2, "{slow} compute-heavy completions timed out");
    for status in ["OK", "AssertionError", "SyntaxError", "Exception"] {
        assert!(statuses.contains(status), "no {status} among {statuses:?}");
    }
}

#[test]
fn node_console_and_globals_behave_as_in_node() {
    let cases = [
        "console.log({a: 1, b: [1, 2, {c: 'x'}]}, [1, 2, 3], 'str', 5n, null, undefined)",
        "console.log('%s is %d years and %i, %f, %j %o %%', 'Bob', 42.5, 42.5, 1.5, {a: 1}, [1])",
        "console.error(new Map([['a', 1]]), new Set([1, 2])); console.warn('w')",
        "const util = require('util'); console.log(util.inspect({deep: {er: {than: {two: 1}}}}, {depth: 0}), util.format('%s', 'x'))",
        "console.table([{a: 1, b: 2}, {a: 3, b: 4}])",
        "console.count(); console.count(); console.group('g'); console.log('in'); console.groupEnd(); console.log('out')",
        "console.log(structuredClone({a: [1, new Date(0)]}), new TextEncoder().encode('é'), new TextDecoder().decode(new Uint8Array([104, 105])))",
        "process.stdout.write('no newline'); process.stdout.write('\\n'); console.log(typeof process.argv, process.argv.length)",
        "queueMicrotask(() => console.log('micro')); setTimeout(() => console.log('timer'), 0); console.log('sync')",
        "const i = setInterval(() => { console.log('tick'); if (++n === 3) clearInterval(i) }, 10); let n = 0",
        "console.assert(1 === 2, 'one is not %s', 'two'); console.log('goes on')",
        "console.log(require('util').isDeepStrictEqual([1, {a: 2}], [1, {a: 2}]), [undefined, , 3], -0, [1.5, 'a'])",
        "process.on('exit', (c) => console.log('exit', c)); let once = true; process.on('beforeExit', () => { console.log('before'); if (once) { once = false; setTimeout(() => console.log('late'), 5) } }); console.log('main')",
        "process.on('exit', () => console.log('exit')); setTimeout(() => console.log('timer'), 20); Promise.resolve().then(() => console.log('job'))",
        // crypto's hashes (HumanEval/162: md5 of a string), hex and base64,
        // across padding's edges (55, 56, 64 bytes) and UTF-8
        "const c = require('node:crypto'); for (const a of ['md5', 'sha1', 'sha256', 'SHA256']) for (const t of ['', 'Hello world', 'a'.repeat(55), 'a'.repeat(56), 'a'.repeat(64), 'x'.repeat(1000), 'h\\u00e9llo \\u2713 \\ud834\\udd1e']) console.log(a, c.createHash(a).update(t).digest('hex'), c.createHash(a).update(t.slice(0, 3)).update(t.slice(3)).digest('base64'))",
    ];
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        let run = node(case, Duration::from_secs(10));
        let env = common::score(common::lang_task(
            wasmeval::language::Language::JavaScript,
            &format!("node-{i}"),
            case,
            &["1"],
            3.0,
        ));
        if env.stdout != run.stdout || env.stderr != run.stderr {
            failures.push(format!(
                "{case}\n  node:     {:?} / {:?}\n  wasmeval: {:?} / {:?}",
                run.stdout, run.stderr, env.stdout, env.stderr
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
    let _ = std::io::stdout().flush();
}

/// `assert.deepEqual` and `assert.deepStrictEqual` decide as Node's do,
/// case by case (MultiPL-E's JavaScript tests compare with `deepEqual`).
/// The cases are where a simpler equality passes a wrong answer: an object
/// against a primitive, boxed primitives, errors, symbol keys, tags.
#[test]
fn deep_equality_agrees_with_node() {
    let pairs = [
        ("0", "[]"),
        ("false", "[]"),
        ("5", "[5]"),
        ("[[1], [2], [3]]", "[1, 2, 3]"),
        ("'1,2,3'", "[1, 2, 3]"),
        ("['a', 'b']", "'a,b'"),
        ("[7]", "7"),
        ("[1]", "true"),
        ("({ valueOf() { return 3 } })", "3"),
        ("new Number(999)", "new Number(3)"),
        ("new Number(3)", "new Number(3)"),
        ("new String('a')", "'a'"),
        ("({})", "({ [Symbol.for('k')]: 1 })"),
        ("new Error('wrong')", "new Error('right')"),
        ("new Error('x')", "new TypeError('x')"),
        ("new Error('x')", "new Error('x')"),
        ("1", "'1'"),
        ("[1]", "['1']"),
        ("({ a: 1 })", "({ a: '1' })"),
        ("NaN", "NaN"),
        ("-0", "0"),
        ("null", "undefined"),
        ("null", "({})"),
        ("new Date(0)", "new Date(0)"),
        ("new Date(0)", "new Date(1)"),
        ("/a/g", "/a/i"),
        ("/a/", "/a/"),
        ("new Map([[1, { a: 1 }]])", "new Map([[1, { a: 1 }]])"),
        ("new Map([[1, 2]])", "new Map([[1, '2']])"),
        ("new Set([1, 2])", "new Set([2, 1])"),
        ("new Set([[1]])", "new Set([[1]])"),
        ("[1, , 3]", "[1, undefined, 3]"),
        ("Object.create(null)", "({})"),
        ("[1, 2]", "({ 0: 1, 1: 2, length: 2 })"),
        ("({ a: undefined })", "({})"),
        ("[1, [2, [3]]]", "[1, [2, [3]]]"),
        ("({ a: [1, { b: 2 }] })", "({ a: [1, { b: '2' }] })"),
    ];
    let mut targets = Vec::new();
    for (a, b) in pairs {
        for function in ["deepEqual", "deepStrictEqual"] {
            targets.push(format!("assert.{function}({a}, {b})"));
        }
    }
    let script = format!(
        "const assert = require('node:assert');\nconst cases = {};\nconsole.log(JSON.stringify(cases.map((c) => {{ try {{ eval(c); return true }} catch (e) {{ return false }} }})));\n",
        serde_json::to_string(&targets).unwrap()
    );
    let run = node(&script, Duration::from_secs(30));
    let theirs: Vec<bool> = serde_json::from_str(run.stdout.trim())
        .unwrap_or_else(|e| panic!("node's verdicts ({e}): {:?} {:?}", run.stdout, run.stderr));
    let target_refs: Vec<&str> = targets.iter().map(String::as_str).collect();
    let env = common::score(common::lang_task(
        wasmeval::language::Language::JavaScript,
        "deep-equality",
        "",
        &target_refs,
        10.0,
    ));
    let mut failures = Vec::new();
    for ((target, result), node_passed) in targets.iter().zip(&env.targets).zip(&theirs) {
        if result.passed != *node_passed {
            failures.push(format!(
                "{target}: node {node_passed}, wasmeval {}",
                result.passed
            ));
        }
    }
    assert_eq!(env.targets.len(), targets.len(), "{env:?}");
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}
