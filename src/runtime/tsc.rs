//! TypeScript's own type checker, `tsc --target esnext` (what MultiPL-E's
//! TypeScript evaluator runs before `node`), inside QuickJS in wasmtime:
//! the `typescript-checked` runtime checks a program with it before it
//! strips and runs it as the `typescript` runtime does.
//!
//! **The checker (once per machine, on first use).** npm's `typescript`
//! package (pinned in `runtimes/manifest.json` by its tarball's SHA-256)
//! gives `lib/typescript.js` (the compiler, 9 MB of JavaScript) and the
//! `lib/lib.*.d.ts` declarations. The `javascript` runtime's QuickJS
//! reactor is instrumented with Wizer, started on
//! `runtimes/typescript/check.js` with those files mounted at `/ts` (the
//! only files it ever sees), and snapshotted once the compiler is loaded
//! and the default libraries of `--target esnext` are parsed and bound by
//! one check of an empty program: seconds of work a check no longer does.
//!
//! **A check** is a fresh instance of that snapshot on the compilers'
//! engine ([`crate::engine::compiler_engine`]) with a budget of its own
//! ([`CHECK_FUEL`], [`CHECK_MEMORY_BYTES`]): the program on stdin, no files,
//! no clock but the virtual one. It prints tsc's diagnostics and exits with
//! tsc's status (0 without errors, 2 with).

use super::snapshot::c_string;
use crate::fuel;
use crate::install::Cache;
use crate::sandbox::core::CoreSandbox;
use crate::sandbox::{Exit, Io, Limits};
use anyhow::{Context as _, Result, bail};
use std::hash::Hash;
use std::path::Path;

/// The runtime's id in the manifest (the `typescript` package's pin).
pub const RUNTIME: &str = "typescript-checked";
/// Bumped when the build procedure changes in a way the inputs do not show.
const BUILD_VERSION: &str = "tsc-1";
/// The checker, embedded at build time from its own source file.
const SCRIPT: &str = include_str!("../../runtimes/typescript/check.js");
/// QuickJS's functions the host calls.
const EXPORTS: &[(&str, &str)] = &[("JS_Eval", "wasmeval_eval")];
/// What the host evaluates in a fresh instance.
const CHECK: &[u8] = b"wasmevalCheck()";
/// Fuel one check may burn: about 20 s of QuickJS, some 150 times what a
/// benchmark's program takes to check (4e8, 0.1-0.15 s).
pub const CHECK_FUEL: u64 = 60_000_000_000;
/// Linear memory a check may use (the snapshot's heap included).
const CHECK_MEMORY_BYTES: usize = 2 << 30;
/// Diagnostics one check may write.
const CHECK_OUTPUT_BYTES: usize = 1 << 20;

/// What checking a program found.
#[derive(Debug, Clone)]
pub enum Checked {
    /// No errors.
    Clean,
    /// tsc's error diagnostics.
    Errors(String),
    /// The check ran out of its own budget (what ran out, in words).
    Stopped(String),
}

/// tsc, snapshotted, ready to check.
pub struct Checker {
    sandbox: CoreSandbox,
}

impl Checker {
    /// Fetch and build the checker (once per machine) and load it.
    pub fn prepare(cache: &Cache) -> Result<Checker> {
        let spec = crate::install::spec(RUNTIME)?;
        let javascript = crate::install::spec("javascript")?;
        let key = {
            let mut hasher = crate::engine::ShaHasher::new();
            spec.build_key(BUILD_VERSION).hash(&mut hasher);
            javascript.sha256.hash(&mut hasher);
            SCRIPT.hash(&mut hasher);
            EXPORTS.hash(&mut hasher);
            crate::install::hex(&hasher.finish_sha())
        };
        let dir = cache.runtimes_dir().join(format!("tsc-{}", &key[..16]));
        cache
            .build_into(
                "build-tsc",
                &dir,
                |dir| dir.join("checker.wasm").is_file(),
                |staging| {
                    let tarball = cache.tarball(&spec)?;
                    let ts = staging.join("ts");
                    unpack_lib(&tarball, &ts)
                        .with_context(|| format!("unpacking {}", tarball.display()))?;
                    let reactor = cache
                        .ensure(&javascript)
                        .context("installing the javascript runtime's QuickJS")?;
                    tracing::info!(
                        "building TypeScript's checker (once per machine; cached in {})",
                        dir.display()
                    );
                    let base = std::fs::read(&reactor)
                        .with_context(|| format!("reading {}", reactor.display()))?;
                    let checker = crate::block_on(build(base, ts.clone()))?;
                    spec.check_built("checker snapshot", &checker)?;
                    let out = staging.join("out");
                    std::fs::create_dir_all(&out)?;
                    std::fs::write(out.join("checker.wasm"), checker)?;
                    Ok(out)
                },
            )
            .context("building TypeScript's checker")?;
        let engine = crate::engine::compiler_engine()?;
        let module =
            crate::engine::load_module(&engine, cache, "tsc", &key, &dir.join("checker.wasm"))?;
        Ok(Checker {
            sandbox: CoreSandbox::new(&engine, &module)?,
        })
    }

