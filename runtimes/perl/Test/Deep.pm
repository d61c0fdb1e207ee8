package Test::Deep;
# wasmeval's stand-in for CPAN's Test::Deep (1.204), which no registry
# every platform reaches carries. It gives MultiPL-E's Perl tests what they
# use, with Test::Deep's meaning: `eq_deeply(GOT, EXPECTED)` compares plain
# data deeply, scalars as strings (`eq`, so 6.0 and "6" are equal, 0 and ""
# are not), undef equal only to undef, arrays element by element, hashes
# key by key, references of other kinds by address, and a blessed or
# unblessed reference only to one of the same class. Its other exports are
# exported too, as Test::Deep exports them (so a program that imports
# List::Util's `any` before `use Test::Deep` gets Test::Deep's, as it
# would natively); each returns a comparison object, which eq_deeply uses
# as Test::Deep does for the few kinds kept here (ignore, any, all, none,
# re, num, str, bool, bag, set) and which is true as an object is.
# The tests' own comparisons are checked against the real Test::Deep in
# wasmeval's suite (tests/suite/perl.rs).

use strict;
use warnings;
use Scalar::Util ();
use Exporter 'import';

our $VERSION = '1.204';

our @EXPORT = qw(
  Isa blessed obj_isa all any array array_each arrayelementsonly arraylength
  arraylengthonly bag bool cmp_bag cmp_deeply cmp_methods cmp_set code
  eq_deeply hash hash_each hashkeys hashkeysonly ignore isa listmethods
  methods noclass none noneof num re reftype regexpmatches regexponly
  regexpref regexprefonly scalarrefonly scalref set shallow str subbagof
  subhashof subsetof superbagof superhashof supersetof useclass
);
our @EXPORT_OK = qw(descend render_stack deep_diag class_base);

# A comparison: a class under Test::Deep::Cmp and what it was given.
sub _cmp {
    my ($kind, @args) = @_;
    return bless { args => \@args }, "Test::Deep::$kind";
}

sub eq_deeply {
    my ($got, $expected) = @_;
    return _same($got, $expected, {}) ? 1 : '';
}

sub cmp_deeply {
    my ($got, $expected, $name) = @_;
    my $ok = eq_deeply($got, $expected);
    print +($ok ? 'ok' : 'not ok'), defined $name ? " - $name" : '', "\n";
    return $ok;
}

sub _same {
    my ($got, $exp, $seen) = @_;
    my $class = Scalar::Util::blessed($exp);
    if (defined $class && $class =~ /^Test::Deep::/) {
        return _special($got, $exp, $seen);
    }
    if (!ref $exp || !ref $got) {
        return 0 if ref $exp || ref $got;
        return !defined $got if !defined $exp;
        return defined $got && $got eq $exp;
    }
    my ($gclass, $eclass) = (Scalar::Util::blessed($got), Scalar::Util::blessed($exp));
    return 0 if (defined $gclass) != (defined $eclass);
    return 0 if defined $eclass && $gclass ne $eclass;
    my ($gtype, $etype) = (Scalar::Util::reftype($got), Scalar::Util::reftype($exp));
    return 0 if $gtype ne $etype;
    return 1 if Scalar::Util::refaddr($got) == Scalar::Util::refaddr($exp);
    my $pair = Scalar::Util::refaddr($got) . ',' . Scalar::Util::refaddr($exp);
    return 1 if $seen->{$pair}++;
    if ($etype eq 'ARRAY') {
        return 0 if @$got != @$exp;
        for my $i (0 .. $#$exp) {
            return 0 unless _same($got->[$i], $exp->[$i], $seen);
        }
        return 1;
    }
    if ($etype eq 'HASH') {
        return 0 if keys %$got != keys %$exp;
        for my $key (keys %$exp) {
            return 0 unless exists $got->{$key};
            return 0 unless _same($got->{$key}, $exp->{$key}, $seen);
        }
        return 1;
    }
    if ($etype eq 'SCALAR' || $etype eq 'REF' || $etype eq 'LVALUE' || $etype eq 'VSTRING') {
        return _same($$got, $$exp, $seen);
    }
    # CODE, GLOB, IO, FORMAT, Regexp: the same one only.
    return 0;
}

