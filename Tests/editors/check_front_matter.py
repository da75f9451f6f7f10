#!/usr/bin/env python3
"""Reads a saved note's front matter with a YAML parser and checks it against a book.

    check_front_matter.py NOTE [BOOK]

BOOK is a key of BOOKS below (default `effective-java`: the Google Books stand-in's
fixture 01 item). Prints `ok` and exits 0 when the front matter is one YAML mapping,
without a repeated key, whose title, authors, published, isbn and google-books-id are
the book's; otherwise prints what differs (and the note) and exits 1. Used by the
editor tests after they pick a Google Books title completion and save the note.
"""
import datetime
import json
import sys

import yaml

BOOKS = {
    "effective-java": {
        "title": "Effective Java",
        "authors": ["Joshua Bloch"],
        "published": "2008-05-08",
        "isbn": "9780132778046",
        "google-books-id": "ka2VUBqHiWkC",
    },
}


class StrictLoader(yaml.SafeLoader):
    """A safe loader that refuses a key given twice (PyYAML keeps the last)."""

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"key {key!r} given twice", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep=deep)


def front_matter(text):
    lines = text.splitlines()
    if not lines or lines[0].strip() != "---":
        raise ValueError("the note does not start with ---")
    for number, line in enumerate(lines[1:], start=1):
        if line.strip() in ("---", "..."):
            return "\n".join(lines[1:number])
    raise ValueError("the front matter is not closed")


def problems(text, book):
    data = yaml.load(front_matter(text), Loader=StrictLoader)
    if not isinstance(data, dict):
        return [f"the front matter is not a mapping: {data!r}"]
    found = []
    for key, want in book.items():
        got = data.get(key)
        if key == "authors" and isinstance(got, str):
            got = [got]
        # The server writes a date or an ISBN plain when it reads back as the same
        # characters (a date, an integer): compare those characters.
        if key == "published" and isinstance(got, datetime.date):
            got = got.isoformat()
        if key == "isbn" and isinstance(got, int) and not isinstance(got, bool):
            got = str(got)
        if got != want:
            found.append(f"{key}: {got!r} ({type(got).__name__}), expected {want!r}")
    return found


def main():
    path = sys.argv[1]
    book = BOOKS[sys.argv[2] if len(sys.argv) > 2 else "effective-java"]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    try:
        found = problems(text, book)
    except (ValueError, yaml.YAMLError) as error:
        found = [str(error).replace("\n", " ")]
    if found:
        print("; ".join(found) + " in " + json.dumps(text))
        return 1
    print("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
