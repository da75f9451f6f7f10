#!/usr/bin/env python3
"""The block structure cmark-gfm gives a set of Markdown inputs, one line a block.

Usage: cmark_blocks.py spec SPEC.TXT      the CommonMark spec's examples
       cmark_blocks.py notes FOLDER       every .md file of a folder
       cmark_blocks.py full NOTES.json    the whole block structure (below) of each
                                          note of a JSON array, named by its index

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

With `full`, every block is listed with the lines it starts and ends on, indented two
spaces a level inside the block that holds it, footnote definitions on (GFM's):

    paragraph START END       heading LEVEL START END     code START END
    html START END            quote START END             list START END
    item START END            table START END             break START END
    footnote START END

cmark-gfm writes a footnote definition after the document's other blocks (and drops one
that nothing refers to): each is put back where its lines are (`nest_footnotes`).
The notes are parsed in this process by cmark-gfm's library when it can be loaded (a
process each takes minutes for thousands of notes), else by the `cmark-gfm` command.
"""

import ctypes
import ctypes.util
import json
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
                out.append(f"html {start} {html_end(child, start)}")
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


FULL_NAMES = {
    "paragraph": "paragraph",
    "code_block": "code",
    "html_block": "html",
    "block_quote": "quote",
    "list": "list",
    "item": "item",
    "table": "table",
    "thematic_break": "break",
    "footnote_definition": "footnote",
}


def html_end(child, start):
    """An HTML block's last line, from its text (see `blocks`)."""
    literal = child.text or ""
    count = literal.count("\n") + (0 if literal.endswith("\n") else 1)
    return start + max(1, count) - 1


def full_blocks(xml):
    """Every block with its start and end lines, indented by depth (`full`).

    cmark-gfm 0.29 ends a setext heading, and a fenced code block that its container's
    end closes, on the line that closed it (the next): the markdown is read with a blank
    line after it, so that such a line always follows, and those ends are moved back
    (a fence's to its container's end).
    """
    # cmark-gfm 0.29 names footnotes `<unknown>`, which is no XML.
    xml = xml.replace(b"<<unknown>", b"<footnote_definition").replace(b"</<unknown>>", b"</footnote_definition>")
    out = []

    def walk(node, depth, container_end):
        children = [child for child in node if child.get("sourcepos") is not None]
        if depth == 0:
            children.sort(key=lambda child: lines_of(child.get("sourcepos"))[0])
        for child in children:
            tag = child.tag[len(NS):]
            if tag not in FULL_NAMES and tag != "heading":
                continue
            start, end = lines_of(child.get("sourcepos"))
            if tag == "html_block":
                end = html_end(child, start)
            elif tag == "heading":
                # The line after a setext underline, even a blank one (`N:0`).
                closing = int(child.get("sourcepos").split("-")[1].split(":")[0])
                end = max(start, closing - 1) if closing > start else start
            elif tag == "code_block":
                end = min(end, container_end)
            name = f"heading {child.get('level')}" if tag == "heading" else FULL_NAMES[tag]
            out.append(f"{'  ' * depth}{name} {start} {end}")
            if tag in ("block_quote", "list", "item", "footnote_definition"):
                walk(child, depth + 1, end)

    walk(nest_footnotes(ET.fromstring(xml)), 0, sys.maxsize)
    return out


def start_and_end(node):
    """A node's first and last positions, `(line, column)` each."""
    start, end = node.get("sourcepos").split("-")
    return tuple(int(x) for x in start.split(":")), tuple(int(x) for x in end.split(":"))


def nest_footnotes(root):
    """The document with each footnote definition back in the container it was written in.

    cmark-gfm moves every footnote definition to the document's end: each goes back into
    the deepest quote, item or definition whose source holds its start, outer ones first,
    among that container's children in the order of their positions.
    """
    footnotes = [child for child in root if child.tag == NS + "footnote_definition"]
    for footnote in sorted(footnotes, key=lambda node: start_and_end(node)[0]):
        root.remove(footnote)
        start = start_and_end(footnote)[0]
        holder = root
        while True:
            inner = [
                child
                for child in holder
                if child.tag in (NS + "block_quote", NS + "list", NS + "item", NS + "footnote_definition")
                and child.get("sourcepos") is not None
                and start_and_end(child)[0] <= start <= start_and_end(child)[1]
            ]
            if not inner:
                break
            holder = inner[0]
        before = [i + 1 for i, child in enumerate(holder) if child.get("sourcepos") and start_and_end(child)[0] <= start]
        holder.insert(max(before, default=0), footnote)
    return root


class Library:
    """cmark-gfm's library, parsing as `cmark-gfm --sourcepos -e table` with footnotes on."""

    SOURCEPOS = 1 << 1
    FOOTNOTES = 1 << 13

    def __init__(self):
        core = ctypes.util.find_library("cmark-gfm")
        extensions = ctypes.util.find_library("cmark-gfm-extensions")
        if core is None or extensions is None:
            raise OSError("libcmark-gfm not found")
        self.lib = ctypes.CDLL(core)
        self.libc = ctypes.CDLL(None)
        ctypes.CDLL(extensions).cmark_gfm_core_extensions_ensure_registered()
        pointer = ctypes.c_void_p
        signatures = {
            "cmark_parser_new": (pointer, [ctypes.c_int]),
            "cmark_find_syntax_extension": (pointer, [ctypes.c_char_p]),
            "cmark_parser_attach_syntax_extension": (ctypes.c_int, [pointer, pointer]),
            "cmark_parser_feed": (None, [pointer, ctypes.c_char_p, ctypes.c_size_t]),
            "cmark_parser_finish": (pointer, [pointer]),
            "cmark_render_xml": (pointer, [pointer, ctypes.c_int]),
            "cmark_node_free": (None, [pointer]),
            "cmark_parser_free": (None, [pointer]),
        }
        for name, (result, arguments) in signatures.items():
            function = getattr(self.lib, name)
            function.restype = result
            function.argtypes = arguments
        self.libc.free.argtypes = [pointer]
        self.table = self.lib.cmark_find_syntax_extension(b"table")
        if not self.table:
            raise OSError("cmark-gfm's table extension not found")

    def xml(self, markdown):
        options = self.SOURCEPOS | self.FOOTNOTES
        parser = self.lib.cmark_parser_new(options)
        self.lib.cmark_parser_attach_syntax_extension(parser, self.table)
        data = markdown.encode("utf-8")
        self.lib.cmark_parser_feed(parser, data, len(data))
        document = self.lib.cmark_parser_finish(parser)
        rendered = self.lib.cmark_render_xml(document, options)
        xml = ctypes.string_at(rendered)
        self.libc.free(rendered)
        self.lib.cmark_node_free(document)
        self.lib.cmark_parser_free(parser)
        return xml


def full_parser():
    """A function from Markdown to cmark-gfm's XML with footnotes on."""
    try:
        return Library().xml
    except OSError:
        return lambda markdown: cmark(markdown, ["-e", "footnotes"])


def cmark(markdown, extra=()):
    result = subprocess.run(
        ["cmark-gfm", "--to", "xml", "--sourcepos", "-e", "table", *extra],
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
    elif len(args) == 2 and args[0] == "full":
        parse = full_parser()
        with open(args[1], encoding="utf-8") as f:
            notes = json.load(f)
        out = []
        for index, markdown in enumerate(notes):
            out.append(f"input {index}")
            out.extend(full_blocks(parse(markdown + "\n")))
        print("\n".join(out))
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main()
