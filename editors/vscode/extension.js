// BookNotes for VS Code: starts `booknotes lsp` for the Markdown notes of each notes
// folder (a folder holding `.booknotes.json`, or one listed in
// `booknotes.notesFolders`), passes it the `booknotes.*` settings the user set, and
// adds the commands "Search Notes", "Reading List" and "Review".
'use strict';

const path = require('path');
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

const CONTENT_MODIFIED = -32801;
// Settings read by this extension, not by the server.
const CLIENT_ONLY = new Set(['path', 'notesFolders', 'trace.server']);

/** @type {Map<string, LanguageClient>} a client per notes folder (its path) */
const clients = new Map();
let output;
let settingKeys = [];

/** The server's settings the user set (defaults left out, so `.booknotes.json` fills them in). */
function serverSettings(scope) {
  const config = vscode.workspace.getConfiguration('booknotes', scope);
  const settings = {};
  for (const key of settingKeys) {
    const inspected = config.inspect(key);
    if (!inspected) continue;
    const value = [
      inspected.workspaceFolderLanguageValue,
      inspected.workspaceFolderValue,
      inspected.workspaceLanguageValue,
      inspected.workspaceValue,
      inspected.globalLanguageValue,
      inspected.globalValue,
    ].find((candidate) => candidate !== undefined);
    if (value === undefined || value === '') continue;
    const parts = key.split('.');
    let object = settings;
    for (const part of parts.slice(0, -1)) object = object[part] = object[part] || {};
    object[parts[parts.length - 1]] = value;
  }
  return settings;
}

/** The notes folders: folders with `.booknotes.json`, and `booknotes.notesFolders`. */
async function notesFolders() {
  const folders = new Set();
  for (const file of await vscode.workspace.findFiles('**/.booknotes.json', '**/node_modules/**', 100)) {
    folders.add(path.dirname(file.fsPath));
  }
  const listed = vscode.workspace.getConfiguration('booknotes').get('notesFolders') || [];
  for (const folder of listed) {
    if (path.isAbsolute(folder)) {
      folders.add(path.normalize(folder));
    } else {
      for (const workspaceFolder of vscode.workspace.workspaceFolders || []) {
        folders.add(path.join(workspaceFolder.uri.fsPath, folder));
      }
    }
  }
  return [...folders];
}

function startClient(folder) {
  const uri = vscode.Uri.file(folder);
  const command = vscode.workspace.getConfiguration('booknotes').get('path') || 'booknotes';
  const server = { command, args: ['lsp'] };
  const client = new LanguageClient(
    'booknotes',
    'BookNotes',
    { run: server, debug: server },
    {
      documentSelector: [
        { scheme: 'file', language: 'markdown', pattern: new vscode.RelativePattern(uri, '**/*.{md,markdown}') },
      ],
      workspaceFolder: { uri, name: path.basename(folder), index: 0 },
      outputChannel: output,
      initializationOptions: serverSettings(uri),
      middleware: {
        // The code lens "N notes link here": the server answers the links' locations,
        // shown as VS Code shows references.
        executeCommand: async (command, args, next) => {
          const result = await next(command, args);
          if (command === 'booknotes.showBacklinks' && Array.isArray(result)) {
            const convert = client.protocol2CodeConverter;
            await vscode.commands.executeCommand(
              'editor.action.showReferences',
              vscode.Uri.parse(args[0]),
              convert.asPosition(args[1]),
              result.map((location) => convert.asLocation(location)),
            );
          }
          return result;
        },
        workspace: {
          // Answer `workspace/configuration` with what the user set, not every default.
          configuration: (params) =>
            params.items.map((item) =>
              item.section === 'booknotes'
                ? serverSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : uri)
                : null,
            ),
        },
      },
    },
  );
  clients.set(folder, client);
  return client.start();
}

async function startAll() {
  const folders = await notesFolders();
  await Promise.all(folders.filter((folder) => !clients.has(folder)).map(startClient));
}

async function stopAll() {
  const running = [...clients.values()];
  clients.clear();
  await Promise.all(running.map((client) => client.stop()));
}

/** The client of the active note's folder, else any. */
function currentClient() {
  const document = vscode.window.activeTextEditor && vscode.window.activeTextEditor.document;
  if (document) {
    for (const [folder, client] of clients) {
      if (document.uri.fsPath.startsWith(folder + path.sep)) return client;
    }
  }
  const first = clients.values().next();
  if (first.done) throw new Error('no BookNotes server is running: open a note in a notes folder');
  return first.value;
}

