# The candidate's instance of a judged Ruby run (see src/runtime/ruby.rs):
# run `main.rb` (the candidate's code alone) as `ruby main.rb` would, say
# to the host which top-level methods it defined, and leave
# `$wasmeval_serve` to answer the test's calls (with what a call left in
# its arguments, see wire.rb). It shares the wire's locals
# (wire.rb and exits.rb come first). What the candidate does here is its own business:
# nothing it can do reaches the test's instance but the bytes it answers,
# which the host checks and the test's instance reads as plain data.
require "js.so"
->(say, hear, finish, out, err) {
  srand(SEED)
  $0 = "main.rb"
  main = self
  defined = -> {
    Object.private_instance_methods(false) + Object.public_instance_methods(false) +
      main.singleton_methods(false)
  }
  before = defined.()
  flush = -> {
    begin
      out.flush
      err.flush
    rescue Exception
    end
  }
  begin
    RubyVM::InstructionSequence.compile_file("main.rb").eval
  rescue SystemExit => e
    flush.()
    finish.(exit_status.(e))
  rescue Exception => e
    print_uncaught.(e, err)
    flush.()
    finish.(1)
  end
  $wasmeval_serve = -> {
    answer = begin
      kind, name, args, keywords = wire_decode.(hear.())
      raise TypeError, "not a call" unless kind == "c"
      sent = wire_encode.(args)
      result = main.__send__(name, *args, **keywords)
      # What the call left in its arguments, if it changed them (what can
      # no longer cross is not said), and which argument the result is.
      left = begin
        now = wire_encode.(args)
        now == sent ? "n".b : now
      rescue Exception
        "n".b
      end
      same = case result
             when String, Array, Hash then args.index { |arg| arg.equal?(result) }
             end
      if same
        "r".b + same.to_s + ";" + left
      else
        "o".b + wire_encode.(result) + left
      end
    rescue Exception => e
      begin
        "e".b + wire_encode.(e.class.name.to_s) + wire_encode.(e.message.to_s)
      rescue Exception
        "e".b + wire_encode.("RuntimeError") + wire_encode.("an exception whose message could not be read")
      end
    end
    flush.()
    say.(answer)
    nil
  }
  flush.()
  say.((defined.() - before).map(&:to_s).join(" "))
  nil
}.(JS.method(:eval), JS.method(:global).then { |global| -> { global.().to_s } },
   Process.method(:exit!), STDOUT, STDERR)
