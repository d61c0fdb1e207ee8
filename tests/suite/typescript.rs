//! TypeScript, its types stripped by esbuild inside wasmtime and run by the
//! JavaScript runtime, against the reference MultiPL-E uses: TypeScript's
//! own `tsc --target esnext` (npm's `typescript`, pinned) and `node`.

use crate::common;
use crate::common::node::{multiple_status, node_file};

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use wasmeval::language::Language;
use wasmeval::outcome::{Envelope, Outcome};
use wasmeval::task::Task;

/// The TypeScript compiler MultiPL-E's evaluator runs, pinned.
const TYPESCRIPT: &str = "typescript@5.9.3";

fn score(tasks: Vec<Task>) -> Vec<Envelope> {
    common::prepared("typescript");
    common::score_all(tasks)
}

/// `tsc` from the pinned package, installed once into target/tmp by npm.
fn tsc() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(TYPESCRIPT.replace('@', "-"));
        let bin = dir.join("node_modules/.bin/tsc");
        if !bin.is_file() {
            let output = Command::new("npm")
                .args(["install", "--no-audit", "--no-fund", "--prefix"])
                .arg(&dir)
                .arg(TYPESCRIPT)
                .output()
                .unwrap_or_else(|e| panic!("these tests install {TYPESCRIPT} with npm: {e}"));
            assert!(
                output.status.success() && bin.is_file(),
                "npm install {TYPESCRIPT}: {}",
                String::from_utf8_lossy(&output.stderr)
            );
        }
        bin
    })
    .clone()
}

/// MultiPL-E's TypeScript evaluator (`evaluation/src/eval_ts.py`): `tsc
/// --target esnext` (a failure is SyntaxError), then `node` on its output,
/// read as its JavaScript evaluator reads it.
fn multiple_ts_status(program: &str, timeout: Duration) -> (&'static str, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("test.ts");
    std::fs::write(&path, program).unwrap();
    let output = Command::new(tsc())
        .args(["--target", "esnext"])
        .arg(&path)
        .output()
        .unwrap();
    if !output.status.success() {
        return (
            "SyntaxError",
            String::from_utf8_lossy(&output.stdout).into_owned(),
        );
    }
    let run = node_file(&dir.path().join("test.js"), timeout);
    (multiple_status(&run), run.stderr)
}

/// What stripping keeps: enums, namespaces, parameter properties, generics
/// and casts run as TypeScript means them; a target is TypeScript too; a
/// candidate that does not strip is a syntax error with esbuild's
/// diagnostic, a test that does not strip fails its target without
/// blaming the candidate; input/output cases read stdin.
#[test]
fn stripped_typescript_runs_as_typescript_means_it() {
    let code = r#"
enum Color { Red, Green = 5, Blue }
namespace Shapes { export const sides: number = 4; }
class Point {
    constructor(private readonly x: number, public y: number) {}
    norm1(): number { return Math.abs(this.x) + Math.abs(this.y); }
}
interface Named { name: string }
function first<T>(xs: T[]): T | undefined { return xs[0]; }
function greet(who: Named): string { return `hello ${who.name}`; }
const total = <number>(Color.Blue as number) + Shapes.sides;
"#;
    let tasks = vec![
        common::lang_task(
            Language::TypeScript,
            "features",
            code,
            &[
                "const assert = require('node:assert');\nassert.deepEqual([Color.Red, Color.Blue, Color[5], total], [0, 6, 'Green', 10]);",
                "const p: Point = new Point(-3, 4);\nif (p.norm1() !== 7 || p.y !== 4) throw new Error('point');",
                "if (first<string>(['a']) !== 'a' || greet({ name: 'ts' } as Named) !== 'hello ts') throw new Error('generic');",
                "if (total !== 11) throw new Error('total is ' + total);",
                "let broken: = 1;",
            ],
            5.0,
        ),
        common::lang_task(
            Language::TypeScript,
            "syntax",
            "function add(a: number, b: number): number { return a + }\n",
            &["add(1, 2)"],
            5.0,
        ),
        Task::from_value(&serde_json::json!({
            "id": "io", "language": "ts",
            "code": "const n: number = Number(require('fs').readFileSync(0, 'utf8').trim());\nconsole.log(n * 2);",
            "input_output": {"inputs": ["21\n", "4\n"], "outputs": ["42\n", "9\n"]},
        }))
        .unwrap(),
    ];
    let envelopes = score(tasks);
    let features = &envelopes[0];
    assert_eq!(features.outcome, Outcome::AssertionFail, "{features:?}");
    let passed: Vec<bool> = features.targets.iter().map(|t| t.passed).collect();
    assert_eq!(passed, [true, true, true, false, false], "{features:?}");
    assert_eq!(
        features.targets[3].error.as_deref(),
        Some("Error: total is 10")
    );
    let error = features.targets[4].error.as_deref().unwrap();
    assert!(
        error.starts_with("SyntaxError: the test is not TypeScript")
            && error.contains("main.ts:1:"),
        "{error}"
    );
    let syntax = &envelopes[1];
    assert_eq!(syntax.outcome, Outcome::SyntaxError, "{syntax:?}");
    let detail = syntax.detail.as_deref().unwrap();
    assert!(
        detail.contains("Unexpected \"}\"") && detail.contains("main.ts:1:"),
        "{detail}"
    );
    let io = &envelopes[2];
    let passed: Vec<bool> = io.targets.iter().map(|t| t.passed).collect();
    assert_eq!(passed, [true, false], "{io:?}");
}

