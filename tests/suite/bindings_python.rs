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

/// The wheel `maturin build` makes installs into a fresh virtualenv (no
/// index, no dependencies) and scores tasks there with no Rust toolchain
/// on `PATH` and no environment but a home and the cache; its metadata is
/// complete and its README shows usage. (The dev profile, so the crates
/// `cargo test` built are reused: the release wheel differs only in
/// optimisation.)
#[test]
fn the_wheel_installs_alone_and_scores_without_a_rust_toolchain() {
    common::service(); // runtimes built and cached first
    let repo = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = common::venv_with_all("python-package-venv", REQUIREMENTS);
    let bin = python.parent().unwrap();
    let out = tempfile::tempdir().unwrap();
    let built = Command::new(bin.join("maturin"))
        .args([
            "build",
            "--manifest-path",
            "bindings/python/Cargo.toml",
            "--out",
        ])
        .arg(out.path())
        .current_dir(repo)
        .env_remove("RUSTC_BOOTSTRAP")
        .output()
        .expect("maturin runs");
    assert!(
        built.status.success(),
        "maturin build failed:\n{}",
        String::from_utf8_lossy(&built.stderr)
    );
    let wheel = std::fs::read_dir(out.path())
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .find(|path| path.extension().is_some_and(|e| e == "whl"))
        .expect("a wheel was built");
    let name = wheel.file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.contains("-cp39-abi3-"),
        "one wheel per platform: {name}"
    );

    // Its metadata, read from the wheel itself.
    let metadata = Command::new(&python)
        .args([
            "-c",
            "import sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\n\
             print(next(z.read(n).decode() for n in z.namelist() if n.endswith('.dist-info/METADATA')))",
        ])
        .arg(&wheel)
        .output()
        .unwrap();
    let metadata = String::from_utf8_lossy(&metadata.stdout);
    for field in [
        "Name: wasmeval",
        "License-Expression: Apache-2.0",
        "Requires-Python: >=3.9",
        "Classifier: Operating System :: Microsoft :: Windows",
        "Classifier: Operating System :: MacOS",
        "Classifier: Typing :: Typed",
        "Provides-Extra: ray",
        "ex = wasmeval.Executor(timeout=3)",
    ] {
        assert!(
            metadata.contains(field),
            "{field} missing from:\n{metadata}"
        );
    }

    // A fresh virtualenv, the wheel alone.
    let fresh = tempfile::tempdir().unwrap();
    let venv = fresh.path().join("venv");
    let uv = common::uv();
    let made = Command::new(&uv)
        .args(["venv", "-q", "--python"])
        .arg(&python)
        .arg(&venv)
        .output()
        .unwrap();
    assert!(
        made.status.success(),
        "{}",
        String::from_utf8_lossy(&made.stderr)
    );
    let fresh_python = venv.join("bin/python");
    let installed = Command::new(&uv)
        .args(["pip", "install", "-q", "--offline", "--no-deps", "--python"])
        .arg(&fresh_python)
        .arg(&wheel)
        .output()
        .unwrap();
    assert!(
        installed.status.success(),
        "{}",
        String::from_utf8_lossy(&installed.stderr)
    );
    // What the package README shows, run as a user would, with nothing on
    // PATH but the system's directories.
    let script = r#"
import shutil, wasmeval
assert shutil.which("cargo") is None and shutil.which("rustc") is None
ex = wasmeval.Executor(timeout=3)
envelope = ex.run({
    "code": "def add(a, b):\n    return a + b",
    "targets": ["assert add(1, 2) == 3", "assert add(2, 2) == 5"],
})
assert (envelope["outcome"], envelope["score"]) == ("assertion_fail", 0.5), envelope
program = ex.run({"language": "javascript",
                  "code": "const [a, b] = require('fs').readFileSync(0, 'utf8').split(' ').map(Number);\nconsole.log(a + b);",
                  "input_output": {"inputs": ["1 2\n"], "outputs": ["3"]}})
assert program["outcome"] == "pass", program
assert wasmeval.pass_at_k(n=10, c=3, k=1) > 0.29
print("ok", wasmeval.__version__)
"#;
    let ran = Command::new(&fresh_python)
        .args(["-c", script])
        .env_clear()
        .env(
            "HOME",
            std::env::var("HOME").unwrap_or_else(|_| "/tmp".into()),
        )
        .env("PATH", "/usr/bin:/bin")
        .env(wasmeval::install::CACHE_DIR_ENV, common::cache_dir())
        .output()
        .unwrap();
    assert!(
        ran.status.success() && String::from_utf8_lossy(&ran.stdout).starts_with("ok "),
        "{}\n{}",
        String::from_utf8_lossy(&ran.stdout),
        String::from_utf8_lossy(&ran.stderr)
    );
}
