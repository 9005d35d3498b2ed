//go:build !race

package retrieval

// raceEnabled is true under the race detector, which makes the recall test
// too slow at full size.
const raceEnabled = false
