# The test's instance of a judged Ruby run (see src/runtime/ruby.rs): before
# the test runs (main.rb here is the test alone, run by main.rb's driver,
# which follows), each top-level method the candidate defined (NAMES, which
# the host checked) that this instance does not have becomes a method that
# calls it in the candidate's instance. Arguments and results cross as
# plain data (wire.rb comes first); an exception the candidate raised is
# raised here as the built-in class of that name with its message, or as
# RuntimeError; a block cannot cross. The methods are Kernel's, the last
# place Ruby looks: whatever the test defines or includes itself (a
# top-level `def`, `include Test::Unit::Assertions`, a helper module, a
# reopened Kernel) comes first.
require "js.so"
->(ask) {
  kinds = [
    ArgumentError, TypeError, ZeroDivisionError, NoMethodError, NameError, IndexError,
    KeyError, RangeError, FloatDomainError, FrozenError, RuntimeError, StandardError,
    NotImplementedError, EncodingError, RegexpError, Math::DomainError,
  ].to_h { |kind| [kind.name, kind] }
  "NAMES".split(" ").each do |name|
    next if Object.method_defined?(name) || Object.private_method_defined?(name)
    Kernel.define_method(name) do |*args, **keywords, &block|
      if block
        raise ArgumentError, "a block cannot be passed to the candidate's #{name} (wasmeval runs " \
                             "the candidate in an instance of its own; only data crosses)"
      end
      request = "c".b + wire_encode.(name.to_sym) + wire_encode.(args) + wire_encode.(keywords)
      kind, first, second = wire_decode.(ask.(request))
      case kind
      when "o" then first
      when "e"
        error = kinds[first.to_s]
        raise error, second.to_s if error
        raise RuntimeError, "#{first}: #{second}"
      else raise TypeError, "wasmeval's wire: an answer of kind #{kind.inspect}"
      end
    end
    Kernel.send(:private, name.to_sym)
  end
}.(->(request) { JS.eval(request).to_s })
