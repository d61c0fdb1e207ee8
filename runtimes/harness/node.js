// wasmeval: Node 20's console, util and globals for candidates run in
// QuickJS-ng. The harness pastes this inside its closure and calls it once,
// before any candidate code, with capabilities it captured:
//   p.writeOut(s), p.writeErr(s)  text to stdout / stderr
//   p.now()                       virtual clock, ms
//   p.setTimeout(fn, ms), p.clearTimeout(h)  QuickJS os timers
//   p.consoleAssertFailed(text)   a console.assert failed (text as printed)
//   p.exit(code)                  process.exit: does not return
//   p.unsupported(name)           throws: a Node API QuickJS cannot offer
//   p.uncaught(error)             (optional) a callback threw and nothing
//                                 caught it; without it the error propagates
// It installs console, process, global, module, exports, __filename,
// __dirname, structuredClone, TextEncoder/TextDecoder, atob/btoa and the
// timers on globalThis, removes QuickJS-only globals Node lacks, and returns
// the modules for `require` (`modules`, by bare name) plus runTicks (call it
// after the candidate and each target returns: Node runs process.nextTick
// callbacks then), idle() (a Promise that settles once no timer, immediate
// or stdin event is pending) and endWhenIdle (call it when the program and
// its targets have run: 'beforeExit' and 'exit' are emitted once no timer
// is left, as Node does at a normal end, and then the Promise it returns
// settles). `require.main` should be the returned `module`.
// util.inspect follows Node 20's algorithm (lib/internal/util/inspect.js),
// written again for an engine without V8's bindings; the colors,
// numericSeparator and getters options are not offered.
// The body is not indented (QuickJS parses it once per machine, when the
// runtime's snapshot is built).
function wasmevalNode(p) {
"use strict";
const O = Object;
const { keys: keysOf, getOwnPropertyNames: namesOf, getOwnPropertySymbols: symbolsOf,
  getOwnPropertyDescriptor: descOf, getPrototypeOf: protoOf, defineProperty: define, is: same } = O;
const isArray = Array.isArray;
const uncurry = (f) => Function.prototype.call.bind(f);
const hasOwn = uncurry(O.prototype.hasOwnProperty);
const isEnum = uncurry(O.prototype.propertyIsEnumerable);
const tagOf = uncurry(O.prototype.toString);
const fnSource = uncurry(Function.prototype.toString);
const errString = uncurry(Error.prototype.toString);
const symString = uncurry(Symbol.prototype.toString);
const getter = (proto, name) => uncurry(descOf(proto, name).get);
const test = (f) => (v) => { try { f(v); return true; } catch { return false; } };
// Type checks by internal slot, as V8's are: a getter or method that throws
// on anything else.
const TypedProto = protoOf(Uint8Array.prototype);
const typedTag = getter(TypedProto, Symbol.toStringTag);
const typedLength = getter(TypedProto, "length");
const mapSize = getter(Map.prototype, "size");
const setSize = getter(Set.prototype, "size");
const dateTime = uncurry(Date.prototype.getTime);
const isDate = test(dateTime);
const isRegExp = test(getter(RegExp.prototype, "source"));
const isMap = test(mapSize);
const isSet = test(setSize);
const isWeakMap = test((v) => WeakMap.prototype.has.call(v, {}));
const isWeakSet = test((v) => WeakSet.prototype.has.call(v, {}));
const isArrayBuffer = test(getter(ArrayBuffer.prototype, "byteLength"));
const isDataView = test(getter(DataView.prototype, "byteLength"));
const isTypedArray = (v) => typedTag(v) !== undefined;
const isView = (v) => isTypedArray(v) || isDataView(v);
const isPromise = (v) => v instanceof Promise;
const isError = (v) => tagOf(v) === "[object Error]" || v instanceof Error;
const BOXES = [[Number, "Number"], [String, "String"], [Boolean, "Boolean"], [BigInt, "BigInt"], [Symbol, "Symbol"]]
  .map(([C, name]) => [test(uncurry(C.prototype.valueOf)), uncurry(C.prototype.valueOf), name]);
const boxOf = (v) => BOXES.find((b) => b[0](v));
const AsyncFn = protoOf(async function () {});
const GenFn = protoOf(function* () {});
const AsyncGenFn = protoOf(async function* () {});
const isProtoOf = uncurry(O.prototype.isPrototypeOf);
const isAsyncFunction = (f) => isProtoOf(AsyncFn, f) || isProtoOf(AsyncGenFn, f);
const isGeneratorFunction = (f) => isProtoOf(GenFn, f) || isProtoOf(AsyncGenFn, f);
// Prototypes named by identity, as Node does: the harness replaces the
// `constructor` of the function prototypes with its guards.
const wellKnown = new Map([[O.prototype, "Object"], [Array.prototype, "Array"], [Function.prototype, "Function"],
  [AsyncFn, "AsyncFunction"], [GenFn, "GeneratorFunction"], [AsyncGenFn, "AsyncGeneratorFunction"],
  [Map.prototype, "Map"], [Set.prototype, "Set"], [ArrayBuffer.prototype, "ArrayBuffer"], [TypedProto, "TypedArray"]]);
const builtIns = new Set(namesOf(globalThis).filter((n) => /^[A-Z][a-zA-Z0-9]+$/.test(n)));
const customSym = Symbol.for("nodejs.util.inspect.custom");
const spaces = (n) => " ".repeat(n);
// Captured before the candidate runs, which may replace the globals.
const enqueue = globalThis.queueMicrotask;
const DOMError = globalThis.DOMException;
const plural = (n, what) => `${n} ${what}${n > 1 ? "s" : ""}`;

// ---- util.inspect ----------------------------------------------------------
const defaults = O.seal({ showHidden: false, depth: 2, colors: false, customInspect: true, showProxy: false,
  maxArrayLength: 100, maxStringLength: 10000, breakLength: 80, compact: 3, sorted: false, getters: false,
  numericSeparator: false });
const kObject = 0, kArray = 1, kArrayExtras = 2;
const ESC = /[\x00-\x1f\x27\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const ESC_NOQ = /[\x00-\x1f\x5c\x7f-\x9f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SHORT = { 8: "\\b", 9: "\\t", 10: "\\n", 12: "\\f", 13: "\\r", 39: "\\'", 92: "\\\\" };
function escapeFn(ch) {
  const c = ch.charCodeAt(0);
  return SHORT[c] || (c < 0xa0 ? "\\x" + c.toString(16).toUpperCase().padStart(2, "0") : "\\u" + c.toString(16));
}
// Single quotes, else double quotes, else backticks: whichever needs no escape.
function strEscape(str) {
  let re = ESC, q = "'";
  if (str.includes("'")) {
    if (!str.includes('"')) q = '"';
    else if (!str.includes("`") && !str.includes("${")) q = "`";
    if (q !== "'") re = ESC_NOQ;
  }
  return q + str.replace(re, escapeFn) + q;
}
const stripVT = (s) => String(s).replace(/[\u001b\u009b]\[[\d;]*[A-Za-z]/g, "");
// Terminal columns of a string (Node's count without ICU, emoji wide).
function stringWidth(str) {
  let w = 0;
  for (const ch of stripVT(str).normalize("NFC")) {
    const c = ch.codePointAt(0);
    if (c >= 0x1100 && (c <= 0x115f || c === 0x2329 || c === 0x232a || (c >= 0x2e80 && c <= 0x3247 && c !== 0x303f) ||
      (c >= 0x3250 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0xa4c6) || (c >= 0xa960 && c <= 0xa97c) ||
      (c >= 0xac00 && c <= 0xd7a3) || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xfe10 && c <= 0xfe19) ||
      (c >= 0xfe30 && c <= 0xfe6b) || (c >= 0xff01 && c <= 0xff60) || (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x1b000 && c <= 0x1b001) || (c >= 0x1f200 && c <= 0x1f251) || (c >= 0x1f300 && c <= 0x1f64f) ||
      (c >= 0x1f680 && c <= 0x1f6ff) || (c >= 0x1f900 && c <= 0x1f9ff) || (c >= 0x1fa70 && c <= 0x1faff) ||
      (c >= 0x20000 && c <= 0x3fffd))) w += 2;
    else if (!(c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x300 && c <= 0x36f) || (c >= 0x200b && c <= 0x200f) ||
      (c >= 0x20d0 && c <= 0x20ff) || (c >= 0xfe00 && c <= 0xfe0f) || (c >= 0xfe20 && c <= 0xfe2f) ||
      (c >= 0xe0100 && c <= 0xe01ef))) w++;
  }
  return w;
}

function inspect(value, opts) {
  const ctx = { indentationLvl: 0, seen: [], currentDepth: 0, ...defaults };
  if (arguments.length > 2 && arguments[2] !== undefined) ctx.depth = arguments[2];
  if (typeof opts === "boolean") ctx.showHidden = opts;
  else if (opts) {
    for (const k of keysOf(opts)) {
      if (hasOwn(defaults, k)) ctx[k] = opts[k];
      else if (ctx.userOptions === undefined) ctx.userOptions = opts;
    }
  }
  if (ctx.maxArrayLength === null) ctx.maxArrayLength = Infinity;
  if (ctx.maxStringLength === null) ctx.maxStringLength = Infinity;
  return formatValue(ctx, value, 0);
}
define(inspect, "custom", { value: customSym, enumerable: true });
define(inspect, "defaultOptions", {
  get: () => defaults,
  set(o) {
    if (o === null || typeof o !== "object") throw invalidArg("options", "of type object", o);
    O.assign(defaults, o);
  },
});

function formatValue(ctx, value, recurseTimes, typedArray) {
  if (typeof value !== "object" && typeof value !== "function") return formatPrimitive(value, ctx);
  if (value === null) return "null";
  if (ctx.customInspect) {
    const custom = value[customSym];
    const ctor = descOf(value, "constructor");
    if (typeof custom === "function" && custom !== inspect && !(ctor && ctor.value && ctor.value.prototype === value)) {
      const options = { stylize: (s) => s };
      for (const k of keysOf(defaults)) options[k] = ctx[k];
      const ret = custom.call(value, ctx.depth === null ? null : ctx.depth - recurseTimes, { ...options, ...ctx.userOptions }, inspect);
      if (ret !== value) {
        if (typeof ret !== "string") return formatValue(ctx, ret, recurseTimes);
        return ret.replaceAll("\n", `\n${spaces(ctx.indentationLvl)}`);
      }
    }
  }
  if (ctx.seen.includes(value)) {
    ctx.circular ??= new Map();
    if (!ctx.circular.has(value)) ctx.circular.set(value, ctx.circular.size + 1);
    return `[Circular *${ctx.circular.get(value)}]`;
  }
  return formatRaw(ctx, value, recurseTimes, typedArray);
}

// V8's class name of an object whose prototype chain names no constructor.
const internalName = (v) => (typeof v === "function" ? "Function" : isArray(v) ? "Array" : "Object");
const isInstance = (v, C) => { try { return v instanceof C; } catch { return false; } };

function constructorName(obj, ctx, recurseTimes) {
  let firstProto;
  const start = obj;
  while (obj) {
    const known = obj !== start && wellKnown.get(obj);
    if (known) return known;
    const d = descOf(obj, "constructor");
    if (d !== undefined && typeof d.value === "function" && d.value.name !== "" && isInstance(start, d.value)) {
      return String(d.value.name);
    }
    obj = protoOf(obj);
    if (firstProto === undefined) firstProto = obj;
  }
  if (firstProto === null) return null;
  const res = internalName(start);
  if (recurseTimes > ctx.depth && ctx.depth !== null) return `${res} <Complex prototype>`;
  const protoName = constructorName(firstProto, ctx, recurseTimes + 1);
  return `${res} <${protoName ?? inspect(firstProto, { ...ctx, customInspect: false, depth: -1 })}>`;
}

function getPrefix(constructor, tag, fallback, size = "") {
  if (constructor === null) {
    if (tag !== "" && fallback !== tag) return `[${fallback}${size}: null prototype] [${tag}] `;
    return `[${fallback}${size}: null prototype] `;
  }
  if (tag !== "" && constructor !== tag) return `${constructor}${size} [${tag}] `;
  return `${constructor}${size} `;
}
function ctxStyle(value, constructor, tag) {
  let fallback = "";
  if (constructor === null) {
    fallback = internalName(value);
    if (fallback === tag) fallback = "Object";
  }
  return getPrefix(constructor, tag, fallback);
}
function getKeys(value, showHidden) {
  const symbols = symbolsOf(value);
  if (showHidden) return namesOf(value).concat(symbols);
  return keysOf(value).concat(symbols.filter((k) => isEnum(value, k)));
}
const INDEX = /^(0|[1-9][0-9]*)$/;
const isIndex = (k) => typeof k === "string" && INDEX.test(k) && +k < 4294967295;
const nonIndexKeys = (value, showHidden) => Reflect.ownKeys(value).filter((k) => !isIndex(k) && (showHidden || isEnum(value, k)));

function formatRaw(ctx, value, recurseTimes, typedArray) {
  let keys, braces, box;
  const constructor = constructorName(value, ctx, recurseTimes);
  let tag = value[Symbol.toStringTag];
  if (typeof tag !== "string" || (tag !== "" && (ctx.showHidden ? hasOwn : isEnum)(value, Symbol.toStringTag))) tag = "";
  let base = "";
  let formatter = () => [];
  let extrasType = kObject;
  let noIterator = true;
  if (Symbol.iterator in value || constructor === null) {
    noIterator = false;
    if (isArray(value)) {
      const prefix = constructor !== "Array" || tag !== "" ? getPrefix(constructor, tag, "Array", `(${value.length})`) : "";
      keys = nonIndexKeys(value, ctx.showHidden);
      braces = [`${prefix}[`, "]"];
      if (value.length === 0 && keys.length === 0) return `${braces[0]}]`;
      extrasType = kArrayExtras;
      formatter = formatArray;
    } else if (isSet(value) || isMap(value)) {
      const set = isSet(value);
      const size = set ? setSize(value) : mapSize(value);
      const prefix = getPrefix(constructor, tag, set ? "Set" : "Map", `(${size})`);
      keys = getKeys(value, ctx.showHidden);
      const entries = set ? Set.prototype.values.call(value) : Map.prototype.entries.call(value);
      formatter = (ctx, v, rt) => formatEntries(ctx, entries, size, rt, !set);
      if (size === 0 && keys.length === 0) return `${prefix}{}`;
      braces = [`${prefix}{`, "}"];
    } else if (isTypedArray(value)) {
      keys = nonIndexKeys(value, ctx.showHidden);
      const size = typedLength(value);
      braces = [`${getPrefix(constructor, tag, constructor === null ? typedTag(value) : "", `(${size})`)}[`, "]"];
      if (size === 0 && keys.length === 0 && !ctx.showHidden) return `${braces[0]}]`;
      formatter = (ctx, v, rt) => formatTypedArray(value, size, ctx, rt);
      extrasType = kArrayExtras;
    } else if (tag === "Map Iterator" || tag === "Set Iterator") {
      // QuickJS cannot preview an iterator's entries without consuming them.
      keys = getKeys(value, ctx.showHidden);
      braces = [`[${tag}] {`, "}"];
      formatter = () => ["<items unknown>"];
    } else {
      noIterator = true;
    }
  }
  if (noIterator) {
    keys = getKeys(value, ctx.showHidden);
    braces = ["{", "}"];
    if (typeof value === "function") {
      base = functionBase(value, constructor, tag);
      if (keys.length === 0) return base;
    } else if (constructor === "Object") {
      if (tagOf(value) === "[object Arguments]") braces[0] = "[Arguments] {";
      else if (tag !== "") braces[0] = `${getPrefix(constructor, tag, "Object")}{`;
      if (keys.length === 0) return `${braces[0]}}`;
    } else if (isRegExp(value)) {
      base = RegExp.prototype.toString.call(constructor !== null ? value : new RegExp(value));
      const prefix = getPrefix(constructor, tag, "RegExp");
      if (prefix !== "RegExp ") base = `${prefix}${base}`;
      if (keys.length === 0 || (recurseTimes > ctx.depth && ctx.depth !== null)) return base;
    } else if (isDate(value)) {
      base = Number.isNaN(dateTime(value)) ? Date.prototype.toString.call(value) : Date.prototype.toISOString.call(value);
      const prefix = getPrefix(constructor, tag, "Date");
      if (prefix !== "Date ") base = `${prefix}${base}`;
      if (keys.length === 0) return base;
    } else if (isError(value)) {
      base = formatError(value, constructor, tag, ctx, keys);
      if (keys.length === 0) return base;
    } else if (isArrayBuffer(value)) {
      const prefix = getPrefix(constructor, tag, "ArrayBuffer");
      if (typedArray === undefined) formatter = formatArrayBuffer;
      else if (keys.length === 0) return prefix + `{ byteLength: ${value.byteLength} }`;
      braces[0] = `${prefix}{`;
      keys.unshift("byteLength");
    } else if (isDataView(value)) {
      braces[0] = `${getPrefix(constructor, tag, "DataView")}{`;
      keys.unshift("byteLength", "byteOffset", "buffer");
    } else if (isPromise(value)) {
      // QuickJS offers no way to read a promise's state synchronously.
      braces[0] = `${getPrefix(constructor, tag, "Promise")}{`;
      formatter = () => ["<pending>"];
    } else if (isWeakSet(value) || isWeakMap(value)) {
      braces[0] = `${getPrefix(constructor, tag, isWeakSet(value) ? "WeakSet" : "WeakMap")}{`;
      formatter = () => ["<items unknown>"];
    } else if ((box = boxOf(value))) {
      const type = box[2];
      if (type === "String") keys.splice(0, box[1](value).length);
      base = `[${type}`;
      if (type !== constructor) base += constructor === null ? " (null prototype)" : ` (${constructor})`;
      base += `: ${formatPrimitive(box[1](value), ctx)}]`;
      if (tag !== "" && tag !== constructor) base += ` [${tag}]`;
      if (keys.length === 0) return base;
    } else {
      if (keys.length === 0) return `${ctxStyle(value, constructor, tag)}{}`;
      braces[0] = `${ctxStyle(value, constructor, tag)}{`;
    }
  }
  if (recurseTimes > ctx.depth && ctx.depth !== null) {
    const name = ctxStyle(value, constructor, tag).slice(0, -1);
    return constructor !== null ? `[${name}]` : name;
  }
  recurseTimes += 1;
  ctx.seen.push(value);
  ctx.currentDepth = recurseTimes;
  const output = formatter(ctx, value, recurseTimes);
  for (const key of keys) output.push(formatProperty(ctx, value, recurseTimes, key, extrasType));
  const index = ctx.circular && ctx.circular.get(value);
  if (index !== undefined) {
    const ref = `<ref *${index}>`;
    if (ctx.compact !== true) base = base === "" ? ref : `${ref} ${base}`;
    else braces[0] = `${ref} ${braces[0]}`;
  }
  ctx.seen.pop();
  if (ctx.sorted) {
    const cmp = ctx.sorted === true ? undefined : ctx.sorted;
    if (extrasType === kObject) output.sort(cmp);
    else if (keys.length > 1) output.splice(output.length - keys.length, keys.length, ...output.slice(-keys.length).sort(cmp));
  }
  return reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value);
}

function functionBase(value, constructor, tag) {
  const src = fnSource(value);
  if (src.startsWith("class") && src.endsWith("}")) {
    const slice = src.slice(5, -1);
    const brace = slice.indexOf("{");
    if (brace !== -1 && (!slice.slice(0, brace).includes("(") ||
      /^(\s+[^(]*?)\s*{/.test(slice.replace(/(\/\/.*?\n)|(\/\*(.|\n)*?\*\/)/g, "")))) {
      let b = `class ${(hasOwn(value, "name") && value.name) || "(anonymous)"}`;
      if (constructor !== "Function" && constructor !== null) b += ` [${constructor}]`;
      if (tag !== "" && constructor !== tag) b += ` [${tag}]`;
      if (constructor === null) b += " extends [null prototype]";
      else if (protoOf(value).name) b += ` extends ${protoOf(value).name}`;
      return `[${b}]`;
    }
  }
  let type = "Function";
  if (isGeneratorFunction(value)) type = `Generator${type}`;
  if (isAsyncFunction(value)) type = `Async${type}`;
  let b = `[${type}${constructor === null ? " (null prototype)" : ""}${value.name === "" ? " (anonymous)" : `: ${value.name}`}]`;
  if (constructor !== type && constructor !== null) b += ` ${constructor}`;
  if (tag !== "" && constructor !== tag) b += ` [${tag}]`;
  return b;
}

// QuickJS keeps only the frames in `stack`; V8 starts it with
// "Name: message", computed when first read. Put that header back.
function stackOf(err) {
  let stack = err.stack;
  if (typeof stack === "string" && (stack === "" || stack.startsWith("    at "))) {
    stack = stack === "" ? errString(err) : `${errString(err)}\n${stack.replace(/\n+$/, "")}`;
  }
  return stack ? String(stack) : errString(err);
}

function formatError(err, constructor, tag, ctx, keys) {
  const name = err.name != null ? String(err.name) : "Error";
  let stack = stackOf(err);
  if (!ctx.showHidden && keys.length !== 0) {
    for (const k of ["name", "message", "stack"]) {
      const i = keys.indexOf(k);
      if (i !== -1 && stack.includes(err[k])) keys.splice(i, 1);
    }
  }
  if ("cause" in err && !keys.includes("cause")) keys.push("cause");
  if (isArray(err.errors) && !keys.includes("errors")) keys.push("errors");
  // Name the class when the stack does not (Node's improveStack).
  let len = name.length;
  if (constructor === null || (name.endsWith("Error") && stack.startsWith(name) &&
    (stack.length === len || stack[len] === ":" || stack[len] === "\n"))) {
    let fallback = "Error";
    if (constructor === null) {
      const m = /^([A-Z][a-z_ A-Z0-9[\]()-]+)(?::|\n {4}at)/.exec(stack) || /^([a-z_A-Z0-9-]*Error)$/.exec(stack);
      fallback = (m && m[1]) || "";
      len = fallback.length;
      fallback ||= "Error";
    }
    const prefix = getPrefix(constructor, tag, fallback).slice(0, -1);
    if (name !== prefix) {
      if (prefix.includes(name)) stack = len === 0 ? `${prefix}: ${stack}` : `${prefix}${stack.slice(len)}`;
      else stack = `${prefix} [${name}]${stack.slice(len)}`;
    }
  }
  let pos = (err.message && stack.indexOf(err.message)) || -1;
  if (pos !== -1) pos += err.message.length;
  if (stack.indexOf("\n    at", pos) === -1) stack = `[${stack}]`;
  return ctx.indentationLvl ? stack.replaceAll("\n", `\n${spaces(ctx.indentationLvl)}`) : stack;
}

const formatNumber = (n) => (same(n, -0) ? "-0" : `${n}`);
function formatPrimitive(value, ctx) {
  if (typeof value === "string") {
    let trailer = "";
    if (value.length > ctx.maxStringLength) {
      trailer = `... ${plural(value.length - ctx.maxStringLength, "more character")}`;
      value = value.slice(0, ctx.maxStringLength);
    }
    // Long strings break after their newlines into 'a\n' + 'b' pieces.
    if (ctx.compact !== true && value.length > 16 && value.length > ctx.breakLength - ctx.indentationLvl - 4) {
      return value.split(/(?<=\n)/).map(strEscape).join(` +\n${spaces(ctx.indentationLvl + 2)}`) + trailer;
    }
    return strEscape(value) + trailer;
  }
  if (typeof value === "number") return formatNumber(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol") return symString(value);
  return String(value);
}

const remainingText = (n) => `... ${plural(n, "more item")}`;
function formatArray(ctx, value, recurseTimes) {
  const len = Math.min(Math.max(0, ctx.maxArrayLength), value.length);
  const output = [];
  for (let i = 0; i < len; i++) {
    if (!hasOwn(value, i)) return formatSparseArray(ctx, value, recurseTimes, len, output, i);
    output.push(formatProperty(ctx, value, recurseTimes, i, kArray));
  }
  if (value.length > len) output.push(remainingText(value.length - len));
  return output;
}
function formatSparseArray(ctx, value, recurseTimes, maxLength, output, i) {
  const keys = keysOf(value);
  let index = i;
  for (; i < keys.length && output.length < maxLength; i++) {
    const key = keys[i];
    if (+key > 2 ** 32 - 2) break;
    if (`${index}` !== key) {
      if (!INDEX.test(key)) break;
      output.push(`<${plural(+key - index, "empty item")}>`);
      index = +key;
      if (output.length === maxLength) break;
    }
    output.push(formatProperty(ctx, value, recurseTimes, key, kArray));
    index++;
  }
  const remaining = value.length - index;
  if (remaining > 0) output.push(output.length !== maxLength ? `<${plural(remaining, "empty item")}>` : remainingText(remaining));
  return output;
}
function formatTypedArray(value, length, ctx, recurseTimes) {
  const max = Math.min(Math.max(0, ctx.maxArrayLength), length);
  const output = [];
  for (let i = 0; i < max; i++) output.push(formatPrimitive(value[i], ctx));
  if (length > max) output.push(remainingText(length - max));
  if (ctx.showHidden) {
    ctx.indentationLvl += 2;
    for (const key of ["BYTES_PER_ELEMENT", "length", "byteLength", "byteOffset", "buffer"]) {
      output.push(`[${key}]: ${formatValue(ctx, value[key], recurseTimes, true)}`);
    }
    ctx.indentationLvl -= 2;
  }
  return output;
}
function formatArrayBuffer(ctx, value) {
  const bytes = new Uint8Array(value);
  let str = Array.from(bytes.subarray(0, ctx.maxArrayLength), (b) => b.toString(16).padStart(2, "0")).join(" ");
  if (bytes.length > ctx.maxArrayLength) str += ` ... ${plural(bytes.length - ctx.maxArrayLength, "more byte")}`;
  return [`[Uint8Contents]: <${str}>`];
}
function formatEntries(ctx, iterator, size, recurseTimes, isMapEntries) {
  const max = Math.min(Math.max(0, ctx.maxArrayLength), size);
  const output = [];
  ctx.indentationLvl += 2;
  for (const e of iterator) {
    if (output.length >= max) break;
    output.push(isMapEntries ? `${formatValue(ctx, e[0], recurseTimes)} => ${formatValue(ctx, e[1], recurseTimes)}`
      : formatValue(ctx, e, recurseTimes));
  }
  if (size > max) output.push(remainingText(size - max));
  ctx.indentationLvl -= 2;
  return output;
}

function formatProperty(ctx, value, recurseTimes, key, type) {
  let name, str;
  let extra = " ";
  const desc = descOf(value, key) || { value: value[key], enumerable: true };
  if (desc.value !== undefined) {
    const diff = ctx.compact !== true || type !== kObject ? 2 : 3;
    ctx.indentationLvl += diff;
    str = formatValue(ctx, desc.value, recurseTimes);
    if (diff === 3 && ctx.breakLength < stringWidth(str)) extra = `\n${spaces(ctx.indentationLvl)}`;
    ctx.indentationLvl -= diff;
  } else if (desc.get !== undefined) {
    str = desc.set !== undefined ? "[Getter/Setter]" : "[Getter]";
  } else {
    str = desc.set !== undefined ? "[Setter]" : "undefined";
  }
  if (type === kArray) return str;
  if (typeof key === "symbol") name = `[${symString(key).replace(ESC, escapeFn)}]`;
  else if (key === "__proto__") name = "['__proto__']";
  else if (desc.enumerable === false) name = `[${key.replace(ESC, escapeFn)}]`;
  else if (/^[a-zA-Z_][a-zA-Z_0-9]*$/.test(key)) name = key;
  else name = strEscape(key);
  return `${name}:${extra}${str}`;
}

// Lay out more than six short entries in aligned columns (groupArrayElements).
function groupArrayElements(ctx, output, value) {
  let totalLength = 0;
  let maxLength = 0;
  let outputLength = output.length;
  if (ctx.maxArrayLength < output.length) outputLength--; // the "... more items"
  const dataLen = [];
  for (let i = 0; i < outputLength; i++) {
    const len = stringWidth(output[i]);
    dataLen[i] = len;
    totalLength += len + 2;
    if (maxLength < len) maxLength = len;
  }
  const actualMax = maxLength + 2;
  if (actualMax * 3 + ctx.indentationLvl < ctx.breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
    const averageBias = Math.sqrt(actualMax - totalLength / output.length);
    const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
    const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax),
      Math.floor((ctx.breakLength - ctx.indentationLvl) / actualMax), ctx.compact * 4, 15);
    if (columns <= 1) return output;
    const tmp = [];
    const maxLineLength = [];
    for (let i = 0; i < columns; i++) {
      let lineMax = 0;
      for (let j = i; j < output.length; j += columns) if (dataLen[j] > lineMax) lineMax = dataLen[j];
      maxLineLength.push(lineMax + 2);
    }
    // Numbers align right, anything else left.
    let padStart = true;
    for (let i = 0; value !== undefined && padStart && i < output.length; i++) {
      if (typeof value[i] !== "number" && typeof value[i] !== "bigint") padStart = false;
    }
    for (let i = 0; i < outputLength; i += columns) {
      const max = Math.min(i + columns, outputLength);
      let str = "";
      let j = i;
      for (; j < max - 1; j++) {
        const padding = maxLineLength[j - i] + output[j].length - dataLen[j];
        str += padStart ? `${output[j]}, `.padStart(padding) : `${output[j]}, `.padEnd(padding);
      }
      str += padStart ? output[j].padStart(maxLineLength[j - i] + output[j].length - dataLen[j] - 2) : output[j];
      tmp.push(str);
    }
    if (ctx.maxArrayLength < output.length) tmp.push(output[outputLength]);
    output = tmp;
  }
  return output;
}

function isBelowBreakLength(ctx, output, start, base) {
  let total = output.length + start;
  if (total + output.length > ctx.breakLength) return false;
  for (const entry of output) {
    total += entry.length;
    if (total > ctx.breakLength) return false;
  }
  return base === "" || !base.includes("\n");
}

function reduceToSingleString(ctx, output, base, braces, extrasType, recurseTimes, value) {
  if (ctx.compact !== true) {
    if (typeof ctx.compact === "number" && ctx.compact >= 1) {
      const entries = output.length;
      if (extrasType === kArrayExtras && entries > 6) output = groupArrayElements(ctx, output, value);
      // Up to `compact` inner levels go on one line if it fits in breakLength.
      if (ctx.currentDepth - recurseTimes < ctx.compact && entries === output.length) {
        const start = output.length + ctx.indentationLvl + braces[0].length + base.length + 10;
        if (isBelowBreakLength(ctx, output, start, base)) {
          const joined = output.join(", ");
          if (!joined.includes("\n")) return `${base ? `${base} ` : ""}${braces[0]} ${joined} ${braces[1]}`;
        }
      }
    }
    const indentation = `\n${spaces(ctx.indentationLvl)}`;
    return `${base ? `${base} ` : ""}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }
  if (isBelowBreakLength(ctx, output, 0, base)) return `${braces[0]}${base ? ` ${base}` : ""} ${output.join(", ")} ${braces[1]}`;
  const indentation = spaces(ctx.indentationLvl);
  const ln = base === "" && braces[0].length === 1 ? " " : `${base ? ` ${base}` : ""}\n${indentation}  `;
  return `${braces[0]}${ln}${output.join(`,\n${indentation}  `)} ${braces[1]}`;
}

// ---- util.format ------------------------------------------------------------
// Whether `%s` should inspect the object: its toString is a builtin's.
function hasBuiltInToString(value) {
  let ownToString = hasOwn;
  let ownToPrimitive = hasOwn;
  if (typeof value.toString !== "function") {
    if (typeof value[Symbol.toPrimitive] !== "function") return true;
    if (hasOwn(value, Symbol.toPrimitive)) return false;
    ownToString = () => false;
  } else if (hasOwn(value, "toString")) {
    return false;
  } else if (typeof value[Symbol.toPrimitive] !== "function") {
    ownToPrimitive = () => false;
  } else if (hasOwn(value, Symbol.toPrimitive)) {
    return false;
  }
  let pointer = value;
  do pointer = protoOf(pointer);
  while (!ownToString(pointer, "toString") && !ownToPrimitive(pointer, Symbol.toPrimitive));
  const d = descOf(pointer, "constructor");
  return d !== undefined && typeof d.value === "function" && builtIns.has(d.value.name);
}
function tryStringify(arg) {
  try {
    return JSON.stringify(arg);
  } catch (err) {
    const circular = (() => { try { const a = {}; a.a = a; JSON.stringify(a); } catch (e) { return e.message; } })();
    if (err.name === "TypeError" && err.message === circular) return "[Circular]";
    throw err;
  }
}
function formatWith(opts, args) {
  const first = args[0];
  let a = 0;
  let str = "";
  let join = "";
  if (typeof first === "string") {
    if (args.length === 1) return first;
    let tempStr;
    let lastPos = 0;
    for (let i = 0; i < first.length - 1; i++) {
      if (first[i] !== "%") continue;
      const next = first[++i];
      if (a + 1 !== args.length) {
        if (next === "s") {
          const arg = args[++a];
          if (typeof arg === "number") tempStr = formatNumber(arg);
          else if (typeof arg === "bigint") tempStr = `${arg}n`;
          else if (typeof arg !== "object" || arg === null || !hasBuiltInToString(arg)) tempStr = String(arg);
          else tempStr = inspect(arg, { ...opts, depth: 0, colors: false, compact: 3 });
        } else if (next === "j") {
          tempStr = tryStringify(args[++a]);
        } else if (next === "d" || next === "i" || next === "f") {
          const arg = args[++a];
          if (typeof arg === "bigint" && next !== "f") tempStr = `${arg}n`;
          else if (typeof arg === "symbol") tempStr = "NaN";
          else tempStr = formatNumber(next === "d" ? Number(arg) : next === "i" ? parseInt(arg) : parseFloat(arg));
        } else if (next === "O") {
          tempStr = inspect(args[++a], opts);
        } else if (next === "o") {
          tempStr = inspect(args[++a], { ...opts, showHidden: true, showProxy: true, depth: 4 });
        } else if (next === "c") {
          a += 1;
          tempStr = "";
        } else {
          if (next === "%") {
            str += first.slice(lastPos, i);
            lastPos = i + 1;
          }
          continue;
        }
        if (lastPos !== i - 1) str += first.slice(lastPos, i - 1);
        str += tempStr;
        lastPos = i + 1;
      } else if (next === "%") {
        str += first.slice(lastPos, i);
        lastPos = i + 1;
      }
    }
    if (lastPos !== 0) {
      a++;
      join = " ";
      if (lastPos < first.length) str += first.slice(lastPos);
    }
  }
  for (; a < args.length; a++) {
    str += join + (typeof args[a] !== "string" ? inspect(args[a], opts) : args[a]);
    join = " ";
  }
  return str;
}
const format = (...args) => formatWith(undefined, args);
function formatWithOptions(opts, ...args) {
  if (opts === null || typeof opts !== "object") throw invalidArg("inspectOptions", "of type object", opts);
  return formatWith(opts, args);
}

// ---- Node-style errors ------------------------------------------------------
function received(v) {
  if (v == null) return ` Received ${v}`;
  if (typeof v === "function") return ` Received function ${v.name}`;
  if (typeof v === "object") {
    if (v.constructor && "name" in v.constructor) return ` Received an instance of ${v.constructor.name}`;
    return ` Received ${inspect(v, { depth: -1 })}`;
  }
  let shown = inspect(v);
  if (typeof v === "string") {
    if (v.length > 28) v = `${v.slice(0, 25)}...`;
    shown = v.includes("'") ? JSON.stringify(v) : `'${v}'`;
  }
  return ` Received type ${typeof v} (${shown})`;
}
function nodeError(Ctor, code, message) {
  const err = new Ctor(message);
  err.code = code;
  return err;
}
const invalidArg = (name, what, v) => nodeError(TypeError, "ERR_INVALID_ARG_TYPE", `The "${name}" argument must be ${what}.${received(v)}`);
const checkFunction = (fn, name = "callback") => {
  if (typeof fn !== "function") throw invalidArg(name, "of type function", fn);
};
const missingArg = (name) => nodeError(TypeError, "ERR_MISSING_ARGS", `The "${name}" argument must be specified`);

// ---- isDeepStrictEqual (Node's comparisons.js, strict and loose) ---------------
function deepEqual(a, b, strict, memo) {
  if (a === b) return a !== 0 || same(a, b) || !strict;
  if (strict) {
    if (typeof a === "number") return Number.isNaN(a) && Number.isNaN(b);
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null || protoOf(a) !== protoOf(b)) return false;
  } else {
    // eslint-disable-next-line eqeqeq
    if (a === null || typeof a !== "object") return (b === null || typeof b !== "object") && (a == b || (a !== a && b !== b));
    if (b === null || typeof b !== "object") return false;
  }
  if (tagOf(a) !== tagOf(b)) return false;
  for (const [x, y] of memo) if (x === a && y === b) return true;
  memo = memo.concat([[a, b]]);
  const eq = (x, y) => deepEqual(x, y, strict, memo);
  const isObj = (x) => typeof x === "object" && x !== null;
  if (isArray(a)) {
    if (!isArray(b) || a.length !== b.length || nonIndexKeys(a, false).length !== nonIndexKeys(b, false).length) return false;
  } else if (isDate(a)) {
    if (!isDate(b) || dateTime(a) !== dateTime(b)) return false;
  } else if (isRegExp(a)) {
    if (!isRegExp(b) || a.source !== b.source || a.flags !== b.flags || a.lastIndex !== b.lastIndex) return false;
  } else if (isView(a) || isArrayBuffer(a)) {
    if (typedTag(a) !== typedTag(b) || a.byteLength !== b.byteLength) return false;
    const bytes = (x) => (isArrayBuffer(x) ? new Uint8Array(x) : new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
    const [va, vb] = !strict && /Float/.test(typedTag(a)) ? [a, b] : [bytes(a), bytes(b)];
    for (let i = 0; i < va.length; i++) if (va[i] !== vb[i]) return false;
    if (isArrayBuffer(a)) return true;
  } else if (isSet(a)) {
    if (!isSet(b) || setSize(a) !== setSize(b)) return false;
    const pool = [...b].filter(isObj);
    for (const v of a) {
      if (!isObj(v)) {
        if (!b.has(v) && (strict || ![...b].some((w) => eq(v, w)))) return false;
        continue;
      }
      const i = pool.findIndex((w) => eq(v, w));
      if (i < 0) return false;
      pool.splice(i, 1);
    }
  } else if (isMap(a)) {
    if (!isMap(b) || mapSize(a) !== mapSize(b)) return false;
    const pool = [...b];
    for (const [k, v] of a) {
      if (!isObj(k) && b.has(k)) {
        if (!eq(v, b.get(k))) return false;
        continue;
      }
      const i = pool.findIndex(([k2, v2]) => eq(k, k2) && eq(v, v2));
      if (i < 0) return false;
      pool.splice(i, 1);
    }
  } else if (isError(a)) {
    if (!isError(b)) return false;
    for (const k of ["message", "name", "cause", "errors"]) {
      if (isEnum(a, k) !== isEnum(b, k) || (!isEnum(a, k) && !eq(a[k], b[k]))) return false;
    }
  } else if (boxOf(a)) {
    if (boxOf(a) !== boxOf(b) || !same(boxOf(a)[1](a), boxOf(b)[1](b))) return false;
  } else if (isArray(b) || isDate(b) || isRegExp(b) || isSet(b) || isMap(b) || isError(b) || boxOf(b) || isView(b)) {
    return false;
  }
  const ka = keysOf(a);
  if (ka.length !== keysOf(b).length || ka.some((k) => !isEnum(b, k))) return false;
  if (strict) {
    const sa = symbolsOf(a).filter((k) => isEnum(a, k));
    if (sa.length !== symbolsOf(b).filter((k) => isEnum(b, k)).length || sa.some((k) => !isEnum(b, k))) return false;
    ka.push(...sa);
  }
  return ka.every((k) => eq(a[k], b[k]));
}

// ---- events (process, streams, require('events')) ---------------------------
class EventEmitter {
  _list(name) {
    if (!this._events) define(this, "_events", { value: new Map(), writable: true });
    if (!this._events.has(name)) this._events.set(name, []);
    return this._events.get(name);
  }
  on(name, fn) {
    checkFunction(fn, "listener");
    if (this._events && this._events.has("newListener")) this.emit("newListener", name, fn);
    this._list(name).push(fn);
    return this;
  }
  once(name, fn) {
    checkFunction(fn, "listener");
    const wrapper = (...args) => {
      this.off(name, wrapper);
      return fn.apply(this, args);
    };
    wrapper.listener = fn;
    return this.on(name, wrapper);
  }
  off(name, fn) {
    const list = this._list(name);
    const i = list.findIndex((f) => f === fn || f.listener === fn);
    if (i >= 0) list.splice(i, 1);
    if (!list.length) this._events.delete(name);
    return this;
  }
  removeAllListeners(name) {
    if (this._events) name === undefined ? this._events.clear() : this._events.delete(name);
    return this;
  }
  emit(name, ...args) {
    const list = this._events && this._events.get(name);
    if (!list) {
      if (name === "error") throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${inspect(args[0])})`);
      return false;
    }
    for (const fn of list.slice()) fn.apply(this, args);
    return true;
  }
  listeners(name) {
    return ((this._events && this._events.get(name)) || []).map((f) => f.listener || f);
  }
  listenerCount(name) {
    return this.listeners(name).length;
  }
  eventNames() {
    return this._events ? [...this._events.keys()] : [];
  }
  setMaxListeners() {
    return this;
  }
  getMaxListeners() {
    return 10;
  }
}
O.assign(EventEmitter.prototype, { addListener: EventEmitter.prototype.on, removeListener: EventEmitter.prototype.off,
  prependListener: EventEmitter.prototype.on, prependOnceListener: EventEmitter.prototype.once });
