package extract

import "testing"

func TestSQLTable(t *testing.T) {
	cases := []readerCase{
		{
			name:  "a dump with its CREATE TABLE and one INSERT of several rows",
			text:  "CREATE TABLE links (src TEXT, dst TEXT, minutes INT);\nINSERT INTO links VALUES ('a', 'b', 5), ('b', 'c', 7), ('a', 'c', 15);\nWhat is the fastest route from a to c?",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:5", "b-c:7", "a-c:15"}, meaning: MeaningWeight,
			minConf: 0.95, maxConf: 1,
		},
		{
			name:  "an id column first is never an end",
			text:  "CREATE TABLE IF NOT EXISTS `roads` (\n  id INT PRIMARY KEY,\n  src TEXT,\n  dst TEXT,\n  km INT,\n  PRIMARY KEY (id)\n);\nINSERT INTO roads VALUES (1, 'Oslo', 'Bergen', 460);\nINSERT INTO roads VALUES (2, 'Bergen', 'Voss', 100);",
			nodes: []string{"Oslo", "Bergen", "Voss"}, edges: []string{"Oslo-Bergen:460", "Bergen-Voss:100"}, meaning: MeaningDistance,
			minConf: 0.9, maxConf: 1,
		},
		{
			name:  "the INSERT's own column list, in another order",
			text:  "INSERT INTO e (dst, src, cost) VALUES ('b', 'a', 3), ('c', 'b', 4);",
			nodes: []string{"a", "b", "c"}, edges: []string{"a-b:3", "b-c:4"}, meaning: MeaningCost, minConf: 0.95, maxConf: 1,
		},
		{
			name:  "quotes inside values",
			text:  "INSERT INTO knows (source, target) VALUES ('O''Brien', 'Ann'), (\"Ann\", 'Bo');",
			nodes: []string{"O'Brien", "Ann", "Bo"}, edges: []string{"O'Brien-Ann", "Ann-Bo"}, minConf: 0.95, maxConf: 1,
		},
		{name: "a table of other things", text: "CREATE TABLE people (name TEXT, age INT);\nINSERT INTO people VALUES ('Ann', 31);"},
		{name: "an INSERT into a table never created", text: "INSERT INTO t VALUES (1, 2), (2, 3);"},
		{name: "prose", text: "Please insert into the values table (a, b)."},
		{name: "a statement inside a sentence", text: "We ran INSERT INTO e (src, dst) VALUES ('a', 'b'); then stopped."},
	}
	checkReaderCases(t, SQLTable{}, cases)
}

func TestSQLTableErrors(t *testing.T) {
	checkSyntaxErrors(t, SQLTable{}, []syntaxErrorCase{
		{"a row too short", "CREATE TABLE e (src TEXT, dst TEXT);\nINSERT INTO e VALUES ('a', 'b'), ('c');", 2, 1, "1 values for 2 columns"},
		{"a row without parentheses", "INSERT INTO e (src, dst) VALUES ('a', 'b'), 'c';", 1, 1, "not in parentheses"},
		{"a cost that is no number", "INSERT INTO e (src, dst, cost) VALUES ('a', 'b', 'cheap');", 1, 1, "not a number"},
	})
}

func FuzzSQLTable(f *testing.F) {
	fuzzReaderErrors(f, SQLTable{}, syntaxPositioned,
		"CREATE TABLE links (src TEXT, dst TEXT, minutes INT);\nINSERT INTO links VALUES ('a', 'b', 5), ('b', 'c', 7);",
		"INSERT INTO e (dst, src, cost) VALUES ('b', 'a', 3);",
		"create table t (u int, v int); insert into t values (1, 2), (3",
		"INSERT INTO e (src, dst) VALUES ('a''', 'b'), ((1), [2]);",
	)
}