/// MultiPL-E `ts` files through `wasmeval eval --format multiple` (which
/// checks types with tsc inside the sandbox, as its evaluator does), each
/// program also judged as MultiPL-E's evaluator judges it, with the pinned
/// `tsc` and `node`: `multipl-e-humaneval-ts.jsonl` in the shared data directory (20
/// HumanEval problems translated by MultiPL-E's own translator, type errors
/// among the wrong completions) and `examples/multiple_ts_completions.jsonl`
/// (written for wasmeval).
#[test]
fn multiple_ts_statuses_agree_with_tsc_and_node() {
    common::prepared(wasmeval::runtime::tsc::RUNTIME);
    common::humaneval::multiple_statuses_agree(
        common::humaneval::Multiple {
            what: "MultiPL-E TypeScript (HumanEval)",
            benchmark: "multipl-e-humaneval-ts.jsonl",
            always: &[],
            example: "multiple_ts_completions.jsonl",
            timeout: "1",
            who: "tsc and node",
            expected: &[
                "OK",
                "AssertionError",
                "SyntaxError",
                "Exception",
                "Timeout",
                "ReferenceError",
            ],
        },
        |program| multiple_ts_status(program, Duration::from_secs(5)),
    );
}

/// `--ts-typecheck` and `"typecheck": true` check types first, as tsc does:
/// a type error in the code, or one the test's call makes, is a
/// syntax_error with tsc's diagnostic; well-typed code runs as stripped code
/// does, input/output cases included; without the option types are not
/// checked.
#[test]
fn typecheck_fails_type_errors_as_tsc_does() {
    common::prepared(wasmeval::runtime::tsc::RUNTIME);
    let dir = tempfile::tempdir().unwrap();
    let tasks = dir.path().join("tasks.jsonl");
    let lines = [
        r#"{"id": "typed", "language": "ts", "code": "function add(a: number, b: number): number { return a + b; }", "targets": ["declare var require: any;\nconst assert = require('node:assert');\nassert.deepEqual(add(1, 2), 3);"]}"#,
        r#"{"id": "returns-a-string", "language": "ts", "code": "function add(a: number, b: number): number { return (a + b).toFixed(0); }", "targets": ["if (add(1, 2) != 3) throw new Error('wrong');"]}"#,
        r#"{"id": "test-calls-it-wrong", "language": "ts", "code": "function add(a: number, b: number): number { return a + b; }", "targets": ["if (add('1', 2) !== '12') throw new Error('wrong');"]}"#,
        r#"{"id": "dom-name", "language": "ts", "code": "let name = 'x';\nconsole.log(name);", "input_output": {"inputs": ["", ""], "outputs": ["x\n", "x\n"]}}"#,
        r#"{"id": "cases", "language": "ts", "code": "const n: number = 6;\nconsole.log(n * 7);", "input_output": {"inputs": ["", "", ""], "outputs": ["42\n", "42\n", "42\n"]}}"#,
    ];
    std::fs::write(&tasks, lines.join("\n") + "\n").unwrap();
    let run = |extra: &[&str]| {
        let out = dir.path().join("out.jsonl");
        let mut args = vec![
            "eval",
            tasks.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
            "--quiet",
        ];
        args.extend(extra);
        let output = common::cli(&args);
        assert!(
            matches!(output.status.code(), Some(0 | 1)),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
        common::humaneval::read_jsonl(&out)
    };
    let checked = run(&["--ts-typecheck"]);
    let outcomes: Vec<(&str, &str)> = checked
        .iter()
        .map(|e| (e["id"].as_str().unwrap(), e["outcome"].as_str().unwrap()))
        .collect();
    assert_eq!(
        outcomes,
        [
            ("typed", "pass"),
            ("returns-a-string", "syntax_error"),
            ("test-calls-it-wrong", "syntax_error"),
            ("dom-name", "syntax_error"),
            ("cases", "pass"),
        ],
        "{checked:#?}"
    );
    let detail = |i: usize| {
        checked[i]["detail"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    };
    assert!(
        detail(1).contains("main.ts(1,46): error TS2322"),
        "{}",
        detail(1)
    );
    assert!(detail(2).contains("error TS2345"), "{}", detail(2));
    assert!(
        detail(3).contains("error TS2451: Cannot redeclare block-scoped variable 'name'"),
        "{}",
        detail(3)
    );
    // Unchecked, the same code runs: the string passes `!=`, the test's
    // call concatenates, `name` is the program's own.
    let stripped = run(&[]);
    for (envelope, expected) in stripped
        .iter()
        .zip(["pass", "pass", "pass", "pass", "pass"])
    {
        assert_eq!(envelope["outcome"], expected, "{envelope:#}");
    }
    // A task can ask for it itself.
    let one = dir.path().join("one.jsonl");
    std::fs::write(
        &one,
        lines[1].replace(
            r#""language": "ts","#,
            r#""language": "ts", "typecheck": true,"#,
        ) + "\n",
    )
    .unwrap();
    let out = dir.path().join("one-out.jsonl");
    common::cli(&[
        "eval",
        one.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(
        common::humaneval::read_jsonl(&out)[0]["outcome"],
        "syntax_error"
    );
}
