# The tag of C++ exceptions under WebAssembly exception handling: what
# `throw` raises and `catch` matches, defined once per program. (LLVM's
# libunwind of this version does not define it; Emscripten defines it in
# its own runtime.)
.globl __cpp_exception
.tagtype __cpp_exception i32
__cpp_exception:
