# wasmeval's wire between a judged Ruby run's two instances (see
# src/runtime/ruby.rs and src/boundary/ruby.rs, which checks every message
# from the candidate's instance against this grammar):
#
#   value  := "n" | "t" | "f"                 nil, true, false
#           | "i" INT ";"                     Integer (decimal)
#           | "d" 8 bytes                     Float (IEEE double, big-endian)
#           | "s" LEN ";" bytes               String, UTF-8
#           | "b" LEN ";" bytes               String, binary (any other encoding)
#           | "y" LEN ";" bytes               Symbol
#           | "a" LEN ";" value*              Array
#           | "h" LEN ";" (value value)*      Hash (no default; not by identity)
#   INT    := "-"? digits; LEN := digits      (no leading zeros)
#   call   := "c" value(name, a Symbol) value(args, an Array) value(keywords, a Hash)
#   answer := "o" value(result) after
#           | "r" LEN ";" after               the result is argument LEN itself
#           | "e" value(class name) value(message)
#   after  := "n"                             the arguments are as they were sent
#           | value(args, an Array)           what the call left in them
#
# The test's strings, arrays and hashes the candidate changed are changed
# to what it left in them (as in one process), and a result that was one
# of the arguments is that argument, so that `r.equal?(input)` holds.
#
# Nothing else crosses: other objects, procs, a block, nesting deeper than
# 200 levels are refused where they are written. Only plain objects are
# built where a value is read. Both sides keep these in locals: nothing the
# candidate defines by name can stand in for them.
#
# The recursion is the methods' own (no block between levels: a block
# called from C, as `each`'s, takes the machine stack, which WebAssembly
# keeps small), so nesting is bounded by the VM's stack and 200.
wire = Object.new

def wire.encode(value, out = "".b, depth = 0)
  raise ArgumentError, "data nested more than 200 levels deep cannot cross" if depth > 200
  case value
  when nil then out << "n"
  when true then out << "t"
  when false then out << "f"
  when Integer then out << "i" << value.to_s << ";"
  when Float then out << "d" << [value].pack("G")
  when Symbol
    text = value.to_s
    unless text.encoding == Encoding::UTF_8 || text.ascii_only?
      raise TypeError, "a symbol in #{text.encoding} cannot cross between the test and the candidate"
    end
    bytes(out, "y", text)
  when String
    utf8 = value.encoding == Encoding::UTF_8 ||
           (value.encoding == Encoding::US_ASCII && value.ascii_only?)
    bytes(out, utf8 ? "s" : "b", value)
  when Array
    out << "a" << value.size.to_s << ";"
    i = 0
    while i < value.size
      encode(value[i], out, depth + 1)
      i += 1
    end
  when Hash
    if value.compare_by_identity?
      raise TypeError, "a hash that compares its keys by identity cannot cross between the " \
                       "test and the candidate"
    end
    out << "h" << value.size.to_s << ";"
    pairs = value.to_a
    i = 0
    while i < pairs.size
      encode(pairs[i][0], out, depth + 1)
      encode(pairs[i][1], out, depth + 1)
      i += 1
    end
  else
    raise TypeError, "a #{value.class} cannot cross between the test and the candidate " \
                     "(only nil, true, false, Integer, Float, String, Symbol, Array and Hash)"
  end
  out
end

def wire.bytes(out, kind, text)
  text = text.b
  out << kind << text.bytesize.to_s << ";" << text
end

# A message: `[kind, *values]`.
def wire.decode(message)
  @text = message.b
  @at = 0
  kind = take(1)
  parts = case kind
          when "c" then [value(0), value(0), value(0)]
          when "o" then [value(0), value(0)]
          when "r" then [number(false), value(0)]
          when "e" then [value(0), value(0)]
          else fail_at("an unknown kind of message")
          end
  fail_at("bytes after the message") unless @at == @text.bytesize
  [kind, *parts]
end

def wire.fail_at(what)
  raise TypeError, "wasmeval's wire: #{what} at byte #{@at}"
end

def wire.take(n)
  fail_at("a value cut short") if n > @text.bytesize - @at
  part = @text.byteslice(@at, n)
  @at += n
  part
end

def wire.number(signed)
  stop = @text.index(";", @at) || fail_at("a number without its end")
  digits = @text.byteslice(@at, stop - @at)
  pattern = signed ? /\A-?(0|[1-9][0-9]*)\z/ : /\A(0|[1-9][0-9]*)\z/
  fail_at("a malformed number") unless digits.match?(pattern)
  @at = stop + 1
  Integer(digits, 10)
end

def wire.value(depth)
  fail_at("data nested too deep") if depth > 201
  case take(1)
  when "n" then nil
  when "t" then true
  when "f" then false
  when "i" then number(true)
  when "d" then take(8).unpack1("G")
  when "s" then take(number(false)).force_encoding(Encoding::UTF_8)
  when "b" then take(number(false))
  when "y" then take(number(false)).force_encoding(Encoding::UTF_8).to_sym
  when "a"
    n = number(false)
    fail_at("an array longer than the message") if n > @text.bytesize - @at
    items = []
    while items.size < n
      items << value(depth + 1)
    end
    items
  when "h"
    n = number(false)
    fail_at("a hash longer than the message") if n > @text.bytesize - @at
    hash = {}
    while n > 0
      key = value(depth + 1)
      hash[key] = value(depth + 1)
      n -= 1
    end
    hash
  else fail_at("an unknown kind of value")
  end
end

wire_encode = wire.method(:encode)
wire_decode = wire.method(:decode)
