# How `ruby` ends a script, for both drivers (main.rb, candidate.rb; this
# comes first in each, so it is captured before any program runs): the
# status an exit asked for, as ruby reads it (SystemExit's own, not what a
# subclass's `status` says), and an uncaught exception printed as ruby
# prints it, without the drivers' own frames (a program whose exception or
# stderr cannot be printed prints what it can).
system_exit_status = SystemExit.instance_method(:status)
exit_status = ->(e) {
  s = system_exit_status.bind_call(e)
  Integer === s ? s : 1
}
print_uncaught = ->(error, err) {
  begin
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
