//! Lua 5.4, built by wasmeval from Lua's sources with the clang that runs
//! in wasmtime, against Debian's native `lua5.4` and `lua-unit` (LuaUnit
//! 3.4, the version MultiPL-E's evaluation installs).

use crate::common;
use crate::common::process::{self, Finished};

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use wasmeval::language::Language;
use wasmeval::outcome::{Envelope, ErrorKind, Outcome};
use wasmeval::task::Task;

fn score(tasks: Vec<Task>) -> Vec<Envelope> {
    common::prepared("lua");
    common::score_all(tasks)
}

/// Debian's `lua5.4` (LuaUnit from `lua-unit` on its default path).
fn lua() -> PathBuf {
    static PATH: OnceLock<PathBuf> = OnceLock::new();
    PATH.get_or_init(|| process::debian("/usr/bin/lua5.4", &["lua5.4", "lua-unit"]))
        .clone()
}

/// `lua main.lua` natively, in a directory of its own, on `stdin`.
fn native(program: &str, stdin: &str, timeout: Duration) -> Finished {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("main.lua"), program).unwrap();
    let mut command = Command::new(lua());
    command.arg("main.lua");
    process::run(command, dir.path(), stdin, timeout, "Debian's lua5.4")
}

/// Programs that use the language and its standard library the way
/// contest and benchmark solutions do, each run here and natively on the
/// same input: the same stdout, and a pass exactly when `lua` exits 0.
#[test]
fn lua_programs_print_what_native_lua_prints() {
    let programs: &[(&str, &str, &str)] = &[
        (
            "numbers",
            r##"print(7 // 2, -7 // 2, 7 % -3, -7 % 3, 7 / 2, 2^53, math.maxinteger + 1 == math.mininteger)
print(math.type(1), math.type(1.0), math.type("1"), 10 == 10.0, 1e15, 1e16, 0.1 + 0.2, -0.0)
print(string.format("%d %5.2f %x %g %q %s", 42, math.pi, 255, 1e20, "a\nb", {} ~= nil))
print(math.tointeger(3.0), 3 | 5, 6 & 3, 1 << 62, ~0, "10" + 5, "3" * "4", 10 // 0.0, -(0/0) ~= -(0/0))
print(tostring(1/0), tostring(-1/0), math.floor(-3.5), math.ceil(-3.5), math.fmod(-7, 3), math.abs(math.mininteger))"##,
            "",
        ),
        (
            "strings",
            r##"local s = "Hello, World! 123"
print(s:upper(), s:lower(), #s, s:sub(-3), s:sub(2, 4), s:rep(2, "|"), s:byte(1), string.char(72, 105))
print(s:find("World"), s:find("o", 6), s:match("(%a+), (%a+)"), s:gsub("%d", "#"))
for word in s:gmatch("%a+") do io.write(word, ";") end print()
print(("%s=%d"):format("x", 3), ("abc"):reverse(), utf8.char(72, 228, 8364), utf8.len("häll€"), #"häll€")
print(table.concat({1, 2, 3}, ", "), select("#", 1, nil, 3), select(2, "a", "b", "c"), tostring(nil), tonumber("0x1F"), tonumber("z", 36), tonumber(" 12 "), tonumber("1e2"))"##,
            "",
        ),
        (
            "tables",
            r##"local t = {5, 3, 8, 1, 9, 2}
table.sort(t) print(table.concat(t, " "))
table.sort(t, function(a, b) return a > b end) print(table.concat(t, " "))
table.insert(t, 1, 100) table.insert(t, 7) print(table.remove(t), table.remove(t, 1), #t, table.unpack(t, 2, 3))
local m = setmetatable({}, {__index = function(_, k) return k * 2 end, __call = function(self, x) return x + 1 end})
print(m[21], m(41), rawget(m, 21), next({}), #{1, 2, nil, 4} >= 2)
local V = {} V.__index = V V.__add = function(a, b) return setmetatable({x = a.x + b.x}, V) end V.__tostring = function(v) return "V(" .. v.x .. ")" end
print(tostring(setmetatable({x = 1}, V) + setmetatable({x = 2}, V)), table.move({1, 2, 3}, 1, 3, 2)[3])
local keys = {} for k in pairs({a = 1, b = 2, c = 3}) do keys[#keys + 1] = k end table.sort(keys) print(table.concat(keys))"##,
            "",
        ),
        (
            "control",
            r##"local co = coroutine.wrap(function(a) local b = coroutine.yield(a + 1) return b * 2 end)
print(co(1), co(10))
local function gen(n) return coroutine.wrap(function() for i = 1, n do coroutine.yield(i) end end) end
local sum = 0 for i in gen(100) do sum = sum + i end print(sum)
for i = 1, 3 do for j = 1, 3 do if j == 2 then goto continue end io.write(i, j, " ") ::continue:: end end print()
print(pcall(error, {code = 7}), select(2, pcall(error, "msg", 0)), select(2, pcall(error, "msg")), select(2, xpcall(function() error("x") end, function(m) return "handled: " .. m end)))
local ok, err = pcall(function() local x = nil; return x.y end) print(ok, err)
print(string.format("%s", select(2, pcall(function() return 1 + {} end))))
local f = load("return 1 + ...") print(f(41), load("syntax error here"))
for i = 10, 1, -3 do io.write(i, " ") end for i = 1.0, 2.0, 0.5 do io.write(i, " ") end print()"##,
            "",
        ),
        (
            "stdin",
            r##"local n = io.read("n") local total = 0
for _ = 1, n do total = total + io.read("n") end
print(total) io.read("l")
for line in io.lines() do print(#line, line:upper()) end"##,
            "3\n10 20 12\nabc\nxyz de\n",
        ),
        (
            "error exit",
            "print('before') io.stderr:write('oops\\n') error('failed here')",
            "",
        ),
        ("exit status", "io.write('x') os.exit(3)", ""),
        ("exit false", "print('bye') os.exit(false)", ""),
        (
            "luaunit",
            // luaunit prints its run time from `os.clock()`, which is
            // virtual here and the host's CPU time natively: pin it so the
            // expected output is the same on both sides.
            r##"local lu = require('luaunit') os.clock = function() return 0 end
function test_ok() lu.assertEquals({1, {2, 3}}, {1, {2, 3}}) lu.assertAlmostEquals(0.1 + 0.2, 0.3, 1e-9) end
os.exit(lu.LuaUnit.run())"##,
            "",
        ),
        (
            "luaunit failure",
            r##"local lu = require('luaunit') os.clock = function() return 0 end
function test_humaneval() lu.assertEquals({1, 2}, {1, 3}) end
os.exit(lu.LuaUnit.run())"##,
            "",
        ),
    ];
    let mut tasks = Vec::new();
    let mut natives = Vec::new();
    for (name, code, stdin) in programs {
        let native = native(code, stdin, Duration::from_secs(10));
        assert!(native.code.is_some(), "{name}: timed out natively");
        tasks.push(
            Task::from_value(&serde_json::json!({
                "id": name, "language": "lua", "code": code,
                "input_output": {"inputs": [stdin], "outputs": [native.stdout]},
            }))
            .unwrap(),
        );
        natives.push(native);
    }
    let envelopes = score(tasks);
    let mut wrong = Vec::new();
    for (((name, _, _), native), envelope) in programs.iter().zip(&natives).zip(&envelopes) {
        let expected = if native.code == Some(0) {
            Outcome::Pass
        } else {
            Outcome::Error
        };
        if envelope.outcome != expected || envelope.stdout != native.stdout {
            wrong.push(format!(
                "{name}: lua5.4 exited {:?} printing {:?} (stderr {:?}); wasmeval {:?} printing \
                 {:?} ({:?}, stderr {:?})",
                native.code,
                native.stdout,
                native.stderr,
                envelope.outcome,
                envelope.stdout,
                envelope.detail,
                envelope.stderr
            ));
        }
    }
    assert!(wrong.is_empty(), "\n{}", wrong.join("\n"));
    // Every way a program ended was among them.
    let codes: Vec<Option<i32>> = natives.iter().map(|n| n.code).collect();
    for code in [0, 1, 3] {
        assert!(
            codes.contains(&Some(code)),
            "no exit status {code}: {codes:?}"
        );
    }
}

/// The contract for Lua: a syntax error is `syntax_error` (the code alone
/// is parsed first, running none of it), a failed target names Lua's error,
/// and the run's caps end what runs away.
#[test]
fn lua_verdicts_follow_the_contract() {
    let tasks = vec![
        common::lang_task(
            Language::Lua,
            "targets",
            "local function add(a, b) return a + b end\nprint('ran')",
            &[
                "assert(add(2, 3) == 5)",
                "assert(add(2, 2) == 5, 'two and two')",
                "local lu = require('luaunit')\nfunction test_add() lu.assertEquals(add(1, 1), 3) end\nos.exit(lu.LuaUnit.run())",
                "this is not lua",
            ],
            5.0,
        ),
        common::lang_task(
            Language::Lua,
            "syntax",
            "local function f()\n  return 1 +\nend\nprint(f())",
            &["assert(true)"],
            5.0,
        ),
        common::lang_task(
            Language::Lua,
            "loop",
            "while true do end",
            &["assert(true)"],
            1.0,
        ),
        common::lang_task(
            Language::Lua,
            "memory",
            "local s = 'x' while true do s = s .. s end",
            &["assert(true)"],
            5.0,
        ),
        common::lang_task(
            Language::Lua,
            "recursion",
            "local function f(n) return f(n + 1) + 1 end\nf(1)",
            &["assert(true)"],
            5.0,
        ),
        common::lang_task(
            Language::Lua,
            "flood",
            "while true do io.write(string.rep('y', 4096)) end",
            &["assert(true)"],
            5.0,
        ),
    ];
    let envelopes = score(tasks);
    let targets = &envelopes[0];
    assert_eq!(targets.outcome, Outcome::AssertionFail, "{targets:?}");
    let passed: Vec<bool> = targets.targets.iter().map(|t| t.passed).collect();
    assert_eq!(passed, [true, false, false, false], "{targets:?}");
    assert_eq!(
        targets.targets[1].error.as_deref(),
        Some("lua: main.lua:3: two and two")
    );
    let luaunit = targets.targets[2].error.as_deref().unwrap();
    assert!(luaunit.contains("expected: 3, actual: 2"), "{luaunit}");
    let broken = targets.targets[3].error.as_deref().unwrap();
    assert!(
        broken.starts_with("lua: main.lua:3: syntax error"),
        "{broken}"
    );

    let syntax = &envelopes[1];
    assert_eq!(syntax.outcome, Outcome::SyntaxError, "{syntax:?}");
    let detail = syntax.detail.as_deref().unwrap();
    assert!(
        detail.contains("main.lua:3: unexpected symbol near 'end'"),
        "{detail}"
    );

    assert_eq!(envelopes[2].outcome, Outcome::Timeout, "{:?}", envelopes[2]);
    let memory = &envelopes[3];
    assert_eq!(
        (memory.outcome, memory.error_kind),
        (Outcome::Error, Some(ErrorKind::Memory)),
        "{memory:?}"
    );
    // Lua's own stack overflow is an error the program could catch: its
    // target fails, as natively.
    let recursion = &envelopes[4];
    assert_eq!(recursion.outcome, Outcome::AssertionFail, "{recursion:?}");
    let error = recursion.targets[0].error.as_deref().unwrap_or("");
    assert!(
        error.contains("main.lua:1: stack overflow"),
        "{recursion:?}"
    );
    let flood = &envelopes[5];
    assert_eq!(
        (flood.outcome, flood.error_kind),
        (Outcome::Error, Some(ErrorKind::OutputOverflow)),
        "{flood:?}"
    );
}

/// Everything a Lua program could use to reach the host: files by any
/// path (the interpreter sees its program, LuaUnit, read-only, and nothing
/// else), processes, the environment, native libraries. Each attempt
/// prints what it got; none may get anything.
#[test]
fn lua_programs_cannot_reach_the_host() {
    let secret = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(secret.path(), "host secret").unwrap();
    let secret = secret.path().to_str().unwrap().to_string();
    assert!(Path::new("/etc/passwd").is_file());
    let code = format!(
        r#"local function try(what, ...) local ok, a, b = pcall(...) print(what, ok and a ~= nil and a ~= false, tostring(b)) end
try("read passwd", io.open, "/etc/passwd")
try("read secret", io.open, "{secret}")
try("read up", io.open, "/usr/local/share/lua/5.4/../../../../../etc/passwd")
try("read relative", io.open, "../../etc/passwd")
try("dofile", dofile, "/etc/passwd")
try("loadfile", loadfile, "{secret}")
try("lines", io.lines, "/etc/hostname")
try("write program", io.open, "/main.lua", "w")
try("write luaunit", io.open, "/usr/local/share/lua/5.4/luaunit.lua", "a")
try("write tmp", io.open, "/tmp/x", "w")
try("remove", os.remove, "/usr/local/share/lua/5.4/luaunit.lua")
try("rename", os.rename, "/main.lua", "/moved.lua")
try("execute", os.execute, "id")
try("popen", io.popen, "id")
try("getenv", os.getenv, "PATH")
try("loadlib", package.loadlib, "/lib/x86_64-linux-gnu/libc.so.6", "system")
try("require", require, "socket")
try("tmpname", os.tmpname)
try("tmpfile", io.tmpfile)
print("still here", io.open("/main.lua") ~= nil, io.open("/usr/local/share/lua/5.4/luaunit.lua") ~= nil)"#
    );
    let envelope = score(vec![
        Task::from_value(&serde_json::json!({
            "id": "host", "language": "lua", "code": code,
            "input_output": {"inputs": [""], "outputs": [""]},
        }))
        .unwrap(),
    ])
    .pop()
    .unwrap();
    let lines: Vec<&str> = envelope.stdout.lines().collect();
    assert_eq!(lines.len(), 20, "{envelope:?}");
    let got: Vec<&&str> = lines[..19]
        .iter()
        .filter(|line| line.split('\t').nth(1) != Some("false"))
        .collect();
    assert!(
        got.is_empty(),
        "reached the host: {got:?}\n{}",
        envelope.stdout
    );
    assert!(
        !envelope.stdout.contains("host secret"),
        "{}",
        envelope.stdout
    );
    assert_eq!(lines[19], "still here\ttrue\ttrue");
    assert!(std::fs::read_to_string(&secret).unwrap() == "host secret");
}

/// The same seed gives the same run (Lua seeds `math.random` from the
/// clock and addresses at start-up: both are the run's), another seed
/// another one.
#[test]
fn lua_randomness_is_the_runs() {
    let code = "print(math.random(1, 1000000), math.random(), os.time(), os.clock() < 1)";
    let task = |id: &str| {
        Task::from_value(&serde_json::json!({
            "id": id, "language": "lua", "code": code,
            "input_output": {"inputs": [""], "outputs": [""]},
        }))
        .unwrap()
    };
    let envelopes = score(vec![task("a"), task("a"), task("b")]);
    assert_eq!(envelopes[0].stdout, envelopes[1].stdout);
    assert_ne!(envelopes[0].stdout, envelopes[2].stdout);
    assert!(
        envelopes[0].stdout.ends_with("\ttrue\n"),
        "{:?}",
        envelopes[0]
    );
}

/// MultiPL-E `lua` files through `wasmeval eval --format multiple`, each
/// program also judged as MultiPL-E's evaluator judges it
/// (`evaluation/src/eval_lua.py`: exit 0 is OK, a timeout Timeout, anything
/// else Exception), with native `lua5.4`:
/// `multipl-e-humaneval-lua.jsonl` in the shared data directory (20 HumanEval problems
/// translated by MultiPL-E's own translator) and
/// `examples/multiple_lua_completions.jsonl` (written for wasmeval).
#[test]
fn multiple_lua_statuses_agree_with_native_lua() {
    common::prepared("lua");
    common::humaneval::multiple_statuses_agree(
        common::humaneval::Multiple {
            what: "MultiPL-E Lua (HumanEval)",
            benchmark: "multipl-e-humaneval-lua.jsonl",
            always: &[],
            example: "multiple_lua_completions.jsonl",
            timeout: "1",
            who: "lua5.4",
            expected: &["OK", "Exception", "Timeout"],
        },
        |program| {
            let run = native(program, "", Duration::from_secs(5));
            let status = match run.code {
                None => "Timeout",
                Some(0) => "OK",
                Some(_) => "Exception",
            };
            (status, run.stderr)
        },
    );
}
