// Package assert stands in for github.com/stretchr/testify/assert (1.8),
// which HumanEval-X's Go tests import: no registry every platform reaches
// carries it. Written for wasmeval; its checks pass and fail as testify's
// do (Equal compares with reflect.DeepEqual, []byte with bytes.Equal, and
// refuses functions; EqualValues converts first), and a failure is reported
// through the test's Errorf, as testify's are.
package assert

import (
	"bytes"
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

// TestingT is what the checks report failures to (*testing.T is one).
type TestingT interface {
	Errorf(format string, args ...interface{})
}

type helper interface {
	Helper()
}

// Assertions are the checks bound to one test.
type Assertions struct {
	t TestingT
}

// New binds the checks to t.
func New(t TestingT) *Assertions {
	return &Assertions{t: t}
}

// ObjectsAreEqual says whether expected and actual are equal as testify
// compares them.
func ObjectsAreEqual(expected, actual interface{}) bool {
	if expected == nil || actual == nil {
		return expected == actual
	}
	want, isBytes := expected.([]byte)
	if !isBytes {
		return reflect.DeepEqual(expected, actual)
	}
	got, isBytes := actual.([]byte)
	if !isBytes {
		return false
	}
	if want == nil || got == nil {
		return want == nil && got == nil
	}
	return bytes.Equal(want, got)
}

// ObjectsAreEqualValues is ObjectsAreEqual, or equality after converting
// actual to expected's type when it converts.
func ObjectsAreEqualValues(expected, actual interface{}) bool {
	if ObjectsAreEqual(expected, actual) {
		return true
	}
	if expected == nil || actual == nil {
		return false
	}
	wantType := reflect.TypeOf(expected)
	got := reflect.ValueOf(actual)
	if !got.Type().ConvertibleTo(wantType) {
		return false
	}
	return reflect.DeepEqual(expected, got.Convert(wantType).Interface())
}

func isFunction(value interface{}) bool {
	return value != nil && reflect.TypeOf(value).Kind() == reflect.Func
}

// Fail reports a failure with message and the caller's optional message.
func Fail(t TestingT, message string, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	text := "\n\tError:      " + strings.ReplaceAll(message, "\n", "\n\t            ")
	if where := caller(); where != "" {
		text = "\n\tError Trace: " + where + text
	}
	if extra := describe(msgAndArgs); extra != "" {
		text += "\n\tMessages:   " + extra
	}
	t.Errorf("%s", text+"\n")
	return false
}

// caller is the test's line that called the check.
func caller() string {
	for skip := 1; skip < 16; skip++ {
		pc, file, line, ok := runtime.Caller(skip)
		if !ok {
			return ""
		}
		name := ""
		if fn := runtime.FuncForPC(pc); fn != nil {
			name = fn.Name()
		}
		if !strings.Contains(name, "testify/assert.") {
			return fmt.Sprintf("%s:%d", file, line)
		}
	}
	return ""
}

func describe(msgAndArgs []interface{}) string {
	switch len(msgAndArgs) {
	case 0:
		return ""
	case 1:
		if text, ok := msgAndArgs[0].(string); ok {
			return text
		}
		return fmt.Sprintf("%+v", msgAndArgs[0])
	default:
		if format, ok := msgAndArgs[0].(string); ok {
			return fmt.Sprintf(format, msgAndArgs[1:]...)
		}
		return fmt.Sprint(msgAndArgs...)
	}
}

// shown is how a value appears in a failure: its type too when the two
// values print alike.
func shown(expected, actual interface{}) (string, string) {
	want, got := fmt.Sprintf("%#v", expected), fmt.Sprintf("%#v", actual)
	if reflect.TypeOf(expected) != reflect.TypeOf(actual) && want == got {
		want = fmt.Sprintf("%T(%#v)", expected, expected)
		got = fmt.Sprintf("%T(%#v)", actual, actual)
	}
	return want, got
}

// Equal checks that expected and actual are equal (ObjectsAreEqual).
func Equal(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if isFunction(expected) || isFunction(actual) {
		return Fail(t, fmt.Sprintf("Invalid operation: %#v == %#v (cannot take func type as argument)", expected, actual), msgAndArgs...)
	}
	if !ObjectsAreEqual(expected, actual) {
		want, got := shown(expected, actual)
		return Fail(t, fmt.Sprintf("Not equal: \nexpected: %s\nactual  : %s", want, got), msgAndArgs...)
	}
	return true
}

// NotEqual checks that expected and actual are not equal.
func NotEqual(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if isFunction(expected) || isFunction(actual) {
		return Fail(t, fmt.Sprintf("Invalid operation: %#v != %#v (cannot take func type as argument)", expected, actual), msgAndArgs...)
	}
	if ObjectsAreEqual(expected, actual) {
		return Fail(t, fmt.Sprintf("Should not be: %#v\n", actual), msgAndArgs...)
	}
	return true
}

// EqualValues checks that expected and actual are equal after converting
// actual to expected's type (ObjectsAreEqualValues).
func EqualValues(t TestingT, expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if !ObjectsAreEqualValues(expected, actual) {
		want, got := shown(expected, actual)
		return Fail(t, fmt.Sprintf("Not equal: \nexpected: %s\nactual  : %s", want, got), msgAndArgs...)
	}
	return true
}

// True checks that value is true.
func True(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if !value {
		return Fail(t, "Should be true", msgAndArgs...)
	}
	return true
}

// False checks that value is false.
func False(t TestingT, value bool, msgAndArgs ...interface{}) bool {
	if h, ok := t.(helper); ok {
		h.Helper()
	}
	if value {
		return Fail(t, "Should be false", msgAndArgs...)
	}
	return true
}

// Equal checks that expected and actual are equal.
func (a *Assertions) Equal(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := a.t.(helper); ok {
		h.Helper()
	}
	return Equal(a.t, expected, actual, msgAndArgs...)
}

// NotEqual checks that expected and actual are not equal.
func (a *Assertions) NotEqual(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := a.t.(helper); ok {
		h.Helper()
	}
	return NotEqual(a.t, expected, actual, msgAndArgs...)
}

// EqualValues checks that expected and actual are equal after conversion.
func (a *Assertions) EqualValues(expected, actual interface{}, msgAndArgs ...interface{}) bool {
	if h, ok := a.t.(helper); ok {
		h.Helper()
	}
	return EqualValues(a.t, expected, actual, msgAndArgs...)
}

// True checks that value is true.
func (a *Assertions) True(value bool, msgAndArgs ...interface{}) bool {
	if h, ok := a.t.(helper); ok {
		h.Helper()
	}
	return True(a.t, value, msgAndArgs...)
}

// False checks that value is false.
func (a *Assertions) False(value bool, msgAndArgs ...interface{}) bool {
	if h, ok := a.t.(helper); ok {
		h.Helper()
	}
	return False(a.t, value, msgAndArgs...)
}