    /// Check `source` as `main.ts` in a fresh instance.
    pub async fn check(&self, source: &str) -> Result<Checked> {
        let io = Io {
            stdin: source.as_bytes().to_vec(),
            args: vec!["qjs".into()],
            ..Io::default()
        };
        let limits = Limits {
            fuel: CHECK_FUEL,
            rate: fuel::NATIVE,
            wall: fuel::STALL,
            memory_bytes: CHECK_MEMORY_BYTES,
            output_bytes: CHECK_OUTPUT_BYTES,
        };
        let mut returned = false;
        let (observed, _) = self
            .sandbox
            .run(&io, &limits, 0, async |session| {
                let Ok(context) = session.call::<(), i32>("qjs_get_context", ()).await? else {
                    return Ok(());
                };
                let at = c_string(session, CHECK).await?;
                let name = c_string(session, b"<wasmeval>").await?;
                let len = CHECK.len() as i32;
                returned = session
                    .call::<(i32, i32, i32, i32, i32), i64>(
                        "wasmeval_eval",
                        (context, at, len, name, 0),
                    )
                    .await?
                    .is_ok();
                Ok(())
            })
            .await?;
        tracing::debug!(
            "tsc checked {} bytes with {} fuel in {:?}",
            source.len(),
            observed.fuel_used,
            observed.wall
        );
        let printed = String::from_utf8_lossy(&observed.stdout);
        if returned {
            bail!("TypeScript's checker returned instead of exiting");
        }
        match &observed.exit {
            Exit::Exited(0) => Ok(Checked::Clean),
            Exit::Exited(2) => Ok(Checked::Errors(first_errors(&printed))),
            Exit::OutOfFuel => Ok(Checked::Stopped(format!(
                "TypeScript's checker ran out of its budget ({CHECK_FUEL} fuel)"
            ))),
            Exit::WallBackstop => Ok(Checked::Stopped(
                "TypeScript's checker made no progress".into(),
            )),
            _ if observed.memory_refused => Ok(Checked::Stopped(format!(
                "TypeScript's checker ran out of its memory ({} MiB)",
                CHECK_MEMORY_BYTES >> 20
            ))),
            // Anything else the checker did on the candidate's source (a
            // stack overflow on deep nesting, its output cap) is that
            // source's doing.
            other => Ok(Checked::Stopped(super::whole::with_tail(
                format!("TypeScript's checker stopped on this source ({other:?})"),
                printed.as_bytes(),
            ))),
        }
    }
}

/// The first error diagnostics tsc printed (each may span lines).
fn first_errors(printed: &str) -> String {
    const KEPT: usize = 5;
    let mut kept: Vec<&str> = Vec::new();
    let mut errors = 0;
    for line in printed.lines() {
        if line.contains(": error TS") {
            if errors == KEPT {
                break;
            }
            errors += 1;
        }
        if errors > 0 {
            kept.push(line);
        }
    }
    kept.join("\n")
}

/// `package/lib/typescript.js` and every `package/lib/lib.*.d.ts` of the
/// tarball, into `to`.
fn unpack_lib(tarball: &Path, to: &Path) -> Result<()> {
    std::fs::create_dir_all(to)?;
    let file = std::fs::File::open(tarball)?;
    let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
    let mut found = 0;
    for entry in archive.entries()? {
        let mut entry = entry?;
        let path = entry.path()?.to_string_lossy().into_owned();
        let Some(name) = path.strip_prefix("package/lib/") else {
            continue;
        };
        let wanted = name == "typescript.js"
            || (name.starts_with("lib.") && name.ends_with(".d.ts") && !name.contains('/'));
        if wanted {
            let mut target = std::fs::File::create(to.join(name))?;
            std::io::copy(&mut entry, &mut target)?;
            found += 1;
        }
    }
    if !to.join("typescript.js").is_file() || found < 2 {
        bail!("the tarball has no lib/typescript.js or no lib/lib.*.d.ts");
    }
    Ok(())
}

/// The snapshot: QuickJS started on the checker, TypeScript at `/ts`.
async fn build(base: Vec<u8>, ts: std::path::PathBuf) -> Result<Vec<u8>> {
    let mounts = vec![(ts, "/ts".to_string())];
    super::javascript::snapshot_on(&base, EXPORTS, mounts, SCRIPT, "TypeScript's checker").await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_errors_keeps_five_with_their_continuations() {
        let printed: String = (1..=7)
            .map(|i| format!("main.ts({i},1): error TS2322: bad {i}\n  more {i}\n"))
            .collect();
        let kept = first_errors(&printed);
        assert_eq!(kept.lines().count(), 10, "{kept}");
        assert!(kept.starts_with("main.ts(1,1): error TS2322: bad 1"));
        assert!(kept.ends_with("  more 5"));
        assert_eq!(first_errors(""), "");
    }
}
