"""Every message booknotes sends, decoded by lsprotocol and checked by pytest-lsp
against the client's capabilities (warnings are errors, see pytest.ini)."""

import asyncio

import pytest
from lsprotocol import types
from pygls.exceptions import JsonRpcException
from pytest_lsp import LanguageClient, client_capabilities

URI = "file:///conformance/note.md"

# The library changed while a request over it ran (an open note joining the index):
# the server answers ContentModified and the client asks again, as LSP clients do.
CONTENT_MODIFIED = -32801


async def asked_until_answered(send):
    """The answer of `send()`, asked again while it is ContentModified."""
    for _ in range(100):
        try:
            return await send()
        except JsonRpcException as error:
            if error.code != CONTENT_MODIFIED:
                raise
            await asyncio.sleep(0.02)
    raise AssertionError("ContentModified 100 times in a row")
TEXT = (
    "---\r\ntitle: Thinking, Fast and Slow\r\nstatus: reading\r\n---\r\n"
    "# Thinking, Fast and Slow 😀\r\n\r\n"
    "## Part 1 #psychology/biases\r\n\r\n"
    "> Nothing in life is as important as you think it is. (p. 402)\r\n\r\n"
    "The ?[effect](anchoring effect) makes **first** numbers *stick* 漢字.\r\n\r\n"
    "Q: What is System 1?\r\n"
    "A: Fast, automatic thinking.\r\n\r\n"
    "Q:broken\r\n\r\n"
    "Summary:\r\n\r\n"
    "- a list\r\n- of #tags\r\n"
)
EXPECTED_ENCODING = {
    "neovim@v0.11": "utf-8",
    "visual-studio-code": "utf-16",
    "emacs@v29.1": "utf-32",
}


def open_note(client: LanguageClient, text: str = TEXT):
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=URI, language_id="markdown", version=1, text=text)
        )
    )


def change(client: LanguageClient, version: int, changes):
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=URI, version=version),
            content_changes=changes,
        )
    )


def edit(start, end, text):
    return types.TextDocumentContentChangePartial(
        range=types.Range(start=types.Position(*start), end=types.Position(*end)), text=text
    )


def pulls(client: LanguageClient) -> bool:
    return client.initialize_result.capabilities.diagnostic_provider is not None


async def diagnostics(client: LanguageClient) -> list[types.Diagnostic]:
    """The note's diagnostics, pulled or pushed as negotiated."""
    if pulls(client):
        report = await client.text_document_diagnostic_async(
            types.DocumentDiagnosticParams(text_document=types.TextDocumentIdentifier(uri=URI))
        )
        assert isinstance(report, types.RelatedFullDocumentDiagnosticReport)
        return list(report.items)
    await client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    return list(client.diagnostics[URI])


async def test_initialize_result(client: LanguageClient):
    result = client.initialize_result
    capabilities = result.capabilities
    assert result.server_info.name == "booknotes"
    assert capabilities.position_encoding == EXPECTED_ENCODING[client.profile]
    sync = capabilities.text_document_sync
    assert sync.open_close and sync.change == types.TextDocumentSyncKind.Incremental
    tokens = capabilities.semantic_tokens_provider
    assert list(tokens.legend.token_types[:3]) == ["heading", "marker", "hashtag"]
    assert tokens.full.delta is True and tokens.range is True
    assert list(capabilities.code_action_provider.code_action_kinds) == [types.CodeActionKind.QuickFix]
    # Pulled diagnostics only for a client that pulls and can be asked to pull again.
    declared = client_capabilities(client.profile)
    pulls = declared.text_document is not None and declared.text_document.diagnostic is not None
    diagnostics_caps = declared.workspace.diagnostics if declared.workspace is not None else None
    refreshes = diagnostics_caps is not None and bool(diagnostics_caps.refresh_support)
    assert (capabilities.diagnostic_provider is not None) == (pulls and refreshes)


async def test_semantic_tokens_full_delta_and_range(client: LanguageClient):
    open_note(client)
    doc = types.TextDocumentIdentifier(uri=URI)
    full = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc))
    assert full.result_id and len(full.data) % 5 == 0 and full.data

    # Between \r and \n of the title's line break, then inside the emoji.
    change(client, 2, [edit((4, 29), (4, 29), "\n"), edit((4, 27), (4, 27), "!")])
    delta = await client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=doc, previous_result_id=full.result_id)
    )
    assert isinstance(delta, types.SemanticTokensDelta)
    data = list(full.data)
    for e in sorted(delta.edits, key=lambda e: e.start, reverse=True):
        data[e.start : e.start + e.delete_count] = list(e.data or [])
    again = await client.text_document_semantic_tokens_full_async(types.SemanticTokensParams(text_document=doc))
    assert data == list(again.data)

    stale = await client.text_document_semantic_tokens_full_delta_async(
        types.SemanticTokensDeltaParams(text_document=doc, previous_result_id="no-such-result")
    )
    assert isinstance(stale, types.SemanticTokens)

    part = await client.text_document_semantic_tokens_range_async(
        types.SemanticTokensRangeParams(
            text_document=doc, range=types.Range(start=types.Position(6, 0), end=types.Position(12, 0))
        )
    )
    assert part.data and len(part.data) < len(again.data)


