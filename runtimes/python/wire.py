"""The boundary between the candidate's instance and the judge's.

wasmeval runs a candidate and its test in two instances of CPython: the
candidate (C) runs only the candidate's code; the judge (J) runs only the
test and its runner, and never executes a byte the candidate wrote. They
talk through the host, in messages this module writes and reads, and the
host checks every message before passing it on (src/boundary/mod.rs).

What crosses is data or a handle, never an object:

- **Data** is rebuilt on the receiving side from its own classes: None,
  bool, int, float, complex, str, bytes, list, tuple, dict, set, frozenset
  (written with `marshal`, format 2: no code objects, no references), and
  the value types benchmarks return (Fraction, Decimal, the datetime types,
  Counter, OrderedDict, defaultdict, deque, bytearray, range, and pathlib's
  paths, which unit tests pass), written as tags: tuples whose first item
  is `...`.
- **Everything else** (an instance of a candidate's class, a function, a
  generator, a class, a module) crosses as a *handle*: a number in the
  sender's table. The receiver gets a proxy whose attribute reads, calls,
  iteration, `len`, `str`, `repr`, `bool`, `hash`, item access, and
  comparisons and arithmetic *with another proxy of the same side* are
  requests to the owner. A proxy never equals plain data, and an operator
  that would hand one of the receiver's own values to the other side as an
  operand (`proxy - expected`, `proxy < 3`) is not forwarded: the
  candidate never sees what a test compares with.

A request is answered with `("ok", value, writebacks, output)` or
`("raise", exception, output)`. Mutable arguments (list, dict, set,
bytearray) that the call changed come back in `writebacks` and are applied
to the caller's objects, so a function that sorts or fills its argument in
place works as it does natively. What the call printed comes back in
`output` and is printed by the caller (so the judge's `capsys` sees it).

While one side waits for an answer, the other may send a request of its
own (a callback the test passed): `exchange` returns either the answer or
such a request, which is served before waiting again. The component model
does not let an instance be entered while it is inside a call, so this
loop is how calls nest.
"""

import builtins as _builtins_module

# In the candidate's instance this module runs beside the candidate's code:
# one that replaces a built-in (`builtins.len = ...`) must not change what
# this module calls. Its own copies are found first.
globals().update({name: value for name, value in vars(_builtins_module).items()
                  if not name.startswith("_")})

import collections  # noqa: E402
import datetime
import decimal
import fractions
import io
import logging
import marshal
import pathlib
import sys
import warnings

# The tag of a value that is not plain marshal data. A real tuple whose
# first item is `...` is written as a tag too ("t").
TAG = ...
FORMAT = 2
# How deep data may nest (the host refuses deeper messages too).
MAX_DEPTH = 200
# Bytes a call may print before its output goes straight to the stream
# (past it, `capsys` in the judge does not see it).
MAX_BUFFERED_OUTPUT = 1 << 20

_exact_data = (type(None), bool, int, float, complex, str, bytes)
# The first byte of a message body: plain marshal data, or a request.
_PLAIN = ord("p")
_REQUEST = ord("Q")


class BoundaryError(Exception):
    """A value or message that cannot cross."""


class _Refused(TypeError):
    """A request the judge's side does not serve."""


class _RefusedAttribute(AttributeError):
    """An attribute of the judge's objects asked for (`getattr(f, name,
    default)` gets its default)."""


class _ByHandle:
    """A value that crosses as a handle, whatever it is (see `within`)."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value


class Side:
    """One side of the boundary: its table of objects it handed out, its
    proxies of the other side's, and how it sends a message (`exchange`,
    the host import; None until connected)."""

    def __init__(self, name, exchange=None, lookup=None, guarded=False):
        self.name = name
        self.exchange = exchange
        # The judge's side: the other side may only use what this side
        # handed out, never its dunder attributes (`__globals__`, ...), and
        # no module crosses.
        self.guarded = guarded
        # What `get` requests resolve (the candidate's namespace).
        self.lookup = lookup
        self.table = []
        self.ids = {}
        self.proxies = {}
        self.mirrors = {}
        self.buffers = []
        self.exception_mirrors = {}
        # The judge's side: the built-in kind of the first error a request of
        # the other side's raised here since the harness last cleared it
        # (the target it happened in fails).
        self.raised = None
        # The candidate's side, while it serves a request: the warnings and
        # log records it raised, which cross with the answer (see
        # `forward_events`).
        self.events = None

    def forward_events(self):
        """The candidate's side: a warning or a log record the candidate
        raises while it serves the judge crosses with the answer and is
        raised again in the judge, under the judge's filters and handlers,
        as natively the test's `pytest.warns`, `assertWarns` or
        `assertLogs` would see it. The candidate's own filters still decide
        whether it warns at all (every warning is shown: a test's
        `pytest.warns` shows repeats too); a record crosses when its
        logger is enabled for its level here (`assertLogs` at INFO around a
        logger left at WARNING sees nothing: a known gap), and is handled
        here too only by handlers the candidate configured."""
        side = self
        shown = warnings.showwarning

        def showwarning(message, category, filename, lineno, file=None, line=None):
            events = side.events
            if events is None or file is not None:
                return shown(message, category, filename, lineno, file, line)
            kind = "UserWarning"
            for each in getattr(category, "__mro__", ()):
                if each in _builtin_types:
                    kind = each.__name__
                    break
            events.append(("warn", kind, str(message)[:10000], str(filename)[:1000],
                           int(lineno) if type(lineno) is int else 0))

        warnings.showwarning = showwarning
        warnings.simplefilter("always")
        handled = logging.Logger.callHandlers

        def callHandlers(logger, record):
            events = side.events
            if events is None:
                return handled(logger, record)
            try:
                text = str(record.getMessage())[:10000]
            except Exception:  # noqa: BLE001 (logging reports it itself)
                return handled(logger, record)
            level = record.levelno if type(record.levelno) is int else logging.WARNING
            events.append(("log", str(logger.name), level, text))
            each = logger
            while each:
                if each.handlers:
                    return handled(logger, record)
                if not each.propagate:
                    break
                each = each.parent

        logging.Logger.callHandlers = callHandlers

    # -- handles --------------------------------------------------------------
    def export(self, obj):
        """The handle number of one of this side's objects."""
        key = id(obj)
        number = self.ids.get(key)
        if number is None:
            number = len(self.table)
            self.table.append(obj)
            self.ids[key] = number
        return number

    def own(self, number):
        if type(number) is not int or not 0 <= number < len(self.table):
            raise BoundaryError("a handle this side never gave out")
        return self.table[number]

    # -- encoding -------------------------------------------------------------
    def within(self, value, limit):
        """`value`, or a wrapper that makes it cross as a handle when its
        encoding is over `limit` bytes (or cannot be written as data)."""
        if type(value) in _exact_data and type(value) not in (str, bytes):
            return value
        try:
            if len(self.dumps(value)) <= limit:
                return value
        except (BoundaryError, ValueError, TypeError, RecursionError):
            pass
        return _ByHandle(value)

    def dumps(self, value):
        """`value` as message bytes: plain marshal when it is plain data,
        else the tagged form."""
        # marshal writes any object with the buffer protocol (bytearray,
        # array.array, a numpy array or scalar) as bytes: only exact plain
        # data takes the fast path.
        if _plain(value, 0):
            return b"p" + marshal.dumps(value, FORMAT)
        return b"t" + marshal.dumps(self.tagged(value, 0), FORMAT)

    def tagged(self, value, depth):
        kind = type(value)
        if kind in _exact_data:
            return value
        if depth > MAX_DEPTH:
            raise BoundaryError("the value nests more than %d levels deep" % MAX_DEPTH)
        depth += 1
        if kind is list:
            return [self.tagged(item, depth) for item in value]
        if kind is tuple:
            items = tuple(self.tagged(item, depth) for item in value)
            if items and items[0] is TAG:
                return (TAG, "t", items)
            return items
        if kind is dict:
            return {self.tagged(k, depth): self.tagged(v, depth) for k, v in value.items()}
        if kind is set:
            return {self.tagged(item, depth) for item in value}
        if kind is frozenset:
            return frozenset(self.tagged(item, depth) for item in value)
        if kind is _ByHandle:
            return self.handle(value.value)
        if kind is Proxy or isinstance(value, Proxy):
            if value._side is self:
                return (TAG, "r", value._number)
        elif kind is MirrorMeta and value._mirror_side is self:
            return (TAG, "r", value._mirror_number)
        elif kind is type and value.__dict__.get("_mirror_of") is self:
            # This side's stand-in for the other side's exception class.
            return (TAG, "r", value._remote_number)
        tag = self.value_tag(value, kind, depth)
        if tag is not None:
            return tag
        plain = _plain_base(kind)
        if plain is not None:
            # An instance of a subclass of a built-in type that compares as
            # that type does (a namedtuple, an IntEnum member) is that
            # type's value; one that compares its own way is a handle, so
            # it never equals data.
            try:
                return self.tagged(plain(value), depth)
            except (TypeError, ValueError):
                pass
        return self.handle(value)

    def value_tag(self, value, kind, depth):
        """The tag of a standard value type, or None."""
        if kind is fractions.Fraction:
            return (TAG, "fraction", value.numerator, value.denominator)
        if kind is decimal.Decimal:
            return (TAG, "decimal", str(value))
        if kind is collections.Counter:
            return (TAG, "counter", self.tagged(dict(value), depth))
        if kind is collections.OrderedDict:
            return (TAG, "ordereddict", [self.tagged(pair, depth) for pair in value.items()])
        if kind is collections.defaultdict:
            factory = value.default_factory
            return (TAG, "defaultdict", self.tagged(factory, depth),
                    self.tagged(dict(value), depth))
        if kind is collections.deque:
            return (TAG, "deque", self.tagged(list(value), depth), value.maxlen)
        if kind is bytearray:
            return (TAG, "bytearray", bytes(value))
        if kind is range:
            return (TAG, "range", value.start, value.stop, value.step)
        if kind in _paths:
            return (TAG, "path", kind.__name__, str(value))
        if kind is datetime.date:
            return (TAG, "date", value.year, value.month, value.day)
        if kind is datetime.datetime:
            return (TAG, "datetime", value.year, value.month, value.day, value.hour,
                    value.minute, value.second, value.microsecond, self.zone(value.tzinfo),
                    value.fold)
        if kind is datetime.time:
            return (TAG, "time", value.hour, value.minute, value.second, value.microsecond,
                    self.zone(value.tzinfo), value.fold)
        if kind is datetime.timedelta:
            return (TAG, "timedelta", value.days, value.seconds, value.microseconds)
        if kind is type(...):
            return (TAG, "ellipsis")
        if kind is type and value in _builtin_types:
            return (TAG, "builtin", value.__name__)
        if _science is not None:
            encode = _science.encoders.get(kind)
            if encode is not None:
                return encode(self, value, depth)
            if isinstance(value, _science.np.generic):
                return _science.generic(self, value, depth)
        return None

    def zone(self, tzinfo):
        if tzinfo is None:
            return None
        if type(tzinfo) is datetime.timezone:
            offset = tzinfo.utcoffset(None)
            return (offset.days, offset.seconds, offset.microseconds)
        raise BoundaryError("only fixed-offset time zones cross the boundary")

    def handle(self, value):
        """The tag of a handle to `value`: its number and what the other side
        needs to make its proxy: its kind, name and module, and the nearest
        built-in exception base of an exception class, or the class of an
        instance."""
        if self.guarded and type(value) is _module_type:
            raise BoundaryError("a module does not cross to the candidate")
        number = self.export(value)
        module = _safe_module(value)
        if getattr(value, "__self__", None) is not None and type(value.__self__) is not _module_type:
            # A bound method is its object's: never this side's function of
            # the same name.
            module = None
        if isinstance(value, type):
            base = None
            if issubclass(value, BaseException):
                for klass in value.__mro__:
                    if klass in _builtin_types:
                        base = klass.__name__
                        break
            return (TAG, "h", number, ("class", _safe_name(value), base, module))
        if type(value) is _module_type:
            return (TAG, "h", number, ("module", _module_name(value), None, None))
        if type(value).__name__ in _function_kinds:
            return (TAG, "h", number, ("function", _safe_name(value), None, module))
        klass = type(value)
        return (TAG, "h", number, ("object", _safe_name(klass), self.tagged(klass, 1), None))

    # -- decoding -------------------------------------------------------------
    def loads(self, data):
        """A value from message bytes (the host checked their shape)."""
        kind = data[0]
        value = marshal.loads(memoryview(data)[1:])
        return value if kind == _PLAIN else self.untagged(value)

    def untagged(self, value):
        kind = type(value)
        if kind in _exact_data:
            return value
        if kind is list:
            return [self.untagged(item) for item in value]
        if kind is tuple:
            if value and value[0] is TAG:
                return self.from_tag(value)
            return tuple(self.untagged(item) for item in value)
        if kind is dict:
            return {self.untagged(k): self.untagged(v) for k, v in value.items()}
        if kind is set:
            return {self.untagged(item) for item in value}
        if kind is frozenset:
            return frozenset(self.untagged(item) for item in value)
        return value  # `...`, StopIteration: plain marshal singletons

    def from_tag(self, tag):
        kind = tag[1] if len(tag) > 1 else None
        if kind == "t":
            return tuple(self.untagged(item) for item in tag[2])
        if kind == "h":
            return self.proxy(tag[2], tag[3])
        if kind == "r":
            return self.own(tag[2])
        if kind == "fraction":
            return fractions.Fraction(tag[2], tag[3])
        if kind == "decimal":
            return decimal.Decimal(tag[2])
        if kind == "counter":
            return collections.Counter(self.untagged(tag[2]))
        if kind == "ordereddict":
            return collections.OrderedDict(self.untagged(pair) for pair in tag[2])
        if kind == "defaultdict":
            return collections.defaultdict(self.untagged(tag[2]), self.untagged(tag[3]))
        if kind == "deque":
            return collections.deque(self.untagged(tag[2]), tag[3])
        if kind == "bytearray":
            return bytearray(tag[2])
        if kind == "range":
            return range(tag[2], tag[3], tag[4])
        if kind == "path":
            return _paths_by_name.get(tag[2], pathlib.PurePosixPath)(tag[3])
        if kind == "date":
            return datetime.date(tag[2], tag[3], tag[4])
        if kind == "datetime":
            return datetime.datetime(*tag[2:9], tzinfo=self.unzone(tag[9]), fold=tag[10])
        if kind == "time":
            return datetime.time(*tag[2:6], tzinfo=self.unzone(tag[6]), fold=tag[7])
        if kind == "timedelta":
            return datetime.timedelta(tag[2], tag[3], tag[4])
        if kind == "ellipsis":
            return ...
        if kind == "builtin":
            found = _builtin_by_name.get(tag[2])
            if found is None:
                raise BoundaryError("no built-in type named %r" % (tag[2],))
            return found
        if type(kind) is str and kind.startswith("np."):
            if _science is None:
                raise BoundaryError(
                    "a numpy or pandas value cannot cross into this runtime, which has "
                    "neither (run the candidate in python-sci)")
            decode = _science.decoders.get(kind)
            if decode is not None:
                return decode(self, tag)
        raise BoundaryError("an unknown tag %r" % (kind,))

    def unzone(self, zone):
        if zone is None:
            return None
        return datetime.timezone(datetime.timedelta(*zone))

    def proxy(self, number, info):
        """The proxy of the other side's object `number` (one per object, so
        identity holds across the boundary), or this side's own copy of it
        when it is a module or a class or function of one that this side has
        loaded (`math`, `math.sqrt`, `json.JSONDecodeError`)."""
        found = self.proxies.get(number)
        if found is not None:
            return found
        kind, name, extra, module = info
        made = self.local(kind, name, module)
        if made is not None:
            pass
        elif kind == "class":
            if extra is not None:
                made = self.exception_mirror(number, name, extra)
            else:
                made = MirrorMeta(name if type(name) is str else "?", (Proxy,),
                                  {"__module__": "solution", "_mirror_side": self,
                                   "_mirror_number": number})
        elif kind == "module":
            made = object.__new__(ModuleProxy)
            object.__setattr__(made, "_side", self)
            object.__setattr__(made, "_number", number)
            object.__setattr__(made, "_name", name if type(name) is str else "?")
        else:
            klass = Proxy
            if kind == "object" and type(extra) is not type(None):
                klass = self.untagged(extra)
                if type(klass) is not MirrorMeta:
                    klass = Proxy
            elif kind == "function":
                klass = FunctionProxy
            made = object.__new__(klass)
            object.__setattr__(made, "_side", self)
            object.__setattr__(made, "_number", number)
            object.__setattr__(made, "_name", name if type(name) is str else "?")
        self.proxies[number] = made
        return made

    def local(self, kind, name, module):
        """This side's own module `name` (a standard-library one), or its own
        copy of the class `name` of such a module; None when there is none.

        On the judge's side (`guarded`) a name is only a claim the candidate
        makes, so what it may resolve to is narrow: public standard-library
        modules, the value types whose instances cross as data (`Fraction`,
        `Counter`, `datetime`, numpy's and pandas' arrays and frames, ...)
        and public exception classes that are not control flow of a test
        runner (never `unittest`'s, never a `BaseException` that is not an
        `Exception`). Never a function, never any other class: those stay
        proxies, whose every use runs in the candidate's instance."""
        if type(name) is not str or (module is not None and type(module) is not str):
            return None
        if kind == "module":
            if self.guarded and any(part.startswith("_") for part in name.split(".")):
                return None
            top = name.partition(".")[0]
            if top not in _local_modules:
                return None
            if name in sys.modules:
                return sys.modules[name]
            if top in sys.stdlib_module_names:
                try:
                    __import__(name)
                except ImportError:
                    return None
                return sys.modules.get(name)
            return None
        if (kind not in ("class", "function") or module is None
                or module.partition(".")[0] not in _local_modules):
            return None
        if self.guarded and (kind != "class" or module.partition(".")[0] == "unittest"
                             or any(part.startswith("_") for part in name.split("."))
                             or any(part.startswith("_") for part in module.split("."))):
            return None
        owner = sys.modules.get(module)
        if owner is None or "<" in name:
            return None
        found = owner
        for part in name.split("."):
            found = getattr(found, part, None)
            if found is None:
                return None
        if kind == "class" and not isinstance(found, type):
            return None
        if kind == "function" and (isinstance(found, type) or not callable(found)):
            return None
        if self.guarded and not (found in _VALUE_CLASSES
                                 or (issubclass(found, Exception)
                                     and found.__module__.partition(".")[0] != "unittest")):
            return None
        return found

    def exception_mirror(self, number, name, base):
        """A class of this side standing for the other side's exception class
        `number`: same name, the same nearest built-in base, so that
        `pytest.raises(ValueError)` and `except CustomError` work."""
        found = self.exception_mirrors.get(number)
        if found is None:
            builtin = _builtin_by_name.get(base)
            if not (isinstance(builtin, type) and issubclass(builtin, BaseException)):
                builtin = Exception
            found = type(name if type(name) is str else "?", (builtin,),
                         {"__module__": "solution", "_remote_number": number,
                          "_mirror_of": self})
            self.exception_mirrors[number] = found
        return found

    # -- calls ----------------------------------------------------------------
    def request(self, *message):
        """Send `message` to the other side and return its answer, serving
        the requests it makes meanwhile; raise what it raised."""
        iterating = message[0] == "unary" and message[2] == "next"
        return self.requested(b"Q" + self.dumps(message), iterating)

    def requested(self, request, iterating=False):
        """The answer to the encoded `request` (see `request`). A
        StopIteration raised by anything but `next` (`iterating`) arrives as
        RuntimeError, as PEP 479 has it for generators: the other side's
        function never ends this side's loop early."""
        reply = self.exchange(request)
        while reply[0] == _REQUEST:
            reply = self.exchange(b"A" + self.serve(memoryview(reply)[1:]))
        answer = self.loads(memoryview(reply)[1:])
        status = answer[0]
        if status == "ok":
            self.print_output(answer[3])
            return answer[1], answer[2]
        self.print_output(answer[2])
        exc = self.exception(answer[1])
        if not iterating and isinstance(exc, (StopIteration, StopAsyncIteration)):
            exc = RuntimeError("%s raised across the boundary" % type(exc).__name__)
            exc._wasmeval_remote = True
        raise exc

    def print_output(self, output):
        """Print what the other side printed while it served a request, and
        raise again the warnings and log records it raised (plain data: a
        category's built-in kind, a logger's name, a level, the texts)."""
        if output:
            out, err = output[0], output[1]
            if out:
                sys.stdout.write(out)
            if err:
                sys.stderr.write(err)
            for event in output[2] if len(output) > 2 else ():
                if event[0] == "warn":
                    _, kind, message, filename, lineno = event
                    category = _builtin_by_name.get(kind)
                    if not (isinstance(category, type) and issubclass(category, Warning)):
                        category = UserWarning
                    warnings.warn_explicit(message, category, filename, lineno)
                elif event[0] == "log":
                    _, name, level, message = event
                    logger = logging.getLogger() if name == "root" else logging.getLogger(name)
                    logger.log(level, "%s", message)

    def exception(self, info):
        """This side's exception for what the other side raised."""
        name, base, klass, message, args = info
        if type(klass) is type and issubclass(klass, BaseException):
            cls = klass
        else:
            cls = _builtin_by_name.get(name)
            if not (isinstance(cls, type) and issubclass(cls, BaseException)):
                cls = _builtin_by_name.get(base)
                if not (isinstance(cls, type) and issubclass(cls, BaseException)):
                    cls = Exception
        try:
            exc = cls(*args) if type(args) is tuple else cls(message)
        except Exception:
            exc = cls.__new__(cls)
            BaseException.__init__(exc, message)
        try:
            # Raised on the other side: not this side's own (a test's
            # failed import is a missing module; the candidate's is not).
            exc._wasmeval_remote = True
        except (AttributeError, TypeError):
            pass
        return exc

    def call(self, target, args, kwargs):
        """Call the other side's `target` with `args`; mutable arguments it
        changed are changed here too."""
        message = ("call", target._number, args, kwargs)
        if not kwargs and set(map(type, args)) <= _exact_set:
            # The common call, all its arguments exact plain data: no walk.
            request = b"Qp" + marshal.dumps(message, FORMAT)
        else:
            request = b"Q" + self.dumps(message)
        value, writebacks = self.requested(request)
        for position, after in writebacks:
            before = args[position] if type(position) is int else kwargs[position]
            apply(before, after)
        return value

    # -- serving --------------------------------------------------------------
    def serve(self, data):
        """Answer one request of the other side (bytes in, bytes out)."""
        if self.guarded:
            return self.serve_judged(data)
        # One pair of buffers per level of nesting, kept between calls (an
        # IOBase costs more to make and to finalise than the call itself).
        if self.buffers:
            out, err = self.buffers.pop()
            if out.closed or err.closed:
                out, err = _Buffer(), _Buffer()
        else:
            out, err = _Buffer(), _Buffer()
        out.reset(sys.stdout)
        err.reset(sys.stderr)
        real = sys.stdout, sys.stderr
        sys.stdout, sys.stderr = out, err
        outer, self.events = self.events, []
        raised = None
        try:
            try:
                value, writebacks = self.perform(self.loads(data))
            except BaseException as exc:  # noqa: BLE001 (everything crosses)
                raised = self.describe(exc)
        finally:
            sys.stdout, sys.stderr = real
            events, self.events = self.events, outer
        if events:
            printed = (out.text(), err.text(), events)
        else:
            printed = (out.text(), err.text()) if out.parts or err.parts else None
        out.reset(None)
        err.reset(None)
        self.buffers.append((out, err))
        try:
            if raised is None:
                reply = ("ok", value, writebacks, printed)
                if (not writebacks and printed is None
                        and (type(value) in _exact_set or _plain(value, 1))):
                    return b"p" + marshal.dumps(reply, FORMAT)
                return self.dumps(reply)
        except BaseException as exc:  # noqa: BLE001
            raised = self.describe(exc)
        return self.dumps(("raise", raised, printed))

    def serve_judged(self, data):
        """`serve` on the judge's side: what the test's code prints while it
        serves stays this side's output, and an error crosses redacted."""
        message = None
        try:
            message = self.loads(data)
            value, writebacks = self.perform(message)
            return self.dumps(("ok", value, writebacks, None))
        except BaseException as exc:  # noqa: BLE001 (everything crosses, redacted)
            return self.dumps(("raise", self.redacted(exc, message), None))

    def redacted(self, exc, message):
        """What crosses of an error raised in the judge while it served the
        other side: its nearest built-in kind, nothing else (its message
        and arguments may hold what the test expects). The end of an
        iteration the other side asked for is no error; any other marks
        the running target as failed (`raised`)."""
        kind = "Exception"
        for each in type(exc).__mro__:
            if each in _builtin_types:
                kind = each.__name__
                break
        ended = (type(exc) is StopIteration and type(message) is tuple
                 and message[:1] == ("unary",) and message[2:3] == ("next",))
        # A request refused tells nothing and runs none of the test's code.
        refused = type(exc) in (_Refused, _RefusedAttribute)
        if not ended and not refused and self.raised is None:
            self.raised = kind
        return (kind, kind, None, "", ())

    def describe(self, exc):
        """What crosses of an exception: its class's name, its nearest
        built-in base's, the class itself when it is not built in (as a
        handle), its message and its plain-data arguments."""
        klass = type(exc)
        base = None
        for each in klass.__mro__:
            if each in _builtin_types:
                base = each.__name__
                break
        try:
            message = str(exc)
        except BaseException:  # noqa: BLE001
            message = "<unprintable>"
        args = exc.args if type(exc.args) is tuple else ()
        try:
            marshal.dumps(args, FORMAT)
        except (ValueError, TypeError):
            args = (message,)
        return (_safe_name(klass), base, None if klass in _builtin_types else klass,
                message[:10000], args)

    def perform(self, message):
        """The value a request asks for, and the writebacks of a call. The
        judge's side serves only calls of what it handed out and iteration
        of its iterators: its objects are capabilities, never taken apart
        (no attributes, items or operators; its frames, code and modules
        never cross)."""
        op = message[0]
        if self.guarded and (op not in _judge_ops or (op == "unary"
                                                      and message[2] not in _judge_unary)):
            if op == "getattr":
                raise _RefusedAttribute("the test's objects give out no attributes")
            raise _Refused("the test's objects are only called and iterated")
        if op == "names":
            if self.lookup is None:
                raise BoundaryError("this side has no names to give")
            return self.lookup(message[1]), ()
        target = self.own(message[1])
        if op == "call":
            args, kwargs = message[2], message[3]
            # What each mutable argument was, to send back the ones the
            # call changed; one that holds objects (not plain data) has no
            # such image and always goes back.
            snapshot = None
            if not _mutable.isdisjoint(map(type, args)) or kwargs:
                snapshot = [(i, _image(a)) for i, a in enumerate(args) if type(a) in _mutable]
                snapshot += [(k, _image(v)) for k, v in kwargs.items() if type(v) in _mutable]
            value = target(*args, **kwargs)
            writebacks = []
            if snapshot:
                for position, before in snapshot:
                    after = args[position] if type(position) is int else kwargs[position]
                    if before is None or _image(after) != before:
                        writebacks.append((position, after))
            return value, writebacks
        if op in ("getattr", "setattr", "delattr"):
            name = message[2]
            if type(name) is not str or (self.guarded and name.startswith("_")):
                raise AttributeError("%r is not available across the boundary" % (name,))
            if op == "getattr":
                return getattr(target, name), ()
            if op == "setattr":
                setattr(target, name, message[3])
            else:
                delattr(target, name)
            return None, ()
        if op == "getitem":
            return target[message[2]], ()
        if op == "setitem":
            target[message[2]] = message[3]
            return None, ()
        if op == "delitem":
            del target[message[2]]
            return None, ()
        if op == "unary":
            return _unary[message[2]](target), ()
        if op == "binary":
            other = self.own(message[3])
            return _binary[message[2]](target, other), ()
        raise BoundaryError("an unknown request %r" % (op,))


