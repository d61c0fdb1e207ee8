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

// -- std::cin ------------------------------------------------------------------
// libc++'s `cin` (`__stdinbuf`) keeps no buffer: every character it looks
// at is a virtual call that does getc + ungetc, and `>>` looks at each one
// about three times, so reading a million ints cost 15 times what it costs
// natively (scanf costs what it costs natively). And libc++'s
// `sync_with_stdio(false)` only records the flag, where GNU libstdc++ (the
// judges' library) then reads stdin in blocks.
//
// Here `cin` reads stdin's C buffer in place (`SharedStdin`): C stdio and
// `cin` still share one position, so a program that mixes `scanf` and
// `cin` reads what it reads natively. After `sync_with_stdio(false)`
// (wrapped: `-Wl,--wrap=` of its symbol) `cin` takes stdin in blocks
// (`BlockStdin`), starting with whatever the C buffer already holds, as
// libstdc++'s does once unsynchronised.
#include <cstdio>
#include <cstring>
#include <iostream>
#include <stdio_ext.h>
#include <streambuf>

namespace {

using traits = std::char_traits<char>;

class SharedStdin final : public std::streambuf {
    // The last character taken, for `unget()` (as libc++'s own keeps it).
    int last_ = EOF;

  protected:
    int_type underflow() override {
        std::size_t held = 0;
        const char *at = __freadptr(stdin, &held);
        if (at != nullptr && held > 0) {
            return traits::to_int_type(*at);
        }
        int c = std::getc(stdin);
        if (c == EOF) {
            return traits::eof();
        }
        std::ungetc(c, stdin);
        return traits::to_int_type(static_cast<char>(c));
    }

    int_type uflow() override {
        std::size_t held = 0;
        const char *at = __freadptr(stdin, &held);
        if (at != nullptr && held > 0) {
            char c = *at;
            __freadptrinc(stdin, 1);
            last_ = static_cast<unsigned char>(c);
            return traits::to_int_type(c);
        }
        int c = std::getc(stdin);
        last_ = c;
        return c == EOF ? traits::eof() : traits::to_int_type(static_cast<char>(c));
    }

    std::streamsize xsgetn(char *to, std::streamsize count) override {
        if (count <= 0) {
            return 0;
        }
        std::size_t got = std::fread(to, 1, count, stdin);
        if (got > 0) {
            last_ = static_cast<unsigned char>(to[got - 1]);
        }
        return static_cast<std::streamsize>(got);
    }

    // `putback(c)` gives `c` back; `unget()` (eof) the last character taken.
    // Both are a byte as an unsigned value (EOF only for "none"), so a
    // byte 0xff is given back too.
    int_type pbackfail(int_type c) override {
        int back = traits::eq_int_type(c, traits::eof()) ? last_ : c;
        last_ = EOF;
        if (back == EOF || std::ungetc(back, stdin) == EOF) {
            return traits::eof();
        }
        return back;
    }
};

class BlockStdin final : public std::streambuf {
    char block_[1 << 16];

  protected:
    int_type underflow() override {
        if (gptr() < egptr()) {
            return traits::to_int_type(*gptr());
        }
        // One read when the C buffer is empty, then all it holds: never
        // more than one read, so an interactive stdin cannot stall here.
        int c = std::getc(stdin);
        if (c == EOF) {
            return traits::eof();
        }
        block_[0] = static_cast<char>(c);
        std::size_t got = 1, held = 0;
        const char *at = __freadptr(stdin, &held);
        if (at != nullptr && held > 0) {
            held = held < sizeof block_ - 1 ? held : sizeof block_ - 1;
            std::memcpy(block_ + 1, at, held);
            __freadptrinc(stdin, held);
            got += held;
        }
        setg(block_, block_, block_ + got);
        return traits::to_int_type(block_[0]);
    }
};

SharedStdin shared_stdin;
BlockStdin block_stdin;
bool in_blocks = false;

// After libc++'s own streams (initialised at priority 100), before the
// program's static objects.
struct InstallStdin {
    InstallStdin() { std::cin.rdbuf(&shared_stdin); }
};
__attribute__((init_priority(101))) InstallStdin install_stdin;

} // namespace

extern "C" bool __real__ZNSt3__28ios_base15sync_with_stdioEb(bool sync);

extern "C" bool __wrap__ZNSt3__28ios_base15sync_with_stdioEb(bool sync) {
    bool was = __real__ZNSt3__28ios_base15sync_with_stdioEb(sync);
    if (!sync && !in_blocks) {
        in_blocks = true;
        std::ios_base::iostate state = std::cin.rdstate();
        std::cin.rdbuf(&block_stdin);
        std::cin.clear(state);
    }
    return was;
}
