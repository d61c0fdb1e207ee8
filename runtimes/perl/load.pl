# Both sides of a judged Perl run start with this (see src/runtime/perl.rs):
# `wasmeval::load` compiles and runs `$wasmeval::code` as `perl main.pl`
# runs a file, in package main, its lines numbered from 1 in `main.pl`, with
# no lexical of wasmeval's in its scope and Perl's default pragmas (it is
# defined before anything else is). `$@` says how it ended.
sub wasmeval::load { eval "\n#line 1 \"main.pl\"\n" . $wasmeval::code; return }

# Each side is `main.pl` to itself, writes its output as it prints it (so
# that the candidate's and the test's come out in the order one process
# would print them), and has its `main.pl` read into `$wasmeval::code`.
{
    my $out = select(STDERR);
    $| = 1;
    select($out);
    $| = 1;
    $0 = "main.pl";
    open(my $source, "<:raw", "main.pl") or die "wasmeval: main.pl: $!\n";
    local $/;
    $wasmeval::code = <$source>;
}
