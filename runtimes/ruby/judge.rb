# The test's instance of a judged Ruby run (see src/runtime/ruby.rs): before
# the test runs (main.rb here is the test alone, run by main.rb's driver,
# which follows), each top-level method the candidate defined (NAMES, which
# the host checked) that this instance does not have becomes a method that
# calls it in the candidate's instance. Arguments and results cross as
# plain data (wire.rb comes first), and what the call left in its arguments
# comes back into the test's; an exception the candidate raised is
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
  # A string, array or hash of the test's the candidate changed holds what
  # the call left in it, as in one process (a frozen one was not changed).
  write_back = ->(arg, now) {
    return if arg.frozen?
    case arg
    when String then arg.replace(now) if now.is_a?(String)
    when Array then arg.replace(now) if now.is_a?(Array)
    when Hash
      if now.is_a?(Hash)
        arg.clear
        now.each { |key, value| arg[key] = value }
      end
    end
  }
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
      when "o", "r"
        if second.is_a?(Array) && second.size == args.size
          args.each_with_index { |arg, i| write_back.(arg, second[i]) }
        end
        next first if kind == "o"
        unless first < args.size
          raise TypeError, "wasmeval's wire: the result is argument #{first} of #{args.size}"
        end
        args[first]
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
