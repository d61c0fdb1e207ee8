/* wasmeval's support code, linked into every C and C++ program.
 *
 * A native program that calls abort() dies of SIGABRT, which a shell and
 * the reference harnesses report as exit status 134; wasi-libc's abort()
 * is a trap. Programs are linked with --wrap=abort, so abort() (assert's,
 * std::terminate's) ends the program with status 134 instead, after what
 * it printed. */
#include <stdint.h>
#include <stdlib.h>

_Noreturn void __wrap_abort(void) { _Exit(134); }

/* How the host knows that the program's main returned, and with what:
 * a judged program (a test after the candidate) passes only when its
 * main returned 0, whatever the process's exit status, so a candidate
 * that ends the process first (`exit(0)` in a constructor or in the
 * function under test) passes nothing. The import is wasmeval's; a
 * candidate's object that names it, or these functions, is refused before
 * it is linked (src/runtime/clang.rs). */
__attribute__((import_module("wasmeval"), import_name("main_returned")))
void __wasmeval_main_returned(int status);

int __wasmeval_returned(int status) {
    __wasmeval_main_returned(status);
    return status;
}

/* wasi-libc's _start calls __main_void, which calls main; programs are
 * linked with --wrap=__main_void. C++'s wrapper (rt_cxx.cpp) also catches
 * what main throws, and is the one linked when there is one. */
int __real___main_void(void);

__attribute__((weak)) int __wrap___main_void(void) {
    return __wasmeval_returned(__real___main_void());
}

/* rand() and random() as glibc computes them, not as wasi-libc (musl)
 * does: the reference harnesses run on glibc, and their tests draw their
 * inputs from rand() (HumanEval-X's CPP/32 draws polynomials whose roots
 * Newton's method finds with glibc's sequence and not with musl's).
 * glibc's generator is an additive feedback one, r[i] = r[i-3] + r[i-31]
 * (mod 2^32), seeded by a Park-Miller generator, its first 310 values
 * discarded, each value shifted right by one. rand() and random() share
 * it, as in glibc. Each is weak: a program that defines its own (testlib.h
 * defines rand and srand) has it, as a native program's definition takes
 * the place of glibc's. */
static uint32_t rand_state[34];
static int rand_next = -1;

__attribute__((weak)) void srandom(unsigned seed) {
    int32_t word = (int32_t)(seed == 0 ? 1 : seed);
    rand_state[0] = (uint32_t)word;
    for (int i = 1; i < 31; i++) {
        int64_t hi = word / 127773, lo = word % 127773;
        word = (int32_t)(16807 * lo - 2836 * hi);
        if (word < 0) word += 2147483647;
        rand_state[i] = (uint32_t)word;
    }
    for (int i = 31; i < 34; i++) rand_state[i] = rand_state[i - 31];
    rand_next = 0;
    for (int i = 0; i < 310; i++) random();
}

__attribute__((weak)) long random(void) {
    if (rand_next < 0) srandom(1);
    int i = rand_next;
    uint32_t value = rand_state[(i + 3) % 34] + rand_state[(i + 31) % 34];
    rand_state[i] = value;
    rand_next = (i + 1) % 34;
    return (long)(value >> 1);
}

__attribute__((weak)) void srand(unsigned seed) { srandom(seed); }

__attribute__((weak)) int rand(void) { return (int)random(); }
