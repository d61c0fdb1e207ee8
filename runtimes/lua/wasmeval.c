/*
** wasmeval's build of Lua: Lua's own one-file build (onelua.c: the core,
** the standard libraries and the stand-alone `lua` interpreter) for
** wasm32-wasip1, compiled by the clang of the `c` runtime, which runs in
** wasmtime. Lua's errors are longjmps: clang lowers them to WebAssembly
** exception handling (-mllvm -wasm-enable-sjlj), which wasmtime runs.
**
** What WASI lacks is said here, where Lua would otherwise call a function
** wasi-libc does not define:
** - no temporary file names (os.tmpname fails with an error);
** - no processes (os.execute(cmd) fails; os.execute() says there is no
**   shell, as the C standard lets it), and io.popen already says "not
**   supported" in Lua's portable build;
** - no temporary files (io.tmpfile returns nil and a message).
**
** And one thing a sandbox changes: math.random's first seed is the run's
** (WASI's random_get, which the host seeds for each run), where Lua would
** mix the clock and an address, which are the same in every run of a
** sandbox. The interpreter (lua.c) is included after the library to call
** the standard libraries' opening through wasmeval's.
**
** A judged program (`lua --wasmeval-judged`: the candidate's code at
** main.lua, a test given by the host) runs as two Lua states that share
** nothing but this process: the candidate's code runs in one, the test in
** the other, pristine one, and only data crosses between them (see
** "Judged programs" below).
*/
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <string.h>

#define LUA_TMPNAMBUFSIZE 32
#define lua_tmpnam(b, e) { (b)[0] = '\0'; e = 1; }
#define l_system(cmd) ((cmd) == NULL ? 0 : (errno = ENOTSUP, -1))

static FILE *wasmeval_tmpfile(void) {
  errno = ENOTSUP;
  return NULL;
}
#define tmpfile() wasmeval_tmpfile()

/* Binary chunks carry no checks: loaded by a judged candidate, they could
** write anywhere in this process's memory, the test's state included. The
** signature Lua recognises them by is wasmeval's, and a judged run changes
** its first byte to one no chunk can start with (Lua then parses a binary
** chunk as text, which fails). lua.h is included first, as onelua.c would
** (its configuration), to replace the literal by the array. */
#define LUA_CORE
#define LUA_LIB
#define ltable_c
#define lvm_c
#include "lua.h"
#undef LUA_SIGNATURE
static char wasmeval_signature[] = "\x1bLua";
#define LUA_SIGNATURE wasmeval_signature

#define MAKE_LIB
#include "onelua.c"

#include <unistd.h>

static void wasmeval_openlibs(lua_State *L) {
  lua_Integer seed[2];
  luaL_openlibs(L);
  if (getentropy(seed, sizeof seed) == 0) {
    lua_getglobal(L, "math");
    lua_getfield(L, -1, "randomseed");
    lua_pushinteger(L, seed[0]);
    lua_pushinteger(L, seed[1]);
    lua_call(L, 2, 0);
    lua_pop(L, 1);
  }
}

#define luaL_openlibs(L) wasmeval_openlibs(L)
#define main wasmeval_lua_main
#include "lua.c"
#undef main
#undef luaL_openlibs

/*
** Judged programs.
**
** The candidate's state runs main.lua; its functions, top-level locals
** (read when its chunk returns) and globals alike, are offered to the
** test's state under their names, as the test appended to the code would
** see them, except names the test's state already has (a built-in is
** never the candidate's). What the test's state holds for each is a proxy:
** calling it copies the arguments into the candidate's state, calls the
** function there and copies the results back. Copies are plain data (nil,
** booleans, numbers, strings, tables without their metatables, shared and
** cyclic tables kept so); a function the candidate returns crosses as
** another proxy, and nothing of the test's state (no function, userdata or
** thread) ever reaches the candidate's. An error the candidate raises
** crosses as its message. The test's state alone can say that the test
** finished (wasmeval's import `main_returned`, from its os.exit or the end
** of its chunk): a program that exits without it, a candidate's os.exit(0)
** among them, passes nothing.
*/
__attribute__((import_module("wasmeval"), import_name("main_returned")))
void wasmeval_main_returned(int status);
__attribute__((import_module("wasmeval"), import_name("test_size")))
int wasmeval_test_size(void);
__attribute__((import_module("wasmeval"), import_name("test_read")))
void wasmeval_test_read(char *into);