EventEmitter.EventEmitter = EventEmitter;
EventEmitter.defaultMaxListeners = 10;

// ---- process ------------------------------------------------------------------
let startMs = p.now();
const ticks = [];
function runTicks() {
  while (ticks.length) ticks.shift()();
}
function stream(write, fd) {
  const s = new EventEmitter();
  s.fd = fd;
  s.writable = true;
  s.write = (chunk, encoding, cb) => {
    if (typeof encoding === "function") cb = encoding;
    if (chunk === null) throw nodeError(TypeError, "ERR_STREAM_NULL_VALUES", "May not write null values to stream");
    if (typeof chunk === "string") write(chunk);
    else if (isView(chunk)) write(new TextDecoder().decode(chunk));
    else throw invalidArg("chunk", "of type string or an instance of Buffer, TypedArray, or DataView", chunk);
    if (typeof cb === "function") enqueue(() => cb(null));
    return true;
  };
  s.end = (chunk, encoding, cb) => {
    if (typeof chunk === "function") cb = chunk;
    else if (chunk != null) s.write(chunk, encoding);
    if (typeof cb === "function") enqueue(cb);
    return s;
  };
  s.cork = s.uncork = () => {};
  return s;
}
function hrtime(prev) {
  const ns = Math.round(p.now() * 1e6);
  let sec = Math.floor(ns / 1e9);
  let nsec = ns - sec * 1e9;
  if (prev !== undefined) {
    if (!isArray(prev)) throw invalidArg("time", "an instance of Array", prev);
    sec -= prev[0];
    nsec -= prev[1];
    if (nsec < 0) {
      sec--;
      nsec += 1e9;
    }
  }
  return [sec, nsec];
}
hrtime.bigint = () => BigInt(Math.round(p.now() * 1e6));
const memoryUsage = () => ({ rss: 41943040, heapTotal: 6291456, heapUsed: 4718592, external: 1048576, arrayBuffers: 16384 });
memoryUsage.rss = () => 41943040;
let exiting = false;
function emitExit(code) {
  if (exiting) return;
  exiting = true;
  if (code !== undefined) process.exitCode = code;
  process.emit("exit", process.exitCode ?? 0);
}
let warned = false;
const unsupported = (name) => () => p.unsupported(name);
const process = O.assign(new EventEmitter(), {
  title: "node", version: "v20.0.0", arch: "x64", platform: "linux", argv0: "node", execArgv: [],
  versions: { node: "20.0.0", v8: "11.3.244.8-node.19", uv: "1.44.2", modules: "115" },
  release: { name: "node", lts: "Iron" }, argv: ["node", "/solution.js"], execPath: "/usr/local/bin/node",
  env: {}, pid: 42, ppid: 41, exitCode: undefined, config: { variables: {} },
  stdout: stream((s) => p.writeOut(s), 1),
  stderr: stream((s) => p.writeErr(s), 2),
  cwd: () => "/",
  umask: () => 0o22,
  uptime: () => (p.now() - startMs) / 1000,
  hrtime,
  memoryUsage,
  cpuUsage: () => ({ user: Math.round((p.now() - startMs) * 1000), system: 0 }),
  getuid: () => 0, getgid: () => 0, geteuid: () => 0, getegid: () => 0,
  nextTick(fn, ...args) {
    checkFunction(fn);
    // Node runs ticks before promise jobs: at runTicks (when the script or a
    // timer callback returns), else as the next microtask.
    if (ticks.push(() => fn(...args)) === 1) enqueue(runTicks);
  },
  emitWarning(warning, type) {
    const opts = type && typeof type === "object" ? type : {};
    const name = typeof type === "string" ? type : opts.type || (warning instanceof Error ? warning.name : "Warning");
    const text = warning instanceof Error ? warning.message : String(warning);
    enqueue(() => {
      p.writeErr(`(node:${process.pid}) ${opts.code ? `[${opts.code}] ` : ""}${name}: ${text}\n`);
      if (!warned) p.writeErr("(Use `node --trace-warnings ...` to show where the warning was created)\n");
      warned = true;
    });
  },
  exit(code) {
    emitExit(code);
    p.exit(Number(process.exitCode ?? 0) | 0);
  },
  abort: unsupported("process.abort"), binding: unsupported("process.binding"), dlopen: unsupported("process.dlopen"),
  kill: unsupported("process.kill"), chdir: unsupported("process.chdir"),
});
define(process, Symbol.toStringTag, { value: "process", configurable: true });
// stdin holds p.stdin, then ends (empty: it ends at once, as with
// </dev/null). As in Node, it flows once a listener is attached or it is
// resumed: 'readable', then one 'data' chunk (a string), then 'end' and
// 'close', each a task of its own after the current one.
let stdinUnread = "";
let stdinStarted = false;
process.stdin = new EventEmitter();
process.stdin.fd = 0;
process.stdin.isTTY = undefined;
process.stdin.setEncoding = process.stdin.pause = process.stdin.unref = process.stdin.ref = () => process.stdin;
process.stdin.read = () => {
  if (stdinUnread === "") return null;
  const text = stdinUnread;
  stdinUnread = "";
  return text;
};
function startStdin() {
  if (stdinStarted) return;
  stdinStarted = true;
  later(() => {
    if (stdinUnread !== "") process.stdin.emit("readable");
    if (stdinUnread !== "" && process.stdin.listenerCount("data") > 0) {
      process.stdin.emit("data", process.stdin.read());
    }
    later(() => {
      process.stdin.emit("end");
      later(() => process.stdin.emit("close"));
    });
  });
}
process.stdin.resume = () => {
  startStdin();
  return process.stdin;
};
process.stdin.on("newListener", (name) => {
  if (name === "data" || name === "end" || name === "close" || name === "readable") startStdin();
});
process.stdin[Symbol.asyncIterator] = async function* chunks() {
  if (stdinUnread !== "") yield process.stdin.read();
};

