package lang

import (
	"encoding/json"
	"fmt"
)

// Extend returns the lexicon data with entries added: entries is a JSON
// object of the lexicon's layout whose lists are appended to data's
// ({"oneway": [{"verb": "praise"}]}). Tests use it to show that a new
// entry is read everywhere.
func Extend(data []byte, entries string) ([]byte, error) {
	var base, add map[string]json.RawMessage
	if err := json.Unmarshal(data, &base); err != nil {
		return nil, fmt.Errorf("lang: extend: the lexicon: %w", err)
	}
	if err := json.Unmarshal([]byte(entries), &add); err != nil {
		return nil, fmt.Errorf("lang: extend: the entries: %w", err)
	}
	for k, v := range add {
		var have, more []json.RawMessage
		if old, ok := base[k]; ok {
			if err := json.Unmarshal(old, &have); err != nil {
				return nil, fmt.Errorf("lang: extend: %q is not a list: %w", k, err)
			}
		}
		if err := json.Unmarshal(v, &more); err != nil {
			return nil, fmt.Errorf("lang: extend: the entries' %q is not a list: %w", k, err)
		}
		joined, err := json.Marshal(append(have, more...))
		if err != nil {
			return nil, fmt.Errorf("lang: extend: %w", err)
		}
		base[k] = joined
	}
	out, err := json.Marshal(base)
	if err != nil {
		return nil, fmt.Errorf("lang: extend: %w", err)
	}
	return out, nil
}
