// The main package of a Go test binary, as `go test` generates one, written
// for wasmeval: it runs the test's functions (the host lists them
// where the TESTS comment is) and tells the host, through imports only this file may
// declare, which of them returned without failing and how the run ended.
// A candidate that exits early, skips or filters tests, or stops one with
// runtime.Goexit therefore passes nothing.
package main

import (
	"os"
	"testing"
	"testing/internal/testdeps"

	_test "wasmeval/test"
)

//go:wasmimport wasmeval test_passed
func testPassed(index int32)

//go:wasmimport wasmeval tests_finished
func testsFinished(code int32)

// judged runs test and reports it passed once it and its subtests (the
// cleanup runs after them) finished without failing.
func judged(index int32, test func(*testing.T)) func(*testing.T) {
	return func(t *testing.T) {
		returned := false
		t.Cleanup(func() {
			if returned && !t.Failed() && !t.Skipped() {
				testPassed(index)
			}
		})
		test(t)
		returned = true
	}
}

var tests = []testing.InternalTest{
	// TESTS
}

func main() {
	m := testing.MainStart(testdeps.TestDeps{}, tests, nil, nil, nil)
	code := m.Run()
	testsFinished(int32(code))
	os.Exit(code)
}