// ---- console ----------------------------------------------------------------
let groupIndent = "";
const counts = new Map();
const times = new Map();
function writeLine(toOut, text) {
  if (groupIndent) text = groupIndent + text.replace(/\n/g, `\n${groupIndent}`);
  (toOut ? p.writeOut : p.writeErr)(text + "\n");
}
const log = (...args) => writeLine(true, formatWith({}, args));
const warn = (...args) => writeLine(false, formatWith({}, args));
function formatTime(ms) {
  let hours = 0, minutes = 0, seconds = 0;
  if (ms >= 1000) {
    if (ms >= 60000) {
      if (ms >= 3600000) {
        hours = Math.floor(ms / 3600000);
        ms %= 3600000;
      }
      minutes = Math.floor(ms / 60000);
      ms %= 60000;
    }
    seconds = ms / 1000;
  }
  if (hours !== 0 || minutes !== 0) {
    const [s, frac] = seconds.toFixed(3).split(".");
    const res = hours !== 0 ? `${hours}:${String(minutes).padStart(2, "0")}` : minutes;
    return `${res}:${s.padStart(2, "0")}.${frac} (${hours !== 0 ? "h:m" : ""}m:ss.mmm)`;
  }
  return seconds !== 0 ? `${seconds.toFixed(3)}s` : `${Number(ms.toFixed(3))}ms`;
}
function timeLog(name, label, data) {
  if (!times.has(label)) return process.emitWarning(`No such label '${label}' for console.${name}()`);
  log("%s: %s", label, formatTime(p.now() - times.get(label)), ...data);
  return true;
}
// console.table: Node's cli_table, columns left-aligned as in Node 20.
function table(data, properties) {
  if (properties !== undefined && !isArray(properties)) throw invalidArg("properties", "an instance of Array", properties);
  if (data === null || typeof data !== "object") return log(data);
  const show = (v) => inspect(v, { maxArrayLength: 3, breakLength: Infinity,
    depth: v !== null && typeof v === "object" && !isArray(v) && !isTypedArray(v) && keysOf(v).length > 2 ? -1 : 0 });
  const indexes = (n) => Array.from({ length: n }, (_, i) => show(i));
  if (isMap(data)) {
    const entries = [...data];
    return log(renderTable(["(iteration index)", "Key", "Values"],
      [indexes(entries.length), entries.map((e) => show(e[0])), entries.map((e) => show(e[1]))]));
  }
  if (isSet(data)) return log(renderTable(["(iteration index)", "Values"], [indexes(data.size), [...data].map(show)]));
  const map = O.create(null);
  let hasPrimitives = false;
  const valuesColumn = [];
  const index = keysOf(data);
  index.forEach((k, i) => {
    const item = data[k];
    const primitive = item === null || (typeof item !== "function" && typeof item !== "object");
    if (properties === undefined && primitive) {
      hasPrimitives = true;
      valuesColumn[i] = show(item);
    } else {
      for (const key of properties || keysOf(item)) {
        (map[key] ??= [])[i] = (primitive && properties) || !hasOwn(item, key) ? "" : show(item[key]);
      }
    }
  });
  const head = keysOf(map);
  const columns = head.map((k) => map[k]);
  if (hasPrimitives) {
    head.push("Values");
    columns.push(valuesColumn);
  }
  return log(renderTable(["(index)", ...head], [index, ...columns]));
}
function renderTable(head, columns) {
  const rows = [];
  const widths = head.map(stringWidth);
  const longest = Math.max(...columns.map((c) => c.length));
  columns.forEach((column, i) => {
    for (let j = 0; j < longest; j++) {
      const cell = ((rows[j] ??= [])[i] = hasOwn(column, j) ? column[j] : "");
      widths[i] = Math.max(widths[i], stringWidth(cell));
    }
  });
  const row = (cells) => "│ " + cells.map((cell, i) => cell + spaces(widths[i] - stringWidth(cell))).join(" │ ") + " │";
  const line = (l, m, r) => l + widths.map((w) => "─".repeat(w + 2)).join(m) + r;
  return [line("┌", "┬", "┐"), row(head), line("├", "┼", "┤"), ...rows.map(row), line("└", "┴", "┘")].join("\n");
}
function trace(...args) {
  const err = { name: "Trace", message: formatWith({}, args) };
  Error.captureStackTrace(err, trace);
  warn(stackOf(err));
}
const noop = () => {};
const console = {
  log, info: log, debug: log, dirxml: log, warn, error: warn, trace, table,
  dir: (obj, options) => writeLine(true, inspect(obj, { customInspect: false, ...options })),
  assert(ok, ...args) {
    if (ok) return;
    // The failure is recorded whatever the formatting does (it calls
    // methods the candidate may have replaced, which may throw).
    let text = "Assertion failed";
    try {
      args[0] = `Assertion failed${args.length === 0 ? "" : `: ${args[0]}`}`;
      text = formatWith({}, args);
      writeLine(false, text);
    } finally {
      p.consoleAssertFailed(text);
    }
  },
  count(label = "default") {
    label = `${label}`;
    counts.set(label, (counts.get(label) || 0) + 1);
    log(`${label}: ${counts.get(label)}`);
  },
  countReset(label = "default") {
    if (!counts.delete(`${label}`)) process.emitWarning(`Count for '${label}' does not exist`);
  },
  group(...data) {
    if (data.length > 0) log(...data);
    groupIndent += "  ";
  },
  groupEnd() {
    groupIndent = groupIndent.slice(0, -2);
  },
  time(label = "default") {
    label = `${label}`;
    if (times.has(label)) return process.emitWarning(`Label '${label}' already exists for console.time()`);
    times.set(label, p.now());
  },
  timeEnd(label = "default") {
    if (timeLog("timeEnd", `${label}`, []) === true) times.delete(`${label}`);
  },
  timeLog: (label = "default", ...data) => void timeLog("timeLog", `${label}`, data),
  clear: noop, profile: noop, profileEnd: noop, timeStamp: noop,
};
console.groupCollapsed = console.group;

