package agent

import (
	"context"
	_ "embed" // the prepared tool index
	"errors"
	"log/slog"

	"github.com/graphagent/graphagent/encoders"
	"github.com/graphagent/graphagent/retrieval"
	"github.com/graphagent/graphagent/tools"
)

//go:generate go run ../internal/gentoolindex -o toolindex.bin

// toolIndexSnapshot is the tool index of tools.Catalogue() over the builtin
// encoder, prepared by go generate so that no process fits and encodes the
// catalogue at start-up; TestToolIndexSnapshotCurrent fails when it is out
// of date. Read only.
//
//go:embed toolindex.bin
var toolIndexSnapshot []byte

// defaultToolIndex is the index of specs over the builtin encoder: the
// prepared one when specs are the ones it was prepared for, else built now
// (a registry with other tools, or a snapshot not regenerated yet).
func defaultToolIndex(ctx context.Context, specs []tools.Spec, logger *slog.Logger) (*retrieval.ToolIndex, error) {
	idx, err := retrieval.LoadToolIndex(toolIndexSnapshot, specs)
	if err == nil {
		return idx, nil
	}
	level := slog.LevelWarn
	if errors.Is(err, retrieval.ErrStaleSnapshot) {
		level = slog.LevelDebug // another registry: expected
	}
	logger.Log(ctx, level, "building the tool index at start-up", "reason", err)
	return retrieval.NewToolIndex(ctx, specs, encoders.NewBuiltin(nil))
}