class _Buffer(io.TextIOBase):
    """A call's stdout or stderr, kept to send back with the answer, up to
    MAX_BUFFERED_OUTPUT (then it goes to the real stream)."""

    def __init__(self):
        self.reset(None)

    def reset(self, stream):
        """Empty, writing past the cap to `stream`."""
        self.stream = stream
        self.parts = []
        self.size = 0

    def writable(self):
        return True

    def write(self, text):
        if type(text) is not str:
            raise TypeError("write() argument must be str, not %s" % type(text).__name__)
        if self.size + len(text) > MAX_BUFFERED_OUTPUT:
            self.stream.write(self.text())
            self.parts = []
            self.size = MAX_BUFFERED_OUTPUT + 1
            return self.stream.write(text)
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def flush(self):
        pass

    def text(self):
        return "".join(self.parts)


def apply(before, after):
    """Make `before` (the caller's argument) what `after` (the callee's) came
    back as, in place, keeping the identity of containers inside it."""
    kind = type(before)
    if kind is list and type(after) is list:
        if len(before) == len(after):
            for i, (old, new) in enumerate(zip(before, after)):
                if type(old) in _mutable and type(new) is type(old):
                    apply(old, new)
                elif old is not new:
                    before[i] = new
        else:
            before[:] = after
    elif kind is dict and type(after) is dict:
        for key in [k for k in before if k not in after]:
            del before[key]
        for key, new in after.items():
            old = before.get(key, after)
            if type(old) in _mutable and type(new) is type(old):
                apply(old, new)
            else:
                before[key] = new
    elif kind is set and type(after) is set:
        before.clear()
        before.update(after)
    elif kind is bytearray and type(after) is bytearray:
        before[:] = after