#define JUDGED "--wasmeval-judged"
/* How deep a table may be nested to cross. */
#define CROSS_DEPTH 200

enum { W_NIL, W_FALSE, W_TRUE, W_INT, W_FLOAT, W_STRING, W_TABLE, W_SEEN,
       W_END, W_FUNCTION };

/* What crosses, as bytes: one buffer, since crossings never nest (the
** candidate's state holds nothing that calls back into the test's). */
static struct { char *bytes; size_t len, cap, at; } wire;

static lua_State *candidate_state;
static char chunk_key, locals_key;

static void wire_put(lua_State *L, const void *data, size_t n) {
  if (wire.cap - wire.len < n) {
    size_t cap = wire.cap ? wire.cap : 256;
    char *bytes;
    while (cap - wire.len < n) {
      if (cap > ((size_t)-1) / 2) luaL_error(L, "not enough memory");
      cap *= 2;
    }
    bytes = realloc(wire.bytes, cap);
    if (bytes == NULL) luaL_error(L, "not enough memory");
    wire.bytes = bytes;
    wire.cap = cap;
  }
  memcpy(wire.bytes + wire.len, data, n);
  wire.len += n;
}

static void wire_byte(lua_State *L, int byte) {
  unsigned char b = (unsigned char)byte;
  wire_put(L, &b, 1);
}

static void wire_get(lua_State *L, void *into, size_t n) {
  if (wire.len - wire.at < n) luaL_error(L, "wasmeval: a crossing was cut short");
  memcpy(into, wire.bytes + wire.at, n);
  wire.at += n;
}

static int wire_next(lua_State *L) {
  unsigned char b;
  wire_get(L, &b, 1);
  return b;
}

/* Write the value at `index` of L. `seen` (a stack index) maps the tables
** written so far to their numbers, `*tables` counts them; functions cross
** (as references in L's registry) only when `functions` is set. */
static void put_value(lua_State *L, int index, int seen, int *tables,
                      int depth, int functions) {
  index = lua_absindex(L, index);
  switch (lua_type(L, index)) {
    case LUA_TNIL:
      wire_byte(L, W_NIL);
      break;
    case LUA_TBOOLEAN:
      wire_byte(L, lua_toboolean(L, index) ? W_TRUE : W_FALSE);
      break;
    case LUA_TNUMBER:
      if (lua_isinteger(L, index)) {
        lua_Integer i = lua_tointeger(L, index);
        wire_byte(L, W_INT);
        wire_put(L, &i, sizeof i);
      } else {
        lua_Number d = lua_tonumber(L, index);
        wire_byte(L, W_FLOAT);
        wire_put(L, &d, sizeof d);
      }
      break;
    case LUA_TSTRING: {
      size_t n;
      const char *s = lua_tolstring(L, index, &n);
      wire_byte(L, W_STRING);
      wire_put(L, &n, sizeof n);
      wire_put(L, s, n);
      break;
    }
    case LUA_TTABLE: {
      int number;
      if (depth >= CROSS_DEPTH)
        luaL_error(L, "a table nested more than %d deep cannot cross between "
                      "the candidate and the test", CROSS_DEPTH);
      luaL_checkstack(L, 4, "a table to cross");
      lua_pushvalue(L, index);
      if (lua_rawget(L, seen) == LUA_TNUMBER) {
        number = (int)lua_tointeger(L, -1);
        lua_pop(L, 1);
        wire_byte(L, W_SEEN);
        wire_put(L, &number, sizeof number);
        break;
      }
      lua_pop(L, 1);
      number = ++*tables;
      lua_pushvalue(L, index);
      lua_pushinteger(L, number);
      lua_rawset(L, seen);
      wire_byte(L, W_TABLE);
      lua_pushnil(L);
      while (lua_next(L, index)) {
        put_value(L, -2, seen, tables, depth + 1, functions);
        put_value(L, -1, seen, tables, depth + 1, functions);
        lua_pop(L, 1);
      }
      wire_byte(L, W_END);
      break;
    }
    case LUA_TFUNCTION:
      if (functions) {
        int ref;
        lua_pushvalue(L, index);
        ref = luaL_ref(L, LUA_REGISTRYINDEX);
        wire_byte(L, W_FUNCTION);
        wire_put(L, &ref, sizeof ref);
        break;
      }
      luaL_error(L, "a function cannot be passed to the candidate's code "
                    "(only data crosses from the test)");
      break;
    default:
      luaL_error(L, "a %s value cannot cross between the candidate and the "
                    "test", luaL_typename(L, index));
  }
}

