package extract

// unitNumber reports whether the word w is a number with a unit glued to
// it ("5ms", "10km", "3h", "2.5kg"): outside the graph text it is a
// quantity no reader took, as a bare number would be. Ordinals ("3rd") and
// names ("v1") are not.
func unitNumber(w string) bool {
	if w == "" || w[0] < '0' || w[0] > '9' {
		return false
	}
	i := 0
	for i < len(w) && ('0' <= w[i] && w[i] <= '9' || w[i] == '.') {
		i++
	}
	switch w[i:] {
	case "ms", "s", "sec", "secs", "h", "hr", "hrs", "hour", "hours", "min", "mins", "km", "m", "mi", "miles", "kg", "g",
		"l", "lb", "lbs", "kb", "mb", "gb", "tb", "mbps", "gbps", "k", "usd", "eur", "t", "units":
		return true
	}
	return false
}
