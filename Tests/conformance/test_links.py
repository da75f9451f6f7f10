"""Links between notes in one open note, as each client profile decodes them:
definition and references along a heading link and a footnote, the code lens on the
title, completion after `[[#`, and the rename of a heading with its links."""

from lsprotocol import types
from pytest_lsp import LanguageClient

from test_conformance import URI, asked_until_answered, open_note

LINKED_TEXT = (
    "# Linked Note\n\n"
    "## Part 1: Start 😀\n\n"
    "A footnote[^1] and [the part](#part-1-start-) and [[#Part 1: Start 😀]].\n\n"
    "[^1]: The footnote.\n"
)


async def test_definition_references_and_code_lens(client: LanguageClient):
    open_note(client, LINKED_TEXT)
    doc = types.TextDocumentIdentifier(uri=URI)
    definition = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=types.Position(4, 52))
    )
    assert isinstance(definition, list) and definition[0].uri == URI
    assert definition[0].range.start == types.Position(2, 0)
    by_slug = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=types.Position(4, 25))
    )
    assert by_slug[0].range.start == types.Position(2, 0)
    footnote = await client.text_document_definition_async(
        types.DefinitionParams(text_document=doc, position=types.Position(4, 11))
    )
    assert footnote[0].range.start == types.Position(6, 0)
    references = await asked_until_answered(
        lambda: client.text_document_references_async(
            types.ReferenceParams(
                text_document=doc,
                position=types.Position(2, 5),
                context=types.ReferenceContext(include_declaration=True),
            )
        )
    )
    assert sorted(r.range.start.line for r in references) == [4, 4]
    lenses = await client.text_document_code_lens_async(types.CodeLensParams(text_document=doc))
    assert lenses and lenses[0].command.title == "1 note links here"


async def test_heading_completion_and_rename(client: LanguageClient):
    open_note(client, LINKED_TEXT + "\n[[#\n")
    doc = types.TextDocumentIdentifier(uri=URI)
    completions = await client.text_document_completion_async(
        types.CompletionParams(text_document=doc, position=types.Position(8, 3))
    )
    items = completions.items if isinstance(completions, types.CompletionList) else completions
    assert [item.label for item in items] == ["Linked Note", "Part 1: Start 😀"]
    edit = await client.text_document_rename_async(
        types.RenameParams(text_document=doc, position=types.Position(2, 5), new_name="Part One")
    )
    if edit.document_changes is not None:
        edits = [e for change in edit.document_changes for e in change.edits]
    else:
        edits = edit.changes[URI]
    assert sorted(e.new_text for e in edits) == ["Part One", "Part One", "part-one"]
