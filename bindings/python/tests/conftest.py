"""Shared fixtures: the repository, the CLI binary the Rust tests built,
and one executor over the tests' runtime cache."""

import json
import os
import subprocess
from pathlib import Path

import pytest

import wasmeval

REPO = Path(__file__).resolve().parents[3]


def cli_binary() -> str:
    binary = os.environ.get("WASMEVAL_BIN")
    if not binary:
        raise RuntimeError("set WASMEVAL_BIN to the wasmeval binary (tests/suite/python_package.rs does)")
    return binary


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([cli_binary(), *args], capture_output=True, text=True, check=False)


def read_jsonl(path) -> list:
    with open(path) as f:
        return [json.loads(line) for line in f if line.strip()]


def without_wall(envelope: dict) -> dict:
    return {k: v for k, v in envelope.items() if k != "wall_ms"}


@pytest.fixture(scope="session")
def executor() -> wasmeval.Executor:
    ex = wasmeval.Executor(jobs=2)
    ex.prepare("python")
    ex.prepare("javascript")
    return ex
