"""Choosing a Google Books title in front matter, applied as each client applies a
completion's edits, must leave front matter that YAML reads as the book's.

Clients apply an item's `textEdit` and `additionalTextEdits` in different orders:
eglot and lsp-mode apply the main edit, then the additional ones with positions read
in the changed text; Neovim's `vim.lsp.completion` applies the additional ones first,
then the main one; VS Code applies all of them at once against the text as it was.
"""

import asyncio
import json
import os
import pathlib
import subprocess
import sys
import tempfile

import pytest
import pytest_lsp
import yaml
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import BINARY

ROOT = pathlib.Path(__file__).resolve().parents[2]
URI = "file:///conformance/new-note.md"

# One catalog answer whose values YAML would misread when written plain.
VOLUMES = {
    "items": [
        {
            "id": "-Kj4DwAAQBAJ",
            "volumeInfo": {
                "title": "Batman: Killing Joke (DELUXE)",
                "authors": ["Alan Moore", "O'Brien, Brian"],
                "publishedDate": "2008-03-19",
                "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9781401216672"}],
            },
        },
        {
            "id": "ka2VUBqHiWkC",
            "volumeInfo": {
                "title": "Effective Java",
                "authors": ["Joshua Bloch"],
                "publishedDate": "2008-05-08",
                "industryIdentifiers": [{"type": "ISBN_13", "identifier": "9780132778046"}],
            },
        },
        {
            "id": "#1984xyz",
            "volumeInfo": {"title": "1984", "authors": ["George Orwell"], "publishedDate": "1949"},
        },
    ]
}

EXPECTED = {
    "-Kj4DwAAQBAJ": {
        "title": "Batman: Killing Joke (DELUXE)",
        "authors": ["Alan Moore", "O'Brien, Brian"],
        "isbn": 9781401216672,
        "google-books-id": "-Kj4DwAAQBAJ",
    },
    "ka2VUBqHiWkC": {
        "title": "Effective Java",
        "authors": "Joshua Bloch",
        "isbn": 9780132778046,
        "google-books-id": "ka2VUBqHiWkC",
    },
    "#1984xyz": {"title": "1984", "authors": "George Orwell", "google-books-id": "#1984xyz"},
}

# Notes being written, each with the cursor at the end of "title: …Ja".
NOTES = {
    "new note": "---\ntitle: Effective Ja\n---\n\nNotes.\n",
    "title on the last line": "---\ntitle: Effective Ja",
    "CRLF, keys below": "---\r\ntitle: Effective Ja\r\nstatus: reading\r\nisbn: 123\r\n---\r\n",
    "author above": "---\nauthor: Somebody Else\ntitle: Effective Ja\n---\n",
    "block list above": "---\nauthors:\n  - A. N. Other\n  - Someone\ntitle: Effective Ja\n---\n",
    "block list below": "---\ntitle: Effective Ja\nauthors:\n  - A. N. Other\n---\n# Heading\n",
    "author and authors": "---\nauthor: X\nauthors: Y\ntitle: Effective Ja\nauthor: Z\n---\n",
}


@pytest.fixture(scope="module")
def catalog():
    """The loopback Google Books stand-in, answering VOLUMES."""
    state = tempfile.mkdtemp(prefix="booknotes-title-completion-")
    with open(os.path.join(state, "plan.json"), "w", encoding="utf-8") as f:
        json.dump({"body": json.dumps(VOLUMES)}, f)
    process = subprocess.Popen(
        [sys.executable, str(ROOT / "Tests" / "GoogleBooks" / "fake_google_books.py"), state],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    port = process.stdout.readline().split()[1]
    yield f"http://127.0.0.1:{port}/books/v1"
    process.stdin.close()
    process.wait(timeout=10)


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BINARY, "lsp", "--log-level", "info"]))
async def client(lsp_client: LanguageClient, catalog):
    # Capabilities as Neovim 0.11 declares them; the edits do not depend on the profile.
    await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities("neovim@v0.11"),
            client_info=types.ClientInfo(name="pytest-lsp", version="title completion"),
            initialization_options={"books": {"endpoint": catalog, "completionBudget": 2000}},
        )
    )
    yield
    await lsp_client.shutdown_session()


def offset(text: str, position: types.Position) -> int:
    """The index in `text` of an LSP position (these notes are ASCII: utf-8 = utf-16)."""
    lines = text.splitlines(keepends=True)
    return sum(len(line) for line in lines[: position.line]) + position.character


def applied(text: str, edits) -> str:
    """`edits` applied together, their positions read in `text` (as LSP specifies)."""
    spans = sorted(((offset(text, e.range.start), offset(text, e.range.end), e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def as_each_client_applies(text: str, item: types.CompletionItem) -> dict:
    main = item.text_edit
    others = item.additional_text_edits or []
    return {
        "eglot / lsp-mode (main first)": applied(applied(text, [main]), others),
        "Neovim (additional first)": applied(applied(text, others), [main]),
        "VS Code (all at once)": applied(text, [main, *others]),
    }


def front_matter(text: str) -> dict:
    lines = text.replace("\r\n", "\n").split("\n")
    assert lines[0] == "---"
    body = []
    for line in lines[1:]:
        if line in ("---", "..."):
            break
        body.append(line)
    return yaml.safe_load("\n".join(body))


async def google_items(client: LanguageClient, line: int, character: int):
    """The Google Books items of a title completion, asked until the lookup is in."""
    for _ in range(100):
        result = await client.text_document_completion_async(
            types.CompletionParams(
                text_document=types.TextDocumentIdentifier(uri=URI),
                position=types.Position(line=line, character=character),
            )
        )
        items = [item for item in result.items if item.data]
        if items:
            return items
        await asyncio.sleep(0.1)
    raise AssertionError("no Google Books item within ten seconds")


@pytest.mark.parametrize("name", NOTES)
async def test_chosen_title_reads_back_as_yaml_in_every_client(client: LanguageClient, name):
    text = NOTES[name]
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=1, text=text)
        )
    )
    line = text.replace("\r\n", "\n").split("\n").index("title: Effective Ja")
    items = await google_items(client, line, len("title: Effective Ja"))
    labels = [item.label for item in items]
    assert len(set(labels)) == len(labels), labels
    for item in items:
        main = item.text_edit
        assert main.range.start.line == main.range.end.line == line
        for other in item.additional_text_edits or []:
            # Never on the title's line: no edit touches the main one.
            assert other.range.start.line != line and other.range.end.line != line, (item.label, other)
        results = as_each_client_applies(text, item)
        for client_name, result in results.items():
            fields = front_matter(result)
            want = EXPECTED[item.data["googleBooksID"]]
            for key, value in want.items():
                assert fields.get(key) == value, f"{name}, {client_name}: {key} is {fields.get(key)!r}\n{result}"
            assert "author" not in fields, f"{name}, {client_name}: author kept beside authors\n{result}"
            if "status" in text:
                assert fields["status"] == "reading"
        assert len(set(results.values())) == 1, results
