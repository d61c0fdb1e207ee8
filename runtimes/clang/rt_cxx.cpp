// wasmeval's support code for C++ programs.
//
// The toolchain's libc++abi is built without exception support and has no
// unwinder, so it defines neither __cxa_allocate_exception nor __cxa_throw:
// a program that throws would not link. These definitions let it link and
// make a throw end the program as an uncaught exception ends a native one
// ("terminate called after throwing an instance of ...", then abort, exit
// status 134), saying why. A `catch` never runs.
#include <cstdio>
#include <cstdlib>
#include <cxxabi.h>
#include <exception>
#include <typeinfo>

extern "C" {

void *__cxa_allocate_exception(std::size_t size) noexcept {
    void *object = std::malloc(size == 0 ? 1 : size);
    if (object == nullptr) {
        std::fputs("terminate called: out of memory allocating an exception\n", stderr);
        std::abort();
    }
    return object;
}

void __cxa_free_exception(void *object) noexcept { std::free(object); }

// (On WebAssembly a destructor returns its argument.)
void __cxa_throw(void *object, std::type_info *type, void *(*)(void *)) {
    int status = -1;
    char *name = abi::__cxa_demangle(type->name(), nullptr, nullptr, &status);
    std::fprintf(stderr, "terminate called after throwing an instance of '%s'\n",
                 status == 0 && name != nullptr ? name : type->name());
    (void)object;
    std::fputs("wasmeval: C++ exceptions cannot be caught in this sandbox yet (its libc++abi "
               "is built without unwinding), so every throw ends the program as an uncaught "
               "exception would\n",
               stderr);
    std::fflush(stderr);
    std::abort();
}

void __cxa_rethrow() {
    std::fputs("terminate called after rethrowing an exception\n", stderr);
    std::abort();
}

}