def _image(value):
    """`value` as marshal bytes, or None when it holds anything marshal
    cannot write (an object of the candidate's, say)."""
    try:
        return marshal.dumps(value, FORMAT)
    except (ValueError, TypeError):
        return None


def _plain(value, depth):
    """Whether `value` is exact plain data all the way down (None, bool,
    int, float, complex, str, bytes, and lists, tuples, dicts, sets and
    frozensets of them; no tuple whose first item is `...`)."""
    kind = type(value)
    if kind in _exact_set:
        return True
    if depth > MAX_DEPTH:
        return False
    if kind is dict:
        return _plain_items(value.keys(), depth) and _plain_items(value.values(), depth)
    if kind in _plain_containers:
        return _plain_items(value, depth)
    return False


def _plain_items(items, depth):
    kinds = set(map(type, items))
    if kinds <= _exact_set:
        return True
    if not kinds <= _plain_set:
        return False
    depth += 1
    for item in items:
        if type(item) not in _exact_set and not _plain(item, depth):
            return False
    return True


_exact_set = frozenset(_exact_data)
_plain_containers = frozenset((list, tuple, set, frozenset))
_plain_set = _exact_set | _plain_containers | {dict}
def _value_classes():
    """The classes whose instances cross as data (see `Side.value_tag`):
    the judge may take a handle naming one for its own."""
    classes = {fractions.Fraction, decimal.Decimal, collections.Counter,
               collections.OrderedDict, collections.defaultdict, collections.deque,
               datetime.date, datetime.datetime, datetime.time, datetime.timedelta,
               datetime.timezone, range}
    classes.update(_paths)
    if _science is not None:
        classes.update(k for k in _science.encoders if isinstance(k, type))
    return classes


