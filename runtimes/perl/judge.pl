# The test's instance of a judged Perl run (see src/runtime/perl.rs): each
# sub the candidate defined (NAMES, which the host checked, in hex) becomes a sub
# of package main that calls it in the candidate's instance, then the test
# (`main.pl` here is the test alone) runs as `perl main.pl` would. A sub the
# test defines itself replaces the candidate's, as it would in one file.
# Arguments and results cross as plain data (wire.pl comes first), in the
# context the test called in, and what the call left in its arguments comes
# back into the test's; a death of the candidate's is a death here with its
# message. A sub that has a prototype has it here too (NAMES says it:
# `name:$$`), so the test's calls parse as they would in one file, and a
# literal argument is read-only in the candidate's instance as it is in one
# process. (load.pl, first, has read the test and flushes output as it is
# printed.)
my $say = \&wasmeval::say;
require Scalar::Util;
for my $entry (split / /, pack("H*", "NAMES")) {
    no strict 'refs';
    my ($name, $prototype) = split /:/, $entry, 2;
    *{"main::$name"} = sub {
        my $context = wantarray ? "l" : defined(wantarray) ? "s" : "v";
        my $flags = join "", map { Internals::SvREADONLY($_[$_]) ? "r" : "w" } 0 .. $#_;
        my $request = "c" . $wire_encode->($name, 0) . $context . $wire_encode->($flags, 0)
          . $wire_encode->([@_], 0);
        my ($kind, $results, $left) = $wire_decode->($say->($request));
        # (A message ends with a newline unless the candidate died with an
        # object: none is added where the test would say where it died.)
        die($results =~ /\n\z/ ? $results : "$results\n") if $kind eq "e";
        die "wasmeval's wire: an answer of kind $kind\n" unless $kind eq "o";
        if (ref $left eq "ARRAY" && @$left == @_) {
            for my $i (0 .. $#_) {
                my $now = $left->[$i];
                next if $wire_encode->($now, 0) eq $wire_encode->($_[$i], 0);
                my $arg = $_[$i];
                if (ref $arg eq "ARRAY" && ref $now eq "ARRAY") {
                    eval { @$arg = @$now };
                } elsif (ref $arg eq "HASH" && ref $now eq "HASH") {
                    eval { %$arg = %$now };
                } else {
                    eval { $_[$i] = $now };
                }
            }
        }
        return @$results if $context eq "l";
        return $results->[0];
    };
    Scalar::Util::set_prototype(\&{"main::$name"}, $prototype) if defined $prototype;
}
wasmeval::load();
my ($error, $errno, $status) = ($@, $! + 0, $? >> 8);
if (ref $error || $error ne "") {
    print STDERR $error;
    CORE::exit(255) if !ref $error && $error =~ /compilation (?:errors|aborted)/;
    CORE::exit($errno || $status || 255);
}
CORE::exit(0);
