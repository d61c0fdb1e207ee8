# The candidate's instance of a judged Perl run (see src/runtime/perl.rs):
# run `main.pl` (the candidate's code alone) as `perl main.pl` would, say to
# the host which subs it defined in package main, and leave
# `$wasmeval::serve` to answer the test's calls (with what a call left in
# its arguments, see wire.pl, which comes first). What the candidate does
# here is its own business: nothing it can do reaches the test's instance
# but the bytes it answers, which the host checks and the test's instance
# reads as plain data.
my $say = \&wasmeval::say;
my $hear = \&wasmeval::hear;
my $defined = sub {
    no strict 'refs';
    my %subs;
    for my $name (keys %main::) {
        next unless $name =~ /\A[A-Za-z_][A-Za-z0-9_]*\z/;
        $subs{$name} = 1 if defined &{"main::$name"};
    }
    return \%subs;
};
my $before = $defined->();
wasmeval::load();
if (ref $@ || $@ ne "") {
    my $error = $@;
    print STDERR $error;
    CORE::exit(255);
}
my $after = $defined->();
# Each new sub, with its prototype if it has one (`name:$$`): the test's
# stand-in for it parses the test's calls as the sub would.
my @names = map {
    my $prototype = prototype("main::$_");
    defined $prototype ? "$_:$prototype" : $_;
} sort grep { !$before->{$_} } keys %$after;
$wasmeval::serve = sub {
    my $answer = eval {
        my ($kind, $name, $context, $flags, $args) = $wire_decode->($hear->());
        die "wasmeval's wire: not a call\n" unless $kind eq "c";
        my $sent = $wire_encode->($args, 0);
        # An argument that was a literal in the test is read-only here too.
        for my $i (0 .. $#$args) {
            Internals::SvREADONLY($args->[$i], 1) if substr($flags, $i, 1) eq "r";
        }
        my $sub = do { no strict 'refs'; \&{"main::$name"} };
        my @results;
        if ($context eq "l") {
            @results = $sub->(@$args);
        } elsif ($context eq "s") {
            @results = (scalar $sub->(@$args));
        } else {
            $sub->(@$args);
        }
        # What the call left in its arguments, if it changed them (what can
        # no longer cross is not said).
        my $left = eval {
            my $now = $wire_encode->($args, 0);
            $now eq $sent ? "n" : $now;
        };
        "o" . $wire_encode->(\@results, 0) . (defined $left ? $left : "n");
    };
    unless (defined $answer) {
        my $error = $@;
        $answer = eval { "e" . $wire_encode->("$error", 0) };
        $answer = "e" . $wire_encode->("the candidate died with a message that could not be read\n", 0)
          unless defined $answer;
    }
    $say->($answer);
    return;
};
$say->(join(" ", @names));