_mutable = frozenset((list, dict, set, bytearray))
_paths = (pathlib.Path, pathlib.PosixPath, pathlib.PurePath, pathlib.PurePosixPath)
_paths_by_name = {kind.__name__: kind for kind in _paths}
_module_type = type(sys)
# Modules a handle's name never makes this side import.
_never_imported = frozenset(("this", "antigravity", "__hello__", "__phello__", "idlelib",
                             "turtledemo", "tkinter", "turtle"))
# Whose classes and functions a handle may name to get this side's own: the
# standard library's (never this harness's, nor the candidate's own code).
_local_modules = frozenset(sys.stdlib_module_names) - _never_imported
_function_kinds = frozenset(("function", "builtin_function_or_method", "method",
                             "method-wrapper", "functools.partial", "partial",
                             "staticmethod", "classmethod", "wrapper_descriptor"))


_plain_types = (int, float, complex, str, bytes, tuple, list, dict, set, frozenset)
_comparisons = ("__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "__hash__")


def _plain_base(kind):
    """The built-in type a subclass `kind` holds the value of, when it
    compares (and hashes) exactly as that type does; None otherwise."""
    for base in _plain_types:
        if issubclass(kind, base):
            try:
                same = all(getattr(kind, name) is getattr(base, name) for name in _comparisons)
            except AttributeError:
                return None
            return base if same else None
    return None


def _safe_module(obj):
    try:
        module = getattr(obj, "__module__", None)
    except BaseException:  # noqa: BLE001
        return None
    return module if type(module) is str else None


def _module_name(module):
    try:
        name = module.__name__
    except BaseException:  # noqa: BLE001
        return "?"
    return name if type(name) is str else "?"


def _safe_name(obj):
    try:
        name = getattr(obj, "__qualname__", None) or getattr(obj, "__name__", None)
    except BaseException:  # noqa: BLE001
        return "?"
    return name if type(name) is str else "?"


_builtins = sys.modules["builtins"]
_builtin_types = frozenset(v for v in vars(_builtins).values() if isinstance(v, type))
_builtin_by_name = {name: v for name, v in vars(_builtins).items() if isinstance(v, type)}

# What the judge's side serves (see `Side.perform`).
_judge_ops = frozenset(("call", "unary"))
_judge_unary = frozenset(("iter", "next", "bool", "hash"))

_unary = {
    "len": len,
    "bool": bool,
    "str": str,
    "repr": repr,
    "hash": hash,
    "iter": iter,
    "next": next,
    "int": int,
    "float": float,
    "index": lambda x: x.__index__(),
    "complex": complex,
    "neg": lambda x: -x,
    "pos": lambda x: +x,
    "abs": abs,
    "invert": lambda x: ~x,
    "reversed": reversed,
    "enter": lambda x: x.__enter__(),
    "format": format,
}

import operator as _operator  # noqa: E402

_binary = {
    "eq": _operator.eq, "ne": _operator.ne, "lt": _operator.lt, "le": _operator.le,
    "gt": _operator.gt, "ge": _operator.ge, "add": _operator.add, "sub": _operator.sub,
    "mul": _operator.mul, "truediv": _operator.truediv, "floordiv": _operator.floordiv,
    "mod": _operator.mod, "pow": _operator.pow, "matmul": _operator.matmul,
    "and": _operator.and_, "or": _operator.or_, "xor": _operator.xor,
    "lshift": _operator.lshift, "rshift": _operator.rshift, "contains": _operator.contains,
}

# What each unary request must answer with (checked on the caller's side,
# which does not trust the other).
_unary_answers = {"len": int, "bool": bool, "str": str, "repr": str, "hash": int,
                  "int": int, "float": float, "index": int, "complex": complex,
                  "format": str}


def _remote_unary(op):
    def forward(self, *rest):
        value, _ = self._side.request("unary", self._number, op)
        want = _unary_answers.get(op)
        if want is not None and type(value) is not want:
            if want is float and type(value) is int:
                return float(value)
            raise TypeError("%s() of a %s returned %s, not %s" % (
                op, self._name, type(value).__name__, want.__name__))
        return value
    forward.__name__ = "__%s__" % op
    return forward


def _remote_binary(op, flipped=False):
    def forward(self, other):
        if not isinstance(other, Proxy) or other._side is not self._side:
            # A value of this side never crosses as an operand.
            return NotImplemented
        a, b = (other, self) if flipped else (self, other)
        value, _ = self._side.request("binary", a._number, op, b._number)
        return value
    forward.__name__ = "__%s__" % op
    return forward


class Proxy:
    """The other side's object: every use is a request to it."""

    __slots__ = ("_side", "_number", "_name", "__weakref__")

    def __getattr__(self, name):
        if name.startswith("__") and name.endswith("__") and name not in _forwarded_dunders:
            raise AttributeError(name)
        value, _ = self._side.request("getattr", self._number, name)
        return value

    def __setattr__(self, name, value):
        self._side.request("setattr", self._number, name, value)

    def __delattr__(self, name):
        self._side.request("delattr", self._number, name)

    def __call__(self, *args, **kwargs):
        return self._side.call(self, args, kwargs)

    def __getitem__(self, key):
        value, _ = self._side.request("getitem", self._number, key)
        return value

    def __setitem__(self, key, value):
        self._side.request("setitem", self._number, key, value)

    def __delitem__(self, key):
        self._side.request("delitem", self._number, key)

    def __next__(self):
        try:
            value, _ = self._side.request("unary", self._number, "next")
        except StopIteration:
            raise StopIteration from None
        return value

    def __exit__(self, kind, exc, traceback):
        # The other side's context manager may swallow only what the other
        # side raised (it is told its class), never this side's own failure
        # (a test's assert: it is told nothing).
        remote = exc is not None and getattr(exc, "_wasmeval_remote", False) is True
        value, _ = self._side.request("getattr", self._number, "__exit__")
        suppress = value(kind if remote else None, None, None)
        return remote and suppress is True

    __len__ = _remote_unary("len")
    __bool__ = _remote_unary("bool")
    __str__ = _remote_unary("str")
    __repr__ = _remote_unary("repr")
    __hash__ = _remote_unary("hash")
    __iter__ = _remote_unary("iter")
    __int__ = _remote_unary("int")
    __float__ = _remote_unary("float")
    __index__ = _remote_unary("index")
    __complex__ = _remote_unary("complex")
    __neg__ = _remote_unary("neg")
    __pos__ = _remote_unary("pos")
    __abs__ = _remote_unary("abs")
    __invert__ = _remote_unary("invert")
    __reversed__ = _remote_unary("reversed")
    __enter__ = _remote_unary("enter")
    __format__ = _remote_unary("format")
    __eq__ = _remote_binary("eq")
    __ne__ = _remote_binary("ne")
    __lt__ = _remote_binary("lt")
    __le__ = _remote_binary("le")
    __gt__ = _remote_binary("gt")
    __ge__ = _remote_binary("ge")
    # No __contains__: `x in proxy` iterates the proxy, so the probe value
    # never crosses.

    for _op in ("add", "sub", "mul", "truediv", "floordiv", "mod", "pow", "matmul",
                "and", "or", "xor", "lshift", "rshift"):
        locals()["__%s__" % _op] = _remote_binary(_op)
        locals()["__r%s__" % _op] = _remote_binary(_op, flipped=True)
    del _op


_forwarded_dunders = frozenset(("__name__", "__qualname__", "__doc__", "__module__",
                                "__dict__", "__annotations__", "__wrapped__",
                                "__exit__"))


class FunctionProxy(Proxy):
    """The other side's function."""

    __slots__ = ()


class ModuleProxy(Proxy):
    """The other side's module that this side does not have (or may not
    take for its own)."""

    __slots__ = ()


class MirrorMeta(type):
    """The class of the other side's classes' proxies: calling one makes an
    instance there; reading an attribute reads it there."""

    def __call__(cls, *args, **kwargs):
        side = cls._mirror_side
        value, writebacks = side.request("call", cls._mirror_number, args, kwargs)
        for position, after in writebacks:
            apply(args[position] if type(position) is int else kwargs[position], after)
        return value

    def __getattr__(cls, name):
        if name.startswith("__") and name.endswith("__") and name not in _forwarded_dunders:
            raise AttributeError(name)
        value, _ = cls._mirror_side.request("getattr", cls._mirror_number, name)
        return value

    def __instancecheck__(cls, instance):
        return type.__instancecheck__(cls, instance)

    def __repr__(cls):
        return "<class %r>" % (type.__getattribute__(cls, "__qualname__"),)


# ---------------------------------------------------------------------------
# numpy and pandas values (python-sci only: the modules are in the snapshot).
# ---------------------------------------------------------------------------
class _Science:
    """Encoders (by exact type) and decoders (by tag) of numpy arrays and
    scalars and pandas' Series, DataFrame, Index, Categorical, Timestamp and
    Timedelta. An array crosses as its dtype, shape and raw bytes when its
    dtype is plain numbers, booleans or datetimes (anything else as its
    items), and the receiver rebuilds it with its own numpy; nothing of the
    sender's objects crosses."""

    import re as _re

    # The dtypes whose raw bytes cross: booleans, integers, floats,
    # complex, datetime64 and timedelta64 (with their unit).
    RAW = _re.compile(r"^[<>|=]?[biufcmM][0-9]{1,2}(\[[0-9]*[a-zA-Z]{1,3}\])?$")
    TEXT = _re.compile(r"^[<>|=]?[US][0-9]{0,9}$")

    def __init__(self, np, pd):
        self.np = np
        self.pd = pd
        enc = {np.ndarray: self.array}
        for name in ("bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
                     "uint64", "float16", "float32", "float64", "longdouble", "complex64",
                     "complex128", "clongdouble", "datetime64", "timedelta64"):
            klass = getattr(np, name, None)
            if isinstance(klass, type):
                enc[klass] = self.scalar
        enc[np.str_] = lambda side, v, depth: (TAG, "np.str", str(v))
        enc[np.bytes_] = lambda side, v, depth: (TAG, "np.bytes", bytes(v))
        if pd is not None:
            enc[pd.Series] = self.series
            enc[pd.DataFrame] = self.frame
            enc[pd.Categorical] = self.categorical
            enc[pd.Timestamp] = lambda side, v, depth: (
                TAG, "np.timestamp", int(v.as_unit("ns").value), self.zone(v.tz))
            enc[pd.Timedelta] = lambda side, v, depth: (
                TAG, "np.timedelta", int(v.as_unit("ns").value))
            enc[type(pd.NaT)] = lambda side, v, depth: (TAG, "np.nat")
            enc[type(pd.NA)] = lambda side, v, depth: (TAG, "np.na")
            for klass in (pd.Index, pd.RangeIndex, pd.DatetimeIndex, pd.CategoricalIndex,
                          pd.MultiIndex, pd.TimedeltaIndex):
                enc[klass] = self.index
        self.encoders = enc
        self.decoders = {
            "np.array": self.unarray, "np.items": self.unitems, "np.scalar": self.unscalar,
            "np.str": lambda side, t: np.str_(t[2]),
            "np.bytes": lambda side, t: np.bytes_(t[2]),
        }
        if pd is not None:
            self.decoders.update({
                "np.series": self.unseries, "np.frame": self.unframe,
                "np.categorical": self.uncategorical, "np.index": self.unindex,
                "np.timestamp": lambda side, t: self.untimestamp(t[2], t[3]),
                "np.timedelta": lambda side, t: pd.Timedelta(int(t[2]), unit="ns"),
                "np.nat": lambda side, t: pd.NaT, "np.na": lambda side, t: pd.NA,
            })

    # -- numpy ----------------------------------------------------------------
    def array(self, side, value, depth):
        dtype = value.dtype
        if dtype.fields is None and dtype.kind in "biufcmM" and self.RAW.match(dtype.str):
            raw = self.np.ascontiguousarray(value).tobytes()
            return (TAG, "np.array", dtype.str, tuple(value.shape), raw)
        text = dtype.str if dtype.kind in "US" else "O"
        items = side.tagged(value.ravel().tolist() if dtype.kind in "US" else
                            list(value.ravel()), depth)
        return (TAG, "np.items", text, tuple(value.shape), items)

    def dtype(self, text, pattern):
        if type(text) is not str or not pattern.match(text):
            raise BoundaryError("a dtype that cannot cross: %r" % (text,))
        return self.np.dtype(text)

    def shape(self, shape):
        if type(shape) is not tuple or not all(type(n) is int and n >= 0 for n in shape):
            raise BoundaryError("a malformed array shape")
        return shape

    def unarray(self, side, tag):
        dtype = self.dtype(tag[2], self.RAW)
        shape, raw = self.shape(tag[3]), tag[4]
        count = 1
        for n in shape:
            count *= n
        if type(raw) is not bytes or len(raw) != count * dtype.itemsize:
            raise BoundaryError("an array's bytes do not match its shape")
        return self.np.frombuffer(raw, dtype=dtype).reshape(shape).copy()

    def unitems(self, side, tag):
        dtype = self.np.dtype(object) if tag[2] == "O" else self.dtype(tag[2], self.TEXT)
        shape, items = self.shape(tag[3]), side.untagged(tag[4])
        if type(items) is not list:
            raise BoundaryError("a malformed array")
        flat = self.np.empty(len(items), dtype=dtype)
        for i, item in enumerate(items):
            flat[i] = item
        return flat.reshape(shape)

    def scalar(self, side, value, depth):
        return (TAG, "np.scalar", value.dtype.str, value.tobytes())

    def generic(self, side, value, depth):
        """Any other numpy scalar: its value when its dtype is a plain one
        (a platform's own name for an integer type), else None (a handle)."""
        dtype = value.dtype
        if dtype.fields is None and dtype.kind in "biufcmM" and self.RAW.match(dtype.str):
            return self.scalar(side, value, depth)
        return None

    def unscalar(self, side, tag):
        dtype = self.dtype(tag[2], self.RAW)
        if type(tag[3]) is not bytes or len(tag[3]) != dtype.itemsize:
            raise BoundaryError("a malformed numpy scalar")
        return self.np.frombuffer(tag[3], dtype=dtype)[0]

    # -- pandas ---------------------------------------------------------------
    def zone(self, tz):
        if tz is None:
            return None
        name = getattr(tz, "key", None) or getattr(tz, "zone", None) or str(tz)
        return str(name)

    def untimestamp(self, value, zone):
        if type(value) is not int or (zone is not None and type(zone) is not str):
            raise BoundaryError("a malformed timestamp")
        stamp = self.pd.Timestamp(value, unit="ns")
        return stamp if zone is None else stamp.tz_localize("UTC").tz_convert(zone)

    def values(self, side, series, depth):
        """What crosses of a Series' or a column's values: a numpy array, a
        Categorical, time-zoned datetimes, or an extension array's dtype
        name and items."""
        pd, dtype = self.pd, series.dtype
        if isinstance(dtype, self.np.dtype):
            return self.array(side, series.to_numpy(), depth)
        if isinstance(dtype, pd.CategoricalDtype):
            return self.categorical(side, pd.Categorical(series), depth)
        if isinstance(dtype, pd.DatetimeTZDtype):
            stamps = series.dt.tz_convert("UTC").dt.tz_localize(None).to_numpy()
            return (TAG, "np.tzvalues", self.array(side, stamps, depth), self.zone(dtype.tz))
        items = [None if item is pd.NA else item for item in series.array]
        return (TAG, "np.extension", str(dtype), side.tagged(items, depth))

    def unvalues(self, side, tag):
        if type(tag) is not tuple or len(tag) < 2:
            raise BoundaryError("malformed pandas values")
        if tag[1] == "np.tzvalues":
            stamps = self.pd.DatetimeIndex(self.unarray(side, tag[2]))
            return stamps.tz_localize("UTC").tz_convert(tag[3]) if tag[3] else stamps
        if tag[1] == "np.extension":
            if type(tag[2]) is not str:
                raise BoundaryError("malformed pandas values")
            return self.pd.array(side.untagged(tag[3]), dtype=self.pd.api.types.pandas_dtype(tag[2]))
        return side.untagged(tag)

    def categorical(self, side, value, depth):
        return (TAG, "np.categorical", self.index(side, value.categories, depth),
                self.array(side, value.codes, depth), bool(value.ordered))

    def uncategorical(self, side, tag):
        categories = self.unindex(side, tag[2])
        codes = self.unarray(side, tag[3])
        return self.pd.Categorical.from_codes(codes, categories=categories, ordered=tag[4] is True)

    def index(self, side, value, depth):
        pd = self.pd
        name = side.tagged(value.name, depth) if not isinstance(value, pd.MultiIndex) else None
        if type(value) is pd.RangeIndex:
            return (TAG, "np.index", "range", (value.start, value.stop, value.step), name)
        if type(value) is pd.MultiIndex:
            levels = tuple(self.index(side, level, depth) for level in value.levels)
            codes = tuple(self.array(side, self.np.asarray(c), depth) for c in value.codes)
            return (TAG, "np.index", "multi", (levels, codes,
                                               side.tagged(list(value.names), depth)), None)
        if type(value) is pd.DatetimeIndex:
            freq = value.freqstr if value.freq is not None else None
            return (TAG, "np.index", "datetime", (self.values(side, value.to_series(), depth),
                                                  freq), name)
        if type(value) is pd.CategoricalIndex:
            return (TAG, "np.index", "categorical",
                    self.categorical(side, value.values, depth), name)
        return (TAG, "np.index", "plain", self.values(side, value.to_series(), depth), name)

    def unindex(self, side, tag):
        pd = self.pd
        form, data = tag[2], tag[3]
        name = side.untagged(tag[4])
        if form == "range":
            return pd.RangeIndex(*data, name=name)
        if form == "multi":
            levels = [self.unindex(side, level) for level in data[0]]
            codes = [self.unarray(side, c) for c in data[1]]
            return pd.MultiIndex(levels=levels, codes=codes, names=side.untagged(data[2]))
        if form == "datetime":
            values = self.unvalues(side, data[0])
            index = pd.DatetimeIndex(values, name=name)
            if type(data[1]) is str:
                try:
                    index = pd.DatetimeIndex(index, freq=data[1], name=name)
                except (ValueError, TypeError):
                    pass
            return index
        if form == "categorical":
            return pd.CategoricalIndex(self.uncategorical(side, data), name=name)
        if form == "plain":
            return pd.Index(self.unvalues(side, data), name=name)
        raise BoundaryError("an unknown kind of index %r" % (form,))

    def series(self, side, value, depth):
        return (TAG, "np.series", self.values(side, value, depth),
                self.index(side, value.index, depth), side.tagged(value.name, depth))

    def unseries(self, side, tag):
        return self.pd.Series(self.unvalues(side, tag[2]), index=self.unindex(side, tag[3]),
                              name=side.untagged(tag[4]), copy=False)

    def frame(self, side, value, depth):
        columns = tuple(self.values(side, value.iloc[:, i], depth)
                        for i in range(value.shape[1]))
        return (TAG, "np.frame", columns, self.index(side, value.columns, depth),
                self.index(side, value.index, depth))

    def unframe(self, side, tag):
        index = self.unindex(side, tag[4])
        columns = [self.pd.Series(self.unvalues(side, c), index=index, copy=False)
                   for c in tag[2]]
        frame = self.pd.DataFrame(dict(enumerate(columns)), index=index)
        frame.columns = self.unindex(side, tag[3])
        return frame


def _load_science():
    np = sys.modules.get("numpy")
    if np is None:
        return None
    return _Science(np, sys.modules.get("pandas"))


_science = _load_science()
_VALUE_CLASSES = frozenset(_value_classes())
if _science is not None:
    _local_modules = _local_modules | frozenset(
        name for name in ("numpy", "pandas", "scipy", "sklearn", "matplotlib")
        if name in sys.modules)
