#!/usr/bin/env python3
"""fuzz-seeds.py -- the seed corpus of the execute_sql fuzzer (fuzz/corpus_sql/)
from the golden scripts tests/sql/*.q.

Each block of a .q file (a statement, its expected output, a !ok / !info /
!warning / !error tag; or, in the SQL gateway layout, statements up to a line
'!output') gives one seed: the statements before it in the file that set up
state and did not fail (CREATE, ALTER, DROP, USE, SET, RESET), then the
block's own statements, each ending in ';'. A seed thus runs on its own, in
the fresh env the fuzzer gives each input. $VAR_STREAMING_PATH and the other
path placeholders become relative directories (the fuzzer works in a
temporary directory); any other $VAR_X becomes X, as in `eddy --check`.

Usage: scripts/fuzz-seeds.py [OUT_DIR]   (default fuzz/corpus_sql; the
directory's *.sql files are replaced; hand-written seeds there are named
hand_*.txt and kept)
"""
import glob
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SETUP = ("CREATE", "ALTER", "DROP", "USE", "SET", "RESET")
PATHS = {"VAR_STREAMING_PATH": "streaming", "VAR_STREAMING_PATH2": "streaming2",
         "VAR_BATCH_PATH": "batch", "VAR_BATCH_PATH2": "batch2"}


def substitute(text):
    return re.sub(r"\$(VAR_\w+)", lambda m: PATHS.get(m.group(1), m.group(1)[4:]), text)


def blocks(text):
    """(statements text, tag) per block, as eddy --check reads them."""
    lines = text.split("\n")
    gateway = "!output" in lines
    out, sql, state = [], [], "begin"
    in_set = False
    for line in lines:
        if state == "begin" and (line.startswith("#") or not line.strip()):
            continue
        if state != "output":
            state = "sql"
            if gateway and line == "!output":
                state = "output"
                continue
            sql.append(line)
            if re.search(r"STATEMENT\s+SET\s+BEGIN", line, re.I):
                in_set = True
            if not gateway and line.rstrip().endswith(";"):
                if not in_set or re.match(r"\s*END\s*;", line, re.I):
                    state, in_set = "output", False
        elif line.startswith("!"):
            out.append(("\n".join(sql).strip(), line))
            sql, state = [], "begin"
    return out


def first_word(stmt):
    m = re.match(r"\s*(\w+)", stmt)
    return m.group(1).upper() if m else ""


def main():
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "fuzz", "corpus_sql")
    os.makedirs(out_dir, exist_ok=True)
    for old in glob.glob(os.path.join(out_dir, "*.sql")):
        os.remove(old)
    count = 0
    for q in sorted(glob.glob(os.path.join(ROOT, "tests", "sql", "*.q"))):
        name = os.path.splitext(os.path.basename(q))[0]
        setup = []
        with open(q, encoding="utf-8") as f:
            bs = blocks(f.read())
        for i, (sql, tag) in enumerate(bs):
            sql = substitute(sql)
            if not sql.endswith(";"):
                sql += ";"
            with open(os.path.join(out_dir, "%s_%03d.sql" % (name, i)), "w", encoding="utf-8") as f:
                f.write("".join(s + "\n" for s in setup) + sql + "\n")
            count += 1
            if tag != "!error" and first_word(sql) in SETUP:
                setup.append(sql)
    print("%d seeds in %s" % (count, out_dir))


if __name__ == "__main__":
    main()
