package extract

import (
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/graphagent/graphagent/lang"
)

// unitNumber reports whether the word w is a number with a unit glued to
// it ("5ms", "10km", "3h", "2.5kg"): outside the graph text it is a
// quantity no reader took, as a bare number would be. Ordinals ("3rd") and
// names ("v1") are not.
func unitNumber(lx *lang.Lexicon, w string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	i := 0
	for i < len(w) && ('0' <= w[i] && w[i] <= '9' || w[i] == '.') {
		i++
	}
	return lx.GluedUnit(w[i:])
}

// quantity is a number written with its unit: "40 km", "$300", "5 min",
// "1.2 MMcf/day", "1,200".
type quantity struct {
	v float64
	// unit is the unit as written ("km", "$", "MMcf/day"); "" for a bare
	// number.
	unit string
	// meaning is what the unit says the number is (proseUnit's meanings: a
	// duration is a weight, a count of units a capacity); MeaningNone for a
	// bare number or a unit the lexicon does not know.
	meaning Meaning
}

// quantityMaxUnit bounds a unit's length: longer text after a number is
// words, not a unit.
const quantityMaxUnit = 24

// parseQuantity reads s (trimmed) as a number with an optional unit: a
// currency sign before it ("$300", "€ 12.5") or a unit after it, glued or
// after one space ("40 km", "5min", "1.2 MMcf/day", "300 USD"). Thousands
// separators ("1,200") are allowed. The unit is letters with '/', '%',
// '²' or '.' inside it, no digits: "5 apples and 3" is not a quantity.
func parseQuantity(s string) (quantity, bool) { return parseQuantityIn(lang.Default(), s) }

// parseQuantityIn is parseQuantity with the units of lx.
func parseQuantityIn(lx *lang.Lexicon, s string) (quantity, bool) {
	s = strings.TrimSpace(s)
	var q quantity
	if r, size := utf8.DecodeRuneInString(s); size > 0 && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
		// A currency sign before the number ("$300", "€ 12.5"): a cost unit
		// of the lexicon.
		if m, _ := unitMeaningIn(lx, s[:size]); m == MeaningCost {
			q.unit, q.meaning = s[:size], MeaningCost
			s = strings.TrimLeft(s[size:], " ")
		}
	}
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits, dot := 0, false
number:
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && !dot && i+1 < len(s) && '0' <= s[i+1] && s[i+1] <= '9':
			dot = true
		case c == ',' && !dot && digits > 0 && thousands(s[i+1:]):
		default:
			break number
		}
	}
	if digits == 0 {
		return quantity{}, false
	}
	num := strings.ReplaceAll(s[:i], ",", "")
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return quantity{}, false
	}
	q.v = v
	unit := strings.TrimSpace(s[i:])
	if unit == "" {
		return q, true
	}
	if q.unit != "" || len(unit) > quantityMaxUnit || strings.Count(unit, " ") > 1 {
		return quantity{}, false
	}
	for j, r := range unit {
		switch {
		case unicode.IsLetter(r), r == '/', r == '%', r == '²', r == '³', r == '€', r == '$', r == '£':
		case (r == '.' || r == ' ' || r == '-') && j > 0:
		default:
			return quantity{}, false
		}
	}
	q.unit = unit
	first := unit
	if k := strings.IndexAny(first, " /"); k > 0 {
		first = first[:k]
	}
	q.meaning, _ = unitMeaningIn(lx, strings.ToLower(strings.TrimSuffix(first, ".")))
	if m, ok := unitMeaningIn(lx, strings.ToLower(unit)); ok && m == MeaningCost {
		q.meaning = MeaningCost // "€", "USD": the whole unit is a currency
	}
	return q, true
}

// thousands reports whether s starts with three digits not followed by
// another digit: the group after a thousands separator.
func thousands(s string) bool {
	if len(s) < 3 {
		return false
	}
	for i := range 3 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return len(s) == 3 || s[3] < '0' || s[3] > '9'
}

// unitMeaning is what a number in the unit w (lower case) is: a distance,
// a cost, a capacity, or a weight for a duration; ok is false when w is no
// unit the lexicon knows.
func unitMeaning(w string) (m Meaning, ok bool) { return unitMeaningIn(lang.Default(), w) }

// unitMeaningIn is unitMeaning with the units of lx.
func unitMeaningIn(lx *lang.Lexicon, w string) (m Meaning, ok bool) {
	switch m := proseUnit(lx, w); m {
	case "":
		return MeaningNone, false
	case "time":
		return MeaningWeight, true
	case "count":
		return MeaningCapacity, true
	default:
		return m, true
	}
}
