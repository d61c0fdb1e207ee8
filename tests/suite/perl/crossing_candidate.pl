use utf8;
sub numbers { return (3, 0.1 + 0.2, -7, 2 ** 40, 1e21, 0.5, "12", "1e3", 10 / 4) }
sub strings { return ("", "0", "héllo", "日本", "a\x00b", "\xff\xfe") }
sub nothing { return }
sub undefined { return undef }
sub truths { return (!!1, !!0, 1 == 1, 1 == 2) }
sub nested { return { list => [1, [2, [3, { deep => undef }]]], name => "x", "ключ" => [] } }
sub context { return wantarray ? "list" : defined(wantarray) ? "scalar" : "void" }
sub pair { return (4, 5) }
sub dies { die "candidate died\n" }
sub dies_here { die "no newline" }
sub grows { my ($list, $hash) = @_; push @$list, 99; $hash->{added} = 1; $_[2] = "changed"; return scalar @$list }
sub sorted { return [sort { $a <=> $b } @{$_[0]}] }
sub object { return bless {}, "Thing" }
sub counted($) { return $_[0] }
sub bump { $_[0]++; return 1 }
sub near { return 100.00000000000001 }