// ---- timers ---------------------------------------------------------------------
// Node's Timeout objects. Node reads the clock as each timer is set; here
// a timer set in a turn counts from the turn's start, so timers set together
// fire by delay, then by creation, whatever the clock's granularity. One os
// timer waits for the first; each fires alone, so ticks and promise jobs run
// between callbacks as in Node.
let nextTimerId = 1;
let loopNow = p.now();
const queue = []; // pending Timeouts by (_due, _id)
const byId = new Map();
let osHandle = null;
let osDue = 0;
function arm() {
  const head = queue[0];
  if (osHandle !== null && head && head._due === osDue) return;
  if (osHandle !== null) p.clearTimeout(osHandle);
  osHandle = null;
  if (head) {
    osDue = head._due;
    osHandle = p.setTimeout(fire, Math.max(0, osDue - p.now()));
  }
}
function fire() {
  osHandle = null;
  loopNow = Math.max(p.now(), osDue);
  const t = queue[0];
  if (t && t._due <= loopNow) {
    queue.shift();
    t._fire();
  }
  arm();
}
class Timeout {
  constructor(fn, ms, args, repeat) {
    ms = Number(ms);
    this._ms = ms >= 1 && ms <= 2147483647 ? ms : 1; // Node turns 0, NaN and huge into 1
    this._fn = fn;
    this._args = args;
    this._repeat = repeat;
    this._id = nextTimerId++;
    byId.set(this._id, this);
    this._insert();
  }
  _insert() {
    this._due = loopNow + this._ms;
    let i = queue.length;
    while (i > 0 && queue[i - 1]._due > this._due) i--;
    queue.splice(i, 0, this);
    arm();
  }
  _fire() {
    if (!this._repeat) byId.delete(this._id);
    try {
      this._fn(...this._args);
    } catch (error) {
      uncaught(error);
    } finally {
      if (this._repeat && byId.has(this._id)) this._insert();
      runTicks();
      idleCheck();
    }
  }
  _clear() {
    byId.delete(this._id);
    const i = queue.indexOf(this);
    if (i >= 0) queue.splice(i, 1);
    arm();
  }
  ref() { return this; }
  unref() { return this; }
  hasRef() { return true; }
  refresh() {
    if (byId.has(this._id)) {
      this._clear();
      byId.set(this._id, this);
      this._insert();
    }
    return this;
  }
  close() {
    this._clear();
    return this;
  }
  [Symbol.toPrimitive]() {
    return this._id;
  }
}
// An immediate runs after the current turn, before the timers it did not pass.
class Immediate {
  constructor(fn, args) {
    this._id = nextTimerId++;
    byId.set(this._id, this);
    this._handle = p.setTimeout(() => {
      if (!byId.delete(this._id)) return;
      try {
        fn(...args);
      } catch (error) {
        uncaught(error);
      } finally {
        runTicks();
        idleCheck();
      }
    }, 0);
  }
  _clear() {
    if (byId.delete(this._id)) p.clearTimeout(this._handle);
  }
  ref() { return this; }
  unref() { return this; }
  hasRef() { return true; }
}
// Node's end of a run: when no timer or immediate is left, 'beforeExit'
// (which may schedule more work), then 'exit'. The harness calls endWhenIdle
// once the program and its targets have run; the check runs as a task of its
// own, after the promise jobs of the turn that emptied the queue.
let ending = false;
let checking = false;
const idleWaiters = [];
function uncaught(error) {
  if (typeof p.uncaught !== "function") throw error;
  p.uncaught(error);
}
// A callback of the program's own, run as a task after the current one
// (what Node's streams do with their events).
function later(fn) {
  return new Immediate(fn, []);
}
// Settles once nothing is pending: checked as a task of its own, after the
// promise jobs of the turn that emptied the queue.
function idle() {
  return new Promise((resolve) => {
    idleWaiters.push(resolve);
    waitIdle();
  });
}
let waiting = false;
function waitIdle() {
  if (waiting || idleWaiters.length === 0) return;
  waiting = true;
  p.setTimeout(() => {
    waiting = false;
    if (byId.size !== 0) return; // a callback still to run calls idleCheck
    const resolveAll = idleWaiters.splice(0, idleWaiters.length);
    for (const resolve of resolveAll) resolve();
  }, 0);
}
function idleCheck() {
  if (byId.size === 0) waitIdle();
  if (!ending || checking || byId.size !== 0 || exiting) return;
  checking = true;
  p.setTimeout(() => {
    checking = false;
    if (byId.size !== 0 || exiting) return;
    process.emit("beforeExit", process.exitCode ?? 0);
    runTicks();
    if (byId.size === 0) p.setTimeout(() => { if (byId.size === 0) ended(); else idleCheck(); }, 0);
  }, 0);
}
// The end of a run: 'exit', then the Promise endWhenIdle returned settles
// (the host runs QuickJS's event loop until it does).
let ended = null;
function endWhenIdle() {
  ending = true;
  const end = new Promise((resolve) => {
    ended = () => { emitExit(); resolve(); };
  });
  idleCheck();
  return end;
}
function clearTimer(t) {
  if (typeof t === "number" || typeof t === "string") t = byId.get(Number(t));
  if (t instanceof Timeout || t instanceof Immediate) t._clear();
}
const timer = (repeat) => (fn, ms, ...args) => {
  checkFunction(fn);
  return new Timeout(fn, ms, args, repeat);
};
const timers = {
  setTimeout: timer(false),
  setInterval: timer(true),
  setImmediate(fn, ...args) {
    checkFunction(fn);
    return new Immediate(fn, args);
  },
  clearTimeout: clearTimer,
  clearInterval: clearTimer,
  clearImmediate: clearTimer,
};