async def test_outline_folding_and_hover(client: LanguageClient):
    open_note(client)
    doc = types.TextDocumentIdentifier(uri=URI)
    symbols = await client.text_document_document_symbol_async(types.DocumentSymbolParams(text_document=doc))
    assert symbols and isinstance(symbols[0], types.DocumentSymbol)
    assert symbols[0].name == "Thinking, Fast and Slow"
    def names(symbols):
        for symbol in symbols or []:
            yield symbol.name
            yield from names(symbol.children)

    assert any(name.startswith("Part 1") for name in names(symbols))

    folds = await client.text_document_folding_range_async(types.FoldingRangeParams(text_document=doc))
    assert any(fold.start_line == 0 and fold.end_line == 3 for fold in folds)

    hover = await client.text_document_hover_async(
        types.HoverParams(text_document=doc, position=types.Position(10, 8))
    )
    assert isinstance(hover.contents, types.MarkupContent)
    assert hover.contents.kind == types.MarkupKind.Markdown
    assert "anchoring effect" in hover.contents.value
    nothing = await client.text_document_hover_async(
        types.HoverParams(text_document=doc, position=types.Position(5, 0))
    )
    assert nothing is None


async def test_diagnostics_and_code_actions(client: LanguageClient):
    open_note(client)
    found = await diagnostics(client)
    codes = [d.code for d in found]
    assert "qa-missing-space" in codes and "summary-empty" in codes
    summary = next(d for d in found if d.code == "summary-empty")
    # From the client's workspace/configuration answer.
    assert summary.severity == types.DiagnosticSeverity.Hint

    broken = next(d for d in found if d.code == "qa-missing-space")
    doc = types.TextDocumentIdentifier(uri=URI)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc, range=broken.range, context=types.CodeActionContext(diagnostics=[broken])
        )
    )
    assert actions and isinstance(actions[0], types.CodeAction)
    assert actions[0].kind == types.CodeActionKind.QuickFix
    assert actions[0].edit.changes[URI][0].new_text == "Q: "

    at_cursor = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc,
            range=types.Range(start=types.Position(15, 1), end=types.Position(15, 1)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    assert at_cursor and at_cursor[0].diagnostics

    # Fixing it changes the diagnostics (a new push, or a new full pull report).
    change(client, 2, [edit((15, 0), (15, 2), "Q: ")])
    if not pulls(client):
        client.diagnostics.pop(URI, None)
    after = await diagnostics(client)
    assert "qa-missing-space" not in [d.code for d in after]


async def test_log_messages(client: LanguageClient):
    # Info lines reach the client only while it traces messages.
    client.set_trace(types.SetTraceParams(value=types.TraceValue.Messages))
    open_note(client)
    client.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI)))
    client.text_document_did_close(
        types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=URI))
    )
    for _ in range(100):
        if any(m.message.startswith("Closed") for m in client.log_messages):
            break
        await asyncio.sleep(0.02)
    messages = [m.message for m in client.log_messages]
    assert any(m.startswith("Opened " + URI) for m in messages)
    assert any(m.startswith("Closed " + URI) for m in messages)


async def test_cursor_placement_and_settings_change(client: LanguageClient):
    # The well-formed cloze makes the note one that holds clozes, so the other is flagged.
    open_note(client, "The ?[who] wrote it. ?[When](1984)\n")
    doc = types.TextDocumentIdentifier(uri=URI)
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=doc,
            range=types.Range(start=types.Position(0, 6), end=types.Position(0, 6)),
            context=types.CodeActionContext(diagnostics=[]),
        )
    )
    fix = actions[0]
    assert fix.edit.changes[URI][0].new_text == "()"
    # A client that shows documents gets a command placing the cursor between the parentheses.
    if fix.command is not None:
        change(client, 2, [edit((0, 10), (0, 10), "()")])
        await client.workspace_execute_command_async(
            types.ExecuteCommandParams(command=fix.command.command, arguments=fix.command.arguments)
        )
        assert client.shown_documents[-1].selection.start == types.Position(0, 11)

    # A settings change: diagnostics pushed again, or a refresh request to a pulling client.
    refreshes = client.diagnostic_refresh_count
    if not pulls(client):
        client.diagnostics.pop(URI, None)
    # (Keys the initialization options set win over settings, so change another one.)
    off = {"cloze-empty-answer": "off", "cloze-missing-answer": "off"}
    client.workspace_did_change_configuration(
        types.DidChangeConfigurationParams(settings={"booknotes": {"diagnostics": {"severity": off}}})
    )
    if pulls(client):
        for _ in range(100):
            if client.diagnostic_refresh_count > refreshes:
                break
            await asyncio.sleep(0.02)
        supports_refresh = client.capabilities.workspace.diagnostics is not None and bool(
            client.capabilities.workspace.diagnostics.refresh_support
        )
        assert (client.diagnostic_refresh_count > refreshes) == supports_refresh
    else:
        await asyncio.wait_for(client.wait_for_notification(types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS), 10)
        assert len(client.diagnostics[URI]) == 0


