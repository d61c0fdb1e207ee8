//! The public benchmark files the tests compare on, and how much of each a
//! run takes.
//!
//! The files are published by other projects, so they are not kept here:
//! they are read from the shared data directory beside the project
//! (`../shared/data`, whose README names each file's origin and licence),
//! or from the directory `$WASMEVAL_DATA_DIR` names.
//!
//! Every reference comparison runs in both tiers with one meaning: `cargo
//! test` takes a fixed, seeded sample of each benchmark (about an eighth,
//! always with the problems that ever disagreed), and `scripts/agree`
//! (`WASMEVAL_TEST_FULL=1`) takes all of it and prints the agreement
//! figures.

use serde_json::Value;
use sha2::{Digest, Sha256};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Names the directory the benchmark files are read from.
pub const DATA_DIR_ENV: &str = "WASMEVAL_DATA_DIR";

/// Set (to anything) by `scripts/agree`: every reference comparison at
/// full size.
pub const FULL_ENV: &str = "WASMEVAL_TEST_FULL";

/// The directory the benchmark files are read from.
pub fn dir() -> PathBuf {
    match std::env::var_os(DATA_DIR_ENV) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data"),
    }
}

/// The path of benchmark file `name`, which must be there; a gzipped
/// file's name also finds it uncompressed (as `wasmeval benchmarks fetch
/// mbpp` saves MBPP, which is published uncompressed).
pub fn path(name: &str) -> PathBuf {
    let path = dir().join(name);
    if let Some(plain) = name.strip_suffix(".gz").map(|plain| dir().join(plain))
        && !path.is_file()
        && plain.is_file()
    {
        return plain;
    }
    assert!(
        path.is_file(),
        "the benchmark file {name} is not in {} (the tests read public benchmark files from \
         ${DATA_DIR_ENV}, by default ../shared/data beside the project, whose README says where \
         each comes from; `wasmeval benchmarks fetch` downloads the published ones)",
        dir().display()
    );
    path
}

/// The JSON lines of benchmark file `name`.
pub fn lines(name: &str) -> Vec<Value> {
    read_jsonl(&path(name))
}

/// The JSON lines of the file at `path`, gzipped when its name ends in
/// `.gz`.
pub fn read_jsonl(path: &Path) -> Vec<Value> {
    let file =
        std::fs::File::open(path).unwrap_or_else(|e| panic!("opening {}: {e}", path.display()));
    let mut text = String::new();
    if path.extension().is_some_and(|e| e == "gz") {
        flate2::read::GzDecoder::new(file).read_to_string(&mut text)
    } else {
        std::io::BufReader::new(file).read_to_string(&mut text)
    }
    .unwrap_or_else(|e| panic!("reading {}: {e}", path.display()));
    text.lines()
        .enumerate()
        .map(|(i, line)| {
            serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), i + 1))
        })
        .collect()
}

/// Whether this run compares at full size (`scripts/agree`).
pub fn full() -> bool {
    std::env::var_os(FULL_ENV).is_some_and(|v| !v.is_empty())
}

/// Whether the problem `id` is in this run's sample: every problem at full
/// size; otherwise those whose seeded hash falls in one eighth, and every
/// one of `always` (the problems that ever disagreed, or that a test's
/// assertions need).
pub fn sampled(id: &str, always: &[&str]) -> bool {
    full() || always.contains(&id) || in_eighth(id)
}

/// The fixed one-eighth sample: the first byte of SHA-256 of
/// `wasmeval-sample:` and the id, below 32.
fn in_eighth(id: &str) -> bool {
    Sha256::digest(format!("wasmeval-sample:{id}").as_bytes())[0] < 32
}

/// One line of `scripts/agree`'s table: how many of `total` items got the
/// reference's verdict. Printed by every reference comparison (captured
/// under `cargo test`, shown by `scripts/agree`, which runs with
/// `--nocapture`).
pub fn report(what: &str, reference: &str, agreed: usize, total: usize) {
    let percent = if total == 0 {
        0.0
    } else {
        100.0 * agreed as f64 / total as f64
    };
    println!(
        "agreement: {what} | {reference} | {agreed} of {total} | {percent:.2}% | {}",
        if full() { "full" } else { "sample" }
    );
}
