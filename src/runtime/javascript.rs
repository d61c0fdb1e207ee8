//! `javascript`: QuickJS-ng, a WASI preview-1 command (`qjs`), running
//! `runtimes/harness/javascript.js` from `_start` for every candidate.
//!
//! The harness gets its payload (candidate, targets, the run's secret
//! nonce) on stdin, drains it before any candidate code runs, and reports
//! in frames: writes to stdout that start with the nonce prefix (see
//! `crate::report`). JavaScript has no route from candidate code to the
//! harness's closures, where the nonce lives; the harness keeps its own
//! copies of every built-in it uses, so replacing `Array.prototype.join`
//! or `assert` cannot change what it reports.

use super::{Context, Program, Ran, Runtime, RuntimeKind, new_nonce};
use crate::fuel::{self, FuelRate};
use crate::language::Language;
use crate::report::{FrameTransport, Transport, frame_prefix};
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Exit, Io, Limits};
use anyhow::{Context as _, Result};
use futures::future::BoxFuture;
use serde_json::json;
use std::sync::Arc;

/// The guest harness, embedded at build time from its own source file.
pub const HARNESS: &str = include_str!("../../runtimes/harness/javascript.js");
/// Node's console, process, util and globals (`wasmevalNode`), pasted into
/// the harness where it says `/*@NODE@*/`.
pub const NODE: &str = include_str!("../../runtimes/harness/node.js");
/// Characters of a return value per `returned` frame (the harness cuts it so:
/// three UTF-8 bytes per UTF-16 unit at most keeps a frame under its field cap).
const RETURNED_CHUNK: usize = 320;
/// Tests of a unit-test file whose reports fit in the frame budget (a
/// `collected` and a `target` frame each); more count against the output cap.
const MAX_TESTS: usize = 1000;

/// The script `qjs -e` runs: the harness with node.js inside it.
fn script() -> &'static str {
    static SCRIPT: std::sync::LazyLock<String> =
        std::sync::LazyLock::new(|| HARNESS.replacen("/*@NODE@*/", NODE, 1));
    &SCRIPT
}

/// The `javascript` runtime.
pub struct Kind;

/// Its registry entry.
pub static KIND: Kind = Kind;

impl RuntimeKind for Kind {
    fn id(&self) -> &'static str {
        "javascript"
    }

    fn language(&self) -> Language {
        Language::JavaScript
    }

    fn rate(&self) -> FuelRate {
        fuel::JAVASCRIPT
    }

    fn prepare(&self, context: &Context<'_>) -> Result<Arc<dyn Runtime>> {
        let spec = crate::install::spec(self.id())?;
        let wasm = context
            .cache
            .ensure(&spec)
            .with_context(|| format!("installing the {} runtime", spec.id))?;
        let key = spec.sha256.clone().unwrap_or_default();
        let module =
            crate::engine::load_module(context.engine, context.cache, &spec.id, &key, &wasm)?;
        Ok(Arc::new(QuickJs {
            sandbox: CoreSandbox::new(context.engine, &module)?,
        }))
    }
}

struct QuickJs {
    sandbox: CoreSandbox,
}

impl Runtime for QuickJs {
    fn id(&self) -> &'static str {
        KIND.id()
    }

    fn language(&self) -> Language {
        Language::JavaScript
    }

    fn rate(&self) -> FuelRate {
        fuel::JAVASCRIPT
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn run<'a>(&'a self, program: Program<'a>, limits: &'a Limits) -> BoxFuture<'a, Result<Ran>> {
        Box::pin(async move {
            let nonce = new_nonce();
            let payload = json!({
                "nonce": nonce,
                "code": program.code,
                "targets": program.targets,
                "stdin": program.stdin,
                "script": program.script,
                "call": program.call.map(|c| json!({"name": c.function, "args": c.args})),
                "tests": program.tests.map(|t| json!({
                    "source": t.source, "filename": t.filename, "module": t.module,
                })),
            });
            let total = program.targets.len() + usize::from(program.call.is_some());
            // A return value travels in `returned` frames of at most
            // RETURNED_CHUNK characters (see the harness).
            let frames = total
                + limits.output_bytes / RETURNED_CHUNK
                + 1
                + if program.tests.is_some() {
                    2 * MAX_TESTS
                } else {
                    0
                };
            let io = Io {
                stdin: serde_json::to_vec(&payload).expect("payload serialises"),
                frame_prefix: frame_prefix(&nonce),
                seed: program.seed,
                // `--std` hands the harness QuickJS's `std` and `os` modules,
                // which it removes from the global scope before the
                // candidate runs.
                args: vec!["qjs".into(), "--std".into(), "-e".into(), script().into()],
                mounts: Vec::new(),
                scratch: None,
            };
            let (mut observed, frames) = self.sandbox.run(&io, limits, frames).await?;
            // This QuickJS build does not check its own stack depth: runaway
            // recursion runs the shadow stack (in linear memory) below
            // address 0 and traps as an out-of-bounds access.
            if matches!(&observed.exit, Exit::Trap(t) if t.contains("out of bounds memory access"))
            {
                observed.exit = Exit::StackOverflow;
            }
            // A test file's targets are the tests it reports.
            let report = FrameTransport { frames }.into_report(if program.tests.is_some() {
                0
            } else {
                total
            });
            Ok(Ran { observed, report })
        })
    }
}
