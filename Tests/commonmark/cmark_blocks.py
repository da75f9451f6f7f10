#!/usr/bin/env python3
"""The block structure cmark-gfm gives a set of Markdown inputs, one line a block.

Usage: cmark_blocks.py spec SPEC.TXT      the CommonMark spec's examples
       cmark_blocks.py notes FOLDER       every .md file of a folder

Prints, for each input, `input NAME` and then its blocks in document order:

    heading LEVEL START_LINE TEXT     (TEXT: the heading's text, spaces collapsed)
    code START_LINE END_LINE          (fenced or indented code)
    html START_LINE END_LINE
    quote START_LINE
    list START_LINE
    table START_LINE
    break START_LINE                  (a thematic break)

Lines count from 1. With `spec`, the input's text is written to `--inputs DIR` too
(`example-N.md`), so that the caller parses exactly what cmark-gfm read.
"""

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://commonmark.org/xml/1.0}"


def examples(spec_text):
    """The spec's examples: (number, markdown), `→` standing for a tab."""
    fence = "`" * 32
    found = []
    lines = spec_text.split("\n")
    i = 0
    number = 0
    while i < len(lines):
        if lines[i].startswith(fence + " example"):
            i += 1
            markdown = []
            while lines[i] != ".":
                markdown.append(lines[i])
                i += 1
            while lines[i] != fence:
                i += 1
            number += 1
            text = "\n".join(markdown) + "\n" if markdown else ""
            found.append((number, text.replace("\u2192", "\t")))
        i += 1
    return found


def lines_of(sourcepos):
    """Start and end lines of `L:C-L:C`; an end at column 0 ends on the line before."""
    start, end = sourcepos.split("-")
    start_line = int(start.split(":")[0])
    end_line, end_column = (int(x) for x in end.split(":"))
    if end_column == 0:
        end_line -= 1
    return start_line, max(start_line, end_line)


def text_of(node):
    parts = []
    for child in node.iter():
        tag = child.tag[len(NS):]
        if tag in ("text", "code") and child.text:
            parts.append(child.text)
        elif tag in ("softbreak", "linebreak"):
            parts.append(" ")
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def blocks(xml):
    out = []
    root = ET.fromstring(xml)

    def walk(node):
        for child in node:
            tag = child.tag[len(NS):]
            pos = child.get("sourcepos")
            if pos is None:
                continue
            start, end = lines_of(pos)
            if tag == "heading":
                out.append(f"heading {child.get('level')} {start} {text_of(child)}".rstrip())
            elif tag == "code_block":
                out.append(f"code {start} {end}")
            elif tag == "html_block":
                # cmark-gfm 0.29 ends the source position of an HTML block closed by
                # an end condition (`-->`, `</pre>`, ...) a line early; its text counts
                # its lines right.
                literal = child.text or ""
                count = literal.count("\n") + (0 if literal.endswith("\n") else 1)
                out.append(f"html {start} {start + max(1, count) - 1}")
            elif tag == "block_quote":
                out.append(f"quote {start}")
                walk(child)
            elif tag == "list":
                out.append(f"list {start}")
                walk(child)
            elif tag == "item":
                walk(child)
            elif tag == "table":
                out.append(f"table {start}")
            elif tag == "thematic_break":
                out.append(f"break {start}")

    walk(root)
    return out


def cmark(markdown):
    result = subprocess.run(
        ["cmark-gfm", "--to", "xml", "--sourcepos", "-e", "table"],
        input=markdown.encode("utf-8"),
        stdout=subprocess.PIPE,
        check=True,
    )
    return result.stdout


def main():
    args = sys.argv[1:]
    if len(args) >= 2 and args[0] == "spec":
        inputs_dir = None
        if len(args) == 4 and args[2] == "--inputs":
            inputs_dir = args[3]
            os.makedirs(inputs_dir, exist_ok=True)
        with open(args[1], encoding="utf-8") as f:
            items = examples(f.read())
        for number, markdown in items:
            name = f"example-{number}.md"
            if inputs_dir:
                with open(os.path.join(inputs_dir, name), "w", encoding="utf-8", newline="") as f:
                    f.write(markdown)
            print(f"input {name}")
            for line in blocks(cmark(markdown)):
                print(line)
    elif len(args) == 2 and args[0] == "notes":
        for name in sorted(os.listdir(args[1])):
            if not name.endswith(".md"):
                continue
            with open(os.path.join(args[1], name), encoding="utf-8") as f:
                markdown = f.read()
            print(f"input {name}")
            for line in blocks(cmark(markdown)):
                print(line)
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main()