// ---- TextEncoder / TextDecoder (UTF-8) ---------------------------------------------
function utf8Encode(str) {
  const out = [];
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c >= 0xd800 && c < 0xe000) {
      const d = str.charCodeAt(i + 1);
      if (c < 0xdc00 && d >= 0xdc00 && d < 0xe000) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else {
        c = 0xfffd; // a lone surrogate
      }
    }
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}
class TextEncoder {
  get encoding() {
    return "utf-8";
  }
  encode(input = "") {
    return new Uint8Array(utf8Encode(String(input)));
  }
  encodeInto(src, dest) {
    let read = 0, written = 0;
    for (const ch of String(src)) {
      const bytes = utf8Encode(ch);
      if (written + bytes.length > dest.length) break;
      dest.set(bytes, written);
      written += bytes.length;
      read += ch.length;
    }
    return { read, written };
  }
}
const UTF8 = ["utf-8", "utf8", "unicode-1-1-utf-8", "unicode11utf8", "unicode20utf8", "x-unicode20utf8"];
class TextDecoder {
  constructor(label = "utf-8", options = {}) {
    if (!UTF8.includes(String(label).trim().toLowerCase())) {
      throw nodeError(RangeError, "ERR_ENCODING_NOT_SUPPORTED", `The "${label}" encoding is not supported`);
    }
    this._fatal = !!(options && options.fatal);
    this._ignoreBOM = !!(options && options.ignoreBOM);
    this._pending = [];
    this._started = false;
  }
  get encoding() { return "utf-8"; }
  get fatal() { return this._fatal; }
  get ignoreBOM() { return this._ignoreBOM; }
  decode(input, options) {
    let bytes = new Uint8Array(0);
    if (isArrayBuffer(input)) bytes = new Uint8Array(input);
    else if (isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    else if (input !== undefined) throw invalidArg("input", "an instance of ArrayBuffer or ArrayBufferView", input);
    const stream = !!(options && options.stream);
    const all = this._pending.concat(Array.from(bytes));
    this._pending = [];
    let out = "";
    const bad = () => {
      if (this._fatal) {
        throw nodeError(TypeError, "ERR_ENCODING_INVALID_ENCODED_DATA", "The encoded data was not valid for encoding utf-8");
      }
      out += "\ufffd";
    };
    for (let i = 0; i < all.length;) {
      const b = all[i];
      if (b < 0x80) {
        out += String.fromCharCode(b);
        i++;
        continue;
      }
      const need = b >= 0xc2 && b <= 0xdf ? 1 : b >= 0xe0 && b <= 0xef ? 2 : b >= 0xf0 && b <= 0xf4 ? 3 : 0;
      // The first continuation byte's range depends on the lead (no overlongs, surrogates or > U+10FFFF).
      let lo = b === 0xe0 ? 0xa0 : b === 0xf0 ? 0x90 : 0x80;
      let hi = b === 0xed ? 0x9f : b === 0xf4 ? 0x8f : 0xbf;
      let cp = b & (0x3f >> need);
      let j = 1;
      for (; need && j <= need && i + j < all.length && all[i + j] >= lo && all[i + j] <= hi; j++) {
        cp = (cp << 6) | (all[i + j] & 0x3f);
        lo = 0x80;
        hi = 0xbf;
      }
      if (need && j > need) {
        out += String.fromCodePoint(cp);
      } else if (need && i + j === all.length && stream) {
        this._pending = all.slice(i);
        break;
      } else {
        bad(); // one U+FFFD for a maximal invalid subpart
      }
      i += need ? j : 1;
    }
    if (!this._started && out) {
      this._started = true;
      if (!this._ignoreBOM && out.charCodeAt(0) === 0xfeff) out = out.slice(1);
    }
    if (!stream) this._started = false;
    return out;
  }
}
for (const C of [TextEncoder, TextDecoder]) define(C.prototype, Symbol.toStringTag, { value: C.name, configurable: true });

// ---- structuredClone ------------------------------------------------------------------
function structuredClone(value, options) {
  if (arguments.length === 0) throw missingArg("value");
  if (options && options.transfer !== undefined && !isArray(options.transfer)) {
    throw invalidArg("options.transfer", "an instance of Array", options.transfer);
  }
  const memo = new Map();
  const fail = (what) => {
    throw new DOMError(`${what} could not be cloned.`, "DataCloneError");
  };
  function clone(v) {
    if (typeof v === "symbol") fail(symString(v));
    if (typeof v === "function") fail(fnSource(v));
    if (typeof v !== "object" || v === null) return v;
    if (memo.has(v)) return memo.get(v);
    let out;
    const box = boxOf(v);
    if (box) {
      if (box[2] === "Symbol") fail(symString(box[1](v)));
      out = O(box[1](v));
    } else if (isDate(v)) {
      out = new Date(dateTime(v));
    } else if (isRegExp(v)) {
      out = new RegExp(v.source, v.flags);
    } else if (isArrayBuffer(v)) {
      out = v.slice(0);
    } else if (isView(v)) {
      const C = isDataView(v) ? DataView : globalThis[typedTag(v)];
      out = new C(clone(v.buffer), v.byteOffset, isDataView(v) ? v.byteLength : typedLength(v));
    } else if (isMap(v) || isSet(v)) {
      out = isMap(v) ? new Map() : new Set();
      memo.set(v, out);
      if (isMap(v)) for (const [k, x] of Map.prototype.entries.call(v)) out.set(clone(k), clone(x));
      else for (const x of Set.prototype.values.call(v)) out.add(clone(x));
      return out;
    } else if (isError(v)) {
      const name = ["EvalError", "RangeError", "ReferenceError", "SyntaxError", "TypeError", "URIError"].includes(v.name) ? v.name : "Error";
      out = new globalThis[name]();
      memo.set(v, out);
      const set = (k, x) => define(out, k, { value: x, writable: true, configurable: true });
      if (hasOwn(v, "message")) set("message", String(v.message));
      set("stack", v.stack);
      if (hasOwn(v, "cause")) set("cause", clone(v.cause));
      return out;
    } else if (isPromise(v) || isWeakMap(v) || isWeakSet(v)) {
      fail(isPromise(v) ? "#<Promise>" : "#<Object>");
    } else {
      out = isArray(v) ? new Array(v.length) : {};
      memo.set(v, out);
      for (const k of keysOf(v)) out[k] = clone(v[k]);
    }
    memo.set(v, out);
    return out;
  }
  return clone(value);
}

// ---- atob / btoa ----------------------------------------------------------------------
const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const badChar = () => new DOMError("Invalid character", "InvalidCharacterError");
function btoa(input) {
  if (arguments.length === 0) throw missingArg("input");
  const s = `${input}`;
  let out = "";
  for (let i = 0; i < s.length; i += 3) {
    const c = [0, 1, 2].map((k) => s.charCodeAt(i + k) || 0);
    if (c.some((x) => x > 255)) throw badChar();
    const n = (c[0] << 16) | (c[1] << 8) | c[2];
    out += B64[n >> 18] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : "=") + (i + 2 < s.length ? B64[n & 63] : "=");
  }
  return out;
}
function atob(input) {
  if (arguments.length === 0) throw missingArg("input");
  let s = `${input}`.replace(/[\t\n\f\r ]/g, "");
  if (s.length % 4 === 0) s = s.replace(/==?$/, "");
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw badChar();
  let out = "";
  let bits = 0, acc = 0;
  for (const ch of s) {
    acc = (acc << 6) | B64.indexOf(ch);
    bits += 6;
    if (bits >= 8) out += String.fromCharCode((acc >> (bits -= 8)) & 255);
  }
  return out;
}

