//! Ruby 3.4 (npm's ruby.wasm, pre-initialised into a snapshot) against
//! Debian's native `ruby` with `ruby-test-unit`.

use crate::common;
use crate::common::process::{self, Finished};

use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;

/// Debian's `ruby`, with test-unit where `require "test/unit"` finds it.
fn ruby() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let packages = &["ruby", "ruby-test-unit"];
        process::debian(
            "/usr/share/rubygems-integration/all/gems/test-unit-3.5.7/lib/test/unit.rb",
            packages,
        );
        process::debian("/usr/bin/ruby", packages)
    })
    .clone()
}

/// `ruby main.rb` natively, in a directory of its own.
fn native(program: &str, timeout: Duration) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("main.rb"), program).unwrap();
    let mut command = Command::new(ruby());
    command.arg("main.rb");
    process::run(command, dir.path(), "", timeout, "Debian's ruby")
}

/// MultiPL-E `rb` files through `wasmeval eval --format multiple`, each
/// program also judged as MultiPL-E's Ruby evaluator judges it
/// (`eval_ruby.py`: exit 0 is OK, a timeout Timeout, a failure that printed
/// nothing on stderr Exception, one that printed something SyntaxError),
/// with native `ruby`: `multipl-e-humaneval-rb.jsonl` in the shared data directory (20
/// HumanEval problems translated by MultiPL-E's own translator) and
/// `examples/multiple_rb_completions.jsonl` (written for wasmeval).
#[test]
fn multiple_rb_statuses_agree_with_native_ruby() {
    common::prepared("ruby");
    common::humaneval::multiple_statuses_agree(
        common::humaneval::Multiple {
            what: "MultiPL-E Ruby (HumanEval)",
            benchmark: "multipl-e-humaneval-rb.jsonl",
            always: &[],
            example: "multiple_rb_completions.jsonl",
            timeout: "1",
            who: "ruby",
            expected: &["OK", "Exception", "SyntaxError", "Timeout"],
        },
        |program| {
            let run = native(program, Duration::from_secs(5));
            let status = match run.code {
                None => "Timeout",
                Some(0) => "OK",
                Some(_) if run.stderr.is_empty() => "Exception",
                Some(_) => "SyntaxError",
            };
            (status, run.stderr)
        },
    );
}
