"""Review over the protocol, as each client profile decodes it: `booknotes/review/due`
and `booknotes/review/grade` on a library folder (its log written there), and the code
lens on a note's title. The clock is set by BOOKNOTES_NOW."""

import asyncio
import os
import pathlib
import tempfile

import pytest_lsp
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

from conftest import BINARY, PROFILES
from test_conformance import EXPECTED_ENCODING, field

NOW = "2026-11-27T08:00:00Z"
NOTE = (
    "---\n"
    "title: Atomic Habits\n"
    "tags: [habits]\n"
    "---\n"
    "# Atomic Habits\n\n"
    "> You do not rise to the level of your goals. (p. 27)\n\n"
    "😀 Habits are the ?[what kind](compound interest) of self-improvement.\n\n"
    "Q: What is the two-minute rule?\n"
    "A: Start with a habit that takes two minutes.\n"
)
INVALID_PARAMS = -32602


def column(line: str, characters: int, encoding: str) -> int:
    """The column of the first `characters` characters of `line` in `encoding`."""
    prefix = line[:characters]
    if encoding == "utf-8":
        return len(prefix.encode("utf-8"))
    if encoding == "utf-16":
        return len(prefix.encode("utf-16-le")) // 2
    return len(prefix)


@pytest_lsp.fixture(
    params=PROFILES,
    config=ClientServerConfig(
        server_command=[BINARY, "lsp", "--log-level", "info"], server_env={**os.environ, "BOOKNOTES_NOW": NOW}
    ),
)
async def library_client(request, lsp_client: LanguageClient):
    """A client whose workspace folder is a library of one note with three prompts."""
    root = pathlib.Path(tempfile.mkdtemp(prefix="booknotes-conformance-review-"))
    (root / "habits.md").write_text(NOTE, encoding="utf-8")
    lsp_client.root = root
    lsp_client.profile = request.param

    # The profiles declare dynamic registration of file watching; an editor accepts it.
    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        pass

    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            client_info=types.ClientInfo(name="pytest-lsp", version=request.param),
            root_uri=root.as_uri(),
            workspace_folders=[types.WorkspaceFolder(uri=root.as_uri(), name="library")],
        )
    )
    yield
    await lsp_client.shutdown_session()


async def due_once_indexed(client: LanguageClient, params: dict) -> list:
    """The answer of `booknotes/review/due` once the library's note is indexed."""
    for _ in range(200):
        items = await client.protocol.send_request_async("booknotes/review/due", params)
        if items:
            return items
        await asyncio.sleep(0.05)
    raise AssertionError("the library's prompts never came")


async def test_review_due_grade_and_lens(library_client: LanguageClient):
    client = library_client
    converter = client.protocol._converter
    encoding = EXPECTED_ENCODING[client.profile]
    uri = (client.root / "habits.md").as_uri()

    items = await due_once_indexed(client, {"book": "atomic"})
    assert [field(item, "kind") for item in items] == ["quote", "cloze", "qa"]
    for item in items:
        assert field(item, "state") == "new" and field(item, "due") is None
        assert field(item, "book") == "Atomic Habits"
        assert field(item, "uri") == uri and field(item, "file").endswith("habits.md")
        assert len(field(item, "id")) == 16
    assert field(items[0], "back") == "p. 27"
    assert field(items[1], "front") == "😀 Habits are the [what kind] of self-improvement."
    assert field(items[1], "back") == "compound interest"
    assert field(items[2], "front") == "What is the two-minute rule?"
    # The cloze's range, in the negotiated encoding, after the emoji.
    cloze_line = NOTE.split("\n")[8]
    cloze_range = converter.structure(converter.unstructure(field(items[1], "range")), types.Range)
    assert cloze_range.start == types.Position(8, column(cloze_line, cloze_line.index("?["), encoding))
    assert cloze_range.end == types.Position(8, column(cloze_line, cloze_line.index(" of self"), encoding))
    assert len(await client.protocol.send_request_async("booknotes/review/due", {"tag": "habits", "limit": 1})) == 1
    assert await client.protocol.send_request_async("booknotes/review/due", {"book": "no such book"}) == []

    graded = await client.protocol.send_request_async(
        "booknotes/review/grade", {"id": field(items[2], "id"), "grade": 3, "seconds": 4}
    )
    assert field(graded, "id") == field(items[2], "id")
    # A new prompt graded good waits for its second learning step, ten minutes.
    assert field(graded, "due") == "2026-11-27T08:10:00Z" and field(graded, "state") == "learning"
    # That step falls due within the session: an editor shows the prompt again in 600 s.
    assert field(graded, "comesBackIn") == 600
    log = (client.root / ".booknotes" / "reviews.tsv").read_text(encoding="utf-8")
    assert log == f"{NOW}\t{field(items[2], 'id')}\t3\t4\n"
    after = await client.protocol.send_request_async("booknotes/review/due", {})
    assert [field(item, "kind") for item in after] == ["quote", "cloze"]
    for bad in [{"id": field(items[0], "id"), "grade": 5}, {"id": "0000000000000000", "grade": 3}]:
        try:
            await client.protocol.send_request_async("booknotes/review/grade", bad)
            raise AssertionError(f"{bad} was accepted")
        except JsonRpcException as error:
            assert error.code == INVALID_PARAMS

    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=1, text=NOTE)
        )
    )
    lenses = await client.text_document_code_lens_async(
        types.CodeLensParams(text_document=types.TextDocumentIdentifier(uri=uri))
    )
    review = [lens for lens in lenses if lens.command and lens.command.command == "booknotes.review"]
    assert len(review) == 1
    assert review[0].command.title == "3 prompts · 2 due"
    assert list(review[0].command.arguments) == [{"book": "Atomic Habits"}]
    title_line = NOTE.split("\n")[1]
    assert review[0].range.start == types.Position(1, column(title_line, title_line.index("Atomic"), encoding))

    # Again on a new prompt: back in a minute; easy: a review prompt, not back (null).
    again = await client.protocol.send_request_async(
        "booknotes/review/grade", {"id": field(items[1], "id"), "grade": 1}
    )
    assert field(again, "state") == "learning" and field(again, "comesBackIn") == 60
    easy = await client.protocol.send_request_async(
        "booknotes/review/grade", {"id": field(items[0], "id"), "grade": 4}
    )
    assert field(easy, "state") == "review" and field(easy, "comesBackIn") is None
