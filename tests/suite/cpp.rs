//! C and C++, compiled by clang inside wasmtime, against native g++ on this
//! machine: HumanEval-X's C++ problems (`humaneval_cpp.jsonl.gz` in the
//! shared data directory) with their canonical solutions and
//! mutants of them, contest-style input/output programs, and what a
//! program may not reach (host headers and files).

use crate::common;

use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use wasmeval::language::Language;
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::{Checks, Source, Task};

/// The shared service with the C++ toolchain prepared (once: fetching it
/// and compiling clang take a minute or two on a fresh machine).
fn prepared() {
    static PREPARED: OnceLock<()> = OnceLock::new();
    PREPARED.get_or_init(|| {
        let service = common::service();
        for runtime in ["c", "cpp"] {
            service.prepare_blocking(runtime).unwrap_or_else(|e| {
                panic!("the pinned clang toolchain must be fetchable (npm) and compile: {e:#}")
            });
        }
    });
}

fn task(language: Language, id: &str, code: &str, checks: Checks) -> Task {
    Task::new(language, Source::Code(code.to_string()), checks)
        .with_id(id)
        .with_timeout(5.0)
}

fn score(tasks: Vec<Task>) -> Vec<Envelope> {
    prepared();
    common::score_all(tasks)
}

/// The headers wasmeval's toolchain adds that Debian's g++ does not have
/// (Boost.Any, OpenSSL's MD5), alone in a directory for `-I`.
fn shim_headers() -> PathBuf {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let include = Path::new(env!("CARGO_MANIFEST_DIR")).join("runtimes/clang/include");
        for header in ["boost/any.hpp", "openssl/md5.h"] {
            let target = dir.path().join(header);
            std::fs::create_dir_all(target.parent().unwrap()).unwrap();
            std::fs::copy(include.join(header), target).unwrap();
        }
        dir
    })
    .path()
    .to_path_buf()
}

/// What a native build and run of one program gave.
#[derive(Debug)]
struct Native {
    compiled: bool,
    /// The exit status (a signal counts as 128); `None` past the timeout.
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

impl Native {
    fn passed(&self) -> bool {
        self.compiled && self.code == Some(0)
    }