static int proxy(lua_State *T);

/* Push the next value of the wire on L; `tables` (a stack index) maps the
** tables read so far by their numbers. */
static void get_value(lua_State *L, int tables, int *count, int depth) {
  int kind = wire_next(L);
  luaL_checkstack(L, 4, "a table to cross");
  switch (kind) {
    case W_NIL: lua_pushnil(L); break;
    case W_FALSE: lua_pushboolean(L, 0); break;
    case W_TRUE: lua_pushboolean(L, 1); break;
    case W_INT: {
      lua_Integer i;
      wire_get(L, &i, sizeof i);
      lua_pushinteger(L, i);
      break;
    }
    case W_FLOAT: {
      lua_Number d;
      wire_get(L, &d, sizeof d);
      lua_pushnumber(L, d);
      break;
    }
    case W_STRING: {
      size_t n;
      wire_get(L, &n, sizeof n);
      if (wire.len - wire.at < n) luaL_error(L, "wasmeval: a crossing was cut short");
      lua_pushlstring(L, wire.bytes + wire.at, n);
      wire.at += n;
      break;
    }
    case W_TABLE:
      if (depth >= CROSS_DEPTH) luaL_error(L, "wasmeval: a crossing is too deep");
      lua_newtable(L);
      lua_pushvalue(L, -1);
      lua_rawseti(L, tables, ++*count);
      while (wire.at < wire.len && wire.bytes[wire.at] != W_END) {
        get_value(L, tables, count, depth + 1);
        get_value(L, tables, count, depth + 1);
        lua_rawset(L, -3);
      }
      wire_next(L);
      break;
    case W_SEEN: {
      int number;
      wire_get(L, &number, sizeof number);
      lua_rawgeti(L, tables, number);
      break;
    }
    case W_FUNCTION: {
      int ref;
      wire_get(L, &ref, sizeof ref);
      lua_pushinteger(L, ref);
      lua_pushcclosure(L, proxy, 1);
      break;
    }
    default:
      luaL_error(L, "wasmeval: a crossing is malformed");
  }
}

/* In the candidate's state, protected: the arguments from the wire, the
** call, and its results onto the wire (with the collector stopped, so that
** none of the candidate's finalizers runs while its tables are read). */
static int call_candidate(lua_State *C) {
  /* {ref, nargs, whether the collector ran when it was stopped here} */
  int *call = (int *)lua_touserdata(C, 1);
  int i, base, nresults, tables = 0;
  lua_settop(C, 0);
  lua_rawgeti(C, LUA_REGISTRYINDEX, call[0]);
  lua_newtable(C);
  wire.at = 0;
  for (i = 0; i < call[1]; i++) get_value(C, 2, &tables, 0);
  lua_remove(C, 2);
  lua_call(C, call[1], LUA_MULTRET);
  nresults = lua_gettop(C);
  call[2] = lua_gc(C, LUA_GCISRUNNING);
  lua_gc(C, LUA_GCSTOP);
  wire.len = 0;
  wire_put(C, &nresults, sizeof nresults);
  lua_newtable(C);
  base = lua_gettop(C);
  tables = 0;
  for (i = 1; i <= nresults; i++) put_value(C, i, base, &tables, 0, 1);
  return 0;
}

