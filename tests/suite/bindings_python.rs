//! The Python package (bindings/python): built into a throwaway virtualenv
//! with maturin and uv (pinned; the dev profile, so the crates `cargo test` built
//! are reused), then its pytest suite runs there against this build's CLI
//! and the real reference tools, pinned: openevals with pyright and mypy,
//! and Ray.

use crate::common;

use std::path::Path;
use std::process::Command;

const REQUIREMENTS: &[&str] = &[
    "maturin==1.16.0",
    "pytest==9.2.0",
    "openevals==0.2.2",
    "pyright==1.1.414",
    "mypy==2.4.1",
    "ray[data]==2.60.0",
];

#[test]
fn the_python_package_builds_and_its_tests_pass() {
    common::service(); // runtimes built and cached first
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = common::venv_with_all("python-package-venv", REQUIREMENTS);
    let bin = python.parent().unwrap();
    let venv = bin.parent().unwrap();
    // maturin installs with uv (the venv has no pip), found on PATH
    let uv = common::uv();
    let path = format!(
        "{}:{}:{}",
        bin.display(),
        uv.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let built = Command::new(bin.join("maturin"))
        .args([
            "develop",
            "--uv",
            "--manifest-path",
            "bindings/python/Cargo.toml",
        ])
        .current_dir(repo)
        .env("VIRTUAL_ENV", venv)
        .env("PATH", &path)
        // scripts/suite-times sets it for the test harness alone: cargo
        // would rebuild every crate whose build script watches it.
        .env_remove("RUSTC_BOOTSTRAP")
        .output()
        .expect("maturin runs");
    assert!(
        built.status.success(),
        "maturin develop failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let tests = Command::new(&python)
        .args([
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "bindings/python/tests",
        ])
        .current_dir(repo)
        .env("VIRTUAL_ENV", venv)
        .env("PATH", &path)
        .env("WASMEVAL_BIN", env!("CARGO_BIN_EXE_wasmeval"))
        .env(wasmeval::install::CACHE_DIR_ENV, common::cache_dir())
        .output()
        .expect("pytest runs");
    let stdout = String::from_utf8_lossy(&tests.stdout);
    assert!(
        tests.status.success(),
        "the Python package's tests failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&tests.stderr)
    );
    println!("{stdout}");
}
