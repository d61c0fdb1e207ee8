# wasmeval's wire between a judged Perl run's two instances (see
# src/runtime/perl.rs and src/boundary/perl.rs, which checks every message
# from the candidate's instance against this grammar):
#
#   value  := "n"                              undef
#           | "t" | "f"                        a boolean (builtin::is_bool)
#           | "i" INT ";"                      a number written as an integer
#           | "d" 8 bytes                      any other number (IEEE double,
#                                              big-endian)
#           | "s" LEN ";" bytes                a string of bytes
#           | "u" LEN ";" bytes                a string of characters, UTF-8
#           | "a" LEN ";" value*               a reference to an array
#           | "h" LEN ";" (key value)*         a reference to a hash (a key is
#                                              an "s" or "u" value)
#   INT    := "-"? digits; LEN := digits       (no leading zeros)
#   call   := "c" value(name, "s") CONTEXT value(flags, "s") value(arguments, "a")
#   CONTEXT:= "l" | "s" | "v"                  list, scalar or void
#   flags  := one "r" or "w" per argument      whether the test's argument is
#                                              read-only (a literal's alias)
#   answer := "o" value(results, "a") after
#           | "e" value(message, "s" or "u")   the sub died with this
#   after  := "n"                              the arguments are as they were
#           | value(arguments, "a")            what the call left in them
#
# A scalar crosses as what it was made as (builtin::created_as_number,
# created_as_string): a number stays a number and a string a string, so
# that `eq`, `==` and eq_deeply see in the test what they would in one
# process; a number that is exactly the integer its decimal form shows
# crosses as that integer. Nothing else crosses: code, globs, objects (blessed references),
# references to scalars or references, nesting deeper than 200 levels are
# refused where they are written. Both sides keep these subs in lexicals
# (this file is the start of a block that ends after the side's own code):
# nothing the candidate defines by name can stand in for them.
my $wire_encode;
$wire_encode = sub {
    my ($value, $depth) = @_;
    die "data nested more than 200 levels deep cannot cross between the test and the candidate\n"
      if $depth > 200;
    return "n" unless defined $value;
    if (my $kind = ref $value) {
        if (builtin::blessed($value)) {
            die "an object of class $kind cannot cross between the test and the candidate "
              . "(only undef, numbers, strings, and references to arrays and hashes)\n";
        }
        if ($kind eq 'ARRAY') {
            my $out = "a" . scalar(@$value) . ";";
            $out .= $wire_encode->($_, $depth + 1) for @$value;
            return $out;
        }
        if ($kind eq 'HASH') {
            my $out = "h" . scalar(keys %$value) . ";";
            for my $key (sort keys %$value) {
                $out .= $wire_encode->($key, $depth + 1) . $wire_encode->($value->{$key}, $depth + 1);
            }
            return $out;
        }
        die "a $kind reference cannot cross between the test and the candidate "
          . "(only undef, numbers, strings, and references to arrays and hashes)\n";
    }
    return $value ? "t" : "f" if builtin::is_bool($value);
    if (builtin::created_as_number($value)) {
        my $text = "$value";
        return "i$text;" if $text =~ /\A-?(?:0|[1-9][0-9]*)\z/ && $text == $value;
        return "d" . pack("d>", $value);
    }
    my $text = "$value";
    if (utf8::is_utf8($text)) {
        utf8::encode($text);
        return "u" . length($text) . ";" . $text;
    }
    return "s" . length($text) . ";" . $text;
};

# A message: its kind and its parts, or death with what is wrong.
my $wire_decode = do {
    my ($text, $at);
    my $fail = sub { die "wasmeval's wire: $_[0] at byte $at\n" };
    my $take = sub {
        my ($n) = @_;
        $fail->("a value cut short") if $n > length($text) - $at;
        my $part = substr($text, $at, $n);
        $at += $n;
        return $part;
    };
    my $number = sub {
        my ($signed) = @_;
        my $stop = index($text, ";", $at);
        $fail->("a number without its end") if $stop < 0;
        my $digits = substr($text, $at, $stop - $at);
        $fail->("a malformed number")
          unless $signed ? $digits =~ /\A-?(?:0|[1-9][0-9]*)\z/ : $digits =~ /\A(?:0|[1-9][0-9]*)\z/;
        $at = $stop + 1;
        return 0 + $digits;
    };
    my $value;
    $value = sub {
        my ($depth) = @_;
        $fail->("data nested too deep") if $depth > 201;
        my $kind = $take->(1);
        return undef if $kind eq "n";
        return !!1 if $kind eq "t";
        return !!0 if $kind eq "f";
        return $number->(1) if $kind eq "i";
        return unpack("d>", $take->(8)) if $kind eq "d";
        return $take->($number->(0)) if $kind eq "s";
        if ($kind eq "u") {
            my $chars = $take->($number->(0));
            utf8::decode($chars) or $fail->("a string that is not UTF-8");
            return $chars;
        }
        if ($kind eq "a") {
            my $n = $number->(0);
            $fail->("an array longer than the message") if $n > length($text) - $at;
            my @items;
            push @items, $value->($depth + 1) while @items < $n;
            return \@items;
        }
        if ($kind eq "h") {
            my $n = $number->(0);
            $fail->("a hash longer than the message") if $n > length($text) - $at;
            my %hash;
            while ($n-- > 0) {
                my $key = $value->($depth + 1);
                $fail->("a hash key that is not a string") if ref $key || !defined $key;
                $hash{$key} = $value->($depth + 1);
            }
            return \%hash;
        }
        $fail->("an unknown kind of value");
    };
    sub {
        ($text, $at) = ($_[0], 0);
        utf8::downgrade($text, 1) or do { $at = 0; $fail->("a message that is not bytes") };
        my $kind = $take->(1);
        my @parts;
        if ($kind eq "c") {
            @parts = ($value->(0), $take->(1), $value->(0), $value->(0));
        } elsif ($kind eq "o") {
            @parts = ($value->(0), $value->(0));
        } elsif ($kind eq "e") {
            @parts = ($value->(0));
        } else {
            $fail->("an unknown kind of message");
        }
        $fail->("bytes after the message") unless $at == length($text);
        return ($kind, @parts);
    };
};
