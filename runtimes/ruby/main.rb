# wasmeval's `ruby main.rb` (see src/runtime/ruby.rs): run the script,
# then its at_exit handlers, print an uncaught exception and exit with
# ruby's status. Everything it needs is captured before the script runs
# (exits.rb comes first).
->(finish, out, err) {
  srand(SEED)
  $0 = "main.rb"
  handlers = []
  add = ->(block) {
    raise ArgumentError, "called without a block" unless block
    handlers << block
    block
  }
  Kernel.module_eval do
    define_method(:at_exit) { |&block| add.(block) }
    private :at_exit
  end
  Kernel.define_singleton_method(:at_exit) { |&block| add.(block) }
  status = 0
  # (exit_status and print_uncaught: exits.rb, which comes first.)
  report = ->(error) { print_uncaught.(error, err) }
  # The handlers run as ruby runs them, newest first, with `$!` the
  # exception the script ended with (test-unit runs its tests only when
  # there is none); an `exit` in one sets the status.
  run_handlers = -> {
    until handlers.empty?
      begin
        handlers.pop.call
      rescue SystemExit => e
        status = exit_status.(e)
      rescue Exception => e
        report.(e)
        status = 1
      end
    end
  }
  uncaught = nil
  begin
    RubyVM::InstructionSequence.compile_file("main.rb").eval
    run_handlers.()
  rescue SystemExit => e
    status = exit_status.(e)
    run_handlers.()
  rescue Exception => e
    uncaught = e
    status = 1
    run_handlers.()
  end
  report.(uncaught) if uncaught
  begin
    out.flush
    err.flush
  rescue Exception
  end
  finish.(status)
}.(Process.method(:exit!), STDOUT, STDERR)
