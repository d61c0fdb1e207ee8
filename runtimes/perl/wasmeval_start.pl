# The program a judged run's interpreters start with (see
# src/runtime/perl.rs): nothing. (`perl -e 0` would open /dev/null, which an
# instance does not have.) The host then registers its subs and evaluates
# a side of the run.
