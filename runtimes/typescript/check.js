// wasmeval's TypeScript checker: `tsc --target esnext FILE` (MultiPL-E's
// TypeScript evaluator) as one function, inside QuickJS.
//
// Once per machine, the host starts QuickJS with `qjs --std -e <this file>`
// and TypeScript's package directory mounted at /ts (typescript.js and the
// lib.*.d.ts files), then snapshots the instance: TypeScript's compiler is
// loaded, and the default libraries of `--target esnext` are parsed and
// bound by one check of an empty program. A check is a fresh instance of
// that snapshot: the host evaluates `wasmevalCheck()`, which reads the
// program on stdin, checks it as `main.ts` with the libraries it already
// has, writes tsc's diagnostics (its `--pretty false` format) on stdout
// and exits with tsc's status: 0 without errors, 2 with (3: tsc itself
// failed, on stderr).
"use strict";
(() => {
  const stdModule = std;
  const osModule = os;
  stdModule.loadScript("/ts/typescript.js");
  const ts = globalThis.ts;
  // Every library file, read now: a check reads no file.
  const libs = new Map();
  const [names] = osModule.readdir("/ts");
  for (const name of names) {
    if (name.startsWith("lib.") && name.endsWith(".d.ts")) {
      libs.set("/ts/" + name, stdModule.loadFile("/ts/" + name));
    }
  }
  // `tsc --target esnext` with no tsconfig: every other option its default,
  // but the default libraries' own declarations are not checked again
  // (skipDefaultLibCheck): they check clean on their own, and a program
  // that conflicts with one (`let name`, which lib.dom declares) gets its
  // error in main.ts, while checking them is 99% of a check's work (0.6 s
  // of 0.61 in node, some 8 s in QuickJS).
  const options = { target: ts.ScriptTarget.ESNext, noEmit: true, skipDefaultLibCheck: true };
  const MAIN = "/main.ts";
  // Parsed (and, after the first check, bound) library files, shared by
  // every program as tsc's own watch mode shares them.
  const parsed = new Map();
  function host(source) {
    return {
      getSourceFile(fileName, languageVersion) {
        if (fileName === MAIN) return ts.createSourceFile(fileName, source, languageVersion);
        let file = parsed.get(fileName);
        if (file === undefined && libs.has(fileName)) {
          file = ts.createSourceFile(fileName, libs.get(fileName), languageVersion);
          parsed.set(fileName, file);
        }
        return file;
      },
      getDefaultLibFileName: (o) => "/ts/" + ts.getDefaultLibFileName(o),
      writeFile() {},
      getCurrentDirectory: () => "/",
      getDirectories: () => [],
      directoryExists: (d) => d === "/" || d === "/ts",
      fileExists: (f) => f === MAIN || libs.has(f),
      readFile: (f) => (f === MAIN ? source : libs.get(f)),
      getCanonicalFileName: (f) => f,
      useCaseSensitiveFileNames: () => true,
      getNewLine: () => "\n",
    };
  }
  function check(source) {
    const compilerHost = host(source);
    const program = ts.createProgram([MAIN], options, compilerHost);
    const diagnostics = ts.getPreEmitDiagnostics(program);
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    const formatHost = {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => "/",
      getNewLine: () => "\n",
    };
    return { errors: errors.length, text: ts.formatDiagnostics(diagnostics, formatHost) };
  }
  // Parse and bind the libraries once, here, for every check to come.
  const warm = check("");
  if (warm.errors !== 0) throw new Error("the empty program does not check:\n" + warm.text);
  globalThis.wasmevalCheck = () => {
    let status = 3;
    try {
      const { errors, text } = check(stdModule.in.readAsString());
      stdModule.out.puts(text.replaceAll("/main.ts", "main.ts"));
      status = errors === 0 ? 0 : 2;
    } catch (e) {
      // tsc itself failed: the host reports it as its own failure.
      stdModule.err.puts(String((e && e.stack) || e));
    }
    stdModule.out.flush();
    stdModule.err.flush();
    stdModule.exit(status);
  };
})();
