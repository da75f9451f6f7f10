"""A booknotes server per test, started with a real client's capabilities."""

import os
import pathlib
import tempfile
from typing import Union

import pytest_lsp
from lsprotocol import types
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities

ROOT = pathlib.Path(__file__).resolve().parents[2]
BINARY = os.environ.get("BOOKNOTES_BINARY") or str(ROOT / ".build" / "debug" / "booknotes")
# The servers' index and book caches go to a folder of this run, not the user's.
os.environ["XDG_CACHE_HOME"] = tempfile.mkdtemp(prefix="booknotes-conformance-cache-")

# Profiles: offers utf-8 first and pulls diagnostics but takes no refresh (so gets them
# pushed); offers nothing (utf-16); offers utf-32 first.
PROFILES = ["neovim@v0.11", "visual-studio-code", "emacs@v29.1"]


@pytest_lsp.fixture(
    params=PROFILES,
    config=ClientServerConfig(server_command=[BINARY, "lsp", "--log-level", "info"]),
)
async def client(request, lsp_client: LanguageClient):
    lsp_client.profile = request.param
    # lsprotocol reads any code action that has a `command` field as a Command; the
    # specification tells them apart by the field's type (a string for a Command), so a
    # CodeAction carrying a command is checked as a CodeAction here.
    converter = lsp_client.protocol._converter

    def code_action_or_command(obj, _):
        kind = types.Command if isinstance(obj.get("command"), str) else types.CodeAction
        return converter.structure(obj, kind)

    converter.register_structure_hook(Union[types.Command, types.CodeAction], code_action_or_command)

    # The profiles declare dynamic registration of file watching, as editors do; an
    # editor then accepts the server's registration.
    registrations = []

    @lsp_client.feature(types.CLIENT_REGISTER_CAPABILITY)
    def register_capability(params: types.RegistrationParams):
        registrations.extend(params.registrations)

    lsp_client.registrations = registrations
    lsp_client.set_configuration({"diagnostics": {"severity": {"summary-empty": "hint"}}}, section="booknotes")
    lsp_client.initialize_result = await lsp_client.initialize_session(
        types.InitializeParams(
            capabilities=client_capabilities(request.param),
            client_info=types.ClientInfo(name="pytest-lsp", version=request.param),
            initialization_options={"diagnostics": {"enabled": True}},
        )
    )
    yield
    await lsp_client.shutdown_session()