// ---- util -------------------------------------------------------------------------------
const promisifyCustom = Symbol.for("nodejs.util.promisify.custom");
function promisify(original) {
  checkFunction(original, "original");
  if (original[promisifyCustom]) return original[promisifyCustom];
  function fn(...args) {
    return new Promise((resolve, reject) => {
      original.call(this, ...args, (err, ...values) => (err ? reject(err) : resolve(values[0])));
    });
  }
  O.setPrototypeOf(fn, protoOf(original));
  return O.defineProperties(fn, O.getOwnPropertyDescriptors(original));
}
promisify.custom = promisifyCustom;
const util = {
  format, formatWithOptions, inspect, promisify, isArray, TextEncoder, TextDecoder,
  isDeepStrictEqual: (a, b) => deepEqual(a, b, true, []),
  inherits(ctor, superCtor) {
    O.setPrototypeOf(ctor.prototype, superCtor.prototype);
    define(ctor, "super_", { value: superCtor, writable: true, configurable: true });
  },
  deprecate: (fn) => fn,
  debuglog: () => O.assign(() => {}, { enabled: false }),
  callbackify: (fn) => (...args) => {
    const cb = args.pop();
    fn(...args).then((v) => cb(null, v), (e) => cb(e));
  },
  stripVTControlCharacters: stripVT,
  types: {
    isDate, isRegExp, isMap, isSet, isWeakMap, isWeakSet, isPromise, isTypedArray, isDataView, isArrayBuffer,
    isAnyArrayBuffer: isArrayBuffer, isAsyncFunction, isGeneratorFunction, isArrayBufferView: isView,
    isNativeError: (v) => tagOf(v) === "[object Error]",
    isBoxedPrimitive: (v) => !!boxOf(v),
    isUint8Array: (v) => typedTag(v) === "Uint8Array",
    isMapIterator: (v) => tagOf(v) === "[object Map Iterator]",
    isSetIterator: (v) => tagOf(v) === "[object Set Iterator]",
  },
};

