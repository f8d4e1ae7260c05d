package clockref

import (
	"reflect"
	"strings"
	"testing"
)

// TestT23_ParseTokens checks the input grammar of issue 2, section 3.
func TestT23_ParseTokens(t *testing.T) {
	in := "# header\n\n0 166667\t-5 +7\n16ms 50.5ms 1s500ms 250us # 123 ignored\n-3ms 0.1us 1.5us 100ns#x\n  \n007\n"
	want := []int64{0, 166667, -5, 7, 160000, 505000, 15000000, 2500, -30000, 1, 15, 1, 7}
	got, err := Parse(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}

// TestT23_ParseErrors checks that errors name the line and the token.
func TestT23_ParseErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"16ms\n\nfoo", `line 3: token "foo"`},
		{"1ns", `line 1: token "1ns"`},
		{"0\n150ns", `line 2: token "150ns"`},
		{"# c\n5 12x", `line 2: token "12x"`},
		{"99999999999999999999", `line 1: token "99999999999999999999"`},
		{"- 5", `line 1: token "-"`},
		{"5ms-", `line 1: token "5ms-"`},
		{"-1ns", `line 1: token "-1ns"`},
	}
	for _, c := range cases {
		_, err := Parse(strings.NewReader(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error containing %s", c.in, err, c.want)
		}
	}
}