/* A candidate's function, as the test's state calls it. */
static int proxy(lua_State *T) {
  lua_State *C = candidate_state;
  int call[3], status, i, nresults, tables = 0;
  int nargs = lua_gettop(T);
  call[0] = (int)lua_tointeger(T, lua_upvalueindex(1));
  call[1] = nargs;
  call[2] = 0;
  wire.len = 0;
  lua_newtable(T);
  for (i = 1; i <= nargs; i++) put_value(T, i, nargs + 1, &tables, 0, 0);
  lua_settop(T, 0);
  lua_settop(C, 0);
  lua_pushcfunction(C, call_candidate);
  lua_pushlightuserdata(C, call);
  status = lua_pcall(C, 1, 0, 0);
  if (call[2]) lua_gc(C, LUA_GCRESTART);
  if (status != LUA_OK) {
    switch (lua_type(C, -1)) {
      case LUA_TSTRING: {
        size_t n;
        const char *s = lua_tolstring(C, -1, &n);
        lua_pushlstring(T, s, n);
        break;
      }
      case LUA_TNUMBER:
        if (lua_isinteger(C, -1))
          lua_pushfstring(T, "%I", (LUAI_UACINT)lua_tointeger(C, -1));
        else
          lua_pushfstring(T, "%f", (LUAI_UACNUMBER)lua_tonumber(C, -1));
        break;
      default:
        lua_pushfstring(T, "(error object is a %s value)",
                        luaL_typename(C, -1));
    }
    lua_settop(C, 0);
    return lua_error(T);
  }
  lua_settop(C, 0);
  wire.at = 0;
  wire_get(T, &nresults, sizeof nresults);
  luaL_checkstack(T, nresults + 2, "the candidate's results");
  lua_newtable(T);
  tables = 0;
  for (i = 0; i < nresults; i++) get_value(T, 1, &tables, 0);
  lua_remove(T, 1);
  return nresults;
}

/* The return hook that reads the candidate chunk's top-level locals as it
** returns (into the registry, at locals_key). */
static void read_locals(lua_State *L, lua_Debug *ar) {
  const char *name;
  int i, is_chunk;
  if (ar->event != LUA_HOOKRET || !lua_getinfo(L, "f", ar)) return;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &chunk_key);
  is_chunk = lua_rawequal(L, -1, -2);
  lua_pop(L, 2);
  if (!is_chunk) return;
  lua_newtable(L);
  for (i = 1; (name = lua_getlocal(L, ar, i)) != NULL; i++) {
    if (name[0] == '(') lua_pop(L, 1);
    else lua_setfield(L, -2, name);
  }
  lua_rawsetp(L, LUA_REGISTRYINDEX, &locals_key);
}

/* In the candidate's state, protected, collector stopped: its functions by
** name (globals, then top-level locals over them) onto the wire. */
static int candidate_names(lua_State *C) {
  int count = 0, names, sources[2], i;
  lua_settop(C, 0);
  lua_newtable(C);
  names = 1;
  lua_pushglobaltable(C);
  sources[0] = lua_gettop(C);
  lua_rawgetp(C, LUA_REGISTRYINDEX, &locals_key);
  sources[1] = lua_gettop(C);
  for (i = 0; i < 2; i++) {
    if (!lua_istable(C, sources[i])) continue;
    lua_pushnil(C);
    while (lua_next(C, sources[i])) {
      if (lua_type(C, -2) == LUA_TSTRING && lua_type(C, -1) == LUA_TFUNCTION) {
        lua_pushvalue(C, -2);
        lua_insert(C, -2);
        lua_rawset(C, names);
      } else {
        lua_pop(C, 1);
      }
    }
  }
  wire.len = 0;
  lua_pushnil(C);
  while (lua_next(C, names)) {
    size_t n;
    const char *s = lua_tolstring(C, -2, &n);
    int ref = luaL_ref(C, LUA_REGISTRYINDEX);
    wire_put(C, &n, sizeof n);
    wire_put(C, s, n);
    wire_put(C, &ref, sizeof ref);
    count++;
  }
  wire_put(C, &count, sizeof count);
  return 0;
}