sub _special {
    my ($got, $exp, $seen) = @_;
    my $kind = ref $exp;
    $kind =~ s/^Test::Deep:://;
    my @args = @{ $exp->{args} };
    if ($kind eq 'Ignore') { return 1 }
    if ($kind eq 'Any') {
        for my $e (@args) { return 1 if _same($got, $e, {}) }
        return 0;
    }
    if ($kind eq 'All') {
        for my $e (@args) { return 0 unless _same($got, $e, {}) }
        return 1;
    }
    if ($kind eq 'None') {
        for my $e (@args) { return 0 if _same($got, $e, {}) }
        return 1;
    }
    if ($kind eq 'Re') {
        return 0 if !defined $got || ref $got;
        return $got =~ $args[0] ? 1 : 0;
    }
    if ($kind eq 'Num') {
        return 0 if !defined $got || ref $got;
        no warnings 'numeric';
        my $tolerance = $args[1];
        return defined $tolerance ? abs($got - $args[0]) <= $tolerance : $got == $args[0];
    }
    if ($kind eq 'Str') {
        return 0 if !defined $got || ref $got;
        return $got eq $args[0];
    }
    if ($kind eq 'Bool') {
        return (!!$got) eq (!!$args[0]);
    }
    if ($kind eq 'Bag' || $kind eq 'Set') {
        return 0 unless ref $got eq 'ARRAY';
        my @left = @$got;
        my @want = @args;
        if ($kind eq 'Set') {
            @left = _distinct(@left);
            @want = _distinct(@want);
        }
        return 0 if @left != @want;
        WANT: for my $e (@want) {
            for my $i (0 .. $#left) {
                if (_same($left[$i], $e, {})) { splice @left, $i, 1; next WANT }
            }
            return 0;
        }
        return 1;
    }
    # The other comparisons are not kept here: nothing matches them.
    return 0;
}

sub _distinct {
    my @out;
    ITEM: for my $item (@_) {
        for my $kept (@out) { next ITEM if _same($item, $kept, {}) }
        push @out, $item;
    }
    return @out;
}

sub ignore { _cmp('Ignore') }
sub any { _cmp('Any', @_) }
sub all { _cmp('All', @_) }
sub none { _cmp('None', @_) }
sub noneof { _cmp('None', @_) }
sub re { _cmp('Re', (ref $_[0] eq 'Regexp' ? $_[0] : qr/$_[0]/), @_[1 .. $#_]) }
sub num { _cmp('Num', @_) }
sub str { _cmp('Str', @_) }
sub bool { _cmp('Bool', @_) }
sub bag { _cmp('Bag', @_) }
sub set { _cmp('Set', @_) }
sub cmp_bag { cmp_deeply($_[0], bag(@{ $_[1] }), $_[2]) }
sub cmp_set { cmp_deeply($_[0], set(@{ $_[1] }), $_[2]) }

BEGIN {
    # The rest of Test::Deep's exports: comparisons this stand-in does not
    # implement (each matches nothing).
    no strict 'refs';
    for my $name (qw(
        Isa blessed obj_isa array array_each arrayelementsonly arraylength
        arraylengthonly cmp_methods code hash hash_each hashkeys hashkeysonly
        isa listmethods methods noclass reftype regexpmatches regexponly
        regexpref regexprefonly scalarrefonly scalref shallow subbagof
        subhashof subsetof superbagof superhashof supersetof useclass
    )) {
        my $kind = ucfirst $name;
        *{"Test::Deep::$name"} = sub { _cmp($kind, @_) };
    }
}

1;