def field(value, name):
    """A member of a custom response, read as a dict or as an object."""
    return value[name] if isinstance(value, dict) else getattr(value, name)


async def test_library_search_and_books(client: LanguageClient):
    open_note(client)
    # The open note joins the library index in the background.
    items = []
    for _ in range(100):
        items = await asked_until_answered(
            lambda: client.protocol.send_request_async("booknotes/search", {"query": "anchoring", "limit": 5})
        )
        if items:
            break
        await asyncio.sleep(0.05)
    assert len(items) == 1
    item = items[0]
    assert field(item, "uri") == URI
    assert field(item, "book") == "Thinking, Fast and Slow"
    assert field(item, "line") == 10
    assert field(field(field(item, "range"), "start"), "line") == 10
    start, end = field(item, "matches")[0]
    assert field(item, "snippet")[start:end] == "anchoring"
    books = await client.protocol.send_request_async("booknotes/books", {"status": "reading"})
    assert [field(book, "title") for book in books] == ["Thinking, Fast and Slow"]
    assert field(books[0], "uri") == URI


LIBRARY_TEXT = (
    "# Library Note\n\n"
    "## Part 1 #psychology/biases\n\n"
    "See [the web](https://example.com/page) and [nothing](missing-note.md).\n\n"
    "- of #tags and #\n"
)


async def test_workspace_symbols(client: LanguageClient):
    open_note(client, LIBRARY_TEXT)
    # The open note reaches the index in the background. It is a note, not a book, and
    # a query finds it by its title.
    symbols = []
    for _ in range(100):
        symbols = await asked_until_answered(
            lambda: client.workspace_symbol_async(types.WorkspaceSymbolParams(query="library note"))
        )
        if symbols:
            break
        await asyncio.sleep(0.02)
    assert symbols and isinstance(symbols[0], types.SymbolInformation)
    assert symbols[0].name == "Library Note"
    assert symbols[0].location.uri == URI
    found = await asked_until_answered(
        lambda: client.workspace_symbol_async(types.WorkspaceSymbolParams(query="part"))
    )
    assert any(symbol.container_name == "Library Note" for symbol in found)


async def test_hashtag_completion_hover_and_references(client: LanguageClient):
    open_note(client, LIBRARY_TEXT)
    doc = types.TextDocumentIdentifier(uri=URI)
    completion = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=doc,
            position=types.Position(6, 16),
            context=types.CompletionContext(
                trigger_kind=types.CompletionTriggerKind.TriggerCharacter, trigger_character="#"
            ),
        )
    )
    assert isinstance(completion, types.CompletionList)
    labels = [item.label for item in completion.items]
    assert "#psychology/biases" in labels and "#tags" in labels
    item = completion.items[0]
    assert isinstance(item.text_edit, types.TextEdit)
    assert item.text_edit.range == types.Range(start=types.Position(6, 15), end=types.Position(6, 16))
    assert item.insert_text_format in (None, types.InsertTextFormat.PlainText)

    hover = await client.text_document_hover_async(types.HoverParams(text_document=doc, position=types.Position(2, 12)))
    assert "#psychology" in hover.contents.value

    position = types.Position(2, 12)
    references = await client.text_document_references_async(
        types.ReferenceParams(
            text_document=doc, position=position, context=types.ReferenceContext(include_declaration=True)
        )
    )
    assert [r.range for r in references] == [types.Range(start=types.Position(2, 11), end=types.Position(2, 28))]
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=position)
    )
    assert [d.uri for d in definition] == [URI]


async def test_rename_and_document_links(client: LanguageClient):
    open_note(client, LIBRARY_TEXT)
    found = await diagnostics(client)
    missing = [d for d in found if d.code == "link-missing-note"]
    assert len(missing) == 1 and missing[0].severity == types.DiagnosticSeverity.Warning

    doc = types.TextDocumentIdentifier(uri=URI)
    position = types.Position(2, 12)
    prepared = await client.text_document_prepare_rename_async(
        types.PrepareRenameParams(text_document=doc, position=position)
    )
    assert prepared.placeholder == "psychology"
    assert prepared.range == types.Range(start=types.Position(2, 11), end=types.Position(2, 21))

    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=position, new_name="mind")
    )
    if edit.document_changes is not None:
        (change,) = edit.document_changes
        assert isinstance(change, types.TextDocumentEdit)
        assert change.text_document.version == 1
        edits = change.edits
    else:
        edits = edit.changes[URI]
    assert [(e.range.start.character, e.range.end.character, e.new_text) for e in edits] == [(11, 21, "mind")]

    with pytest.raises(Exception, match="not a hashtag name"):
        await client.text_document_rename_async(
            types.RenameParams(text_document=doc, position=position, new_name="not a tag")
        )

    links = await client.text_document_document_link_async(types.DocumentLinkParams(text_document=doc))
    assert [link.target for link in links] == ["https://example.com/page"]
