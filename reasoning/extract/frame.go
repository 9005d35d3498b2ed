package extract

// frameEnd returns the token after a short framing phrase that opens a
// sentence at token a and ends in a comma before token limit: a
// preposition ("among", "in", "at", ...), perhaps after "so" or "ok", and
// at most six words, none capitalised after the first ("Among my
// coworkers,", "So in my class,", "At work,"). It returns a when there is
// none.
func (t *proseText) frameEnd(a, limit int) int {
	i := a
	if t.isWord(i, "so", "ok", "okay", "well", "now", "hi", "hey") {
		i++
		if t.isPunct(i, ',') {
			i++
		}
	}
	if !t.isWord(i, "among", "in", "at", "within", "inside", "on", "across", "around", "amongst") {
		return a
	}
	for k := i + 1; k < limit && k <= i+6; k++ {
		if t.isPunct(k, ',') {
			return k + 1
		}
		if t.toks[k].kind == pPunct {
			return a
		}
		// "On LinkedIn,": a capitalised word may be a name, not a frame.
		if c := t.text[t.toks[k].s]; 'A' <= c && c <= 'Z' {
			return a
		}
	}
	return a
}
