package tools

import (
	"math"
	"strconv"
	"strings"
)

// formatNumber writes a number for an answer's sentence, the one way every
// tool does: integers without a fractional part ("42", "-3"); other values
// rounded to six decimals with trailing zeros dropped ("0.333333", "2.5",
// "0.3" for 0.1+0.2), so that exact sums of weights keep their digits and
// float noise does not show; magnitudes below 0.0001 (where six decimals
// would say 0) with six significant digits ("1.23457e-07"), except below
// 10^-12, which is float noise in sums that cancel (a modularity of
// 1.1e-16) and is written 0; magnitudes of 10^21 and more in exponent form.
// The JSON value of a Result keeps the full float.
func formatNumber(x float64) string {
	a := math.Abs(x)
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "infinity"
	case math.IsInf(x, -1):
		return "-infinity"
	case a < 1e-12:
		return "0" // also -0
	case a < 1e-4:
		return strconv.FormatFloat(x, 'g', 6, 64)
	case a >= 1e21:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	s := strconv.FormatFloat(x, 'f', 6, 64)
	s = strings.TrimRight(s, "0")
	s = strings.TrimSuffix(s, ".")
	if s == "-0" {
		return "0"
	}
	return s
}