// ---- install ----------------------------------------------------------------------------
// QuickJS-only globals that Node does not have.
for (const name of ["print", "navigator", "gc", "execArgv", "argv0", "scriptArgs"]) {
  try {
    delete globalThis[name];
  } catch {
    // not configurable
  }
}
// Node's descriptors: some are enumerable data, some accessors that a write
// replaces with data.
const put = (name, value, enumerable = true) => define(globalThis, name, { value, writable: true, configurable: true, enumerable });
const lazy = (name, value, enumerable = false) => define(globalThis, name, {
  get: () => value, set: (v) => put(name, v, enumerable), configurable: true, enumerable });
put("global", globalThis);
put("console", console, false);
lazy("process", process);
for (const name of keysOf(timers)) put(name, timers[name]);
put("structuredClone", structuredClone);
lazy("atob", atob, true);
lazy("btoa", btoa, true);
lazy("TextEncoder", TextEncoder);
lazy("TextDecoder", TextDecoder);
// The CommonJS module scope, as globals: the candidate is a classic script.
const module = { id: ".", path: "/", filename: "/solution.js", loaded: false, children: [], paths: [], exports: {} };
for (const [name, value] of [["module", module], ["exports", module.exports], ["__filename", "/solution.js"], ["__dirname", "/"]]) {
  put(name, value, false);
}
// readline over process.stdin: 'line' for each line of the input (without
// its line ending), then 'close'; also `for await (const line of rl)`.
function splitLines(text) {
  const lines = text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}