/** Sends a request; asks again (twice at most) when the library changed meanwhile. */
async function request(client, method, params) {
  for (let tries = 0; ; tries++) {
    try {
      return await client.sendRequest(method, params);
    } catch (error) {
      if (!(error && error.code === CONTENT_MODIFIED && tries < 2)) throw error;
    }
  }
}

async function open(client, uri, range) {
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const editor = await vscode.window.showTextDocument(document);
  if (range) {
    const selection = client.protocol2CodeConverter.asRange(range);
    editor.selection = new vscode.Selection(selection.start, selection.end);
    editor.revealRange(selection, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
}

async function search() {
  const client = currentClient();
  const query = await vscode.window.showInputBox({
    prompt: 'Search notes: words, "a phrase", #tag',
    placeHolder: 'memory palace',
  });
  if (!query) return;
  const hits = await request(client, 'booknotes/search', { query });
  if (hits.length === 0) {
    vscode.window.showInformationMessage(`No note matches ${query}`);
    return;
  }
  const picked = await vscode.window.showQuickPick(
    hits.map((hit) => ({
      label: hit.snippet,
      description: [hit.book, hit.heading].filter((part) => typeof part === 'string').join(' › '),
      detail: `${vscode.workspace.asRelativePath(hit.file)}:${hit.line + 1}`,
      hit,
    })),
    { matchOnDescription: true, matchOnDetail: true, placeHolder: `${hits.length} notes match ${query}` },
  );
  if (picked) await open(client, picked.hit.uri, picked.hit.range);
}

async function books() {
  const client = currentClient();
  const list = await request(client, 'booknotes/books', {});
  const picked = await vscode.window.showQuickPick(
    list.map((book) => ({
      label: book.title,
      description: (book.authors || []).join(', '),
      detail: [book.status, book.finished || book.started, book.rating ? '★'.repeat(book.rating) : null]
        .filter(Boolean)
        .join(' · '),
      book,
    })),
    { matchOnDescription: true, matchOnDetail: true, placeHolder: 'Reading list' },
  );
  if (picked) await open(client, picked.book.uri);
}

const GRADES = [
  { label: '1  Again', description: 'forgotten', grade: 1 },
  { label: '2  Hard', grade: 2 },
  { label: '3  Good', grade: 3 },
  { label: '4  Easy', grade: 4 },
];

/** The title of a review step: where the session is, whether the prompt came back, which book. */
function reviewTitle(item, number, count, back) {
  return (
    `Review ${number} of ${count}${back ? ' (back)' : ''} · ${item.state}` +
    (typeof item.book === 'string' ? ` · ${item.book}` : '')
  );
}

/**
 * The order of a review session, as `booknotes review` runs it: the prompts picked, in
 * order, and those a grade sent into a learning step that falls due within the session
 * (the grade's answer has `comesBackIn`, in seconds), each shown again once its step is
 * due, or once the picked prompts are done, earliest first.
 */
class SessionQueue {
  constructor(items) {
    this.picked = items;
    this.next = 0;
    /** @type {{item: object, due: number}[]} in the order graded; `due` in ms (Date.now()) */
    this.returning = [];
  }

  /** The next prompt and whether it comes back, or null when the session is done. */
  take() {
    let earliest = -1;
    this.returning.forEach((entry, index) => {
      if (earliest < 0 || entry.due < this.returning[earliest].due) earliest = index;
    });
    if (earliest >= 0 && (this.returning[earliest].due <= Date.now() || this.next >= this.picked.length)) {
      return { item: this.returning.splice(earliest, 1)[0].item, back: true };
    }
    if (this.next >= this.picked.length) return null;
    return { item: this.picked[this.next++], back: false };
  }

  /** Takes the server's answer to a grade of `item`: it comes back when the answer says so. */
  graded(item, answer) {
    if (answer && typeof answer.comesBackIn === 'number') {
      this.returning.push({ item: { ...item, state: answer.state }, due: Date.now() + answer.comesBackIn * 1000 });
    }
  }
}

/**
 * A review session in quick picks: each due prompt's front, its back once shown, a
 * grade (1–4, typed or picked) sent to the server, which appends it to the review log;
 * a prompt graded into a step due within the session comes back (`SessionQueue`); a
 * grade the server fails to save is reported and asked for again. Escape ends the
 * session; every grade given is saved. `options.book` (from the
 * title's code lens) keeps one book's prompts.
 */
async function review(options) {
  const client = currentClient();
  const params = options && options.book ? { book: options.book } : {};
  const due = await request(client, 'booknotes/review/due', params);
  if (due.length === 0) {
    vscode.window.showInformationMessage('BookNotes: nothing to review');
    return;
  }
  const queue = new SessionQueue(due);
  /** @type {Map<string, number>} each prompt's place in the session, by id */
  const numbers = new Map();
  const reviewed = new Set();
  session: for (let next = queue.take(); next; next = queue.take()) {
    const { item, back } = next;
    if (!numbers.has(item.id)) numbers.set(item.id, numbers.size + 1);
    const shown = Date.now();
    const title = reviewTitle(item, numbers.get(item.id), due.length, back);
    for (;;) {
      const step = await vscode.window.showQuickPick(
        [
          { label: '$(eye) Show answer', detail: item.front, action: 'reveal' },
          { label: '$(go-to-file) Where', description: `${vscode.workspace.asRelativePath(item.file)}:${item.line}`, action: 'where' },
        ],
        { title, placeHolder: item.front, ignoreFocusOut: true },
      );
      if (!step) break session;
      if (step.action === 'where') {
        await open(client, item.uri, item.range);
        continue;
      }
      break;
    }
    // A grade the server could not save is reported and asked for again: the session
    // goes on, and Escape still ends it with every saved grade kept.
    let answer;
    let failure;
    for (;;) {
      const picked = await vscode.window.showQuickPick(
        GRADES.map((grade) => ({ ...grade, detail: grade.grade === 1 ? item.back : undefined })),
        {
          title: failure ? `${title} · not saved, grade again` : title,
          placeHolder: `${item.front} → ${item.back}`,
          ignoreFocusOut: true,
        },
      );
      if (!picked) break session;
      const seconds = Math.round((Date.now() - shown) / 1000);
      try {
        answer = await request(client, 'booknotes/review/grade', { id: item.id, grade: picked.grade, seconds });
        break;
      } catch (error) {
        failure = error;
        vscode.window.showErrorMessage(`BookNotes: the grade was not saved: ${error.message || error}`);
      }
    }
    reviewed.add(item.id);
    queue.graded(item, answer);
  }
  vscode.window.showInformationMessage(`BookNotes: reviewed ${reviewed.size} of ${due.length} prompts`);
}

function guarded(command) {
  return async (...args) => {
    try {
      await command(...args);
    } catch (error) {
      vscode.window.showErrorMessage(`BookNotes: ${error.message || error}`);
    }
  };
}

async function activate(context) {
  output = vscode.window.createOutputChannel('BookNotes');
  const properties = context.extension.packageJSON.contributes.configuration.properties;
  settingKeys = Object.keys(properties)
    .map((key) => key.slice('booknotes.'.length))
    .filter((key) => !CLIENT_ONLY.has(key));

  context.subscriptions.push(
    output,
    vscode.commands.registerCommand('booknotes.search', guarded(search)),
    vscode.commands.registerCommand('booknotes.books', guarded(books)),
    // Also the command of the title's code lens, with `{book}`.
    vscode.commands.registerCommand('booknotes.review', guarded(review)),
    vscode.commands.registerCommand(
      'booknotes.restart',
      guarded(async () => {
        await stopAll();
        await startAll();
      }),
    ),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      if (event.affectsConfiguration('booknotes.path') || event.affectsConfiguration('booknotes.notesFolders')) {
        await stopAll();
        await startAll();
      } else if (event.affectsConfiguration('booknotes')) {
        for (const [folder, client] of clients) {
          client.sendNotification('workspace/didChangeConfiguration', {
            settings: { booknotes: serverSettings(vscode.Uri.file(folder)) },
          });
        }
      }
    }),
  );

  // A notes folder made or removed while VS Code runs.
  const marker = vscode.workspace.createFileSystemWatcher('**/.booknotes.json', false, true, false);
  marker.onDidCreate(() => startAll());
  marker.onDidDelete(async (file) => {
    const client = clients.get(path.dirname(file.fsPath));
    if (client) {
      clients.delete(path.dirname(file.fsPath));
      await client.stop();
    }
  });
  context.subscriptions.push(marker, vscode.workspace.onDidChangeWorkspaceFolders(() => startAll()));

  await startAll();
}

function deactivate() {
  return stopAll();
}

module.exports = { activate, deactivate };
