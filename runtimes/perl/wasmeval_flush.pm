package wasmeval_flush;
# Loaded first (`perl -Mwasmeval_flush main.pl`): its END block, the first
# registered, runs last, after the program's own, and flushes STDOUT and
# STDERR as a native perl does when its interpreter is destroyed at exit
# (the embedded interpreter here is not destroyed: without this, output
# still buffered when a program exits or dies would be lost).
END {
    my $was = select STDOUT;
    $| = 1;
    select STDERR;
    $| = 1;
    select $was;
}
1;
