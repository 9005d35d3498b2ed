package extract

import "testing"

func TestHTMLTable(t *testing.T) {
	cases := []readerCase{
		{
			name: "a pasted page table with costs",
			text: "<table>\n<tr><th>Source</th><th>Target</th><th>Cost</th></tr>\n<tr><td>A</td><td>B</td><td>$300</td></tr>\n" +
				"<tr><td>B</td><td>C</td><td>$200</td></tr>\n</table>\nWhat is the cheapest route from A to C?",
			nodes: []string{"A", "B", "C"}, edges: []string{"A-B:300", "B-C:200"}, meaning: MeaningCost, minConf: 0.95, maxConf: 0.95,
		},
		{
			name: "thead, tbody, attributes, tags and entities in cells",
			text: `<TABLE class="wikitable"><thead><tr><th scope="col">From</th><th>To</th><th>Distance (km)</th></tr></thead>` +
				`<tbody><tr><td><b>Oslo</b></td><td>Bergen</td><td>460</td></tr><tr><td>Bergen</td><td>Ålesund &amp; Co</td><td>380</td></tr></tbody></TABLE>`,
			nodes: []string{"Oslo", "Bergen", "Ålesund & Co"}, edges: []string{"Oslo-Bergen:460", "Bergen-Ålesund & Co:380"},
			meaning: MeaningDistance, minConf: 0.95, maxConf: 0.95,
		},
		{
			name:  "cells without closing tags",
			text:  "<table><tr><th>u<th>v<tr><td>1<td>2<tr><td>2<td>3</table>",
			nodes: []string{"1", "2", "3"}, edges: []string{"1-2", "2-3"}, minConf: 0.95, maxConf: 0.95,
		},
		{name: "a table of other things", text: "<table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>31</td></tr></table>"},
		{name: "only a header", text: "<table><tr><th>source</th><th>target</th></tr></table>"},
		{name: "the word table", text: "Put the tr on the table."},
	}
	checkReaderCases(t, HTMLTable{}, cases)
}

func TestHTMLTableErrors(t *testing.T) {
	checkSyntaxErrors(t, HTMLTable{}, []syntaxErrorCase{
		{"not closed", "x\n<table><tr><td>a</td></tr>", 2, 1, "not closed"},
		{"a row longer than the header", "<table><tr><th>source</th><th>target</th></tr>\n<tr><td>a</td><td>b</td><td>c</td></tr></table>", 1, 1, "fields"},
		{"a cost that is no number", "<table><tr><th>source</th><th>target</th><th>cost</th></tr><tr><td>a</td><td>b</td><td>cheap</td></tr></table>", 1, 1, "not a number"},
	})
}

func FuzzHTMLTable(f *testing.F) {
	fuzzReaderErrors(f, HTMLTable{}, syntaxPositioned,
		"<table><tr><th>Source</th><th>Target</th><th>Cost</th></tr><tr><td>A</td><td>B</td><td>$3</td></tr></table>",
		"<table><tr><th>u<th>v<tr><td>1<td>2</table>",
		"<table><tr><td><table><tr><td>x</td></tr></table></td></tr></table>",
		"<table><tr><th>id</th><th>label</th></tr><tr><td>1</td><td>&lt;b&gt;</td></tr></table>",
		"<table><tr",
	)
}
