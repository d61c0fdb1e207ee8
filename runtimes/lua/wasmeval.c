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
*/
#include <errno.h>
#include <stdio.h>

#define LUA_TMPNAMBUFSIZE 32
#define lua_tmpnam(b, e) { (b)[0] = '\0'; e = 1; }
#define l_system(cmd) ((cmd) == NULL ? 0 : (errno = ENOTSUP, -1))

static FILE *wasmeval_tmpfile(void) {
  errno = ENOTSUP;
  return NULL;
}
#define tmpfile() wasmeval_tmpfile()

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
#include "lua.c"