    fn timed_out(&self) -> bool {
        self.compiled && self.code.is_none()
    }
}

/// Compile `source` with g++ (`-std=c++17`, or gcc `-std=gnu17` for C) and
/// run it on `stdin` with a timeout.
fn native(language: Language, source: &str, stdin: &str, timeout: Duration) -> Native {
    let dir = tempfile::tempdir().unwrap();
    let (compiler, file, std) = match language {
        Language::C => ("gcc", "main.c", "-std=gnu17"),
        _ => ("g++", "main.cpp", "-std=c++17"),
    };
    std::fs::write(dir.path().join(file), source).unwrap();
    let build = Command::new(compiler)
        .args([std, "-O2", "-I"])
        .arg(shim_headers())
        .args([file, "-o", "main", "-lm"])
        .current_dir(dir.path())
        .output()
        .unwrap_or_else(|e| panic!("these tests compare with Debian's {compiler} ({e})"));
    if !build.status.success() {
        return Native {
            compiled: false,
            code: None,
            stdout: String::new(),
            stderr: String::from_utf8_lossy(&build.stderr).into_owned(),
        };
    }
    let run = common::process::run(
        Command::new(dir.path().join("main")),
        dir.path(),
        stdin,
        timeout,
        "the program g++ built",
    );
    Native {
        compiled: true,
        code: run.code,
        stdout: run.stdout,
        stderr: run.stderr,
    }
}

/// Native runs of many programs, a few at a time.
fn natives(programs: &[(Language, String, String)]) -> Vec<Native> {
    let chunk = programs.len().div_ceil(2).max(1);
    std::thread::scope(|scope| {
        let handles: Vec<_> = programs
            .chunks(chunk)
            .map(|chunk| {
                scope.spawn(move || {
                    chunk
                        .iter()
                        .map(|(language, source, stdin)| {
                            native(*language, source, stdin, Duration::from_secs(10))
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    })
}

/// HumanEval-X's C++ file, from the shared data directory.
const HUMANEVAL_X_CPP: &str = "humaneval_cpp.jsonl.gz";

/// A wrong version of a solution: its first `+`, `<` or `==` turned into
/// something else, or, when it has none, its first `return` returning a
/// default value.
fn mutant(solution: &str) -> Option<String> {
    for (from, to) in [(" + ", " - "), (" < ", " > "), ("==", "!="), ("+", "-")] {
        if let Some(at) = solution.find(from) {
            return Some(format!(
                "{}{to}{}",
                &solution[..at],
                &solution[at + from.len()..]
            ));
        }
    }
    None
}

/// Problems that need what Debian's g++ lacks (Boost.Any, OpenSSL's MD5:
/// wasmeval's toolchain has both, and [`shim_headers`] gives g++ the same),
/// always in the sample.
const HUMANEVAL_X_CPP_ALWAYS: &[&str] = &["CPP/22", "CPP/137", "CPP/162"];

/// The canonical solutions of HumanEval-X's C++ problems, and a mutant of
/// those with an even index, through `wasmeval eval` and through g++: the same verdict
/// for each (a program passes when it compiles and exits with status 0).
/// Each compile takes seconds: `cargo test` takes the seeded sample,
/// `scripts/agree` all 164.
#[test]
fn humaneval_x_cpp_verdicts_agree_with_gpp() {
    prepared();
    let problems = common::data::lines(HUMANEVAL_X_CPP);
    assert_eq!(problems.len(), 164);
    let mut samples: Vec<(String, String)> = Vec::new();
    let mut canonical = 0;
    for (index, problem) in problems.iter().enumerate() {
        let id = problem["task_id"].as_str().unwrap().to_string();
        if !common::data::sampled(&id, HUMANEVAL_X_CPP_ALWAYS) {
            continue;
        }
        let solution = problem["canonical_solution"].as_str().unwrap();
        samples.push((id.clone(), solution.to_string()));
        canonical += 1;
        if index % 2 == 0
            && let Some(wrong) = mutant(solution)
        {
            samples.push((id, wrong));
        }
    }
    let mutants = samples.len() - canonical;
    let dir = tempfile::tempdir().unwrap();
    let problems_path = common::data::path(HUMANEVAL_X_CPP);
    let samples_path = dir.path().join("samples.jsonl");
    common::humaneval::write_samples(&samples_path, &samples);
    let out = dir.path().join("results.jsonl");
    let output = common::cli(&[
        "eval",
        "--problems",
        problems_path.to_str().unwrap(),
        samples_path.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(
        matches!(output.status.code(), Some(0 | 1)),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let ours = common::humaneval::read_jsonl(&out);
    assert_eq!(ours.len(), samples.len());
    let by_id: std::collections::HashMap<&str, &Value> = problems
        .iter()
        .map(|p| (p["task_id"].as_str().unwrap(), p))
        .collect();
    let programs: Vec<(Language, String, String)> = samples
        .iter()
        .map(|(id, completion)| {
            let problem = by_id[id.as_str()];
            let program = format!(
                "{}{completion}\n{}",
                problem["prompt"].as_str().unwrap(),
                problem["test"].as_str().unwrap()
            );
            (Language::Cpp, program, String::new())
        })
        .collect();
    let theirs = natives(&programs);
    let mut disagreements = Vec::new();
    let (mut passed, mut failed) = (0, 0);
    for (((id, _), mine), native) in samples.iter().zip(&ours).zip(&theirs) {
        let ours_passed = mine["passed"] == true;
        if ours_passed {
            passed += 1;
        } else {
            failed += 1;
        }
        if ours_passed != native.passed() {
            disagreements.push(format!(
                "{id}: g++ {} (compiled {}, status {:?}, {:?}), wasmeval {} {:?}",
                native.passed(),
                native.compiled,
                native.code,
                native.stderr.chars().take(300).collect::<String>(),
                mine["result"],
                mine["detail"],
            ));
        }
    }
    common::data::report(
        "HumanEval-X C++ (canonical and mutants)",
        "g++",
        samples.len() - disagreements.len(),
        samples.len(),
    );
    assert!(disagreements.is_empty(), "\n{}", disagreements.join("\n"));
    // Every canonical solution passes, and the mutants exercise failures:
    // most fail.
    assert!(passed >= canonical, "{passed} passed");
    assert!(
        mutants >= 5 && failed * 2 >= mutants,
        "{failed} of {mutants} mutants failed"
    );
}

/// A contest-style program (`<bits/stdc++.h>`, fast I/O, a big global
/// array, deep recursion) and wrong or crashing versions of it, on
/// input/output cases whose expected output is the native program's: the
/// same verdict per case, and the same output.
#[test]
fn contest_programs_agree_with_native_runs() {
    let right = r#"#include <bits/stdc++.h>
using namespace std;
static long long prefix[2000001];
int depth(int n) { return n == 0 ? 0 : 1 + depth(n - 1); }
int main() {
    ios::sync_with_stdio(false);
    cin.tie(nullptr);
    int n;
    cin >> n;
    vector<long long> a(n);
    for (auto &x : a) cin >> x;
    for (int i = 0; i < n; i++) prefix[i + 1] = prefix[i] + a[i];
    sort(a.begin(), a.end());
    cout << prefix[n] << ' ' << a.front() << ' ' << a.back() << ' ' << __gcd(12, 18) << ' '
         << depth(100000) << '\n';
}
"#;
    let wrong = right.replace("prefix[i] + a[i]", "prefix[i] + a[i] % 7");
    // (A write through a null pointer does not trap in WebAssembly, where
    // address 0 is memory: docs/guide.md says so. One far out of bounds does.)
    let crashing = right.replace(
        "for (auto &x : a) cin >> x;",
        "for (auto &x : a) cin >> x;\n    if (n > 3) *(volatile char *)0xfffffff0u = 1;",
    );
    let mut inputs = vec!["3\n5 -2 9\n".to_string(), "1\n42\n".to_string()];
    let big: Vec<String> = (0..200_000)
        .map(|i| ((i * 7919) % 100_003).to_string())
        .collect();
    inputs.push(format!("{}\n{}\n", big.len(), big.join(" ")));
    let expected: Vec<String> = inputs
        .iter()
        .map(|input| {
            let run = native(Language::Cpp, right, input, Duration::from_secs(10));
            assert!(run.passed(), "{run:?}");
            run.stdout
        })
        .collect();
    let cases = json!({"inputs": inputs, "outputs": expected});
    let tasks: Vec<Task> = [
        ("right", right.to_string()),
        ("wrong", wrong),
        ("crashing", crashing),
    ]
    .into_iter()
    .map(|(id, code)| {
        let mut value = json!({"id": id, "language": "cpp", "code": code, "input_output": cases});
        value["timeout_s"] = json!(10);
        Task::from_value(&value).unwrap()
    })
    .collect();
    let envelopes = score(tasks.clone());
    for (task, envelope) in tasks.iter().zip(&envelopes) {
        let Source::Code(code) = &task.source else {
            unreachable!()
        };
        for (index, input) in inputs.iter().enumerate() {
            let run = native(Language::Cpp, code, input, Duration::from_secs(10));
            let native_passed = run.passed() && run.stdout == expected[index];
            assert_eq!(
                envelope.targets[index].passed, native_passed,
                "{:?} case {index}: native {run:?}; wasmeval {envelope:?}",
                task.id
            );
        }
    }
    assert_eq!(envelopes[0].outcome, Outcome::Pass, "{:?}", envelopes[0]);
    assert_eq!(envelopes[1].outcome, Outcome::AssertionFail);
    assert_eq!(
        envelopes[2].error_kind,
        Some(ErrorKind::Trap),
        "{:?}",
        envelopes[2]
    );
    assert!(
        envelopes[2]
            .detail
            .as_deref()
            .unwrap_or("")
            .contains("segmentation fault"),
        "{:?}",
        envelopes[2].detail
    );
    // The cases of a task compile its program once: only the first case
    // pays for the compile.
    assert!(envelopes[0].passed == 3);
}

/// C++ exceptions as g++ runs them: thrown and caught through frames with
/// destructors, thrown by the library (`at`, `stoi`, `substr`, `optional`,
/// `any_cast`, `regex`, iostreams with exceptions on, a length past
/// `max_size`), rethrown, stored in an `exception_ptr`, nested, and thrown
/// from a constructor. Each program prints what it caught; its stdout and
/// exit status must be native g++'s.
#[test]
fn exceptions_behave_as_natively() {
    let programs = [
        r#"#include <cstdio>
#include <stdexcept>
struct Guard { int n; ~Guard() { std::printf("unwound %d\n", n); } };
int dive(int d) { Guard g{d}; if (d == 0) throw std::out_of_range("bottom"); return dive(d - 1) + 1; }
int main() {
    try { dive(4); } catch (const std::logic_error &e) { std::printf("caught %s\n", e.what()); }
    try { throw 7; } catch (long) { std::puts("wrong"); } catch (int x) { std::printf("int %d\n", x); }
}
"#,
        r#"#include <bits/stdc++.h>
using namespace std;
template <class F> void expect(const char *what, F f) {
    try { f(); cout << what << ": no throw\n"; }
    catch (const exception &e) { cout << what << ": " << (dynamic_cast<const logic_error *>(&e) ? "logic" : "other") << "\n"; }
}
int main() {
    expect("vector::at", [] { vector<int> v(3); (void)v.at(3); });
    expect("map::at", [] { map<int, int> m; (void)m.at(1); });
    expect("substr", [] { string s = "abc"; (void)s.substr(4); });
    expect("stoi", [] { (void)stoi("x1"); });
    expect("stoll range", [] { (void)stoll("99999999999999999999"); });
    expect("stod", [] { (void)stod(""); });
    expect("optional", [] { optional<int> o; (void)o.value(); });
    expect("any_cast", [] { any a = 1; (void)any_cast<string>(a); });
    expect("variant", [] { variant<int, string> v = 1; (void)get<string>(v); });
    expect("function", [] { function<int()> f; (void)f(); });
    expect("regex", [] { regex r("(a"); });
    expect("reserve", [] { vector<long long> v; v.reserve(v.max_size() + 1); });
    expect("bitset", [] { bitset<100> b; b.set(); (void)b.to_ulong(); });
    expect("none", [] { vector<int> v(3); (void)v.at(2); });
}
"#,
        r#"#include <bits/stdc++.h>
using namespace std;
struct Part { string name; Part(string n) : name(n) { if (n == "bad") throw invalid_argument("bad part"); cout << "built " << n << "\n"; } ~Part() { cout << "freed " << name << "\n"; } };
struct Whole { Part a, b; Whole() : a("good"), b("bad") {} };
int main() {
    try { Whole w; } catch (const invalid_argument &e) { cout << "constructor threw: " << e.what() << "\n"; }
    exception_ptr kept;
    try { throw runtime_error("kept"); } catch (...) { kept = current_exception(); }
    try { rethrow_exception(kept); } catch (const runtime_error &e) { cout << "rethrown " << e.what() << "\n"; }
    try {
        try { throw out_of_range("inner"); }
        catch (...) { throw_with_nested(runtime_error("outer")); }
    } catch (const runtime_error &e) {
        cout << e.what() << "\n";
        try { rethrow_if_nested(e); } catch (const out_of_range &inner) { cout << "nested " << inner.what() << "\n"; }
    }
    try { try { throw 1; } catch (int) { cout << "once\n"; throw; } } catch (int) { cout << "twice\n"; }
}
"#,
        r#"#include <bits/stdc++.h>
using namespace std;
int main() {
    cin.exceptions(ios::failbit);
    long long total = 0, x;
    try { while (true) { cin >> x; total += x; } }
    catch (const ios_base::failure &) { cout << "read " << total << "\n"; }
}
"#,
    ];
    let stdin = "1 2 3 four\n";
    let expected: Vec<String> = programs
        .iter()
        .map(|code| {
            let run = native(Language::Cpp, code, stdin, Duration::from_secs(10));
            assert!(run.passed(), "g++ must build and run it: {run:?}");
            run.stdout
        })
        .collect();
    let tasks: Vec<Task> = programs
        .iter()
        .zip(&expected)
        .enumerate()
        .map(|(i, (code, stdout))| {
            let value = json!({
                "id": format!("exceptions-{i}"),
                "language": "cpp",
                "code": code,
                "input_output": {"inputs": [stdin], "outputs": [stdout]},
                "timeout_s": 10,
            });
            Task::from_value(&value).unwrap()
        })
        .collect();
    for (envelope, stdout) in score(tasks).iter().zip(&expected) {
        assert_eq!(envelope.outcome, Outcome::Pass, "{envelope:?}");
        assert_eq!(&envelope.stdout, stdout, "{envelope:?}");
    }
}

/// What a C or C++ program sees of the host: nothing. No host header can
/// be included (the compiler sees only the sysroot, wasmeval's headers and
/// the program), and the program itself has no files at all.
#[test]
fn programs_cannot_reach_host_files() {
    let secret_dir = tempfile::tempdir().unwrap();
    let secret = secret_dir.path().join("secret.h");
    std::fs::write(&secret, "int leaked = 1;\n").unwrap();
    let secret = secret.to_str().unwrap().to_string();
    let includes = [
        format!("#include \"{secret}\"\nint main() {{ return leaked; }}\n"),
        "#include </etc/passwd>\nint main() {}\n".to_string(),
        "#include \"../../../../../../etc/hostname\"\nint main() {}\n".to_string(),
        "#include </proc/self/environ>\nint main() {}\n".to_string(),
        // Debian's own headers are not the sysroot's.
        "#include <linux/limits.h>\nint main() {}\n".to_string(),
    ];
    let mut tasks: Vec<Task> = includes
        .iter()
        .enumerate()
        .map(|(i, code)| {
            task(
                Language::Cpp,
                &format!("include-{i}"),
                code,
                Checks::Assertions(vec![String::new()]),
            )
        })
        .collect();
    let reader = format!(
        r#"#include <stdio.h>
#include <dirent.h>
int main() {{
    const char *paths[] = {{"{secret}", "/etc/passwd", "/proc/self/environ", "/usr/include/stdio.h", "/tmp/main.c", "main.c", "/"}};
    for (int i = 0; i < 7; i++) {{
        FILE *f = fopen(paths[i], "r");
        if (f) {{ printf("opened %s\n", paths[i]); return 1; }}
    }}
    if (opendir("/") || opendir(".")) {{ puts("listed a directory"); return 1; }}
    FILE *w = fopen("/tmp/out.txt", "w");
    if (w) {{ puts("wrote a file"); return 1; }}
    puts("nothing");
    return 0;
}}
"#
    );
    tasks.push(task(
        Language::C,
        "reader",
        &reader,
        Checks::Assertions(vec![String::new()]),
    ));
    let envelopes = score(tasks);
    for envelope in &envelopes[..includes.len()] {
        assert_eq!(envelope.outcome, Outcome::SyntaxError, "{envelope:?}");
        assert!(
            envelope
                .detail
                .as_deref()
                .map(|detail| detail.contains("not found") || detail.contains("not permitted"))
                .unwrap_or(false),
            "{envelope:?}"
        );
    }
    let reader = envelopes.last().unwrap();
    assert_eq!(reader.outcome, Outcome::Pass, "{reader:?}");
    assert_eq!(reader.stdout, "nothing\n");
}

/// How a C++ program ends, as the envelope tells it: a compile error (the
/// compiler's diagnostics), a link error, a failed assert, an exception
/// caught, one nothing catches (named, as libc++abi names it) and one that
/// leaves a `noexcept` function (std::terminate), an exit status a native
/// process could have (200 included), an endless loop, and a runaway
/// allocation.
/// A case of [`how_a_program_ends_is_its_verdict`]: id, code, test, and
/// the outcome, error kind and a piece of the detail or stderr expected.
type Ending = (
    &'static str,
    String,
    &'static str,
    Outcome,
    Option<ErrorKind>,
    &'static str,
);

#[test]
fn how_a_program_ends_is_its_verdict() {
    let add = "#include <cassert>\n#include <cstdlib>\nint add(int a, int b) { return a + b; }\n";
    let cases: Vec<Ending> = vec![
        (
            "pass",
            add.into(),
            "int main() { assert(add(1, 2) == 3); }",
            Outcome::Pass,
            None,
            "",
        ),
        (
            "assert",
            add.into(),
            "int main() { assert(add(1, 2) == 4); }",
            Outcome::AssertionFail,
            None,
            "Assertion failed: add(1, 2) == 4",
        ),
        (
            "syntax",
            "int add(int a, int b) { return a + b }\n".into(),
            "int main() {}",
            Outcome::SyntaxError,
            None,
            "expected ';' after return statement",
        ),
        (
            "link",
            "int add(int a, int b);\n".into(),
            "int main() { return add(1, 2); }",
            Outcome::SyntaxError,
            None,
            "undefined symbol: add(int, int)",
        ),
        (
            "throw-caught",
            "#include <stdexcept>\nint f() { throw std::out_of_range(\"no\"); }\n".into(),
            "int main() { try { f(); } catch (const std::out_of_range &) { return 0; } return 1; }",
            Outcome::Pass,
            None,
            "",
        ),
        (
            "throw-uncaught",
            "#include <stdexcept>\nint f() { throw std::out_of_range(\"no\"); }\n".into(),
            "int main() { return f(); }",
            Outcome::AssertionFail,
            None,
            "terminating due to uncaught exception of type std::out_of_range: no",
        ),
        (
            "throw-through-noexcept",
            "#include <stdexcept>\nvoid f() noexcept { throw std::runtime_error(\"x\"); }\n".into(),
            "int main() { try { f(); } catch (...) {} return 0; }",
            Outcome::AssertionFail,
            None,
            "exit status 134",
        ),
        (
            "exit-200",
            add.into(),
            "int main() { exit(200); }",
            Outcome::AssertionFail,
            None,
            "exited with status 200",
        ),
        (
            "loop",
            add.into(),
            "int main() { volatile unsigned x = 0; for (;;) x++; }",
            Outcome::Timeout,
            None,
            "fuel budget",
        ),
        (
            "memory",
            "#include <vector>\n#include <cstdio>\n".into(),
            "int main() { std::vector<char*> v; for (;;) { char *p = new char[1 << 20]; p[0] = 1; v.push_back(p); } }",
            Outcome::Error,
            Some(ErrorKind::Memory),
            "memory cap",
        ),
    ];
    let tasks: Vec<Task> = cases
        .iter()
        .map(|(id, code, target, ..)| {
            task(
                Language::Cpp,
                id,
                code,
                Checks::Assertions(vec![target.to_string()]),
            )
        })
        .collect();
    let envelopes = score(tasks);
    for ((id, _, _, outcome, kind, detail), envelope) in cases.iter().zip(&envelopes) {
        assert_eq!(envelope.outcome, *outcome, "{id}: {envelope:?}");
        assert_eq!(envelope.error_kind, *kind, "{id}: {envelope:?}");
        let text = format!(
            "{} {}",
            envelope.detail.as_deref().unwrap_or(""),
            envelope.stderr
        );
        assert!(text.contains(detail), "{id}: {detail:?} not in {text:?}");
    }
}

/// MultiPL-E's C++ evaluator (`evaluation/src/eval_cpp.py`): a build that
/// fails is SyntaxError; a run past the timeout Timeout, one that exits
/// non-zero Exception, else OK. MultiPL-E `cpp` files through `wasmeval eval
/// --format multiple`, each program also built and run by g++ here:
/// `multipl-e-humaneval-cpp.jsonl` in the shared data directory (20 HumanEval problems
/// translated by MultiPL-E's own translator) and
/// `examples/multiple_cpp_completions.jsonl` (written for wasmeval).
#[test]
fn multiple_cpp_statuses_agree_with_gpp() {
    prepared();
    common::humaneval::multiple_statuses_agree(
        common::humaneval::Multiple {
            what: "MultiPL-E C++ (HumanEval)",
            benchmark: "multipl-e-humaneval-cpp.jsonl",
            always: &[],
            example: "multiple_cpp_completions.jsonl",
            timeout: "5",
            who: "g++",
            expected: &["OK", "SyntaxError", "Exception", "Timeout"],
        },
        |program| {
            let native = native(Language::Cpp, program, "", Duration::from_secs(5));
            let status = if !native.compiled {
                "SyntaxError"
            } else if native.timed_out() {
                "Timeout"
            } else if native.code != Some(0) {
                "Exception"
            } else {
                "OK"
            };
            (status, native.stderr)
        },
    );
}
