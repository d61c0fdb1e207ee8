// wasmeval guest harness for QuickJS-ng (WASI `qjs`).
//
// The host runs `qjs --std -e <this file>` in a fresh WebAssembly instance
// and writes one JSON payload to stdin:
//
//     {"nonce": "<hex>", "code": "<candidate>", "targets": ["assert..."]}
//
// The harness reads all of stdin first (the candidate gets no stdin), takes
// the `std`, `os` and `bjson` modules away from the global scope, installs a
// Node-like `assert` (also returned by `require('assert')` and
// `require('node:assert')`), runs the candidate as a classic script in the
// global scope, then runs each target on its own, awaiting any Promise.
//
// It reports through frames, exactly like the Python harness: single writes
// that start with "\0WE:" + nonce + ":" and carry fields separated by 0x1f.
// The host decides the verdict from the frames; see src/verdict.rs.
(async function wasmevalMain() {
  "use strict";
  const stdModule = std;
  const osModule = os;
  const rawWrite = osModule.write;
  const hardExit = stdModule.exit;
  const evalScript = stdModule.evalScript;
  const stdout = stdModule.out;
  const stderr = stdModule.err;
  const setTimeoutImpl = osModule.setTimeout;
  const clearTimeoutImpl = osModule.clearTimeout;
  const jsonParse = JSON.parse;
  const ObjectIs = Object.is;
  const StringCtor = String;
  const ArrayBufferCtor = ArrayBuffer;
  const Uint8ArrayCtor = Uint8Array;

  const payload = jsonParse(stdModule.in.readAsString());
  const prefix = "\u0000WE:" + payload.nonce + ":";
  const code = payload.code;
  const targets = payload.targets;

  for (const name of ["std", "os", "bjson", "scriptArgs"]) {
    try {
      delete globalThis[name];
    } catch (e) {
      // not configurable: nothing to remove
    }
  }

  const SEP = "\u001f";
  const MAX_FRAME_BYTES = 3500;

  function utf8(text) {
    const bytes = [];
    for (let i = 0; i < text.length; i++) {
      let c = text.charCodeAt(i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < text.length) {
        const d = text.charCodeAt(i + 1);
        if (d >= 0xdc00 && d < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c < 0x80) bytes.push(c);
      else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return bytes;
  }

  function frame(...fields) {
    try { stdout.flush(); } catch (e) { /* closed */ }
    try { stderr.flush(); } catch (e) { /* closed */ }
    let bytes = utf8(prefix + fields.join(SEP));
    if (bytes.length > MAX_FRAME_BYTES) bytes = bytes.slice(0, MAX_FRAME_BYTES);
    const buffer = new ArrayBufferCtor(bytes.length);
    const view = new Uint8ArrayCtor(buffer);
    for (let i = 0; i < bytes.length; i++) view[i] = bytes[i];
    let done = 0;
    while (done < bytes.length) {
      const n = rawWrite(1, buffer, done, bytes.length - done);
      if (n <= 0) break;
      done += n;
    }
  }

  function describe(error) {
    let name = "Error";
    let message = "";
    let hint = "";
    try {
      if (error !== null && typeof error === "object") {
        name = StringCtor(error.name === undefined ? "Error" : error.name);
        message = StringCtor(error.message === undefined ? "" : error.message);
      } else {
        name = "Thrown";
        message = StringCtor(error);
      }
    } catch (e) {
      message = "<unprintable>";
    }
    if (message.length > 1000) message = message.slice(0, 1000) + "...";
    if (/stack overflow|call stack size/i.test(message)) hint = "stack";
    else if (/out of memory/i.test(message)) hint = "memory";
    return [name, message, hint];
  }

  // ---- import blocking -------------------------------------------------
  // A classic script can only reach QuickJS's std/os modules through
  // dynamic import(). The keyword is refused in the candidate, the targets,
  // and any source handed to eval / Function at run time.
  function stripLiterals(source) {
    // Blank out comments, strings and template text so that only code is
    // searched for the import keyword.
    return source.replace(
      /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\[\s\S]|[^'\\\n])*'|"(?:\\[\s\S]|[^"\\\n])*"|`(?:\\[\s\S]|[^`\\])*`/g,
      " ",
    );
  }
  function usesImport(source) {
    return /(^|[^.\w$])import\s*(\(|\.)/.test(stripLiterals(StringCtor(source)));
  }
  const blocked = [];
  function block(what) {
    if (blocked.indexOf(what) < 0) {
      blocked.push(what);
      frame("blocked", what);
    }
    throw new Error("wasmeval: " + what + " is blocked");
  }
  // The module objects are gone; touching their names is a clear error.
  for (const name of ["std", "os", "bjson"]) {
    Object.defineProperty(globalThis, name, {
      get() {
        block("QuickJS '" + name + "' module");
      },
      configurable: false,
    });
  }
  function guardSource(source) {
    if (usesImport(source)) block("import() of QuickJS modules (std/os)");
  }
  const realEval = globalThis.eval;
  globalThis.eval = function (source) {
    if (typeof source === "string") guardSource(source);
    return realEval(source);
  };
  for (const proto of [
    Function.prototype,
    Object.getPrototypeOf(async function () {}),
    Object.getPrototypeOf(function* () {}),
    Object.getPrototypeOf(async function* () {}),
  ]) {
    const RealCtor = proto.constructor;
    const Guarded = function (...args) {
      for (const a of args) guardSource(a);
      return RealCtor(...args);
    };
    Guarded.prototype = proto;
    Object.defineProperty(proto, "constructor", { value: Guarded, writable: true, configurable: true });
    if (RealCtor === Function) globalThis.Function = Guarded;
  }

  // ---- Node-like assert --------------------------------------------------
  class AssertionError extends Error {
    constructor(options) {
      super(options.message);
      this.name = "AssertionError";
      this.code = "ERR_ASSERTION";
      this.actual = options.actual;
      this.expected = options.expected;
      this.operator = options.operator;
      this.generatedMessage = options.generated;
    }
  }

  function inspect(value, depth = 0, seen = []) {
    if (typeof value === "string") return JSON.stringify(value);
    if (typeof value === "bigint") return value + "n";
    if (typeof value === "function") return "[Function: " + (value.name || "anonymous") + "]";
    if (typeof value === "symbol") return value.toString();
    if (value === null || typeof value !== "object") return StringCtor(value);
    if (seen.indexOf(value) >= 0) return "[Circular]";
    if (depth > 4) return Array.isArray(value) ? "[Array]" : "[Object]";
    const next = seen.concat([value]);
    if (Array.isArray(value)) {
      const items = value.slice(0, 50).map((v) => inspect(v, depth + 1, next));
      if (value.length > 50) items.push("... " + (value.length - 50) + " more items");
      return "[" + items.join(", ") + "]";
    }
    if (value instanceof Date) return value.toISOString();
    if (value instanceof RegExp) return value.toString();
    if (value instanceof Map) {
      return "Map(" + value.size + ") {" + [...value].slice(0, 50).map(([k, v]) => inspect(k, depth + 1, next) + " => " + inspect(v, depth + 1, next)).join(", ") + "}";
    }
    if (value instanceof Set) {
      return "Set(" + value.size + ") {" + [...value].slice(0, 50).map((v) => inspect(v, depth + 1, next)).join(", ") + "}";
    }
    const keys = Object.keys(value);
    const body = keys.slice(0, 50).map((k) => k + ": " + inspect(value[k], depth + 1, next)).join(", ");
    return "{" + (body ? " " + body + " " : "") + "}";
  }

  function fail(actual, expected, message, operator, summary) {
    if (message instanceof Error) throw message;
    const generated = message === undefined;
    const text = generated
      ? summary + "\n  actual:   " + inspect(actual) + "\n  expected: " + inspect(expected)
      : StringCtor(message);
    throw new AssertionError({ message: text, actual, expected, operator, generated });
  }

  function isDeepEqual(a, b, strict, memo) {
    if (strict ? ObjectIs(a, b) : a == b || (a !== a && b !== b)) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) {
      return false;
    }
    if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    for (const [x, y] of memo) if (x === a && y === b) return true;
    memo = memo.concat([[a, b]]);
    if (Array.isArray(a) !== Array.isArray(b)) return false;
    if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof RegExp && b instanceof RegExp) return StringCtor(a) === StringCtor(b);
    if (a instanceof Map && b instanceof Map) {
      if (a.size !== b.size) return false;
      for (const [k, v] of a) {
        if (!b.has(k) || !isDeepEqual(v, b.get(k), strict, memo)) return false;
      }
      return true;
    }
    if (a instanceof Set && b instanceof Set) {
      if (a.size !== b.size) return false;
      outer: for (const v of a) {
        if (b.has(v)) continue;
        for (const w of b) if (isDeepEqual(v, w, strict, memo)) continue outer;
        return false;
      }
      return true;
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    for (const k of ka) {
      if (!Object.prototype.hasOwnProperty.call(b, k)) return false;
      if (!isDeepEqual(a[k], b[k], strict, memo)) return false;
    }
    return true;
  }

  function ok(value, message) {
    if (!value) fail(value, true, message, "==", "The expression evaluated to a falsy value");
  }
  const assert = function assert(value, message) {
    ok(value, message);
  };
  assert.ok = ok;
  assert.AssertionError = AssertionError;
  assert.fail = function (message) {
    if (message instanceof Error) throw message;
    throw new AssertionError({ message: message === undefined ? "Failed" : StringCtor(message), operator: "fail" });
  };
  assert.equal = function (actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) {
      fail(actual, expected, message, "==", "Expected values to be loosely equal");
    }
  };
  assert.notEqual = function (actual, expected, message) {
    if (actual == expected || (actual !== actual && expected !== expected)) {
      fail(actual, expected, message, "!=", "Expected values to be loosely unequal");
    }
  };
  assert.strictEqual = function (actual, expected, message) {
    if (!ObjectIs(actual, expected)) {
      fail(actual, expected, message, "strictEqual", "Expected values to be strictly equal");
    }
  };
  assert.notStrictEqual = function (actual, expected, message) {
    if (ObjectIs(actual, expected)) {
      fail(actual, expected, message, "notStrictEqual", "Expected values to be strictly unequal");
    }
  };
  assert.deepEqual = function (actual, expected, message) {
    if (!isDeepEqual(actual, expected, false, [])) {
      fail(actual, expected, message, "deepEqual", "Expected values to be loosely deep-equal");
    }
  };
  assert.notDeepEqual = function (actual, expected, message) {
    if (isDeepEqual(actual, expected, false, [])) {
      fail(actual, expected, message, "notDeepEqual", "Expected values not to be loosely deep-equal");
    }
  };
  assert.deepStrictEqual = function (actual, expected, message) {
    if (!isDeepEqual(actual, expected, true, [])) {
      fail(actual, expected, message, "deepStrictEqual", "Expected values to be strictly deep-equal");
    }
  };
  assert.notDeepStrictEqual = function (actual, expected, message) {
    if (isDeepEqual(actual, expected, true, [])) {
      fail(actual, expected, message, "notDeepStrictEqual", "Expected values not to be strictly deep-equal");
    }
  };
  function matches(error, expected) {
    if (expected === undefined) return true;
    if (typeof expected === "function") {
      if (expected.prototype !== undefined && error instanceof expected) return true;
      if (Error.isPrototypeOf(expected) || expected === Error) return false;
      return expected.call({}, error) === true;
    }
    if (expected instanceof RegExp) return expected.test(StringCtor(error));
    if (typeof expected === "object" && expected !== null) {
      for (const k of Object.keys(expected)) {
        const want = expected[k];
        const got = error === null || error === undefined ? undefined : error[k];
        if (want instanceof RegExp && typeof got === "string" ? !want.test(got) : !isDeepEqual(got, want, true, [])) {
          return false;
        }
      }
      return true;
    }
    return false;
  }
  assert.throws = function (fn, expected, message) {
    if (typeof expected === "string") {
      message = expected;
      expected = undefined;
    }
    try {
      fn();
    } catch (error) {
      if (!matches(error, expected)) {
        fail(error, expected, message, "throws", "The error thrown does not match the expected one");
      }
      return;
    }
    fail(undefined, expected, message, "throws", "Missing expected exception");
  };
  assert.doesNotThrow = function (fn, message) {
    try {
      fn();
    } catch (error) {
      fail(error, undefined, message, "doesNotThrow", "Got unwanted exception");
    }
  };
  assert.rejects = async function (promiseOrFn, expected, message) {
    const promise = typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn;
    try {
      await promise;
    } catch (error) {
      if (!matches(error, expected)) {
        fail(error, expected, message, "rejects", "The rejection does not match the expected one");
      }
      return;
    }
    fail(undefined, expected, message, "rejects", "Missing expected rejection");
  };
  const strict = function strict(value, message) {
    ok(value, message);
  };
  Object.assign(strict, assert, {
    equal: assert.strictEqual,
    notEqual: assert.notStrictEqual,
    deepEqual: assert.deepStrictEqual,
    notDeepEqual: assert.notDeepStrictEqual,
  });
  assert.strict = strict;
  strict.strict = strict;

  const REFUSED_MODULES = [
    "fs", "child_process", "net", "http", "https", "os", "process", "worker_threads", "cluster",
    "dgram", "dns", "tls", "vm", "std", "qjs:std", "qjs:os", "qjs:bjson",
  ];
  globalThis.assert = assert;
  globalThis.require = function require(name) {
    const bare = StringCtor(name).replace(/^node:/, "");
    if (bare === "assert") return assert;
    if (bare === "assert/strict") return strict;
    if (REFUSED_MODULES.indexOf(bare) >= 0 || REFUSED_MODULES.indexOf(StringCtor(name)) >= 0) {
      block("require('" + name + "')");
    }
    const error = new Error("Cannot find module '" + name + "'");
    error.code = "MODULE_NOT_FOUND";
    throw error;
  };
  globalThis.setTimeout = function (fn, ms, ...args) {
    return setTimeoutImpl(() => fn(...args), ms === undefined ? 0 : ms);
  };
  globalThis.clearTimeout = function (handle) {
    if (handle !== undefined) clearTimeoutImpl(handle);
  };

  frame("ready");

  // ---- the candidate -----------------------------------------------------
  try {
    evalScript(code, { compile_only: true });
  } catch (error) {
    const [name, message] = describe(error);
    frame("compile_error", name, message, "");
    hardExit(0);
  }
  try {
    guardSource(code);
    const value = evalScript(code);
    if (value !== null && typeof value === "object" && typeof value.then === "function") {
      await value;
    }
  } catch (error) {
    const [name, message, hint] = describe(error);
    frame("candidate_error", name, message, hint);
    hardExit(0);
  }
  frame("candidate_ok");

  // ---- the targets ---------------------------------------------------------
  for (let index = 0; index < targets.length; index++) {
    try {
      guardSource(targets[index]);
      // A block of its own: `const assert = require('assert')` in several
      // targets does not collide.
      const value = evalScript("{\n" + targets[index] + "\n}");
      if (value !== null && typeof value === "object" && typeof value.then === "function") {
        await value;
      }
      frame("target", "" + index, "1", "", "", "");
    } catch (error) {
      const [name, message, hint] = describe(error);
      frame("target", "" + index, "0", name, message, hint);
    }
  }
  frame("done");
  hardExit(0);
})();
// A failure of the harness itself (a rejected promise above) leaves without
// a done frame, which the host reports as an error, never as a pass.