/* The test's source, while its names are offered. */
static const char *test_source;
static size_t test_length;

/* Whether the test's source has `name` (of n bytes) as a word: a name it
** never mentions (`unpack`, which LuaUnit probes for) is not the
** candidate's to provide. */
static int mentioned(const char *name, size_t n) {
  const char *at = test_source, *end = test_source + test_length;
  while (n > 0 && (size_t)(end - at) >= n) {
    const char *found = memchr(at, name[0], (size_t)(end - at) - n + 1);
    if (found == NULL) return 0;
    if (memcmp(found, name, n) == 0 &&
        (found == test_source || !(isalnum((unsigned char)found[-1]) || found[-1] == '_')) &&
        (found + n == end || !(isalnum((unsigned char)found[n]) || found[n] == '_')))
      return 1;
    at = found + 1;
  }
  return 0;
}

/* In the test's state, protected: a proxy for each name on the wire that
** the test mentions and the test's state does not already have. */
static int offer_names(lua_State *T) {
  lua_pushglobaltable(T);
  wire.at = 0;
  while (wire.len - wire.at > sizeof(int)) {
    size_t n;
    int ref;
    wire_get(T, &n, sizeof n);
    if (wire.len - wire.at < n) luaL_error(T, "wasmeval: a crossing was cut short");
    lua_pushlstring(T, wire.bytes + wire.at, n);
    wire.at += n;
    wire_get(T, &ref, sizeof ref);
    lua_pushvalue(T, -1);
    if (!mentioned(wire.bytes + wire.at - sizeof ref - n, n) ||
        lua_rawget(T, 1) != LUA_TNIL) {
      lua_pop(T, 2);
      continue;
    }
    lua_pop(T, 1);
    lua_pushinteger(T, ref);
    lua_pushcclosure(T, proxy, 1);
    lua_rawset(T, 1);
  }
  return 0;
}

/* The test's os.exit: it says the test finished, with its status. */
static int test_exit(lua_State *L) {
  int status;
  if (lua_isboolean(L, 1))
    status = (lua_toboolean(L, 1) ? EXIT_SUCCESS : EXIT_FAILURE);
  else
    status = (int)luaL_optinteger(L, 1, EXIT_SUCCESS);
  fflush(NULL);
  wasmeval_main_returned(status);
  exit(status);
  return 0;
}

/* A state as `lua main.lua` makes it (protected): the standard libraries,
** `arg`, the collector generational; the test's os.exit is test_exit. */
static int open_state(lua_State *L) {
  int test = lua_toboolean(L, 1);
  luaL_openlibs(L);
  lua_createtable(L, 0, 2);
  lua_pushliteral(L, "lua");
  lua_rawseti(L, -2, -1);
  lua_pushliteral(L, "main.lua");
  lua_rawseti(L, -2, 0);
  lua_setglobal(L, "arg");
  if (test) {
    lua_getglobal(L, "os");
    lua_pushcfunction(L, test_exit);
    lua_setfield(L, -2, "exit");
    lua_pop(L, 1);
  }
  lua_gc(L, LUA_GCRESTART);
  lua_gc(L, LUA_GCGEN, 0, 0);
  return 0;
}

static lua_State *new_state(int test) {
  lua_State *L = luaL_newstate();
  if (L == NULL) {
    l_message(progname, "cannot create state: not enough memory");
    return NULL;
  }
  lua_gc(L, LUA_GCSTOP);
  lua_pushcfunction(L, open_state);
  lua_pushboolean(L, test);
  if (report(L, lua_pcall(L, 1, 0, 0)) != LUA_OK) return NULL;
  return L;
}

