package mcpserver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Frame limits of Transport.
const (
	// DefaultMaxFrameBytes bounds one frame (a line), as the SDK's
	// mcp.DefaultMaxLineLength does.
	DefaultMaxFrameBytes = 16 << 20
	// DefaultMaxFrameDepth bounds the nesting of arrays and objects in a
	// frame. MCP's own messages nest a few levels and tool arguments are
	// flat (a graph travels as a string), so 64 leaves room to spare.
	DefaultMaxFrameDepth = 64
	// maxEchoedID bounds the request ID an error reply repeats; a longer
	// one is answered with the ID null.
	maxEchoedID = 256
)

// Transport is the stdio transport of graphagent mcp: newline-delimited
// JSON-RPC 2.0, one message per line, as mcp.IOTransport reads it, except
// that a malformed frame does not end the session. The SDK's transport
// returns an error from its Read for a line that is not JSON, is not a
// JSON-RPC message, is too long or (in MCP 2025-06-18 and later) is a
// batch, and the SDK then closes the connection. Transport checks each
// line before the SDK sees it and answers a bad one itself with the error
// JSON-RPC prescribes, then reads the next line:
//
//   - not JSON, or nested deeper than MaxFrameDepth: -32700 parse error;
//   - longer than MaxFrameBytes (the line is skipped without being kept),
//     valid JSON that is not a request, notification or response object
//     (`{}`, `5`, a wrong "jsonrpc" version, an ID that is not a string or
//     a number, a method that is not a string): -32600 invalid request;
//   - a batch (an array): MCP removed batches in 2025-06-18, so each
//     request in it gets -32600 with its own ID, in one array, and its
//     notifications none, as JSON-RPC answers batches; an empty array is
//     one -32600.
//
// An error reply carries the request's ID when one can be read, else
// null, and never repeats the frame. Blank lines are skipped.
type Transport struct {
	// Reader gives the frames (standard input); it is not closed.
	Reader io.Reader
	// Writer takes the replies (standard output); it is not closed.
	Writer io.Writer
	// MaxFrameBytes bounds one line (DefaultMaxFrameBytes when 0 or less).
	MaxFrameBytes int
	// MaxFrameDepth bounds nesting (DefaultMaxFrameDepth when 0 or less).
	MaxFrameDepth int
}

// Connect implements mcp.Transport.
func (t *Transport) Connect(context.Context) (mcp.Connection, error) {
	maxBytes, maxDepth := t.MaxFrameBytes, t.MaxFrameDepth
	if maxBytes <= 0 {
		maxBytes = DefaultMaxFrameBytes
	}
	if maxDepth <= 0 {
		maxDepth = DefaultMaxFrameDepth
	}
	c := &frameConn{w: t.Writer, maxBytes: maxBytes, maxDepth: maxDepth, frames: make(chan frame), closed: make(chan struct{}),
		pending: map[jsonrpc.ID]bool{}, answered: make(chan struct{}, 1)}
	// Reads run in their own goroutine so that Close unblocks Read (the
	// SDK requires it); a read of standard input cannot be interrupted,
	// so the goroutine ends at the next line or at the end of the input.
	go c.readFrames(bufio.NewReaderSize(t.Reader, 64<<10), maxBytes)
	return c, nil
}

// frame is one line read, or the error that ended the input.
type frame struct {
	line    []byte
	tooLong int64 // the length of a line over the limit (line is nil)
	err     error
}

// frameConn is the mcp.Connection of a Transport.
type frameConn struct {
	wmu      sync.Mutex // serialises writes: the SDK writes concurrently, Read writes error replies
	w        io.Writer
	maxBytes int
	maxDepth int

	frames    chan frame
	closeOnce sync.Once
	closed    chan struct{}

	// pending are the IDs of calls read and not yet answered: at the end
	// of the input Read waits for their answers before it reports the
	// end (the SDK closes the connection then, and a reply still being
	// computed would be lost: "graphagent mcp < calls.jsonl" answers
	// every call).
	mu       sync.Mutex
	pending  map[jsonrpc.ID]bool
	answered chan struct{} // signalled (buffered 1) when a pending call is answered
}

