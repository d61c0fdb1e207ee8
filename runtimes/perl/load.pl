# Both sides of a judged Perl run start with this (see src/runtime/perl.rs):
# `wasmeval::load` compiles and runs `$wasmeval::code` as `perl main.pl`
# runs a file, in package main, its lines numbered from 1 in `main.pl`, with
# no lexical of wasmeval's in its scope and Perl's default pragmas (it is
# defined before anything else is). `$@` says how it ended.
sub wasmeval::load { eval "\n#line 1 \"main.pl\"\n" . $wasmeval::code; return }