class Interface extends EventEmitter {
  constructor(input) {
    super();
    this.input = input;
    this.closed = false;
    this.terminal = false;
    this.line = "";
    this._lines = input === process.stdin ? null : [];
    this._started = false;
    this.on("newListener", (name) => {
      if (name === "line" || name === "close") this._start();
    });
  }
  _start() {
    if (this._started) return;
    this._started = true;
    later(() => this._emitLines());
  }
  _take() {
    if (this._lines === null) this._lines = splitLines(process.stdin.read() ?? "");
    return this._lines;
  }
  _emitLines() {
    const lines = this._take();
    while (lines.length > 0 && !this.closed && !this._paused) this.emit("line", lines.shift());
    if (this._paused) return;
    this.close();
  }
  pause() {
    this._paused = true;
    return this;
  }
  resume() {
    if (this._paused) {
      this._paused = false;
      later(() => this._emitLines());
    }
    return this;
  }
  close() {
    if (this.closed) return;
    this.closed = true;
    this.emit("close");
  }
  setPrompt() {}
  prompt() {}
  write() {}
  question(query, options, callback) {
    const cb = typeof options === "function" ? options : callback;
    if (query) p.writeOut(String(query));
    later(() => {
      const lines = this._take();
      if (lines.length > 0) cb(lines.shift());
    });
  }
  async *[Symbol.asyncIterator]() {
    this._started = true;
    const lines = this._take();
    while (lines.length > 0 && !this.closed) yield lines.shift();
    this.close();
  }
}
const readline = {
  Interface,
  createInterface(input) {
    const options = input && input.input !== undefined ? input : { input };
    return new Interface(options.input);
  },
  clearLine() { return true; },
  cursorTo() { return true; },
  moveCursor() { return true; },
};
readline.promises = {
  Interface,
  createInterface: readline.createInterface,
};
// ---- crypto: createHash (md5, sha1, sha256), what benchmarks' programs use
// (HumanEval/162 hashes a string with md5) ----------------------------------
function utf8(text) {
  const out = [];
  for (const ch of String(text)) {
    let c = ch.codePointAt(0);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}
// The message padded into 64-byte blocks, its bit length last (little- or
// big-endian), as MD5 and SHA-1/SHA-2 pad it.
function padded(bytes, littleEndian) {
  const bits = bytes.length * 8;
  const out = bytes.slice();
  out.push(0x80);
  while (out.length % 64 !== 56) out.push(0);
  const length = [];
  for (let i = 0; i < 8; i++) length.push(i < 4 ? (bits / 2 ** (8 * i)) & 255 : Math.floor(bits / 2 ** (8 * i)) & 255);
  return out.concat(littleEndian ? length : length.reverse());
}
const rotl = (x, n) => (x << n) | (x >>> (32 - n));
function md5(bytes) {
  const K = [], S = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
  for (let i = 0; i < 64; i++) K[i] = Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) | 0;
  const m = padded(bytes, true);
  let [a0, b0, c0, d0] = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476];
  for (let at = 0; at < m.length; at += 64) {
    const w = [];
    for (let i = 0; i < 16; i++) w[i] = m[at + 4 * i] | (m[at + 4 * i + 1] << 8) | (m[at + 4 * i + 2] << 16) | (m[at + 4 * i + 3] << 24);
    let [a, b, c, d] = [a0, b0, c0, d0];
    for (let i = 0; i < 64; i++) {
      let f, g;
      if (i < 16) { f = (b & c) | (~b & d); g = i; }
      else if (i < 32) { f = (d & b) | (~d & c); g = (5 * i + 1) % 16; }
      else if (i < 48) { f = b ^ c ^ d; g = (3 * i + 5) % 16; }
      else { f = c ^ (b | ~d); g = (7 * i) % 16; }
      const t = d; d = c; c = b;
      b = (b + rotl((a + f + K[i] + w[g]) | 0, S[(i >> 4) * 4 + (i % 4)])) | 0;
      a = t;
    }
    a0 = (a0 + a) | 0; b0 = (b0 + b) | 0; c0 = (c0 + c) | 0; d0 = (d0 + d) | 0;
  }
  const out = [];
  for (const word of [a0, b0, c0, d0]) for (let i = 0; i < 4; i++) out.push((word >>> (8 * i)) & 255);
  return out;
}
function bigEndianWords(m, at) {
  const w = [];
  for (let i = 0; i < 16; i++) w[i] = (m[at + 4 * i] << 24) | (m[at + 4 * i + 1] << 16) | (m[at + 4 * i + 2] << 8) | m[at + 4 * i + 3];
  return w;
}
function wordBytes(words) {
  const out = [];
  for (const word of words) for (let i = 3; i >= 0; i--) out.push((word >>> (8 * i)) & 255);
  return out;
}
function sha1(bytes) {
  const m = padded(bytes, false);
  const h = [0x67452301, 0xefcdab89 | 0, 0x98badcfe | 0, 0x10325476, 0xc3d2e1f0 | 0];
  for (let at = 0; at < m.length; at += 64) {
    const w = bigEndianWords(m, at);
    for (let i = 16; i < 80; i++) w[i] = rotl(w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16], 1);
    let [a, b, c, d, e] = h;
    for (let i = 0; i < 80; i++) {
      const [f, k] = i < 20 ? [(b & c) | (~b & d), 0x5a827999] : i < 40 ? [b ^ c ^ d, 0x6ed9eba1]
        : i < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc | 0] : [b ^ c ^ d, 0xca62c1d6 | 0];
      const t = (rotl(a, 5) + f + e + k + w[i]) | 0;
      e = d; d = c; c = rotl(b, 30); b = a; a = t;
    }
    [a, b, c, d, e].forEach((v, i) => { h[i] = (h[i] + v) | 0; });
  }
  return wordBytes(h);
}
function sha256(bytes) {
  const K = [];
  const primes = [];
  for (let n = 2; primes.length < 64; n++) if (primes.every((q) => n % q)) primes.push(n);
  const frac = (x) => ((x - Math.floor(x)) * 2 ** 32) | 0;
  for (const q of primes) K.push(frac(Math.cbrt(q)));
  const h = primes.slice(0, 8).map((q) => frac(Math.sqrt(q)));
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  const m = padded(bytes, false);
  for (let at = 0; at < m.length; at += 64) {
    const w = bigEndianWords(m, at);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15], 7) ^ rotr(w[i - 15], 18) ^ (w[i - 15] >>> 3);
      const s1 = rotr(w[i - 2], 17) ^ rotr(w[i - 2], 19) ^ (w[i - 2] >>> 10);
      w[i] = (w[i - 16] + s0 + w[i - 7] + s1) | 0;
    }
    let [a, b, c, d, e, f, g, hh] = h;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + w[i]) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      hh = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => { h[i] = (h[i] + v) | 0; });
  }
  return wordBytes(h);
}
const hashes = { md5, sha1, sha256 };
const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
function encode(bytes, encoding) {
  if (encoding === "hex") return bytes.map((b) => b.toString(16).padStart(2, "0")).join("");
  if (encoding === "base64") {
    let out = "";
    for (let i = 0; i < bytes.length; i += 3) {
      const n = (bytes[i] << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
      out += BASE64[n >> 18] + BASE64[(n >> 12) & 63];
      out += i + 1 < bytes.length ? BASE64[(n >> 6) & 63] : "=";
      out += i + 2 < bytes.length ? BASE64[n & 63] : "=";
    }
    return out;
  }
  if (encoding === undefined) return Uint8Array.from(bytes);
  throw new Error(`crypto: digest encoding '${encoding}' is not supported here (hex, base64)`);
}
const crypto = {
  createHash(algorithm) {
    const hash = hashes[String(algorithm).toLowerCase().replace("-", "")];
    if (hash === undefined) throw new Error(`Digest method not supported: ${algorithm} (here: md5, sha1, sha256)`);
    const data = [];
    return {
      update(chunk) {
        if (typeof chunk === "string") data.push(...utf8(chunk));
        else data.push(...chunk);
        return this;
      },
      digest: (encoding) => encode(hash(data), encoding),
    };
  },
  getHashes: () => Object.keys(hashes),
};
// What `require` returns, by bare name (without "node:").
const modules = {
  crypto,
  readline,
  util, process, console, events: EventEmitter, timers, perf_hooks: { performance: globalThis.performance },
  "timers/promises": {
    setTimeout: (ms, value) => new Promise((resolve) => timers.setTimeout(resolve, ms, value)),
    setImmediate: (value) => new Promise((resolve) => timers.setImmediate(resolve, value)),
  },
};
// A run starts (the rest was set up before, in the snapshot): its stdin,
// and its clock's start.
function begin(stdin) {
  stdinUnread = typeof stdin === "string" ? stdin : "";
  startMs = p.now();
  loopNow = p.now();
}
return { util, process, console, events: EventEmitter, timers, module, modules, idle, endWhenIdle, runTicks, begin };
}
