package httpapi

import (
	"bytes"
	"context"
	"fmt"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browserPath finds a Chromium or Chrome to drive: $GRAPHAGENT_CHROME, else
// the usual names on PATH.
func browserPath() string {
	if p := os.Getenv("GRAPHAGENT_CHROME"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	return ""
}

// requireBrowser, set to 1 (as .ci/run does), makes a missing Chromium a
// failure instead of a skip.
const requireBrowser = "GRAPHAGENT_REQUIRE_BROWSER"

// TestChatPageInBrowser drives the chat page in headless Chromium: the page
// is mounted under a prefix in another ServeMux, behind a token, and has its
// icon; a question streams its steps, then the answer, the drawn graph with
// the path highlighted and its weights written, beside the conversation in a
// wide window (checked on a screenshot too), and the JSON answer on demand;
// the steps can be hidden; a chain's path is highlighted; a follow-up uses
// the graph of the first question; a chart is shown when the tool makes
// one; with confirmation on, the plan is shown and "yes" runs it; in a
// narrow window the graph is drawn in the conversation.
func TestChatPageInBrowser(t *testing.T) {
	chrome := browserPath()
	if chrome == "" {
		if os.Getenv(requireBrowser) == "1" {
			t.Fatalf("no Chromium or Chrome on this machine and %s=1: install it (apt-get install chromium) or set GRAPHAGENT_CHROME", requireBrowser)
		}
		t.Skip("no Chromium or Chrome on this machine (apt-get install chromium; .ci/run installs it): the chat page is not tested in a browser here")
	}
	h, _ := newTestServer(t, Options{Token: "tok"})
	mux := http.NewServeMux()
	mux.Handle("/graphagent/", http.StripPrefix("/graphagent", h))
	srv := httptest.NewServer(mux)
	defer srv.Close()

	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(chrome),
		chromedp.NoSandbox, // root in CI containers
		chromedp.DisableGPU,
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("headless", true),
	)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelAlloc()
	ctx, cancelCtx := chromedp.NewContext(actx)
	defer cancelCtx()
	// Generous: Chromium starts slowly on a loaded two-core machine.
	ctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()

	// order records, in the order the page made them, the steps added and
	// the answer's text being set.
	const observe = `window.order = [];
new MutationObserver((ms) => { for (const m of ms) {
  for (const n of m.addedNodes) { if (n.classList && n.classList.contains("step")) window.order.push("step"); }
  const a = m.target.closest ? m.target.closest(".answer") : m.target.parentElement && m.target.parentElement.closest(".answer");
  if (a && a.textContent) window.order.push("answer");
} }).observe(document.getElementById("log"), {childList: true, subtree: true, characterData: true}); true`
	step := func(what string, steps ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		if err := chromedp.Do(ctx, steps...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	text := func(sel string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(sel)))
		if err != nil {
			t.Fatalf("text of %s: %v", sel, err)
		}
		return s
	}
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll(`+strconv.Quote(sel)+`).length`))
		if err != nil {
			t.Fatalf("counting %s: %v", sel, err)
		}
		return n
	}
	poll := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Poll[string](expr, chromedp.WithPollingTimeout(60*time.Second)))
		if err != nil {
			t.Fatalf("waiting for %s: %v", expr, err)
		}
		return s
	}

	step("loading the page", chromedp.EmulateViewport(1400, 900), chromedp.Navigate(srv.URL+"/graphagent/"), chromedp.WaitVisible(chromedp.ID("question")),
		chromedp.SetValue(chromedp.ID("token"), "tok"))
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.getElementById("token").dispatchEvent(new Event("change")); true`)); err != nil {
		t.Fatal(err)
	}
	if backend := poll(`document.getElementById("backend").textContent || false`); !strings.Contains(backend, "builtin backend") {
		t.Errorf("backend line %q", backend)
	}
	if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](observe)); err != nil {
		t.Fatal(err)
	}

	step("asking", chromedp.SendKeys(chromedp.ID("question"), shortestQ), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done .json-toggle")))
	if answer := text(".msg.assistant.done .answer"); answer != "The shortest path from 0 to 33 has total weight 3 over 2 edges: 0, 19, 33." {
		t.Errorf("answer %q", answer)
	}
	if steps := count(".msg.assistant .step"); steps != 7 {
		t.Errorf("%d steps shown, want 7 (graph, load, retrieval, examples, tool, params, run)", steps)
	}
	if circles, hl := count(".msg.assistant .graph svg circle"), count(".msg.assistant .graph svg circle.hl"); circles != 34 || hl != 3 {
		t.Errorf("drawing: %d nodes (want karate's 34), %d highlighted (want the path's 3)", circles, hl)
	}
	order, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`window.order`))
	if err != nil {
		t.Fatal(err)
	}
	if first := indexOf(order, "answer"); first < 0 || indexOf(order[first:], "step") >= 0 || strings.Count(strings.Join(order, ","), "step") != 7 {
		t.Errorf("the page did not show the steps before the answer: %v", order)
	}
	// The wide layout: the graph beside the conversation, the path and its
	// weights highlighted, every edge's weight written.
	for sel, want := range map[string]int{"#side .graph svg circle": 34, "#side .graph svg circle.hl": 3, "#side .graph svg line.hl": 2,
		"#side .graph svg text.w": 78, "#side .graph svg text.w.hl": 2} {
		if n := count(sel); n != want {
			t.Errorf("%s: %d, want %d", sel, n, want)
		}
	}
	layout, err := chromedp.Run(ctx, chromedp.Evaluate[string](`(() => {
  const s = document.getElementById("side").getBoundingClientRect(), l = document.getElementById("log").getBoundingClientRect();
  const inline = document.querySelector(".msg.assistant .graph");
  return [Math.round(s.left), Math.round(s.width), Math.round(l.right), inline.offsetParent === null, window.innerWidth].join(" ");
})()`))
	if err != nil {
		t.Fatal(err)
	}
	var sideLeft, sideWidth, logRight, width int
	var inlineHidden bool
	if _, err := fmt.Sscan(layout, &sideLeft, &sideWidth, &logRight, &inlineHidden, &width); err != nil || width != 1400 ||
		sideLeft < logRight || sideWidth < width*2/5 || !inlineHidden {
		t.Errorf("wide layout (side left, side width, log right, inline hidden, window width) = %s: want the graph beside the conversation", layout)
	}
	shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatal(err)
	}
	if f := os.Getenv("GRAPHAGENT_PAGE_SCREENSHOT"); f != "" {
		_ = os.WriteFile(strings.TrimSuffix(f, ".png")+"-wide.png", shot, 0o644)
	}
	left, right, err := highlightPixels(shot, sideLeft)
	if err != nil {
		t.Fatal(err)
	}
	// (The left has a few: the error step's red text.)
	if right < 300 || left > right/2 {
		t.Errorf("screenshot: %d highlight-red pixels right of x=%d, %d left of it; want the highlighted path drawn on the right", right, sideLeft, left)
	}
	// The icon, at the page's static path and at favicon.ico.
	icons, err := chromedp.Run(ctx, chromedp.Evaluate[string](`Promise.all([document.querySelector("link[rel=icon]").href, "favicon.ico"].map((u) => fetch(u).then((r) => r.status + " " + r.headers.get("Content-Type")))).then((xs) => xs.join(", "))`,
		chromedp.EvalAwaitPromise))
	if err != nil || icons != "200 image/svg+xml, 200 image/svg+xml" {
		t.Errorf("icons: %q, %v", icons, err)
	}
	// The steps setting hides the streamed steps.
	step("hiding the steps", chromedp.Click(chromedp.CSS("#settings summary")), chromedp.Click(chromedp.ID("showsteps")))
	if shown, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.querySelector(".msg.assistant .steps")).display`)); shown != "none" {
		t.Errorf("steps display %q after unticking the setting", shown)
	}
	step("showing the steps", chromedp.Click(chromedp.ID("showsteps")), chromedp.Click(chromedp.CSS("#settings summary")))

	step("showing the JSON", chromedp.Click(chromedp.CSS(".msg.assistant.done .json-toggle")), chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done pre.json")))
	if json := text(".msg.assistant.done pre.json"); !strings.Contains(json, `"tool": "shortest_path"`) || !strings.Contains(json, `"trace"`) {
		t.Errorf("JSON answer %.200q", json)
	}

	// A chain whose last step is a path: the path is highlighted.
	step("a chain's path", chromedp.SendKeys(chromedp.ID("question"), "What is the shortest path from the node with the highest degree to node 25 in karate/edges.tsv?"),
		chromedp.Click(chromedp.ID("send")), chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(4) .json-toggle")))
	if ans := text(".msg.assistant.done:nth-of-type(4) .answer"); !strings.Contains(ans, "33, 31, 24, 25") {
		t.Errorf("chain answer %q", ans)
	}
	if hl, lines := count("#side .graph svg circle.hl"), count("#side .graph svg line.hl"); hl != 4 || lines != 3 {
		t.Errorf("chain's path: %d nodes and %d edges highlighted, want 4 and 3", hl, lines)
	}
	step("reset after the chain", chromedp.Click(chromedp.CSS("#settings summary")), chromedp.Click(chromedp.ID("reset")), chromedp.Click(chromedp.CSS("#settings summary")),
		chromedp.SendKeys(chromedp.ID("question"), shortestQ), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(2) .json-toggle")))

	// A follow-up about the same graph, then a chart.
	step("a follow-up", chromedp.SendKeys(chromedp.ID("question"), "What is its diameter?"), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(4) .json-toggle")))
	if second := text(".msg.assistant.done:nth-of-type(4) .answer"); !strings.Contains(second, "diameter") || !strings.Contains(second, "5") {
		t.Errorf("follow-up answer %q", second)
	}
	step("a chart", chromedp.SendKeys(chromedp.ID("question"), "What is its degree distribution?"), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(6) .plot img")))
	if f := os.Getenv("GRAPHAGENT_PAGE_SCREENSHOT"); f != "" {
		step("viewport", chromedp.EmulateViewport(1400, 1000))
		if png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)); err == nil {
			_ = os.WriteFile(f, png, 0o644)
		}
	}
	if w := poll(`(() => { const i = document.querySelector(".msg.assistant.done:nth-of-type(6) .plot img"); return i && i.complete && i.naturalWidth > 0 ? String(i.naturalWidth) : false; })()`); w == "" || w == "0" {
		t.Errorf("chart width %q", w)
	}

	// A plan first: confirmation on, a new conversation, the plan shown,
	// then "yes" runs it.
	step("a plan", chromedp.Click(chromedp.CSS("#settings summary")), chromedp.Click(chromedp.ID("confirm")), chromedp.Click(chromedp.ID("reset")),
		chromedp.SendKeys(chromedp.ID("question"), shortestQ), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(2) .json-toggle")))
	if plan := text(".msg.assistant.done:nth-of-type(2) .answer"); !strings.Contains(plan, `1. shortest_path {"source":"0","target":"33"}`) || count(".msg.assistant .step[data-step=run]") != 0 {
		t.Errorf("plan %q (%d run steps)", plan, count(".msg.assistant .step[data-step=run]"))
	}
	step("confirming", chromedp.SendKeys(chromedp.ID("question"), "yes"), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(4) .json-toggle")))
	if ran := text(".msg.assistant.done:nth-of-type(4) .answer"); ran != "The shortest path from 0 to 33 has total weight 3 over 2 edges: 0, 19, 33." {
		t.Errorf("confirmed plan answered %q", ran)
	}

	// A chain of tools: its steps shown as the plan, one skipped, then
	// each run as a step of its own.
	step("a chain's plan", chromedp.Click(chromedp.ID("reset")),
		chromedp.SendKeys(chromedp.ID("question"), "Remove self-loops and isolated nodes from karate/edges.tsv, then give the diameter."), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(2) .json-toggle")))
	if plan := text(".msg.assistant.done:nth-of-type(2) .answer"); !strings.Contains(plan, "Plan of 3 steps") || !strings.Contains(plan, "\n3. diameter {}") {
		t.Errorf("chain plan %q", plan)
	}
	step("skipping a step", chromedp.SendKeys(chromedp.ID("question"), "skip step 1"), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(4) .json-toggle")))
	if plan := text(".msg.assistant.done:nth-of-type(4) .answer"); !strings.Contains(plan, "Plan of 2 steps") || !strings.Contains(plan, "\n1. remove_isolated_nodes {}") {
		t.Errorf("edited chain plan %q", plan)
	}
	step("running the chain", chromedp.SendKeys(chromedp.ID("question"), "yes"), chromedp.Click(chromedp.ID("send")),
		chromedp.WaitVisible(chromedp.CSS(".msg.assistant.done:nth-of-type(6) .json-toggle")))
	if ran := text(".msg.assistant.done:nth-of-type(6) .answer"); ran != "The diameter of the graph is 5." ||
		count(".msg.assistant.done:nth-of-type(6) .step[data-step='step 2']") != 1 || count(".msg.assistant.done:nth-of-type(6) .step[data-step='step 3']") != 0 {
		t.Errorf("confirmed chain answered %q", ran)
	}

	// A narrow window: no side panel, the graph drawn in the conversation.
	step("a narrow window", chromedp.EmulateViewport(700, 900))
	narrow, err := chromedp.Run(ctx, chromedp.Evaluate[string](`getComputedStyle(document.getElementById("side")).display + " " + (document.querySelector(".msg.assistant.done:nth-of-type(6) .graph").offsetParent !== null)`))
	if err != nil || narrow != "none true" {
		t.Errorf("narrow layout (side display, inline graph shown) = %q, %v", narrow, err)
	}
}

// highlightPixels counts the screenshot's pixels of the highlight red
// (#d1242f, the path's nodes, edges and weights) left and right of x.
func highlightPixels(png_ []byte, x int) (left, right int, err error) {
	img, err := png.Decode(bytes.NewReader(png_))
	if err != nil {
		return 0, 0, err
	}
	b := img.Bounds()
	for py := b.Min.Y; py < b.Max.Y; py++ {
		for px := b.Min.X; px < b.Max.X; px++ {
			r, g, bl, _ := img.At(px, py).RGBA()
			if near(r>>8, 0xd1) && near(g>>8, 0x24) && near(bl>>8, 0x2f) {
				if px < x {
					left++
				} else {
					right++
				}
			}
		}
	}
	return left, right, nil
}

func near(v, want uint32) bool { return v+24 >= want && v <= want+24 }

func indexOf(xs []string, x string) int {
	for i, v := range xs {
		if v == x {
			return i
		}
	}
	return -1
}
