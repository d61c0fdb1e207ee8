//! The published crate's `build.rs`, without the test generator: it copies
//! the prebuilt libraries and standard library (`*.zst`) to `OUT_DIR`, where
//! `src/` embeds them.

#![deny(warnings)]

use std::{env, fs, path::PathBuf};

fn main() {
    let repo_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").unwrap());

    let files = [
        "bundled.tar.zst",
        "libc++.so.zst",
        "libc++abi.so.zst",
        "libc.so.zst",
        "libcomponentize_py_runtime_async.so.zst",
        "libcomponentize_py_runtime_sync.so.zst",
        "libpython3.14.so.zst",
        "libwasi-emulated-getpid.so.zst",
        "libwasi-emulated-mman.so.zst",
        "libwasi-emulated-process-clocks.so.zst",
        "libwasi-emulated-signal.so.zst",
        "python-lib.tar.zst",
        "wasi_snapshot_preview1.reactor.wasm.zst",
    ];

    for file in files {
        println!("cargo:rerun-if-changed={file}");
        fs::copy(repo_dir.join(file), out_dir.join(file)).unwrap();
    }
}
