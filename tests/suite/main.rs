//! The integration tests, one binary: one link instead of twenty, one
//! shared service and runtime cache, and the test harness runs tests of
//! different areas side by side (a test that waits on pip, a network server
//! or native Python overlaps one that computes), which separate binaries,
//! run one after another by `cargo test`, could not.
//!
//! Run one area with its module as a filter: `cargo test --test suite mbpp::`.

mod common;

// A six-minute test, named to come first: libtest starts tests in name
// order, and at the end of the list it ran alone on CI's two cores.
mod bindings_python;
mod check;
mod checkers;
mod cli;
mod contest;
mod cpp;
mod determinism;
mod docs;
mod extract;
mod forgeries;
mod fuel_register;
mod funcrefs;
mod go;
mod hardening;
mod html_report;
mod humaneval;
mod integrity;
mod io_tasks;
mod isolation;
mod javascript_benchmarks;
mod javascript_executor;
mod judges;
mod lua;
mod mbpp;
mod perl;
mod python_executor;
mod python_sci;
mod release;
mod ruby;
mod serve;
mod typescript;
mod unit_test_files;
mod virtual_time;
