//! Checkers (special judges): a problem with many right answers judged by
//! the task's own program, in Python and in C++ with the pinned
//! `testlib.h`, run in its own instance after the candidate's run.

use crate::common;

use serde_json::{Value, json};
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;

/// "Print two non-negative integers whose sum is n": the reference answer
/// is one of many right ones.
fn cases() -> Value {
    json!({"inputs": ["5\n", "10\n", "0\n"], "outputs": ["2 3\n", "5 5\n", "0 0\n"]})
}

const TESTLIB_CHECKER: &str = r#"#include "testlib.h"
int main(int argc, char* argv[]) {
    registerTestlibCmd(argc, argv);
    long long n = inf.readLong();
    long long a = ouf.readLong(), b = ouf.readLong();
    if (a < 0 || b < 0) quitf(_wa, "a negative part: %lld %lld", a, b);
    if (a + b != n) quitf(_wa, "%lld + %lld is not %lld", a, b, n);
    ans.readLong();
    quitf(_ok, "n = %lld", n);
}
"#;

const PYTHON_CHECKER: &str = r#"import sys
with open(sys.argv[1]) as f:
    n = int(f.read())
with open(sys.argv[2]) as f:
    words = f.read().split()
with open(sys.argv[3]) as f:
    f.read()
if len(words) != 2 or not all(w.lstrip("-").isdigit() for w in words):
    print("expected two integers, got %r" % words, file=sys.stderr)
    sys.exit(2)
a, b = map(int, words)
if a < 0 or b < 0 or a + b != n:
    print("%d + %d is not %d" % (a, b, n), file=sys.stderr)
    sys.exit(1)
"#;

fn task(language: &str, code: &str, checker: Value) -> Task {
    let line = json!({
        "id": "sum",
        "language": language,
        "code": code,
        "input_output": cases(),
        "checker": checker,
    });
    Task::from_value(&line).unwrap_or_else(|e| panic!("{line}: {e}"))
}