func (c *frameConn) readFrames(br *bufio.Reader, maxBytes int) {
	for {
		f := readFrame(br, maxBytes)
		select {
		case c.frames <- f:
		case <-c.closed:
			return
		}
		if f.err != nil {
			return
		}
	}
}

// readFrame reads one line of at most maxBytes bytes, its end of line cut.
// A longer line is read to its end and dropped, only its length kept. At
// the end of the input a last line without a newline is still a frame; the
// next call returns io.EOF (or the read error).
func readFrame(br *bufio.Reader, maxBytes int) frame {
	var (
		line []byte
		n    int64
		over bool
	)
	for {
		part, err := br.ReadSlice('\n')
		n += int64(len(part))
		if !over {
			line = append(line, part...)
			if len(line) > maxBytes+2 { // room for "\r\n"
				over, line = true, nil
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		switch {
		case err != nil && n == 0:
			return frame{err: err}
		case over && err == nil:
			return frame{tooLong: n - 1} // the newline is not counted
		case over:
			return frame{tooLong: n}
		}
		body := bytes.TrimRight(line, "\r\n")
		if len(body) > maxBytes {
			return frame{tooLong: int64(len(body))}
		}
		return frame{line: body}
	}
}

// Read returns the next well-formed message, answering bad frames on the
// way.
func (c *frameConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-c.closed:
			return nil, io.EOF
		case f := <-c.frames:
			if f.err != nil {
				if errors.Is(f.err, io.EOF) {
					c.awaitAnswers(ctx)
				}
				return nil, f.err
			}
			var (
				msg   jsonrpc.Message
				reply []byte
			)
			if f.tooLong > 0 {
				reply = errorReply(nil, jsonrpc.CodeInvalidRequest, fmt.Sprintf("invalid request: a frame of %d bytes, more than the limit of %d (one JSON-RPC message per line)", f.tooLong, c.maxBytes))
			} else {
				msg, reply = decodeFrame(f.line, c.maxDepth)
			}
			if reply != nil {
				if err := c.writeLine(reply); err != nil {
					return nil, err
				}
				continue
			}
			if msg != nil {
				if req, ok := msg.(*jsonrpc.Request); ok && req.ID.IsValid() {
					c.mu.Lock()
					c.pending[req.ID] = true
					c.mu.Unlock()
				}
				return msg, nil
			}
		}
	}
}

// awaitAnswers waits until every call read has been answered, the
// context is done or the connection is closed.
func (c *frameConn) awaitAnswers(ctx context.Context) {
	for {
		c.mu.Lock()
		n := len(c.pending)
		c.mu.Unlock()
		if n == 0 {
			return
		}
		select {
		case <-c.answered:
		case <-ctx.Done():
			return
		case <-c.closed:
			return
		}
	}
}

// Write implements mcp.Connection.
func (c *frameConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return fmt.Errorf("mcp: encoding a message: %w", err)
	}
	err = c.writeLine(data)
	if resp, ok := msg.(*jsonrpc.Response); ok {
		c.mu.Lock()
		delete(c.pending, resp.ID)
		c.mu.Unlock()
		select {
		case c.answered <- struct{}{}:
		default:
		}
	}
	return err
}

// writeLine writes one message. Replies to requests read before the end of
// the input are still written after it (echo requests | graphagent mcp
// gets its answers), as with the SDK's transport.
func (c *frameConn) writeLine(data []byte) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	_, err := c.w.Write(append(data, '\n'))
	return err
}

// Close implements mcp.Connection; the reader and writer stay open (they
// are the process's standard streams).
func (c *frameConn) Close() error {
	c.closeOnce.Do(func() { close(c.closed) })
	return nil
}

// SessionID implements mcp.Connection (stdio has no session ID).
func (c *frameConn) SessionID() string { return "" }
