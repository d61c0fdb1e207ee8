// wasmeval's support code for C++ programs (compiled with WebAssembly
// exception handling, as the programs are).
//
// WebAssembly's exception handling has one phase: a `throw` that nothing
// catches leaves the module as an uncaught WebAssembly exception instead
// of calling std::terminate, as a native unwinder does when its search
// phase finds no handler. The program's `main` is therefore called here
// (`-Wl,--wrap=__main_void`, the symbol wasi-libc's `_start` calls), and
// an exception that reaches it ends the program as an uncaught exception
// ends a native one: std::terminate, whose handler names the exception
// ("libc++abi: terminating due to uncaught exception of type ...") and
// aborts (exit status 134). Unlike natively, the destructors of main's
// frames have run by then. A main that returns says so to the host
// (`__wasmeval_returned`, rt.c).
#include <exception>

extern "C" int __real___main_void(void);
extern "C" int __wasmeval_returned(int status);

extern "C" int __wrap___main_void(void) {
    int status;
    try {
        status = __real___main_void();
    } catch (...) {
        std::terminate();
    }
    return __wasmeval_returned(status);
}
