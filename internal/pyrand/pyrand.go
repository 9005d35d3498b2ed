// Package pyrand reproduces the parts of Python's random.Random that
// NetworkX's seeded algorithms use, so that a seed given to graphagent gives
// the same result as the same seed given to NetworkX: the Mersenne Twister
// MT19937 seeded from an integer with init_by_array (CPython's random_seed),
// getrandbits, _randbelow (rejection sampling on getrandbits) and shuffle.
package pyrand

import "math/bits"

const (
	n         = 624
	m         = 397
	matrixA   = 0x9908b0df
	upperMask = 0x80000000
	lowerMask = 0x7fffffff
)

// Rand is a Python-compatible Mersenne Twister. The zero value is not
// usable; make one with New.
type Rand struct {
	mt  [n]uint32
	mti int
}

// New returns the generator that Python's random.Random(seed) is: the
// absolute value of seed split into 32-bit words, least significant first,
// fed to init_by_array.
func New(seed int64) *Rand {
	u := uint64(seed)
	if seed < 0 {
		u = uint64(-seed) // -MinInt64 wraps to itself, which is its absolute value as uint64
	}
	key := []uint32{uint32(u)}
	if hi := uint32(u >> 32); hi != 0 {
		key = append(key, hi)
	}
	r := &Rand{}
	r.initByArray(key)
	return r
}

func (r *Rand) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < n; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.mti = n
}

func (r *Rand) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := max(n, len(key))
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = n - 1; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= n {
			r.mt[0] = r.mt[n-1]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

// Uint32 returns the next 32-bit output (CPython's genrand_uint32).
func (r *Rand) Uint32() uint32 {
	if r.mti >= n {
		var kk int
		mag := func(y uint32) uint32 { return (y & 1) * matrixA }
		for kk = 0; kk < n-m; kk++ {
			y := (r.mt[kk] & upperMask) | (r.mt[kk+1] & lowerMask)
			r.mt[kk] = r.mt[kk+m] ^ (y >> 1) ^ mag(y)
		}
		for ; kk < n-1; kk++ {
			y := (r.mt[kk] & upperMask) | (r.mt[kk+1] & lowerMask)
			r.mt[kk] = r.mt[kk+(m-n)] ^ (y >> 1) ^ mag(y)
		}
		y := (r.mt[n-1] & upperMask) | (r.mt[0] & lowerMask)
		r.mt[n-1] = r.mt[m-1] ^ (y >> 1) ^ mag(y)
		r.mti = 0
	}
	y := r.mt[r.mti]
	r.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// GetRandBits returns a uniform integer in [0, 2^k) for 0 <= k <= 64, as
// Python's getrandbits(k): one 32-bit word for k <= 32, otherwise the low
// word first with the excess bits of the last word dropped.
func (r *Rand) GetRandBits(k int) uint64 {
	switch {
	case k <= 0:
		return 0
	case k <= 32:
		return uint64(r.Uint32() >> (32 - k))
	}
	lo := uint64(r.Uint32())
	hi := r.Uint32() >> (64 - min(k, 64))
	return lo | uint64(hi)<<32
}

// Below returns a uniform integer in [0, bound) as Python's
// _randbelow_with_getrandbits, and 0 without drawing when bound is 0 (as
// Python 3.9 and 3.10 do).
func (r *Rand) Below(bound uint64) uint64 {
	if bound == 0 {
		return 0
	}
	k := bits.Len64(bound)
	v := r.GetRandBits(k)
	for v >= bound {
		v = r.GetRandBits(k)
	}
	return v
}

// Shuffle permutes n elements with swap as Python's random.shuffle does
// (Fisher-Yates from the end, j = _randbelow(i+1)).
func (r *Rand) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i >= 1; i-- {
		j := int(r.Below(uint64(i + 1)))
		swap(i, j)
	}
}
