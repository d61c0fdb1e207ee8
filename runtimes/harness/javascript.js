// wasmeval guest harness for QuickJS-ng (the WASI reactor `qjs`).
//
// Once per machine, the host starts QuickJS with `qjs --std -e <this file>`
// (runtimes/harness/node.js pasted where the NODE marker is), which sets
// the harness up until it needs its payload, and snapshots that instance.
// Every run is a fresh instance of the snapshot: the host evaluates
// `wasmevalStart()` and runs the event loop (see the end of this file)
// until the harness has finished, exited or nothing is left to run; the
// harness reads one JSON payload from the host:
//
//     {"role": "solo" | "candidate" | "judge", "nonce": "<hex>",
//      "code": "<candidate>", "targets": ["assert..."],
//      "stdin": "<the candidate's stdin>", "script": false,
//      "call": null | {"name": "<function>", "args": "<JSON array>"},
//      "tests": null | {"source": "...", "filename": "...", "module": "solution"}}
//
// The harness reads all of stdin first (the candidate reads `stdin` from
// the payload, through Node's APIs: fs.readFileSync(0), process.stdin,
// readline), takes
// the `std`, `os` and `bjson` modules away from the global scope, installs
// Node's console, process, util and globals (node.js) and a Node-like
// `assert` (also `require('assert')`, `require('node:assert/strict')`, ...),
// runs the candidate as a classic script in the global scope, then runs
// each target on its own, awaiting any Promise.
//
// It reports through frames: single writes to the file descriptor the
// payload names, which the host answers itself (never the program's
// output), that start with "\0WE:" + nonce + ":" and carry length-prefixed
// fields (`<byte length>:<text>` each, so no text can move a field
// boundary). The host decides the verdict from the frames; src/report.rs
// specifies them.
//
// Integrity. A run with targets or a test file has two instances of this
// snapshot (see "the boundary" below): the candidate's, whose frames can
// say only how the candidate's top-level code ended (the host refuses any
// other kind from it), and the judge's, which runs the test and never
// evaluates the candidate's code, so nothing the candidate does reaches the
// test's built-ins, its `assert` or its frames. A run with one instance (a
// script, a call-based case) is judged by the host from what the program
// printed or returned; its frames carry the nonce, which lives in this
// closure, and are built with copies of the built-ins taken before the
// candidate runs, so a candidate that replaced `Array.prototype.join` or
// `String.prototype.charCodeAt` cannot write one.
globalThis.wasmevalStart = (function () {
const main = async function wasmevalMain(loop) {
  "use strict";
  const stdModule = std;
  const osModule = os;
  const rawWrite = osModule.write;
  const hardExit = stdModule.exit;
  const evalScript = stdModule.evalScript;
  const stdout = stdModule.out;
  const stderr = stdModule.err;
  const osNow = osModule.now; // microseconds
  const osSleep = osModule.sleep; // milliseconds
  const mathCeil = Math.ceil;

  // ---- the event loop's timers ----------------------------------------------
  // The harness's own queue on the virtual clock (node.js builds Node's
  // timers on it). The host runs the loop: it runs QuickJS's promise jobs
  // until none is left, then calls `loop.tick`, which fires the earliest
  // timer (sleeping until it is due), as Node runs every microtask before
  // the next timer.
  // No prototype: an index setter on Array.prototype sees nothing.
  const timers = Object.setPrototypeOf([], null);
  let timerSeq = 0;
  function setTimeoutImpl(fn, ms) {
    let delay = +ms;
    if (!(delay > 0)) delay = 0;
    const timer = { id: ++timerSeq, at: osNow() + delay * 1000, fn, cancelled: false };
    timers[timers.length] = timer;
    return timer;
  }
  function clearTimeoutImpl(timer) {
    if (timer !== null && typeof timer === "object") timer.cancelled = true;
  }
  loop.tick = function tick() {
    // The microtasks have run: a rejection nothing handled is Node's
    // 'unhandledRejection'.
    rejected();
    let best = -1;
    for (let i = 0; i < timers.length;) {
      const timer = timers[i];
      if (timer.cancelled) {
        timers[i] = timers[timers.length - 1];
        timers.length--;
        continue;
      }
      if (best < 0 || timer.at < timers[best].at
          || (timer.at === timers[best].at && timer.id < timers[best].id)) best = i;
      i++;
    }
    if (best < 0) return 0;
    const timer = timers[best];
    timers[best] = timers[timers.length - 1];
    timers.length--;
    const wait = timer.at - osNow();
    if (wait > 0) osSleep(mathCeil(wait / 1000));
    const fn = timer.fn;
    try {
      fn();
    } catch (error) {
      printUncaught(error);
    }
    return 1;
  };
  const jsonParse = JSON.parse;
  const jsonStringify = JSON.stringify;
  const ObjectIs = Object.is;
  const StringCtor = String;
  const ArrayBufferCtor = ArrayBuffer;
  const Uint8ArrayCtor = Uint8Array;
  const ErrorCtor = Error;
  const RealFunction = Function;
  const define = Object.defineProperty;
  const setProtoOf = Object.setPrototypeOf;
  const reflectApply = Reflect.apply;
  // An array no index setter on Array.prototype can see into.
  const bareArray = () => setProtoOf([], null);
  const descriptorOf = Object.getOwnPropertyDescriptor;
  const ownNames = Reflect.ownKeys;
  const keysOf = Object.keys;
  const protoOf = Object.getPrototypeOf;
  const isArray = Array.isArray;
  const freeze = Object.freeze;
  // Built-ins the harness calls after candidate code may have replaced the
  // originals on their prototypes: uncurried copies taken now.
  const uncurry = Function.prototype.bind.bind(Function.prototype.call);
  const charCodeAt = uncurry(String.prototype.charCodeAt);
  // RegExp.prototype.test looks `exec` up on the expression, where a
  // candidate can replace it; the builtin exec looks up nothing.
  const regexpExec = uncurry(RegExp.prototype.exec);
  const regexpTest = (re, text) => regexpExec(re, text) !== null;
  const stringSlice = uncurry(String.prototype.slice);
  const stringReplace = uncurry(String.prototype.replace);
  const symbolsOf = Object.getOwnPropertySymbols;
  const isEnumerable = uncurry(Object.prototype.propertyIsEnumerable);
  const ErrorProto = Error.prototype;
  const PromiseCtor = Promise;
  const promiseThen = uncurry(Promise.prototype.then);
  const promiseResolve = () => PromiseCtor.resolve();
  // The value inside a boxed primitive, by its own valueOf (each throws for
  // anything else): [kind, value], or null for an object that boxes nothing.
  const unboxers = [
    ["Number", uncurry(Number.prototype.valueOf)],
    ["String", uncurry(String.prototype.valueOf)],
    ["Boolean", uncurry(Boolean.prototype.valueOf)],
    ["BigInt", uncurry(BigInt.prototype.valueOf)],
    ["Symbol", uncurry(Symbol.prototype.valueOf)],
  ];
  function unbox(value) {
    for (let i = 0; i < unboxers.length; i++) {
      try {
        return [unboxers[i][0], unboxers[i][1](value)];
      } catch (e) {
        // not this kind
      }
    }
    return null;
  }
  const hasOwn = uncurry(Object.prototype.hasOwnProperty);
  const dateTime = uncurry(Date.prototype.getTime);
  const mapHas = uncurry(Map.prototype.has);
  const mapGet = uncurry(Map.prototype.get);
  const mapEntries = uncurry(Map.prototype.entries);
  const setHas = uncurry(Set.prototype.has);
  const setValues = uncurry(Set.prototype.values);
  const mapSize = uncurry(descriptorOf(Map.prototype, "size").get);
  const setSize = uncurry(descriptorOf(Set.prototype, "size").get);
  const iteratorNext = uncurry(protoOf(new Map().entries()).next);
  const setIteratorNext = uncurry(protoOf(new Set().values()).next);
  const isPrototypeOf = uncurry(Object.prototype.isPrototypeOf);
  const RegExpProto = RegExp.prototype;

  // ---- unhandled rejections ------------------------------------------------
  // QuickJS's rejection tracker calls this (the host points it here: see
  // forward_rejections in src/runtime/javascript.rs) when a promise is
  // rejected with no handler, and again when such a promise gets one. What
  // is left once the microtasks have run is what Node calls an unhandled
  // rejection, which ends its process with status 1 (see `rejected`).
  const unhandled = bareArray(); // promise, reason, promise, reason, ...
  globalThis.wasmevalTrack = function wasmevalTrack(promise, reason, handled) {
    for (let i = 0; i < unhandled.length; i += 2) {
      if (unhandled[i] === promise) {
        if (handled) {
          for (let j = i + 2; j < unhandled.length; j++) unhandled[j - 2] = unhandled[j];
          unhandled.length -= 2;
        }
        return;
      }
    }
    if (!handled) {
      unhandled[unhandled.length] = promise;
      unhandled[unhandled.length] = reason;
    }
  };

  // The host's channel (see src/sandbox/core.rs, link_host_fd): frames and
  // calls are writes to HOST_FD; a call's text is written to OUTBOX_FD
  // first; what the host says (the payload, then each call's reply) is
  // read from HOST_FD, to its end. Files of QuickJS's: its UTF-8 is native.
  const HOST_FD = 1073741824;
  const inbox = stdModule.fdopen(HOST_FD, "r");
  const outbox = stdModule.fdopen(HOST_FD + 1, "w");
  function hostSays() {
    inbox.clearerr();
    return inbox.readAsString();
  }
  // What the run's payload decides: set by begin() when the run starts.
  // Everything else is set up once, while the snapshot is made.
  let payload = null;
  let role = "solo";
  let prefix = "";
  let prefixBytes = null;
  let code = "";
  let targets = [];
  // A script (a stdin/stdout program) may end with process.exit(0), and its
  // stdin callbacks run before it counts as finished.
  let script = false;
  let call = null;
  // A unit-test file: the candidate is the CommonJS module it requires.
  let tests = null;
  let stdinText = "";
  const candidateModule = { id: ".", exports: {}, loaded: false, children: [], paths: [] };
  function begin(said) {
    payload = said;
    role = payload.role === "candidate" || payload.role === "judge" ? payload.role : "solo";
    seedRandom(payload.random);
    prefix = "\u0000WE:" + payload.nonce + ":";
    prefixBytes = utf8(prefix);
    code = payload.code;
    targets = payload.targets;
    script = payload.script === true;
    call = payload.call || null;
    tests = payload.tests || null;
    if (tests !== null) {
      candidateModule.filename = "/work/" + tests.module + ".js";
      candidateModule.path = "/work";
    }
    stdinText = typeof payload.stdin === "string" ? payload.stdin : "";
    node.begin(stdinText);
  }

  // Math.random from the run's seed (the snapshot holds QuickJS's own
  // generator's state, the same in every run): xoshiro128** on the four
  // 32-bit words the host derives from the seed, 53 bits per draw. Reruns
  // repeat; samples differ.
  function seedRandom(state) {
    const imul = Math.imul;
    let a = state[0] | 0, b = state[1] | 0, c = state[2] | 0, d = state[3] | 0;
    if ((a | b | c | d) === 0) a = 1;
    const next = () => {
      const x = b * 5;
      const result = imul((x << 7) | (x >>> 25), 9);
      const t = b << 9;
      c ^= a; d ^= b; b ^= c; a ^= d; c ^= t;
      d = (d << 11) | (d >>> 21);
      return result >>> 0;
    };
    const random = function random() {
      return ((next() >>> 5) * 67108864 + (next() >>> 6)) / 9007199254740992;
    }.bind(undefined);
    define(random, "name", { value: "random", configurable: true });
    define(Math, "random", { value: random, writable: true, configurable: true, enumerable: false });
  }

  for (const name of ["std", "os", "bjson", "scriptArgs"]) {
    try {
      delete globalThis[name];
    } catch (e) {
      // not configurable: nothing to remove
    }
  }

  const MAX_FIELD_BYTES = 1000;

  function utf8(text) {
    const bytes = bareArray();
    let n = 0;
    const length = text.length;
    for (let i = 0; i < length; i++) {
      let c = charCodeAt(text, i);
      if (c >= 0xd800 && c < 0xdc00 && i + 1 < length) {
        const d = charCodeAt(text, i + 1);
        if (d >= 0xdc00 && d < 0xe000) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c < 0x80) {
        bytes[n++] = c;
      } else if (c < 0x800) {
        bytes[n++] = 0xc0 | (c >> 6);
        bytes[n++] = 0x80 | (c & 63);
      } else if (c < 0x10000) {
        bytes[n++] = 0xe0 | (c >> 12);
        bytes[n++] = 0x80 | ((c >> 6) & 63);
        bytes[n++] = 0x80 | (c & 63);
      } else {
        bytes[n++] = 0xf0 | (c >> 18);
        bytes[n++] = 0x80 | ((c >> 12) & 63);
        bytes[n++] = 0x80 | ((c >> 6) & 63);
        bytes[n++] = 0x80 | (c & 63);
      }
    }
    return bytes;
  }

  // One frame: every field as `<byte length>:<UTF-8 bytes>`, fields cut to
  // MAX_FIELD_BYTES (never inside a UTF-8 sequence). Built with plain loops
  // and indexing only: no method a candidate could replace is used.
  function frame(...fields) {
    try { stdout.flush(); } catch (e) { /* closed */ }
    try { stderr.flush(); } catch (e) { /* closed */ }
    const bytes = bareArray();
    let n = 0;
    for (let i = 0; i < prefixBytes.length; i++) bytes[n++] = prefixBytes[i];
    for (let f = 0; f < fields.length; f++) {
      let field = utf8(StringCtor(fields[f]));
      if (field.length > MAX_FIELD_BYTES) {
        const cut = bareArray();
        let end = MAX_FIELD_BYTES;
        while (end > 0 && (field[end] & 0xc0) === 0x80) end--;
        for (let i = 0; i < end; i++) cut[i] = field[i];
        field = cut;
      }
      const digits = utf8("" + field.length + ":");
      for (let i = 0; i < digits.length; i++) bytes[n++] = digits[i];
      for (let i = 0; i < field.length; i++) bytes[n++] = field[i];
    }
    const buffer = new ArrayBufferCtor(n);
    const view = new Uint8ArrayCtor(buffer);
    for (let i = 0; i < n; i++) view[i] = bytes[i];
    // One write is one frame (the host takes it whole).
    rawWrite(HOST_FD, buffer, 0, n);
  }

  // What Node prints to stderr for an uncaught exception (a script's).
  function printUncaught(error) {
    try {
      let text;
      if (error !== null && typeof error === "object") {
        const stack = typeof error.stack === "string" ? error.stack : "";
        text = StringCtor(error.name === undefined ? "Error" : error.name) + ": "
          + StringCtor(error.message === undefined ? "" : error.message) + "\n" + stack;
      } else {
        text = "Uncaught " + inspect(error) + "\n";
      }
      stderr.puts("\n" + text + (text.endsWith("\n") ? "" : "\n"));
      stderr.flush();
    } catch (e) {
      // nothing more to say
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
    if (regexpTest(/stack overflow|call stack size/i, message)) hint = "stack";
    else if (regexpTest(/out of memory/i, message)) hint = "memory";
    return [name, message, hint];
  }

  // ---- import blocking -------------------------------------------------
  // A classic script can only reach QuickJS's std/os modules through
  // dynamic import(). The keyword is refused in the candidate, the targets,
  // and any source handed to eval / Function at run time: `import`
  // followed by `(` or `.` (spaces and comments between), anywhere in the
  // source, strings and comments included (failing closed: a scanner that
  // skipped strings could be led astray by a regular expression literal, a
  // template's `${}` is code). Scanned with plain loops and the copy of
  // charCodeAt: a replaced RegExp.prototype.exec cannot blind it.
  function isIdentChar(c) {
    return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
      || c === 36 || c === 95 || c === 92 || c >= 128;
  }
  // Where the code after `at` resumes past spaces and comments.
  function skipSpace(text, at) {
    const n = text.length;
    for (;;) {
      while (at < n) {
        const c = charCodeAt(text, at);
        if (c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff || (c >= 0x2000 && c <= 0x200a)
          || c === 0x2028 || c === 0x2029 || c === 0x3000 || c === 0x1680 || c === 0x202f || c === 0x205f) at++;
        else break;
      }
      if (at + 1 < n && charCodeAt(text, at) === 47 && charCodeAt(text, at + 1) === 47) {
        at += 2;
        while (at < n && charCodeAt(text, at) !== 10 && charCodeAt(text, at) !== 13
          && charCodeAt(text, at) !== 0x2028 && charCodeAt(text, at) !== 0x2029) at++;
      } else if (at + 1 < n && charCodeAt(text, at) === 47 && charCodeAt(text, at + 1) === 42) {
        at += 2;
        while (at < n && !(charCodeAt(text, at) === 42 && at + 1 < n && charCodeAt(text, at + 1) === 47)) at++;
        at += 2;
      } else {
        return at;
      }
    }
  }
  const IMPORT = [105, 109, 112, 111, 114, 116];
  function usesImport(source) {
    const text = StringCtor(source);
    const n = text.length;
    for (let i = 0; i + 6 <= n; i++) {
      let word = true;
      for (let k = 0; k < 6 && word; k++) word = charCodeAt(text, i + k) === IMPORT[k];
      if (!word) continue;
      if (i > 0 && isIdentChar(charCodeAt(text, i - 1))) continue;
      const next = skipSpace(text, i + 6);
      if (next < n) {
        const c = charCodeAt(text, next);
        if (c === 40 || c === 46) return true;
      }
    }
    return false;
  }
  const blocked = bareArray();
  function block(what) {
    let seen = false;
    for (let i = 0; i < blocked.length; i++) if (blocked[i] === what) seen = true;
    if (!seen) {
      blocked[blocked.length] = what;
      frame("blocked", what);
    }
    throw new ErrorCtor("wasmeval: " + what + " is blocked");
  }
  // The module objects are gone; touching their names is a clear error.
  for (const name of ["std", "os", "bjson"]) {
    define(globalThis, name, {
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
  // How a target runs: a direct eval (its completion value is what the
  // harness awaits) inside a function whose parameter `require` is the
  // harness's, as Node's require is the module's own, so a candidate that
  // replaced, shadowed or redefined the global `require`, or does so from
  // a timer while a target awaits, changes nothing a target requires.
  // In the judge's instance the same, inside `with (scope)` (see the
  // boundary): the function's own scope, where a target's `var`s live,
  // comes before the candidate's names.
  let runTarget = realEval("(function (require, eval) { return eval(arguments[2]); })");
  globalThis.eval = function (source) {
    if (typeof source === "string") guardSource(source);
    return realEval(source);
  };
  for (const proto of [
    Function.prototype,
    protoOf(async function () {}),
    protoOf(function* () {}),
    protoOf(async function* () {}),
  ]) {
    const RealCtor = proto.constructor;
    // The sources are made strings once, checked, and those strings
    // compiled (an object's toString could answer differently twice).
    // Indexing and Reflect.apply: a loop or a spread would call
    // Array.prototype[Symbol.iterator], which the candidate may replace.
    const Guarded = function (...args) {
      const texts = bareArray();
      for (let i = 0; i < args.length; i++) {
        texts[i] = StringCtor(args[i]);
        guardSource(texts[i]);
      }
      return reflectApply(RealCtor, undefined, texts);
    };
    Guarded.prototype = proto;
    define(proto, "constructor", { value: Guarded, writable: true, configurable: true });
    if (RealCtor === Function) globalThis.Function = Guarded;
  }

  // ---- Node's console, process, util and globals ----------------------------
  // Where a console.assert failed: in the candidate's top level (reported at
  // once) or in the current target (fails it).
  let phase = "candidate";
  let targetConsoleFailure = null;
  // The first console.assert of the test's that failed outside any target
  // (a test file's top level, a timer after the targets): Node only prints
  // it; wasmeval fails the run (see the README's security section).
  let lateConsoleFailure = null;
  // The first assertion of the test's that failed in a callback the
  // candidate called (the target fails with it).
  let callbackFailure = null;
  // A callback (timer, stdin event) threw and nothing caught it: Node
  // prints it and exits with status 1. In a script that is how the
  // candidate ended; in the candidate's instance of a run with a test it
  // ends the candidate's process while or after the test runs, which
  // fails the run as Node's would; so it does in the test's own instance
  // (a test's timer whose assertion fails after its target reported);
  // in a run without a test QuickJS reports it as before.
  function uncaught(error) {
    if (script && phase === "candidate") {
      printUncaught(error);
      const described = describe(error);
      frame("candidate", "raised", described[0], described[1], described[2]);
      hardExit(1);
    }
    if (role === "solo") throw error;
    printUncaught(error);
    try { stdout.flush(); } catch (e) { /* closed */ }
    try { stderr.flush(); } catch (e) { /* closed */ }
    hardExit(1);
  }
  // Whether a target of the test's is running (reportTarget).
  let targetRunning = false;
  // A promise rejected and still unhandled now that the microtasks have
  // run ends Node's process as an uncaught error does, unless a
  // 'unhandledRejection' listener takes it. The test's own fails the
  // target that is running (as a test's assertion in a callback does), or
  // ends the test's process after the targets; the candidate's ends its
  // process. The oldest is reported; all are forgotten.
  function rejected() {
    if (unhandled.length === 0) return;
    const promise = unhandled[0];
    const reason = unhandled[1];
    unhandled.length = 0;
    // (A run without a test or a script reports as before: its value is
    // what is judged.)
    if (role === "solo" && !script) return;
    const proc = node.process;
    if (proc.listenerCount("unhandledRejection") > 0) {
      proc.emit("unhandledRejection", reason, promise);
      return;
    }
    failedLater(rejectionError(reason));
  }
  // An error nothing caught in a callback that ran later (a rejection, a
  // microtask): the test's fails the target that is running, else it ends
  // the process as Node's uncaught errors do.
  function failedLater(error) {
    if (role === "judge" && targetRunning) {
      if (callbackFailure === null) callbackFailure = error;
      return;
    }
    uncaught(error);
  }
  // queueMicrotask: what its callback throws is uncaught, as in Node (where
  // QuickJS's own drops it). node.js's ticks are queued through it too.
  const nativeQueueMicrotask = globalThis.queueMicrotask;
  const MicrotaskTypeError = TypeError;
  globalThis.queueMicrotask = function queueMicrotask(callback) {
    if (typeof callback !== "function") {
      throw new MicrotaskTypeError("The \"callback\" argument must be of type function");
    }
    nativeQueueMicrotask(() => {
      try {
        callback();
      } catch (error) {
        failedLater(error);
      }
    });
  };
  // What a promise rejected with, as the error Node reports: itself when it
  // is an object, else Node's words around it.
  function rejectionError(reason) {
    if (reason !== null && typeof reason === "object") return reason;
    return new ErrorCtor("This error originated either by throwing inside of an async function "
      + "without a catch block, or by rejecting a promise which was not handled with .catch(). "
      + "The promise rejected with the reason \"" + StringCtor(reason) + "\".");
  }
  /*@NODE@*/
  const node = wasmevalNode({
    writeOut: (text) => stdout.puts(text),
    writeErr: (text) => stderr.puts(text),
    now: () => Date.now(),
    setTimeout: setTimeoutImpl,
    clearTimeout: clearTimeoutImpl,
    consoleAssertFailed(text) {
      if (phase === "candidate") {
        frame("console", text);
      } else if (role === "judge" && !targetRunning) {
        if (lateConsoleFailure === null) lateConsoleFailure = text;
      } else if (targetConsoleFailure === null) {
        targetConsoleFailure = text;
      }
    },
    exit(exitCode) {
      if (script && phase === "candidate") frame("candidate", "exit", "", "" + (exitCode | 0));
      try { stdout.flush(); } catch (e) { /* closed */ }
      try { stderr.flush(); } catch (e) { /* closed */ }
      hardExit(exitCode | 0);
    },
    uncaught,
    unsupported(name) {
      throw new ErrorCtor(name + " is not available in wasmeval's sandbox (QuickJS, no host access)");
    },
  });
  const inspect = node.util.inspect;

  // ---- Node-like assert --------------------------------------------------
  class AssertionError extends ErrorCtor {
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

  function fail(actual, expected, message, operator, summary) {
    if (message instanceof ErrorCtor) throw message;
    const generated = message === undefined;
    const text = generated
      ? summary + "\n\n" + inspect(actual) + " !== " + inspect(expected) + "\n"
      : StringCtor(message);
    throw new AssertionError({ message: text, actual, expected, operator, generated });
  }

  // Node 20's deep equality (lib/internal/util/comparisons.js), on copies
  // of the built-ins taken above: loose mode compares primitives with ==
  // but never an object with a primitive; both compare the tags, dates,
  // expressions, errors' name and message, boxed primitives' values, Map
  // and Set contents and own enumerable keys; strict mode also the
  // prototypes and enumerable symbol keys.
  const objectTag = uncurry(Object.prototype.toString);
  const regexpSource = uncurry(descriptorOf(RegExp.prototype, "source").get);
  const regexpFlags = uncurry(descriptorOf(RegExp.prototype, "flags").get);
  // What kind of built-in object `value` is, by its internal slots (the
  // captured getters throw for anything else).
  function kindOf(value) {
    try { dateTime(value); return "date"; } catch (e) { /* not a Date */ }
    try { mapSize(value); return "map"; } catch (e) { /* not a Map */ }
    try { setSize(value); return "set"; } catch (e) { /* not a Set */ }
    if (value !== RegExpProto) {
      try { regexpSource(value); return "regexp"; } catch (e) { /* not a RegExp */ }
    }
    if (isPrototypeOf(ErrorProto, value)) return "error";
    if (unbox(value) !== null) return "boxed";
    return "object";
  }
  function isDeepEqual(a, b, strict, memo) {
    if (a === b) return a !== 0 || !strict || ObjectIs(a, b);
    if (strict) {
      if (typeof a !== "object") return typeof a === "number" && a !== a && b !== b;
      if (typeof b !== "object" || a === null || b === null) return false;
      if (protoOf(a) !== protoOf(b)) return false;
    } else {
      if (a === null || typeof a !== "object") {
        if (b === null || typeof b !== "object") return a == b || (a !== a && b !== b);
        return false;
      }
      if (b === null || typeof b !== "object") return false;
    }
    const tag = objectTag(a);
    if (tag !== objectTag(b)) return false;
    // (Copied by indexing: spreading would call Array.prototype[Symbol.iterator],
    // which a candidate can replace.)
    for (let i = 0; i < memo.length; i++) if (memo[i][0] === a && memo[i][1] === b) return true;
    const grown = bareArray();
    for (let i = 0; i < memo.length; i++) grown[i] = memo[i];
    grown[memo.length] = [a, b];
    memo = grown;
    if (isArray(a)) {
      if (!isArray(b) || a.length !== b.length) return false;
      return keysEqual(a, b, strict, memo);
    }
    // (The tag is what an object says it is: one whose Symbol.toStringTag
    // claims "Array" is not an array, as Node's check of the real type says.)
    if (isArray(b)) return false;
    if (tag === "[object Object]") return keysEqual(a, b, strict, memo);
    const kind = kindOf(a);
    if (kind !== kindOf(b)) return false;
    if (kind === "date") {
      if (dateTime(a) !== dateTime(b)) return false;
    } else if (kind === "regexp") {
      if (regexpSource(a) !== regexpSource(b) || regexpFlags(a) !== regexpFlags(b)
        || a.lastIndex !== b.lastIndex) return false;
    } else if (kind === "error") {
      if (a.message !== b.message || a.name !== b.name) return false;
    } else if (kind === "boxed") {
      const x = unbox(a), y = unbox(b);
      if (x[0] !== y[0] || !ObjectIs(x[1], y[1])) return false;
    } else if (kind === "map") {
      if (mapSize(a) !== mapSize(b)) return false;
      const entries = mapEntries(a);
      // b's entries whose keys are not a's, matched at most once each by a
      // key of a's b lacks: a deep-equal key with a deep-equal value (as
      // Node's mapEquiv finds object keys).
      let others = null;
      for (let step = iteratorNext(entries); !step.done; step = iteratorNext(entries)) {
        const k = step.value[0];
        const v = step.value[1];
        if (mapHas(b, k)) {
          if (!isDeepEqual(v, mapGet(b, k), strict, memo)) return false;
          continue;
        }
        if (strict && (k === null || typeof k !== "object")) return false;
        if (others === null) {
          others = bareArray();
          const all = mapEntries(b);
          for (let o = iteratorNext(all); !o.done; o = iteratorNext(all)) {
            if (!mapHas(a, o.value[0])) others[others.length] = o.value;
          }
        }
        let found = -1;
        for (let i = 0; i < others.length && found < 0; i++) {
          if (others[i] !== null && isDeepEqual(k, others[i][0], strict, memo)
            && isDeepEqual(v, others[i][1], strict, memo)) found = i;
        }
        if (found < 0) return false;
        others[found] = null;
      }
    } else if (kind === "set") {
      if (setSize(a) !== setSize(b)) return false;
      const values = setValues(a);
      outer: for (let step = setIteratorNext(values); !step.done; step = setIteratorNext(values)) {
        const v = step.value;
        if (setHas(b, v)) continue;
        const others = setValues(b);
        for (let o = setIteratorNext(others); !o.done; o = setIteratorNext(others)) {
          if (isDeepEqual(v, o.value, strict, memo)) continue outer;
        }
        return false;
      }
    }
    return keysEqual(a, b, strict, memo);
  }
  // Own enumerable keys (and, strictly, symbols): the same on both sides,
  // with deep-equal values.
  function keysEqual(a, b, strict, memo) {
    const ka = keysOf(a);
    const kb = keysOf(b);
    if (ka.length !== kb.length) return false;
    for (let i = 0; i < ka.length; i++) {
      if (!hasOwn(b, ka[i]) || !isEnumerable(b, ka[i])) return false;
    }
    if (strict) {
      const sa = symbolsOf(a);
      const sb = symbolsOf(b);
      let count = 0;
      for (let i = 0; i < sa.length; i++) {
        if (!isEnumerable(a, sa[i])) continue;
        count++;
        if (!isEnumerable(b, sa[i]) || !isDeepEqual(a[sa[i]], b[sa[i]], strict, memo)) return false;
      }
      for (let i = 0; i < sb.length; i++) if (isEnumerable(b, sb[i])) count--;
      if (count !== 0) return false;
    }
    for (let i = 0; i < ka.length; i++) {
      if (!isDeepEqual(a[ka[i]], b[ka[i]], strict, memo)) return false;
    }
    return true;
  }

  function ok(value, message) {
    if (!value) fail(value, true, message, "==", "The expression evaluated to a falsy value:");
  }
  const assert = function assert(value, message) {
    ok(value, message);
  };
  assert.ok = ok;
  assert.AssertionError = AssertionError;
  assert.fail = function (message) {
    if (message instanceof ErrorCtor) throw message;
    throw new AssertionError({ message: message === undefined ? "Failed" : StringCtor(message), operator: "fail" });
  };
  assert.equal = function (actual, expected, message) {
    if (!(actual == expected || (actual !== actual && expected !== expected))) {
      fail(actual, expected, message, "==", "Expected values to be loosely equal:");
    }
  };
  assert.notEqual = function (actual, expected, message) {
    if (actual == expected || (actual !== actual && expected !== expected)) {
      fail(actual, expected, message, "!=", "Expected values to be loosely unequal:");
    }
  };
  assert.strictEqual = function (actual, expected, message) {
    if (!ObjectIs(actual, expected)) {
      fail(actual, expected, message, "strictEqual", "Expected values to be strictly equal:");
    }
  };
  assert.notStrictEqual = function (actual, expected, message) {
    if (ObjectIs(actual, expected)) {
      fail(actual, expected, message, "notStrictEqual", "Expected values to be strictly unequal:");
    }
  };
  assert.deepEqual = function (actual, expected, message) {
    if (!isDeepEqual(actual, expected, false, [])) {
      fail(actual, expected, message, "deepEqual", "Expected values to be loosely deep-equal:");
    }
  };
  assert.notDeepEqual = function (actual, expected, message) {
    if (isDeepEqual(actual, expected, false, [])) {
      fail(actual, expected, message, "notDeepEqual", "Expected values not to be loosely deep-equal:");
    }
  };
  assert.deepStrictEqual = function (actual, expected, message) {
    if (!isDeepEqual(actual, expected, true, [])) {
      fail(actual, expected, message, "deepStrictEqual", "Expected values to be strictly deep-equal:");
    }
  };
  assert.notDeepStrictEqual = function (actual, expected, message) {
    if (isDeepEqual(actual, expected, true, [])) {
      fail(actual, expected, message, "notDeepStrictEqual", "Expected values not to be strictly deep-equal:");
    }
  };
  function matches(error, expected) {
    if (expected === undefined) return true;
    if (typeof expected === "function") {
      if (expected.prototype !== undefined && error instanceof expected) return true;
      if (isPrototypeOf(ErrorCtor, expected) || expected === ErrorCtor) return false;
      // (Reflect.apply, as Node does: Function.prototype.call is the
      // candidate's to replace.)
      return reflectApply(expected, {}, [error]) === true;
    }
    if (isPrototypeOf(RegExpProto, expected)) return regexpTest(expected, StringCtor(error));
    if (typeof expected === "object" && expected !== null) {
      const keys = keysOf(expected);
      for (let i = 0; i < keys.length; i++) {
        const want = expected[keys[i]];
        const got = error === null || error === undefined ? undefined : error[keys[i]];
        const same = isPrototypeOf(RegExpProto, want) && typeof got === "string"
          ? regexpTest(want, got)
          : isDeepEqual(got, want, true, []);
        if (!same) return false;
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
        fail(error, expected, message, "throws", "The error thrown does not match the expected one:");
      }
      return;
    }
    fail(undefined, expected, message, "throws", "Missing expected exception.");
  };
  assert.doesNotThrow = function (fn, message) {
    try {
      fn();
    } catch (error) {
      fail(error, undefined, message, "doesNotThrow", "Got unwanted exception.");
    }
  };
  assert.match = function (string, regexp, message) {
    if (typeof string !== "string") {
      fail(string, regexp, message, "match", "The \"string\" argument must be of type string. Received type " + typeof string);
    }
    if (!regexpTest(regexp, string)) {
      fail(string, regexp, message, "match", "The input did not match the regular expression " + inspect(regexp) + ". Input:\n\n" + inspect(string) + "\n");
    }
  };
  assert.doesNotMatch = function (string, regexp, message) {
    if (typeof string !== "string") {
      fail(string, regexp, message, "doesNotMatch", "The \"string\" argument must be of type string. Received type " + typeof string);
    }
    if (regexpTest(regexp, string)) {
      fail(string, regexp, message, "doesNotMatch", "The input was expected to not match the regular expression " + inspect(regexp) + ". Input:\n\n" + inspect(string) + "\n");
    }
  };
  assert.ifError = function (value) {
    if (value !== null && value !== undefined) {
      let text = "ifError got unwanted exception: ";
      text += value !== null && typeof value === "object" && typeof value.message === "string" ? value.message : inspect(value);
      throw new AssertionError({ message: text, actual: value, expected: null, operator: "ifError", generated: false });
    }
  };
  assert.doesNotReject = async function (promiseOrFn, message) {
    const promise = typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn;
    try {
      await promise;
    } catch (error) {
      fail(error, undefined, message, "doesNotReject", "Got unwanted rejection.\nActual message: \"" + (error && error.message) + "\"");
    }
  };
  assert.rejects = async function (promiseOrFn, expected, message) {
    const promise = typeof promiseOrFn === "function" ? promiseOrFn() : promiseOrFn;
    try {
      await promise;
    } catch (error) {
      if (!matches(error, expected)) {
        fail(error, expected, message, "rejects", "The rejection does not match the expected one:");
      }
      return;
    }
    fail(undefined, expected, message, "rejects", "Missing expected rejection.");
  };
  const strict = function strict(value, message) {
    ok(value, message);
  };
  for (const key of keysOf(assert)) strict[key] = assert[key];
  strict.equal = assert.strictEqual;
  strict.notEqual = assert.notStrictEqual;
  strict.deepEqual = assert.deepStrictEqual;
  strict.notDeepEqual = assert.notDeepStrictEqual;
  assert.strict = strict;
  strict.strict = strict;
  freeze(assert);
  freeze(strict);

  // ---- require -----------------------------------------------------------
  const REFUSED_MODULES = [
    "child_process", "net", "http", "https", "os", "worker_threads", "cluster",
    "dgram", "dns", "tls", "vm", "std", "qjs:std", "qjs:os", "qjs:bjson",
  ];
  const missing = bareArray();
  function require(name) {
    const full = StringCtor(name);
    const bare = stringSlice(full, 0, 5) === "node:" ? stringSlice(full, 5) : full;
    if (bare === "assert") return assert;
    if (bare === "assert/strict") return strict;
    if (bare === "fs") return fsModule;
    if (bare === "test") {
      if (full === "node:test") return nodeTest;
    }
    if (tests !== null) {
      const wanted = tests.module;
      if (full === "./" + wanted || full === "./" + wanted + ".js" || full === "/work/" + wanted
        || full === "/work/" + wanted + ".js") {
        return candidateExports();
      }
    }
    if (hasOwn(node.modules, bare)) return node.modules[bare];
    for (let i = 0; i < REFUSED_MODULES.length; i++) {
      if (REFUSED_MODULES[i] === bare || REFUSED_MODULES[i] === full) block("require('" + full + "')");
    }
    let seen = false;
    for (let i = 0; i < missing.length; i++) if (missing[i] === full) seen = true;
    if (!seen) {
      missing[missing.length] = full;
      frame("missing", full);
    }
    const error = new ErrorCtor("Cannot find module '" + full + "'");
    error.code = "MODULE_NOT_FOUND";
    throw error;
  }
  require.main = node.module;

  // ---- node:test -------------------------------------------------------------
  // test()/it() register a test, describe() a suite (its body runs at once to
  // register what it holds); before/after/beforeEach/afterEach hooks belong
  // to the suite they are called in. The harness runs the tests after the
  // test file's top level, one target each, in order. Skipped and todo tests
  // are not collected; t.skip() while a test runs fails it (a candidate could
  // call it).
  const registered = bareArray();
  // A suite's lists are arrays without a prototype, read by index: an index
  // setter or a replaced iterator on Array.prototype sees none of them.
  function newSuite(name, parent) {
    return { name, parent, before: bareArray(), after: bareArray(), beforeEach: bareArray(),
      afterEach: bareArray(), tests: bareArray() };
  }
  const rootSuite = newSuite("", null);
  let currentSuite = rootSuite;
  // Whether the test's options object has `name` set, as its own property
  // (an inherited getter is the candidate's: it ran code, and dropped
  // tests, while the file registered them).
  function optionSet(opts, name) {
    return opts !== null && typeof opts === "object" && hasOwn(opts, name) && !!opts[name];
  }
  // (An object, not an array to destructure: that would call
  // Array.prototype[Symbol.iterator], which the candidate may have replaced.)
  function testArgs(name, options, fn) {
    if (typeof name === "function") return { title: name.name || "<anonymous>", opts: {}, body: name };
    if (typeof options === "function") return { title: StringCtor(name), opts: {}, body: options };
    return { title: StringCtor(name === undefined ? "<anonymous>" : name), opts: options || {}, body: fn };
  }
  function fullName(suite, name) {
    let out = name;
    for (let s = suite; s !== null && s.parent !== null; s = s.parent) out = s.name + " > " + out;
    return out;
  }
  // Only the test file's top level registers tests: a candidate that tries
  // (to add tests that pass) is refused.
  function mayRegister() {
    if (phase !== "collect") {
      frame("integrity", "the candidate registered a test");
      throw new ErrorCtor("wasmeval: only the test file registers tests");
    }
  }
  function nodeTest(name, options, fn) {
    mayRegister();
    const args = testArgs(name, options, fn);
    const title = args.title, opts = args.opts, body = args.body;
    if (optionSet(opts, "skip") || optionSet(opts, "todo") || typeof body !== "function") return promiseResolve();
    const entry = { name: fullName(currentSuite, title), suite: currentSuite, fn: body };
    registered[registered.length] = entry;
    currentSuite.tests[currentSuite.tests.length] = entry;
    return promiseResolve();
  }
  function describeSuite(name, options, fn) {
    mayRegister();
    const args = testArgs(name, options, fn);
    const title = args.title, opts = args.opts, body = args.body;
    if (optionSet(opts, "skip") || optionSet(opts, "todo") || typeof body !== "function") return promiseResolve();
    const suite = newSuite(title, currentSuite);
    const outer = currentSuite;
    currentSuite = suite;
    try {
      body({ name: title });
    } finally {
      currentSuite = outer;
    }
    return promiseResolve();
  }
  const skipped = () => promiseResolve();
  nodeTest.skip = skipped;
  nodeTest.todo = skipped;
  nodeTest.only = nodeTest;
  describeSuite.skip = skipped;
  describeSuite.todo = skipped;
  describeSuite.only = describeSuite;
  nodeTest.test = nodeTest;
  nodeTest.it = nodeTest;
  nodeTest.describe = describeSuite;
  nodeTest.suite = describeSuite;
  for (const hook of ["before", "after", "beforeEach", "afterEach"]) {
    nodeTest[hook] = function (fn) {
      mayRegister();
      currentSuite[hook][currentSuite[hook].length] = fn;
    };
  }
  freeze(nodeTest);
  async function callTest(fn, context) {
    if (fn.length >= 2) {
      await new PromiseCtor((resolve, reject) => {
        const result = fn(context, (error) => (error ? reject(error) : resolve()));
        if (settles(result)) result.then(undefined, reject);
      });
      return;
    }
    const result = fn(context);
    node.runTicks();
    if (settles(result)) await result;
  }
  // The suites from the root down to `suite`.
  function suitesOf(suite) {
    let depth = 0;
    for (let s = suite; s !== null; s = s.parent) depth++;
    const chain = bareArray();
    for (let s = suite, i = depth - 1; s !== null; s = s.parent, i--) chain[i] = s;
    return chain;
  }
  // Run every hook of `hooks` (a suite's list).
  async function runHooks(hooks, context) {
    for (let i = 0; i < hooks.length; i++) await callTest(hooks[i], context);
  }
  const suitesStarted = new Set();
  async function runRegistered(entry, isLast) {
    const chain = suitesOf(entry.suite);
    let skippedAtRunTime = false;
    const context = {
      name: entry.name,
      skip() { skippedAtRunTime = true; },
      todo() { skippedAtRunTime = true; },
      diagnostic() {},
      plan() {},
      assert,
      async test(name, options, fn) {
        const body = testArgs(name, options, fn).body;
        if (typeof body === "function") await callTest(body, context);
      },
    };
    for (let i = 0; i < chain.length; i++) {
      if (!suitesStarted.has(chain[i])) {
        suitesStarted.add(chain[i]);
        await runHooks(chain[i].before, context);
      }
    }
    for (let i = 0; i < chain.length; i++) await runHooks(chain[i].beforeEach, context);
    let failure = null;
    try {
      await callTest(entry.fn, context);
    } catch (error) {
      failure = [error];
    }
    for (let i = chain.length - 1; i >= 0; i--) {
      const hooks = chain[i].afterEach;
      for (let h = 0; h < hooks.length; h++) {
        try {
          await callTest(hooks[h], context);
        } catch (error) {
          if (failure === null) failure = [error];
        }
      }
    }
    // A suite's `after` hooks run after its last test.
    for (let i = chain.length - 1; i >= 0; i--) {
      const suiteTests = chain[i].tests;
      const lastOfSuite = isLast || (suiteTests.length > 0 && suiteTests[suiteTests.length - 1] === entry);
      if (lastOfSuite && i > 0) {
        await runHooks(chain[i].after, context);
      }
    }
    if (isLast) await runHooks(rootSuite.after, context);
    if (failure !== null) throw failure[0];
    if (skippedAtRunTime) throw new ErrorCtor("skipped at run time (a skip is not a pass here)");
  }
  // `fs` reads stdin and nothing else: fs.readFileSync(0) and
  // fs.readFileSync('/dev/stdin') give the candidate's input; anything
  // else it offers is a blacklisted use of the host's files.
  function readFileSync(path, options) {
    if (path === 0 || path === "/dev/stdin") return stdinText;
    block("fs.readFileSync('" + StringCtor(path) + "')");
  }
  const fsModule = new Proxy({ readFileSync }, {
    get(target, key) {
      if (key === "readFileSync") return readFileSync;
      if (typeof key === "symbol") return undefined;
      return function blockedFs() {
        block("fs." + StringCtor(key));
      };
    },
  });
  // Globals, as Node's REPL has `assert`: a candidate may define its own
  // (the test's are the judge's, which the candidate never reaches).
  define(globalThis, "assert", { value: assert, writable: true, configurable: true });
  define(globalThis, "require", { value: require, writable: true, configurable: true });

  // ---- the boundary: a run's two instances ---------------------------------
  // A run with targets or a test file has two instances of this snapshot:
  // the candidate's (role "candidate"), which runs the candidate's code and
  // serves requests, and the judge's (role "judge"), which runs the test and
  // never a byte of the candidate's code. They talk through the host (see
  // src/sandbox/pair.rs), which checks every message from the candidate
  // (src/boundary/javascript.rs) before the judge reads it. A value crosses
  // as data, rebuilt on the receiving side from its own classes (undefined,
  // null, booleans, numbers with NaN, ±Infinity and -0, BigInt, strings,
  // arrays with their holes, plain objects, Map, Set, Date, RegExp, errors),
  // or as a handle: a number in the sender's table, which the receiver sees
  // as a Proxy whose calls, property reads and writes, `in` and keys are
  // requests to the sender. A run without either (a script, a call) has one
  // instance ("solo").
  const OP_EXCHANGE = 88; // "X": a message for the other instance
  const OP_SERVED = 83; // "S": what a served request answered
  const opBytes = setProtoOf({}, null);
  for (const op of [OP_EXCHANGE, OP_SERVED]) {
    opBytes[op] = new ArrayBufferCtor(1);
    new Uint8ArrayCtor(opBytes[op])[0] = op;
  }
  function flushOutput() {
    try { stdout.flush(); } catch (e) { /* closed */ }
    try { stderr.flush(); } catch (e) { /* closed */ }
  }
  loop.flush = flushOutput;
  // One call to the host: `op` and `text`; the host's reply, as text.
  function hostCall(op, text) {
    flushOutput();
    outbox.puts(text);
    outbox.flush();
    if (rawWrite(HOST_FD, opBytes[op], 0, 1) !== 1) throw new ErrorCtor("wasmeval: the host refused a call");
    return hostSays();
  }

  const MAX_WIRE_DEPTH = 100;
  const fromCharCode = String.fromCharCode;
  const ProxyCtor = Proxy;
  const MapCtor = Map;
  const SetCtor = Set;
  const DateCtor = Date;
  const RegExpCtor = RegExp;
  const BigIntCtor = BigInt;
  const SymbolCtor = Symbol;
  const TypeErrorCtor = TypeError;
  const RangeErrorCtor = RangeError;
  const ReferenceErrorCtor = ReferenceError;
  const reflectConstruct = Reflect.construct;
  const isWellFormed = uncurry(String.prototype.isWellFormed);
  const toWellFormed = uncurry(String.prototype.toWellFormed);
  const bigintString = uncurry(BigInt.prototype.toString);
  const symbolDescription = uncurry(descriptorOf(Symbol.prototype, "description").get);
  const mapSet = uncurry(Map.prototype.set);
  const mapDelete = uncurry(Map.prototype.delete);
  const mapClear = uncurry(Map.prototype.clear);
  const setAdd = uncurry(Set.prototype.add);
  const setClear = uncurry(Set.prototype.clear);
  const weakMapGet = uncurry(WeakMap.prototype.get);
  const weakMapSet = uncurry(WeakMap.prototype.set);
  const ObjectProto = Object.prototype;
  const ArrayProto = Array.prototype;
  const MapProto = Map.prototype;
  const SetProto = Set.prototype;
  const DateProto = Date.prototype;
  const bindFunction = uncurry(Function.prototype.bind);
  const HOLE = ["_"];
  const WELL_KNOWN = setProtoOf({
    iterator: Symbol.iterator,
    asyncIterator: Symbol.asyncIterator,
    toPrimitive: Symbol.toPrimitive,
    toStringTag: Symbol.toStringTag,
    hasInstance: Symbol.hasInstance,
  }, null);
  const wellKnownNames = new Map();
  for (const name of keysOf(WELL_KNOWN)) mapSet(wellKnownNames, WELL_KNOWN[name], name);
  const ERROR_BASES = setProtoOf({
    Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError, AggregateError,
  }, null);
  const errorBaseOf = new Map();
  for (const name of keysOf(ERROR_BASES)) mapSet(errorBaseOf, ERROR_BASES[name].prototype, name);
  // All the candidate may read of the test's objects: what iterating,
  // awaiting and calling them needs (capabilities, never their insides: no
  // field of a test's object, no method to call with another `this`).
  const JUDGE_KEYS = setProtoOf({ next: true, return: true, throw: true, then: true, length: true, name: true }, null);
  // Globals of Node's (and the web's) that QuickJS lacks: a test that uses
  // one means Node's, never a candidate's definition of that name (which
  // would decide what the test compares with).
  const NODE_GLOBALS = setProtoOf({}, null);
  for (const name of ["AbortController", "AbortSignal", "Blob", "Buffer", "BroadcastChannel",
    "ByteLengthQueuingStrategy", "CompressionStream", "CountQueuingStrategy", "Crypto", "CryptoKey",
    "CustomEvent", "DecompressionStream", "DOMException", "Event", "EventTarget", "fetch", "File",
    "FormData", "global", "Headers", "Intl", "MessageChannel", "MessageEvent", "MessagePort",
    "navigator", "Navigator", "PerformanceEntry", "PerformanceMark", "PerformanceMeasure",
    "PerformanceObserver", "ReadableStream", "Request", "Response", "SharedArrayBuffer", "Atomics",
    "SubtleCrypto", "TextDecoderStream", "TextEncoderStream", "TransformStream", "URL",
    "URLSearchParams", "WebAssembly", "WebSocket", "WritableStream", "crypto", "atob", "btoa",
    "setImmediate", "clearImmediate", "structuredClone", "queueMicrotask", "process", "console",
    "Performance", "PerformanceObserverEntryList", "PerformanceResourceTiming", "ReadableStreamDefaultReader",
    "ReadableStreamBYOBReader", "ReadableStreamBYOBRequest", "ReadableByteStreamController",
    "ReadableStreamDefaultController", "TransformStreamDefaultController", "WritableStreamDefaultWriter",
    "WritableStreamDefaultController",
    // Test frameworks' globals (jest, mocha): a test written for one means
    // its framework's, never the candidate's.
    "expect", "describe", "it", "test", "suite", "context", "before", "after", "beforeAll", "afterAll",
    "beforeEach", "afterEach", "jest", "vi", "chai",
    "require", "module", "exports", "__filename", "__dirname", "assert", "globalThis"]) {
    NODE_GLOBALS[name] = true;
  }
  function boundaryError(what) {
    return new TypeErrorCtor("wasmeval: " + what);
  }
  // A string as it may cross: JSON has no lone surrogates.
  const wellFormed = (text) => isWellFormed(text) ? text : toWellFormed(text);
  const textOf = (value, otherwise) => {
    try {
      return wellFormed(value === undefined ? otherwise : StringCtor(value));
    } catch (e) {
      return otherwise;
    }
  };

  // One side of the boundary: its table of the objects it handed out, its
  // proxies of the other side's. `guarded`: the judge's side, whose objects
  // the candidate may call but not take apart; `lookup`: what the judge may
  // ask the candidate's side for (its globals, its module).
  // A value that crosses as a handle, whatever it is.
  class ByHandle {
    constructor(value) {
      this.value = value;
    }
  }
  function makeSide(guarded, lookup) {
    const table = bareArray();
    const ids = new MapCtor();
    const proxies = new MapCtor();
    const remote = new WeakMap();
    const mirrors = new MapCtor();
    const RemoteProto = setProtoOf({}, null);
    // The judge's scope for the candidate's names (set by the judge).
    const side = { scope: null };

    function handleOf(value, kind) {
      let n = mapGet(ids, value);
      if (n === undefined) {
        n = table.length;
        table[n] = value;
        mapSet(ids, value, n);
      }
      return ["h", n, kind];
    }
    function own(n) {
      if (typeof n !== "number" || !(n >= 0 && n < table.length)) throw boundaryError("a handle this side never gave out");
      return table[n];
    }
    function encode(value, depth) {
      if (depth > MAX_WIRE_DEPTH) {
        throw new RangeErrorCtor("wasmeval: a value nested more than " + MAX_WIRE_DEPTH + " levels deep cannot cross to the test");
      }
      switch (typeof value) {
        case "undefined": return ["u"];
        case "boolean": return value;
        case "string": {
          if (isWellFormed(value)) return value;
          const units = ["w"];
          for (let i = 0; i < value.length; i++) units[i + 1] = charCodeAt(value, i);
          return units;
        }
        case "number":
          if (value !== value) return ["n", "NaN"];
          if (value === 1 / 0) return ["n", "Infinity"];
          if (value === -1 / 0) return ["n", "-Infinity"];
          if (value === 0 && 1 / value < 0) return ["n", "-0"];
          return value;
        case "bigint": return ["i", bigintString(value)];
        case "symbol": {
          const description = symbolDescription(value);
          return ["Y", description === undefined ? null : wellFormed(description)];
        }
        case "function": {
          const n = weakMapGet(remote, value);
          return n !== undefined ? ["y", n] : handleOf(value, "f");
        }
      }
      if (value === null) return null;
      const n = weakMapGet(remote, value);
      if (n !== undefined) return ["y", n];
      if (value instanceof ByHandle) {
        const inner = value.value;
        const m = weakMapGet(remote, inner);
        if (m !== undefined) return ["y", m];
        return handleOf(inner, typeof inner === "function" ? "f" : "o");
      }
      const proto = protoOf(value);
      if (proto === ArrayProto && isArray(value)) {
        const out = ["a"];
        const length = value.length;
        for (let i = 0; i < length; i++) out[i + 1] = hasOwn(value, i) ? encode(value[i], depth + 1) : HOLE;
        return out;
      }
      if ((proto === ObjectProto || proto === null) && !isPrototypeObject(value)) {
        const out = ["o", proto === null ? 1 : 0];
        const keys = keysOf(value);
        for (let i = 0; i < keys.length; i++) {
          out[out.length] = wellFormed(keys[i]);
          out[out.length] = encode(value[keys[i]], depth + 1);
        }
        return out;
      }
      if (proto === MapProto) {
        const out = ["m"];
        const entries = mapEntries(value);
        for (let step = iteratorNext(entries); !step.done; step = iteratorNext(entries)) {
          out[out.length] = encode(step.value[0], depth + 1);
          out[out.length] = encode(step.value[1], depth + 1);
        }
        return out;
      }
      if (proto === SetProto) {
        const out = ["s"];
        const values = setValues(value);
        for (let step = setIteratorNext(values); !step.done; step = setIteratorNext(values)) {
          out[out.length] = encode(step.value, depth + 1);
        }
        return out;
      }
      if (proto === DateProto) {
        const time = dateTime(value);
        return ["d", time === time ? time : null];
      }
      if (proto === RegExpProto) return ["r", wellFormed(regexpSource(value)), regexpFlags(value)];
      if (isPrototypeOf(ErrorProto, value)) return encodeError(value, depth);
      return handleOf(value, "o");
    }
    // A class's prototype (its constructor's `prototype` is it): a handle,
    // as the prototype of an instance crosses, so that the two are one.
    function isPrototypeObject(value) {
      const d = descriptorOf(value, "constructor");
      return d !== undefined && typeof d.value === "function" && d.value.prototype === value;
    }
    // An error: its built-in base, name, message and stack, the classes
    // between it and its base (handles: `instanceof` asks their side) and
    // its own enumerable properties.
    // The name of the built-in error class nearest `error` in its
    // prototype chain; the constructors before it go into `classes` (as
    // handles), if given.
    function errorBase(error, classes) {
      for (let p = protoOf(error); p !== null; p = protoOf(p)) {
        const name = mapGet(errorBaseOf, p);
        if (name !== undefined) return name;
        if (classes === null) continue;
        const ctor = descriptorOf(p, "constructor");
        if (ctor !== undefined && typeof ctor.value === "function") classes[classes.length] = handleOf(ctor.value, "f");
      }
      return "Error";
    }
    function encodeError(error, depth) {
      const classes = [];
      const base = errorBase(error, classes);
      const props = ["o", 0];
      const keys = keysOf(error);
      for (let i = 0; i < keys.length; i++) {
        if (keys[i] === "message" || keys[i] === "stack") continue;
        props[props.length] = wellFormed(keys[i]);
        props[props.length] = encode(error[keys[i]], depth + 1);
      }
      return ["e", base, textOf(error.name, base), textOf(error.message, ""),
        textOf(typeof error.stack === "string" ? error.stack : "", ""), classes, props];
    }
    function decode(x) {
      if (x === null || typeof x !== "object") return x;
      if (!isArray(x)) throw boundaryError("a malformed value");
      switch (x[0]) {
        case "u": return undefined;
        case "n": return x[1] === "NaN" ? NaN : x[1] === "Infinity" ? 1 / 0 : x[1] === "-Infinity" ? -1 / 0 : -0;
        case "i": return BigIntCtor(x[1]);
        case "w": {
          let text = "";
          for (let i = 1; i < x.length; i++) text += fromCharCode(x[i]);
          return text;
        }
        case "a": {
          const out = [];
          out.length = x.length - 1;
          for (let i = 1; i < x.length; i++) {
            const item = x[i];
            if (!(isArray(item) && item.length === 1 && item[0] === "_")) out[i - 1] = decode(item);
          }
          return out;
        }
        case "o": {
          const out = x[1] === 1 ? setProtoOf({}, null) : {};
          for (let i = 2; i + 1 < x.length; i += 2) {
            define(out, StringCtor(x[i]), { value: decode(x[i + 1]), writable: true, enumerable: true, configurable: true });
          }
          return out;
        }
        case "m": {
          const out = new MapCtor();
          for (let i = 1; i + 1 < x.length; i += 2) mapSet(out, decode(x[i]), decode(x[i + 1]));
          return out;
        }
        case "s": {
          const out = new SetCtor();
          for (let i = 1; i < x.length; i++) setAdd(out, decode(x[i]));
          return out;
        }
        case "d": return new DateCtor(x[1] === null ? NaN : x[1]);
        case "r": return new RegExpCtor(x[1], x[2]);
        case "e": return decodeError(x);
        case "h": return proxyOf(x[1], x[2] === "f" ? "f" : "o");
        case "y": return own(x[1]);
        case "Y": return SymbolCtor(x[1] === null ? undefined : x[1]);
        case "P":
          if (x[1] === "f") return PromiseCtor.resolve(decode(x[2]));
          if (x[1] === "r") return PromiseCtor.reject(decode(x[2]));
          return new PromiseCtor(() => {});
      }
      throw boundaryError("a value of an unknown kind");
    }
    // An error of the other side: of its built-in base, or of a class that
    // stands for the other side's class (`instanceof` the handle of that
    // class is true for it).
    function decodeError(x) {
      const Base = ERROR_BASES[x[1]];
      if (typeof Base !== "function") throw boundaryError("an error of an unknown base");
      const classes = x[5];
      let Ctor = Base;
      for (let i = classes.length - 1; i >= 0; i--) Ctor = mirrorOf(classes[i][1], Ctor);
      const error = reflectConstruct(Ctor, [x[3]]);
      if (x[2] !== Base.prototype.name || classes.length > 0) {
        define(error, "name", { value: x[2], writable: true, enumerable: false, configurable: true });
      }
      define(error, "stack", { value: x[4], writable: true, enumerable: false, configurable: true });
      const props = decode(x[6]);
      const keys = keysOf(props);
      for (let i = 0; i < keys.length; i++) {
        define(error, keys[i], { value: props[keys[i]], writable: true, enumerable: true, configurable: true });
      }
      return error;
    }
    function mirrorOf(n, Parent) {
      let mirror = mapGet(mirrors, n);
      if (mirror === undefined) {
        mirror = class extends Parent {};
        mapSet(mirrors, n, mirror);
      }
      return mirror;
    }
    // `value instanceof` the other side's class `n`.
    function hasInstance(n, value) {
      const mirror = mapGet(mirrors, n);
      if (mirror !== undefined && value instanceof mirror) return true;
      if (weakMapGet(remote, value) === undefined) return false;
      return call(["instanceof", encode(value, 0), ["y", n]], null) === true;
    }
    function proxyOf(n, kind) {
      const known = mapGet(proxies, n);
      if (known !== undefined) return known;
      const ref = ["y", n];
      const target = kind === "f" ? bindFunction(function () {}, undefined) : {};
      const keyOf = (key) => typeof key === "symbol" ? ["k", mapGet(wellKnownNames, key)] : key;
      const proxy = new ProxyCtor(target, {
        get(t, key) {
          if (key === WELL_KNOWN.hasInstance) return (value) => hasInstance(n, value);
          if (typeof key === "symbol" && mapGet(wellKnownNames, key) === undefined) return undefined;
          return call(["get", ref, keyOf(key)], null);
        },
        set(t, key, value) {
          if (typeof key === "symbol" && mapGet(wellKnownNames, key) === undefined) return false;
          call(["set", ref, keyOf(key), encode(value, 0)], null);
          return true;
        },
        has(t, key) {
          if (typeof key === "symbol" && mapGet(wellKnownNames, key) === undefined) return false;
          return call(["has", ref, keyOf(key)], null) === true;
        },
        deleteProperty(t, key) {
          if (typeof key === "symbol") return true;
          return call(["delete", ref, key], null) === true;
        },
        defineProperty(t, key, descriptor) {
          if (typeof key === "symbol" || !hasOwn(descriptor, "value")) return false;
          call(["set", ref, key, encode(descriptor.value, 0)], null);
          return true;
        },
        ownKeys() {
          const keys = call(["keys", ref], null);
          const out = [];
          const seen = new SetCtor();
          if (isArray(keys)) {
            for (let i = 0; i < keys.length; i++) {
              if (typeof keys[i] === "string" && !setHas(seen, keys[i])) {
                setAdd(seen, keys[i]);
                out[out.length] = keys[i];
              }
            }
          }
          return out;
        },
        getOwnPropertyDescriptor(t, key) {
          if (typeof key === "symbol") return undefined;
          const d = call(["desc", ref, key], null);
          if (d === null || typeof d !== "object") return undefined;
          return { value: d.value, writable: true, enumerable: d.enumerable === true, configurable: true };
        },
        // The other side's prototype, by handle: two of its objects have
        // the same prototype here when they do there, and never one of this
        // side's (so a handle is never strictly deep-equal to data).
        getPrototypeOf() {
          const proto = call(["proto", ref], null);
          return proto === null || typeof proto === "object" || typeof proto === "function" ? proto : RemoteProto;
        },
        setPrototypeOf() {
          return false;
        },
        apply(t, self, args) {
          // A function called by name through the judge's scope gets the
          // scope as `this`: the candidate's gets undefined, as a plain call.
          const thisValue = self === undefined || self === side.scope || self === globalThis ? ["u"] : encode(self, 0);
          return call(["call", ref, thisValue, encode(args, 0)], args);
        },
        construct(t, args) {
          const made = call(["new", ref, encode(args, 0)], args);
          if (made === null || (typeof made !== "object" && typeof made !== "function")) {
            throw new TypeErrorCtor("the candidate's constructor made no object");
          }
          return made;
        },
      });
      mapSet(proxies, n, proxy);
      weakMapSet(remote, proxy, n);
      return proxy;
    }
    // Send a request and wait for its answer, serving the other side's
    // requests meanwhile (callbacks); `args` are the call's arguments, for
    // the changes the call made to them.
    function call(message, args) {
      return exchange("Q" + jsonStringify(message), args);
    }
    // The other side's event loop runs one step (its earliest timer and
    // the jobs after it): whether anything ran.
    function tick() {
      return exchange("T", null) === true;
    }
    function exchange(text, args) {
      let reply = hostCall(OP_EXCHANGE, text);
      for (;;) {
        const kind = charCodeAt(reply, 0);
        const body = jsonParse(stringSlice(reply, 1));
        if (kind === 81) {
          reply = hostCall(OP_EXCHANGE, "A" + jsonStringify(serve(body, false)));
          continue;
        }
        if (kind !== 65 || !isArray(body)) throw boundaryError("a malformed message from the other instance");
        // A console.assert that failed in the other side's code fails the
        // target it ran in, as one in the test's own code does.
        const failed = body[0] === "ok" ? body[3] : body[2];
        if (typeof failed === "string" && targetConsoleFailure === null) targetConsoleFailure = failed;
        if (body[0] === "ok") {
          if (args !== null) writeBack(args, body[2]);
          return decode(body[1]);
        }
        throw decode(body[1]);
      }
    }
    // The changes a call made to its arguments, applied to the caller's.
    function writeBack(args, writebacks) {
      if (!isArray(writebacks)) return;
      for (let i = 0; i < writebacks.length; i++) {
        const index = writebacks[i][0];
        if (!(index >= 0 && index < args.length)) continue;
        replaceContents(args[index], decode(writebacks[i][1]));
      }
    }
    function replaceContents(mine, fresh) {
      if (mine === null || typeof mine !== "object" || fresh === null || typeof fresh !== "object") return;
      const proto = protoOf(mine);
      if (proto !== protoOf(fresh)) return;
      if (isArray(mine)) {
        mine.length = 0;
        mine.length = fresh.length;
        for (let i = 0; i < fresh.length; i++) if (hasOwn(fresh, i)) mine[i] = fresh[i];
      } else if (proto === MapProto) {
        mapClear(mine);
        const entries = mapEntries(fresh);
        for (let step = iteratorNext(entries); !step.done; step = iteratorNext(entries)) {
          mapSet(mine, step.value[0], step.value[1]);
        }
      } else if (proto === SetProto) {
        setClear(mine);
        const values = setValues(fresh);
        for (let step = setIteratorNext(values); !step.done; step = setIteratorNext(values)) setAdd(mine, step.value);
      } else if (proto === ObjectProto || proto === null) {
        const old = keysOf(mine);
        for (let i = 0; i < old.length; i++) delete mine[old[i]];
        const keys = keysOf(fresh);
        for (let i = 0; i < keys.length; i++) mine[keys[i]] = fresh[keys[i]];
      }
    }
    const CONTAINERS = setProtoOf({ a: true, o: true, m: true, s: true }, null);
    // Answer one of the other side's requests: ["ok", value, writebacks]
    // or ["raise", error]; at the top of the candidate's side, a Promise of
    // one when the call returned a Promise (it is settled first).
    function serve(request, top) {
      try {
        if (!isArray(request)) throw boundaryError("a malformed request");
        const op = request[0];
        let result;
        let sent = null;
        let args = null;
        const object = () => {
          const target = decodeOwn(request[1]);
          if (target === null || (typeof target !== "object" && typeof target !== "function")) {
            throw boundaryError("a request for something that is not an object");
          }
          return target;
        };
        // A key of `target`: the test's objects keep their constructors
        // (the way to running code in the judge) and their functions their
        // source.
        const key = (target, writing) => {
          const k = request[2];
          if (isArray(k)) {
            const symbol = WELL_KNOWN[k[1]];
            if (typeof symbol !== "symbol") throw boundaryError("a malformed key");
            if (guarded && symbol !== Symbol.iterator && symbol !== Symbol.asyncIterator) {
              throw new TypeErrorCtor("wasmeval: the test's objects are only called, iterated and awaited");
            }
            return symbol;
          }
          const text = StringCtor(k);
          if (guarded && (writing || JUDGE_KEYS[text] !== true)) {
            throw new TypeErrorCtor("wasmeval: the test's objects do not give out their '" + text + "'");
          }
          return text;
        };
        switch (op) {
          case "call": {
            const fn = object();
            sent = request[3];
            args = decode(sent);
            const self = decode(request[2]);
            // One of the test's objects as `this` only for its own method
            // the candidate was given (an iterator's `next`, a promise's
            // `then`): never a function of the test's applied to another
            // of its objects.
            if (guarded && isArray(request[2]) && request[2][0] === "y" && !ownMethod(self, fn)) {
              throw new TypeErrorCtor("wasmeval: the test's functions are called with their own this");
            }
            result = reflectApply(fn, self, args);
            // The test's async callback: what it rejects with is redacted
            // as what it throws is, and an assertion that fails in it
            // fails the target (as Node's unhandled rejection would).
            if (guarded && result instanceof PromiseCtor) {
              result = promiseThen(result, undefined, (error) => {
                const answer = callbackRaised(error);
                throw decode(answer[1]);
              });
            }
            break;
          }
          case "new": {
            const fn = object();
            sent = request[2];
            args = decode(sent);
            result = reflectConstruct(fn, args);
            break;
          }
          case "get": { const o = object(); result = o[key(o)]; break; }
          case "set": { const o = object(); o[key(o, true)] = decode(request[3]); result = true; break; }
          case "has": { const o = object(); result = key(o) in o; break; }
          case "delete": { const o = object(); result = delete o[key(o, true)]; break; }
          case "keys": {
            if (guarded) throw boundaryError("a request this side does not serve");
            const o = object();
            const all = ownNames(o);
            result = [];
            for (let i = 0; i < all.length; i++) if (typeof all[i] === "string") result[result.length] = all[i];
            break;
          }
          case "desc": {
            if (guarded) throw boundaryError("a request this side does not serve");
            const o = object();
            const k = key(o);
            const d = descriptorOf(o, k);
            result = d === undefined ? null : { enumerable: !!d.enumerable, value: hasOwn(d, "value") ? d.value : o[k] };
            break;
          }
          case "proto": {
            // Always a handle: the judge compares prototypes by identity.
            if (guarded) throw boundaryError("a request this side does not serve");
            const proto = protoOf(object());
            result = proto === null ? null : new ByHandle(proto);
            break;
          }
          case "instanceof": {
            const value = decode(request[1]);
            const Class = decodeOwn(request[2]);
            result = typeof Class === "function" && value instanceof Class;
            break;
          }
          default:
            if (lookup === null || !hasOwn(lookup, op)) throw boundaryError("a request this side does not serve");
            result = lookup[op](request, decode);
        }
        if (top && settles(result)) {
          // Settled here, it crosses as a settled Promise.
          return PromiseCtor.resolve(result).then(
            (value) => settledAnswer("f", answer(value, sent, args)),
            (error) => settledAnswer("r", raised(error)),
          );
        }
        return answer(result, sent, args);
      } catch (error) {
        return guarded ? callbackRaised(error) : raised(error);
      }
    }
    // What the test's own code threw while the candidate called it: the
    // candidate learns its built-in kind only (an assertion's message or
    // its `expected` would tell the candidate the answer), and whatever it
    // threw fails the target, whatever the candidate does with it (a
    // candidate that tries answers until the test's callback stops
    // throwing learns nothing it can pass with).
    function callbackRaised(error) {
      let base = "Error";
      try {
        base = errorBase(error, null);
      } catch (e) {
        // not an object
      }
      if (callbackFailure === null) {
        callbackFailure = error !== null && typeof error === "object" ? error
          : new ErrorCtor("the test's callback threw " + typeof error);
      }
      return ["raise", ["e", base, base, "wasmeval: the test's callback threw", "", [], ["o", 0]]];
    }
    // Whether `fn` is what `self` gives for one of the keys the candidate
    // may read of it.
    function ownMethod(self, fn) {
      if (self === null || (typeof self !== "object" && typeof self !== "function")) return false;
      const keys = ["next", "return", "throw", "then", Symbol.iterator, Symbol.asyncIterator];
      for (let i = 0; i < keys.length; i++) {
        try {
          if (self[keys[i]] === fn) return true;
        } catch (e) {
          // a getter that throws gives nothing
        }
      }
      return false;
    }
    function decodeOwn(x) {
      if (!isArray(x) || x[0] !== "y") throw boundaryError("a request for something this side never gave out");
      return own(x[1]);
    }
    function answer(result, sent, args) {
      try {
        const value = encode(result, 0);
        const writebacks = [];
        if (args !== null && isArray(sent)) {
          for (let i = 1; i < sent.length; i++) {
            const was = sent[i];
            if (!isArray(was) || CONTAINERS[was[0]] !== true) continue;
            const now = encode(args[i - 1], 0);
            if (jsonStringify(now) !== jsonStringify(was)) writebacks[writebacks.length] = [i - 1, now];
          }
        }
        return withConsole(["ok", value, writebacks]);
      } catch (error) {
        return raised(error);
      }
    }
    // `answer` of a call whose result was a Promise that settled (`state`
    // "f" fulfilled, "r" rejected): the answer is that Promise.
    function settledAnswer(state, answer) {
      const ok = answer[0] === "ok";
      const settled = ["ok", ["P", state, answer[1]], ok ? answer[2] : []];
      const failed = ok ? answer[3] : answer[2];
      if (typeof failed === "string") settled[3] = failed;
      return settled;
    }
    function raised(error) {
      try {
        return withConsole(["raise", encode(error, 0)]);
      } catch (e) {
        return withConsole(["raise", ["e", "Error", "Error", "wasmeval: what the candidate threw cannot cross to the test", "", [], ["o", 0]]]);
      }
    }
    // An answer, and the first console.assert that failed while it ran.
    function withConsole(answer) {
      if (targetConsoleFailure !== null && !guarded) {
        answer[answer.length] = wellFormed(StringCtor(targetConsoleFailure));
        targetConsoleFailure = null;
    callbackFailure = null;
      }
      return answer;
    }
    side.encode = encode;
    side.call = call;
    side.tick = tick;
    side.serve = serve;
    return side;
  }

  // The candidate's side of the boundary: what the judge may ask for by
  // name (the candidate's global bindings, `let` and `class` included, and
  // the module a test file requires).
  const isIdentifier = (name) => {
    if (typeof name !== "string" || name.length === 0) return false;
    for (let i = 0; i < name.length; i++) {
      const c = charCodeAt(name, i);
      if (!isIdentChar(c) || c === 92 || (i === 0 && c >= 48 && c <= 57)) return false;
    }
    return true;
  };
  const candidateLookup = setProtoOf({
    defined(request) {
      if (!isIdentifier(request[1])) return false;
      try {
        realEval(request[1]);
        return true;
      } catch (e) {
        return false;
      }
    },
    global(request) {
      if (!isIdentifier(request[1])) throw new ReferenceErrorCtor(StringCtor(request[1]) + " is not defined");
      return realEval(request[1]);
    },
    module() {
      return candidateModule.exports;
    },
  }, null);
  // The judge's side: the candidate's objects are proxies, its names are
  // found through `scope` (a `with` object around every target and test
  // file: a name the judge's global object does not have, and the
  // candidate's instance defines, is the candidate's).
  let remote = null;
  let scope = null;
  // The names the test declares anywhere (in any target, in the test
  // file): a target that uses one another target declared gets a
  // ReferenceError, never the candidate's value of that name.
  // (Comments and strings first blanked: a comment that says "function
  // add" declares nothing.)
  const declaredBy = (source, names) => {
    const code = stringReplace(source,
      /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, " ");
    const pattern = /(?:^|[^\w$.])(?:function\s*\*?|class|var|let|const)\s+([A-Za-z_$][\w$]*)/g;
    for (let match = regexpExec(pattern, code); match !== null; match = regexpExec(pattern, code)) {
      names[match[1]] = true;
    }
    // Every other name a `var`, `let` or `const` binds: the names of a
    // destructuring pattern (all of its words: a key too counts, which only
    // keeps more names the test's) and those after a comma at the
    // declaration's own level (`let a = 1, b = 2`), up to its end.
    const keyword = /(?:^|[^\w$.])(?:var|let|const)(?![\w$])/g;
    const word = /[A-Za-z_$][\w$]*/g;
    for (let match = regexpExec(keyword, code); match !== null; match = regexpExec(keyword, code)) {
      let depth = 0;
      let pattern = -1;
      let afterComma = true;
      for (let i = match.index + match[0].length; i < code.length; i++) {
        const c = code[i];
        if (c === "(" || c === "[" || c === "{") {
          if (depth === 0 && afterComma) pattern = i;
          depth++;
          afterComma = false;
        } else if (c === ")" || c === "]" || c === "}") {
          if (depth === 0) break;
          depth--;
          if (depth === 0 && pattern >= 0) {
            const bound = stringSlice(code, pattern, i + 1);
            word.lastIndex = 0;
            for (let w = regexpExec(word, bound); w !== null; w = regexpExec(word, bound)) names[w[0]] = true;
            pattern = -1;
          }
        } else if (depth === 0 && c === ",") {
          afterComma = true;
        } else if (depth === 0 && (c === ";" || (c === "\n" && !afterComma))) {
          break;
        } else if (depth === 0 && afterComma && /[A-Za-z_$]/.test(c)) {
          word.lastIndex = i;
          const w = regexpExec(word, code);
          if (w !== null && w.index === i) {
            names[w[0]] = true;
            i += w[0].length - 1;
          }
          afterComma = false;
        } else if (depth === 0 && c === "=") {
          afterComma = false;
        }
      }
    }
  };
  function judge() {
    // A HumanEval-style prompt's helpers (its `encodeCyclic`), as the
    // problem file has them, run before each target: the test's call of a
    // helper is the problem's, never the candidate's. (Helpers that do not
    // compile on their own are left out: the test then fails as it would
    // have.)
    const helpers = typeof payload.helpers === "string" ? payload.helpers : "";
    if (helpers !== "") {
      let compiles = true;
      try {
        realEval("(function () {\n" + helpers + "\n})");
      } catch (error) {
        compiles = false;
      }
      if (compiles) for (let i = 0; i < targets.length; i++) targets[i] = helpers + "\n" + targets[i];
    }
    const testNames = setProtoOf({}, null);
    for (let i = 0; i < targets.length; i++) declaredBy(StringCtor(targets[i]), testNames);
    if (tests !== null) declaredBy(StringCtor(tests.source), testNames);
    remote = makeSide(true, null);
    const known = new Map();
    const functions = new Map();
    scope = new ProxyCtor(setProtoOf({}, null), {
      has(t, name) {
        if (typeof name !== "string" || name in globalThis || NODE_GLOBALS[name] === true
          || testNames[name] === true) return false;
        if (mapGet(known, name) === true) return true;
        const defined = remote.call(["defined", name], null) === true;
        if (defined) mapSet(known, name, true);
        return defined;
      },
      // A name bound to a function or class is read once (the function is
      // the live one; one round trip a call, not two); any other value at
      // each use.
      get(t, name) {
        if (typeof name !== "string") return undefined;
        const cached = mapGet(functions, name);
        if (cached !== undefined) return cached;
        const value = remote.call(["global", name], null);
        if (typeof value === "function") mapSet(functions, name, value);
        return value;
      },
      // What the test assigns is the test's own (the candidate's code
      // never sees it): a global of the judge's from then on.
      set(t, name, value) {
        if (typeof name !== "string") return false;
        mapDelete(functions, name);
        define(globalThis, name, { value, writable: true, enumerable: true, configurable: true });
        return true;
      },
    });
    remote.scope = scope;
  }
  let remoteModule = null;
  const candidateExports = () => {
    if (remote === null) return candidateModule.exports;
    if (remoteModule === null) remoteModule = [remote.call(["module"], null)];
    return remoteModule[0];
  };

  // Set up: the snapshot is taken here. A run starts when the host opens
  // the gate (wasmevalStart) and says its payload.
  await new PromiseCtor((open) => {
    loop.open = open;
  });
  begin(jsonParse(hostSays()));
  if (role === "judge") judge();
  else frame("ready");

  function settles(value) {
    return value !== null && typeof value === "object" && typeof value.then === "function";
  }

  // Await `promise` (a target's, a test's, a call's). When it can no
  // longer settle (the event loop has nothing left that could settle it),
  // the run ends here, as Node's process ends with the Promise pending;
  // the host reports that it never settled.
  async function settled(promise) {
    let pending = true;
    let stuck = null;
    const watched = new PromiseCtor((resolve, reject) => {
      stuck = reject;
      PromiseCtor.resolve(promise).then(resolve, reject);
    });
    (async () => {
      await node.idle();
      // The candidate's instance may have timers that settle it (a
      // callback it calls later): while the judge has nothing to run, the
      // candidate's loop runs, one timer at a time.
      while (pending && remote !== null && remote.tick()) await node.idle();
      if (!pending) return;
      // An assertion of the test's failed in a callback the candidate
      // called, and nothing will settle the target now: it failed so.
      if (callbackFailure !== null) {
        stuck(callbackFailure);
        return;
      }
      try { stdout.flush(); } catch (e) { /* closed */ }
      try { stderr.flush(); } catch (e) { /* closed */ }
      hardExit(0);
    })();
    try {
      return await watched;
    } finally {
      pending = false;
    }
  }

  // ---- the candidate -----------------------------------------------------
  // As a module a test file requires: CommonJS's wrapper, on one line so
  // that line numbers stay the candidate's.
  const program = tests === null ? code
    : "(function (exports, require, module, __filename, __dirname) {" + code + "\n})";
  if (role !== "judge") {
  try {
    evalScript(program, { compile_only: true });
  } catch (error) {
    const described = describe(error);
    frame("compile", described[0], described[1], "");
    hardExit(0);
  }
  try {
    guardSource(code);
    let value;
    if (tests === null) {
      value = evalScript(code);
    } else {
      value = evalScript(program)(candidateModule.exports, require, candidateModule,
        candidateModule.filename, "/work");
      candidateModule.loaded = true;
    }
    // Node ignores a script's completion value (a Promise or a thenable
    // included); what the program scheduled runs all the same.
    node.runTicks();
    // A script's stdin callbacks and timers are part of the program.
    if (script) await node.idle();
  } catch (error) {
    if (script) printUncaught(error);
    const described = describe(error);
    frame("candidate", "raised", described[0], described[1], described[2]);
    hardExit(0);
  }
  frame("candidate", "ok");
  }
  if (role === "candidate") {
    // A console.assert that fails from now on goes with the answer.
    phase = "serving";
    // From now on the host asks: each request is fetched, served and
    // answered through the host (a Promise is settled first).
    const side = makeSide(false, candidateLookup);
    loop.serve = function serveNext() {
      let answer;
      try {
        answer = side.serve(jsonParse(hostSays()), true);
      } catch (error) {
        answer = ["raise", ["e", "Error", "Error", "wasmeval: a malformed request", "", [], ["o", 0]]];
      }
      if (settles(answer)) {
        answer.then((a) => hostCall(OP_SERVED, jsonStringify(a)));
      } else {
        hostCall(OP_SERVED, jsonStringify(answer));
      }
    };
    // After the test: the process ends as Node's does (timers left, then
    // 'beforeExit' and 'exit').
    loop.end = function end() {
      (async () => {
        await node.endWhenIdle();
        flushOutput();
      })();
    };
    hostCall(OP_SERVED, "ready");
    return;
  }

  // Run one target and report it: it passed if `run` settled and no
  // console.assert failed while it ran.
  async function reportTarget(index, run) {
    targetRunning = true;
    try {
      await settled(run());
      // (What the test's async callbacks rejected with is known by now.)
      await promiseResolve();
      await promiseResolve();
      rejected();
      targetRunning = false;
      if (callbackFailure !== null) {
        const described = describe(callbackFailure);
        frame("target", "" + index, "0", described[0], described[1], described[2]);
      } else if (targetConsoleFailure !== null) {
        frame("target", "" + index, "0", "AssertionError", "console.assert: " + targetConsoleFailure, "");
      } else {
        frame("target", "" + index, "1", "", "", "");
      }
    } catch (error) {
      targetRunning = false;
      // (What the candidate threw after a callback's assertion failed is
      // that failure's doing.)
      const described = describe(callbackFailure !== null ? callbackFailure : error);
      frame("target", "" + index, "0", described[0], described[1], described[2]);
    }
  }

  // ---- the targets ---------------------------------------------------------
  // The judge's: a name the judge does not define is looked up in `scope`.
  const inScope = (source) => realEval("(function () { with (arguments[0]) { return " + source + "; } })")(scope);
  if (scope !== null) runTarget = inScope("function (require, eval) { return eval(arguments[2]); }");
  phase = "targets";
  for (let index = 0; index < targets.length; index++) {
    targetConsoleFailure = null;
    callbackFailure = null;
    await reportTarget(index, async () => {
      guardSource(targets[index]);
      // A block of its own: `const assert = require('assert')` in several
      // targets does not collide.
      const value = runTarget(require, realEval, "{\n" + targets[index] + "\n}");
      node.runTicks();
      if (settles(value)) await value;
    });
  }
  // ---- a unit-test file ------------------------------------------------------
  if (tests !== null) {
    phase = "collect";
    // A module of its own, as Node runs a test file.
    const testModule = { id: ".", exports: {}, loaded: false, children: [], paths: [],
      filename: "/work/" + tests.filename, path: "/work" };
    const testProgram = "(function (exports, require, module, __filename, __dirname) {"
      + tests.source + "\n})";
    try {
      evalScript(testProgram, { compile_only: true });
      guardSource(tests.source);
      const wrapper = scope === null ? evalScript(testProgram) : inScope(testProgram);
      const value = wrapper(testModule.exports, require, testModule, testModule.filename, "/work");
      node.runTicks();
      if (settles(value)) await settled(value);
    } catch (error) {
      const described = describe(error);
      frame("collect", described[0], described[1], described[2]);
      hardExit(0);
    }
    phase = "targets";
    for (let i = 0; i < registered.length; i++) frame("collected", registered[i].name);
    for (let i = 0; i < registered.length; i++) {
      targetConsoleFailure = null;
    callbackFailure = null;
      await reportTarget(i, () => runRegistered(registered[i], i === registered.length - 1));
    }
  }
  // ---- a call of the candidate's function (call-based cases) ----------------
  if (call !== null) {
    const index = targets.length;
    try {
      const name = StringCtor(call.name);
      const Solution = evalScript("typeof Solution === 'function' ? Solution : undefined");
      let fn;
      if (Solution !== undefined && typeof Solution.prototype[name] === "function") {
        const instance = new Solution();
        fn = (...args) => instance[name](...args);
      } else {
        fn = evalScript(name);
      }
      if (typeof fn !== "function") throw new TypeError(name + " is not a function");
      let result = fn(...jsonParse(call.args));
      node.runTicks();
      if (settles(result)) result = await settled(result);
      const text = jsonStringify(result);
      const json = text === undefined ? "null" : text;
      for (let at = 0; at < json.length;) {
        let end = at + 320;
        const last = charCodeAt(json, end - 1);
        if (end < json.length && last >= 0xd800 && last < 0xdc00) end--;
        let piece = "";
        for (let i = at; i < end && i < json.length; i++) piece += json[i];
        frame("returned", piece);
        at = end;
      }
      frame("target", "" + index, "1", "", "", "");
    } catch (error) {
      const described = describe(error);
      frame("target", "" + index, "0", described[0], described[1], described[2]);
    }
  }
  frame("done");
  // As Node does, the process ends when nothing is left to do: timers and
  // callbacks the program scheduled still run (they may print; one that
  // never stops runs out of fuel, as Node would run forever), then the
  // 'beforeExit' and 'exit' handlers.
  await node.endWhenIdle();
  await promiseResolve();
  rejected();
  // The host does not exit the process (no libc exit flushes stdio).
  try { stdout.flush(); } catch (e) { /* closed */ }
  try { stderr.flush(); } catch (e) { /* closed */ }
  // The test's process ends with the status it set (process.exitCode), as
  // Node's does: the host fails a run whose test ended with an error.
  if (role === "judge") {
    if (lateConsoleFailure !== null) {
      try {
        stderr.puts("wasmeval: a console.assert of the test's failed outside any target: "
          + lateConsoleFailure + "\n");
        stderr.flush();
      } catch (e) { /* closed */ }
      hardExit(1);
    }
    const status = Number(node.process.exitCode ?? 0) | 0;
    if (status !== 0) hardExit(status);
  }
};
// The host evaluates `wasmevalStart()` once per run: it lets the harness
// go on and returns the event loop's turn, which the host calls whenever no
// promise job is left: 2 once the harness has finished, 1 after a timer
// fired, 0 when nothing is left that could run (the run ends).
// The harness sets itself up as this script is evaluated (the snapshot
// holds it so) and waits for its run.
const loop = { finished: false, tick: null, serve: null, flush: null, end: null, open: null };
let broken = null;
(async () => {
  try {
    await main(loop);
  } catch (error) {
    broken = error;
  } finally {
    loop.finished = true;
  }
})();
return function wasmevalStart() {
  delete globalThis.wasmevalStart;
  if (loop.open === null) throw new Error("wasmeval: the harness did not set up: " + String(broken));
  loop.open();
  // The candidate's instance of a run with a judge is also called as
  // turn(1): serve the request the host holds; turn(2): flush the output;
  // turn(3): end as a process (the test is over).
  return function turn(op) {
    if (op === 1 || op === 2 || op === 3) {
      const run = op === 1 ? loop.serve : op === 2 ? loop.flush : loop.end;
      if (run !== null) run();
      return 0;
    }
    if (loop.tick !== null && loop.tick() === 1) return 1;
    return loop.finished ? 2 : 0;
  };
};
})();
// A failure of the harness itself (a rejected promise above) leaves without
// a done frame, which the host reports as an error, never as a pass.
