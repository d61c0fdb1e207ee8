// Test prelude for scripts/node-compat/run: what the guest harness does
// around runtimes/harness/node.js, with a fake `p` on QuickJS's std/os.
// The runner appends node.js and then the case's code (as a JSON string).
(function () {
  "use strict";
  const stdModule = std, osModule = os;
  const p = {
    writeOut: (s) => stdModule.out.puts(s),
    writeErr: (s) => stdModule.err.puts(s),
    now: () => Date.now(),
    setTimeout: osModule.setTimeout,
    clearTimeout: osModule.clearTimeout,
    consoleAssertFailed: () => {},
    exit: (code) => {
      stdModule.out.flush();
      stdModule.err.flush();
      stdModule.exit(code);
    },
    unsupported: (name) => {
      throw new Error(`${name} is not supported in this sandbox`);
    },
  };
  for (const name of ["std", "os", "bjson"]) delete globalThis[name];
  const node = wasmevalNode(p);
  const modules = node.modules;
  globalThis.require = function require(name) {
    const bare = String(name).replace(/^node:/, "");
    if (Object.prototype.hasOwnProperty.call(modules, bare)) return modules[bare];
    const err = new Error(`Cannot find module '${name}'`);
    err.code = "MODULE_NOT_FOUND";
    throw err;
  };
  globalThis.require.main = node.module;
  try {
    stdModule.evalScript(CASE_SOURCE);
    node.runTicks();
    node.endWhenIdle();
  } catch (err) {
    stdModule.err.puts("UNCAUGHT " + String(err) + "\n");
    stdModule.exit(1);
  }
})();
