# wasmeval's `ruby main.rb` (see src/runtime/ruby.rs): run the script,
# then its at_exit handlers, print an uncaught exception and exit with
# ruby's status. Everything it needs is captured before the script runs.
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
  # The status an exit asked for, as ruby reads it (SystemExit's own, not
  # what a subclass's `status` says).
  system_exit_status = SystemExit.instance_method(:status)
  exit_status = ->(e) {
    s = system_exit_status.bind_call(e)
    Integer === s ? s : 1
  }
  report = ->(error) {
    begin
      # Without this driver's own frames, as ruby prints it.
      trace = error.backtrace
      error.set_backtrace(trace.take_while { |l| !l.start_with?("eval:") }) if trace
      err.write(error.full_message(highlight: false))
    rescue Exception
      begin
        err.write("main.rb: #{error.class}\n")
      rescue Exception
      end
    end
  }
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