/* In the test's state, protected: LuaUnit loaded, its success and skip
** markers made the run's secret (the test file's first line,
** `--wasmeval:<hex>`), so no text of the candidate's (an error it raised,
** a string it returned that an assertion's message quotes) reads as a
** test that succeeded or was skipped. Without LuaUnit, nothing. */
static int secret_markers(lua_State *T) {
  size_t n = strlen("--wasmeval:"), end = n;
  if (test_length < n || memcmp(test_source, "--wasmeval:", n) != 0) return 0;
  while (end < test_length && isxdigit((unsigned char)test_source[end])) end++;
  lua_getglobal(T, "require");
  lua_pushliteral(T, "luaunit");
  if (lua_pcall(T, 1, 1, 0) != LUA_OK || !lua_istable(T, -1)) return 0;
  lua_pushliteral(T, "LuaUnit test SUCCESS ");
  lua_pushlstring(T, test_source + n, end - n);
  lua_pushliteral(T, ": ");
  lua_concat(T, 3);
  lua_setfield(T, -2, "SUCCESS_PREFIX");
  lua_pushliteral(T, "LuaUnit test SKIP ");
  lua_pushlstring(T, test_source + n, end - n);
  lua_pushliteral(T, ":    ");
  lua_concat(T, 3);
  lua_setfield(T, -2, "SKIP_PREFIX");
  return 0;
}

/* Call `f` protected in L with the collector of the candidate's state
** stopped around it (restarted if it ran). */
static int crossing(lua_State *L, lua_CFunction f) {
  int running = lua_gc(candidate_state, LUA_GCISRUNNING), status;
  lua_gc(candidate_state, LUA_GCSTOP);
  lua_pushcfunction(L, f);
  status = lua_pcall(L, 0, 0, 0);
  if (running) lua_gc(candidate_state, LUA_GCRESTART);
  return status;
}

static int judge(void) {
  lua_State *C, *T;
  int size = wasmeval_test_size(), status;
  char *test = malloc((size_t)size + 1);
  if (test == NULL) {
    l_message(progname, "cannot read the test: not enough memory");
    return EXIT_FAILURE;
  }
  wasmeval_test_read(test);
  wasmeval_signature[0] = '\xfe';
  /* The candidate's state first: it draws the run's first random seed, as
  ** `lua main.lua` does. */
  if ((C = new_state(0)) == NULL || (T = new_state(1)) == NULL)
    return EXIT_FAILURE;
  candidate_state = C;
  /* The test is parsed before anything runs: a file that does not parse
  ** runs nothing. */
  status = luaL_loadbufferx(T, test, (size_t)size, "@main.lua", "t");
  if (status != LUA_OK) return report(T, status), EXIT_FAILURE;
  test_source = test;
  test_length = (size_t)size;
  status = luaL_loadfilex(C, "main.lua", "t");
  if (status == LUA_OK) {
    lua_pushvalue(C, -1);
    lua_rawsetp(C, LUA_REGISTRYINDEX, &chunk_key);
    lua_sethook(C, read_locals, LUA_MASKRET, 0);
    status = docall(C, 0, 0);
    lua_sethook(C, NULL, 0, 0);
  }
  if (status != LUA_OK) return report(C, status), EXIT_FAILURE;
  if (report(C, crossing(C, candidate_names)) != LUA_OK ||
      report(T, crossing(T, offer_names)) != LUA_OK)
    return EXIT_FAILURE;
  lua_pushcfunction(T, secret_markers);
  if (report(T, lua_pcall(T, 0, 0, 0)) != LUA_OK) return EXIT_FAILURE;
  free(test);
  test_source = NULL;
  lua_settop(C, 0);
  if (report(T, docall(T, 0, 0)) != LUA_OK) return EXIT_FAILURE;
  fflush(NULL);
  wasmeval_main_returned(0);
  return EXIT_SUCCESS;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], JUDGED) == 0) return judge();
  return wasmeval_lua_main(argc, argv);
}
