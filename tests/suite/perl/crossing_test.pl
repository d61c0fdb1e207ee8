use utf8;
binmode STDOUT, ":utf8";
sub show {
    my ($v) = @_;
    return "undef" unless defined $v;
    if (ref $v eq "ARRAY") { return "[" . join(",", map { show($_) } @$v) . "]" }
    if (ref $v eq "HASH") { return "{" . join(",", map { "$_=" . show($v->{$_}) } sort keys %$v) . "}" }
    return "'$v'";
}
my @n = numbers();
print "numbers: ", join(" ", map { show($_) } @n), "\n";
print "sums: ", $n[1] == 0.3 ? "equal" : "unequal", " ", $n[3] + 1, " ", $n[4] * 2, " ", $n[8] * 2, "\n";
print "stringy: ", ($n[6] eq "12" ? "eq" : "ne"), " ", $n[7] + 0, "\n";
print "strings: ", join(" ", map { show($_) . length($_) } strings()), "\n";
my @none = nothing();
print "nothing: ", scalar(@none), " ", show(scalar nothing()), " ", show(undefined()), "\n";
print "truths: ", join(" ", map { show($_) } truths()), "\n";
print "nested: ", show(nested()), "\n";
my @l = context(); my $s = context(); context();
print "context: $l[0] $s\n";
my $last = pair(); my @both = pair();
print "pair: $last @both\n";
eval { dies() }; print "died: $@";
eval { dies_here() }; print "died: ", ($@ =~ /^no newline at main\.pl line \d+\.$/ ? "located" : $@), "\n";
my @list = (1, 2); my %hash = (a => 1); my $word = "before";
my $count = grows(\@list, \%hash, $word);
print "grows: $count @list ", join(",", map { "$_=$hash{$_}" } sort keys %hash), " $word\n";
print "sorted: ", show(sorted([3, 1, 2])), "\n";
print "exists: ", (defined &numbers ? "yes" : "no"), "\n";
my @three = (5, 6, 7);
print "prototype: ", counted(@three), "\n";
my $v = 1; bump($v);
eval { bump(5) };
print "bump: $v ", ($@ =~ /^Modification of a read-only value attempted at main\.pl line \d+\.$/ ? "read-only" : "writable: $@"), "\n";
print "near: ", (near() > 100 ? "above" : "not above"), " ", near() - 100, "\n";
