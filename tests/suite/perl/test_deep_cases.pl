use List::Util qw(any max sum first);
sub f { my @x = @_; return (any { $_ > 5 } @x) ? 1 : ""; }
use Test::Deep;
my @cases = (
  [1, 1.0], ["1.0", 1], [0, ""], [undef, ""], [undef, undef], ["", undef],
  [[1,2,[3]], [1,2,[3]]], [[1,2], [1,2,3]], [{a=>1}, {a=>1}], [{a=>1}, {a=>"1.0"}], [{a=>undef}, {}],
  [\"x", \"x"], [[1e21], ["1e+21"]], [0.1+0.2, 0.3], [[], {}], [bless([], "X"), []], [-0.0, 0], ["abc", "ABC"],
  [f(1,2,3), ""], [[ [] ], [ [] ]], [1, [1]], [3, "3 "],
);
my $i = 0;
for my $c (@cases) { print $i++, ":", (eq_deeply($c->[0], $c->[1]) ? "T" : "F"), " "; }
print "\n";