fn checkers() -> [(&'static str, Value); 2] {
    [
        (
            "c++ with testlib.h",
            json!({"language": "cpp", "code": TESTLIB_CHECKER}),
        ),
        (
            "python",
            json!({"language": "python", "code": PYTHON_CHECKER}),
        ),
    ]
}

fn summary(env: &Envelope) -> String {
    format!(
        "{:?}/{:?} {}/{} {:?}",
        env.outcome, env.error_kind, env.passed, env.total, env.detail
    )
}

/// A right answer that is not the reference's passes; a wrong one, a
/// malformed one and a missing one fail as testlib says (wrong answer,
/// presentation error), with the checker's words; in Python and C++
/// candidates alike.
#[test]
fn a_checker_accepts_any_right_answer_and_refuses_wrong_ones() {
    let candidates = [
        // (language, code, passed cases, words of the first failure)
        ("python", "n = int(input())\nprint(0, n)", 3, ""),
        ("python", "n = int(input())\nprint(n, 0)", 3, ""),
        (
            "python",
            "n = int(input())\nprint(n // 2, n - n // 2)",
            3,
            "",
        ),
        (
            "python",
            "n = int(input())\nprint(1, n)",
            0,
            "wrong answer (checker)",
        ),
        (
            "python",
            "n = int(input())\nprint(n + 1, -1)",
            0,
            "wrong answer (checker)",
        ),
        (
            "python",
            "n = int(input())\nprint(n)",
            0,
            "presentation error (checker)",
        ),
        (
            "python",
            "print('two numbers')",
            0,
            "presentation error (checker)",
        ),
        (
            "cpp",
            "#include <cstdio>\nint main(){long long n;scanf(\"%lld\",&n);printf(\"%lld 0\\n\",n);}",
            3,
            "",
        ),
        (
            "cpp",
            "#include <cstdio>\nint main(){long long n;scanf(\"%lld\",&n);printf(\"%lld 1\\n\",n);}",
            0,
            "wrong answer (checker)",
        ),
    ];
    let mut tasks = Vec::new();
    let mut expected = Vec::new();
    for (name, checker) in checkers() {
        for (language, code, passed, words) in candidates {
            tasks.push(task(language, code, checker.clone()));
            expected.push((name, language, code, passed, words));
        }
    }
    let envelopes = common::score_all(tasks);
    let mut wrong = Vec::new();
    for ((checker, language, code, passed, words), env) in expected.iter().zip(&envelopes) {
        let outcome = if *passed == 3 {
            Outcome::Pass
        } else {
            Outcome::AssertionFail
        };
        let said = env.targets.iter().filter_map(|t| t.error.clone()).next();
        let right = env.outcome == outcome
            && env.error_kind.is_none()
            && env.passed == *passed
            && env.score == *passed as f64 / 3.0
            && said.as_deref().unwrap_or("").starts_with(words);
        if !right {
            wrong.push(format!(
                "{checker} on {language} {code:?}: {}",
                summary(env)
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    // testlib's own words reach the envelope.
    let testlib_wrong = &envelopes[3];
    assert_eq!(
        testlib_wrong.targets[0].error.as_deref(),
        Some("wrong answer (checker): wrong answer 1 + 5 is not 5"),
        "{}",
        summary(testlib_wrong)
    );
}

/// A checker that fails (raises, aborts, exits with testlib's `fail`,
/// loops past its budget, does not compile) is the task's error,
/// `error` / `checker_error`, never the candidate's pass, and it ends the
/// task at the first case: every other case would meet it too.
#[test]
fn a_failing_checker_is_the_tasks_error_never_a_pass() {
    let right = "n = int(input())\nprint(0, n)";
    let broken = [
        (
            json!({"language": "python", "code": "import sys\nraise ValueError('the checker is broken')"}),
            "it raised ValueError: the checker is broken",
        ),
        (
            json!({"language": "python", "code": "while True:\n    pass", "timeout": 1}),
            "it ran out of its budget (1 s)",
        ),
        (
            json!({"language": "cpp", "code": "#include \"testlib.h\"\nint main(int argc, char* argv[]) {\n    registerTestlibCmd(argc, argv);\n    quitf(_fail, \"the jury's answer is inconsistent\");\n}\n"}),
            "it exited with status 3: FAIL the jury's answer is inconsistent",
        ),
        (
            json!({"language": "cpp", "code": "#include <cstdlib>\nint main() { abort(); }"}),
            "it exited with status 134",
        ),
        (
            json!({"language": "cpp", "code": "int main() { return undeclared; }"}),
            "it does not compile",
        ),
        (
            json!({"language": "python", "code": "import sys\nsys.exit(0 if len(sys.argv) == 3 else 7)"}),
            "it exited with status 7",
        ),
    ];
    let tasks = broken
        .iter()
        .map(|(checker, _)| task("python", right, checker.clone()))
        .collect();
    let envelopes = common::score_all(tasks);
    let mut wrong = Vec::new();
    for ((checker, words), env) in broken.iter().zip(&envelopes) {
        let detail = env.detail.as_deref().unwrap_or("");
        let right = env.outcome == Outcome::Error
            && env.error_kind == Some(ErrorKind::CheckerError)
            && env.passed == 0
            && env.score == 0.0
            && detail.contains("the task's checker failed: ")
            && detail.contains(words)
            && env.targets[1..]
                .iter()
                .all(|t| !t.passed && t.error.as_deref().is_some_and(|e| e.contains(words)));
        if !right {
            wrong.push(format!(
                "{}: {} (wanted {words:?})",
                checker["code"],
                summary(env)
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
}

/// The candidate never reaches the checker: it runs first, in another
/// instance, with no files (the checker's files are not there to read or
/// write), and only its stdout becomes the checker's output file; what it
/// writes to stderr, or its exit, does not speak for the checker.
#[test]
fn a_candidate_cannot_reach_the_checker() {
    let attempts = [
        // Read the jury's answer, or plant one.
        "print(open('/tmp/answer.txt').read())",
        "open('/tmp/answer.txt', 'w').write('0 0')\nprint('0 0')",
        "import os\nprint(os.listdir('/tmp'))",
        // Speak as testlib would, or exit as an accepting checker does.
        "import sys\nsys.stderr.write('ok 2 numbers\\n')\nsys.exit(0)",
        "print('ok')",
        // Output the checker's own way of accepting, or nothing at all.
        "import sys\nsys.stdout.write('\\x00')",
    ];
    let checker = json!({"language": "python", "code": PYTHON_CHECKER});
    let tasks = attempts
        .iter()
        .map(|code| task("python", code, checker.clone()))
        .collect();
    let envelopes = common::score_all(tasks);
    for (code, env) in attempts.iter().zip(&envelopes) {
        assert!(
            env.passed == 0 && env.score == 0.0 && env.outcome != Outcome::Pass,
            "{code:?}: {}",
            summary(env)
        );
        assert_ne!(env.error_kind, Some(ErrorKind::CheckerError), "{code:?}");
    }
}

#[test]
fn bad_checker_fields_name_the_problem() {
    for (checker, expected) in [
        (json!("int main(){}"), "\"checker\" must be an object"),
        (
            json!({"language": "ruby", "code": "x"}),
            "\"cpp\", \"c\" or \"python\"",
        ),
        (json!({"language": "cpp"}), "\"checker\" has no \"code\""),
    ] {
        let line = json!({"code": "x", "input_output": cases(), "checker": checker});
        let err = Task::from_value(&line).unwrap_err();
        assert!(err.message.contains(expected), "{line}: {}", err.message);
    }
    let both = json!({"code": "x", "input_output": cases(), "judge": "tokens",
        "checker": {"language": "python", "code": "pass"}});
    let err = Task::from_value(&both).unwrap_err();
    assert!(err.message.contains("give one"), "{}", err.message);
    let call = json!({"code": "x", "input_output": {"inputs": [[1]], "outputs": [1], "fn_name": "f"},
        "checker": {"language": "python", "code": "pass"}});
    let err = Task::from_value(&call).unwrap_err();
    assert!(
        err.message.contains("these cases call f()"),
        "{}",
        err.message
    );
}
