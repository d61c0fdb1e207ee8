package main

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

type point struct{ X, Y int }

type named int

// Each subtest is one comparison; which of them fail is what both
// testifies must agree on.
func TestCases(t *testing.T) {
	var nilSlice []int
	var nilMap map[string]int
	var nilPointer *point
	var nilError error
	one := 1
	cases := []struct {
		name     string
		expected interface{}
		actual   interface{}
	}{
		{"int_int", 1, 1},
		{"int_int64", 1, int64(1)},
		{"int_float", 1, 1.0},
		{"float_float", 0.5, 0.5},
		{"float32_float64", float32(0.5), 0.5},
		{"nan_nan", math.NaN(), math.NaN()},
		{"string_string", "a", "a"},
		{"string_bytes", "a", []byte("a")},
		{"bytes_bytes", []byte("ab"), []byte("ab")},
		{"bytes_nil_empty", []byte(nil), []byte{}},
		{"slice_nil_empty", nilSlice, []int{}},
		{"slice_slice", []int{1, 2}, []int{1, 2}},
		{"slice_order", []int{1, 2}, []int{2, 1}},
		{"slice_int_int64", []int{1}, []int64{1}},
		{"map_map", map[string]int{"a": 1, "b": 2}, map[string]int{"b": 2, "a": 1}},
		{"map_nil_empty", nilMap, map[string]int{}},
		{"struct_struct", point{1, 2}, point{1, 2}},
		{"struct_pointer", point{1, 2}, &point{1, 2}},
		{"pointer_pointer", &point{1, 2}, &point{1, 2}},
		{"nil_pointer_nil", nilPointer, nil},
		{"nil_nil", nil, nil},
		{"nil_error_nil", nilError, nil},
		{"named_int", named(1), 1},
		{"interface_slices", []interface{}{1, "a"}, []interface{}{1, "a"}},
		{"nested", [][]int{{1}, {}}, [][]int{{1}, {}}},
		{"nested_nil", [][]int{{1}, nil}, [][]int{{1}, {}}},
		{"bool_bool", true, true},
		{"bool_int", true, 1},
		{"rune_int32", 'a', int32(97)},
		{"byte_uint8", byte(1), uint8(1)},
		{"int_pointer", &one, &one},
		{"func_func", func() {}, func() {}},
		{"array_slice", [2]int{1, 2}, []int{1, 2}},
		{"array_array", [2]int{1, 2}, [2]int{1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			assert.Equal(t, c.expected, c.actual)
		})
	}
	t.Run("New_Equal", func(t *testing.T) {
		a := assert.New(t)
		a.Equal(3, 3)
		a.Equal(3, 4)
	})
	t.Run("NotEqual", func(t *testing.T) {
		assert.NotEqual(t, 1, int64(1))
		assert.NotEqual(t, 1, 1)
	})
	t.Run("EqualValues", func(t *testing.T) {
		assert.EqualValues(t, 1, int64(1))
		assert.EqualValues(t, uint8(255), 255)
	})
	t.Run("EqualValues_fails", func(t *testing.T) {
		assert.EqualValues(t, 1, "1")
	})
	t.Run("True_False", func(t *testing.T) {
		assert.True(t, true)
		assert.False(t, false)
	})
	t.Run("True_fails", func(t *testing.T) {
		assert.True(t, false)
	})
	t.Run("Equal_returns", func(t *testing.T) {
		if assert.Equal(t, 1, 2) {
			t.Log("reported equal")
		}
	})
}
