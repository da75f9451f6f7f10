-- BookNotes for Neovim 0.11+: where the server attaches, what a note's buffer gets
-- when it does, how its semantic tokens look, and the commands for full-text search
-- and the reading list.
local M = {}

---@class booknotes.Options
---@field folders? string[] notes folders without a `.booknotes.json` (`~` is expanded)
---@field completion? boolean `vim.lsp.completion` in notes, triggered as you type
---   (default true); without it, accepting a book title does not fill the front matter
---@field folding? boolean fold notes by the server's folding ranges, all open at first (default true)
---@field virtual_text? boolean|vim.diagnostic.Opts.VirtualText the server's diagnostics
---   as virtual text, for its namespaces only (default true)
---@field links? boolean `gd` in a note goes to the definition of a link (its note or
---   heading) or footnote, unless `gd` is mapped in the buffer already (default true)
---@field codelens? boolean the code lenses on a note's title ("N notes link here",
---   "N prompts · M due"), refreshed as the note changes (default true)
M.options = { folders = {}, completion = true, folding = true, virtual_text = true, links = true, codelens = true }

--- Sets the plugin's options; call it from init.lua when you need one.
---@param opts? booknotes.Options
function M.setup(opts)
  M.options = vim.tbl_deep_extend('force', M.options, opts or {})
end

local function normalize(path)
  return (vim.fs.normalize(vim.fn.fnamemodify(vim.fn.expand(path), ':p')):gsub('/$', ''))
end

--- The notes folder holding the buffer's file, or nil: the nearest folder up from it
--- with `.booknotes.json`, else the folder of `options.folders` that contains it.
---@param bufnr integer
---@return string?
function M.notes_root(bufnr)
  local name = vim.api.nvim_buf_get_name(bufnr)
  if name == '' or name:match('^%a[%w+.-]*://') then
    return nil
  end
  local root = vim.fs.root(bufnr, '.booknotes.json')
  if root then
    return root
  end
  local file = normalize(name)
  for _, folder in ipairs(M.options.folders or {}) do
    local dir = normalize(folder)
    if file:sub(1, #dir + 1) == dir .. '/' then
      return dir
    end
  end
  return nil
end

--- Sets up a note's window `win`: folds from the server's folding ranges, open.
---@param win integer
function M.fold(win)
  local wo = vim.wo[win][0]
  wo.foldmethod = 'expr'
  wo.foldexpr = 'v:lua.vim.lsp.foldexpr()'
  wo.foldlevel = 99
end

--- What `vim.lsp.completion` inserts for `item`: a plain-text edit's whole new text
--- (Neovim 0.11 inserts up to its first space, so that a title "Effective Java"
--- became "Effective").
---@param item lsp.CompletionItem
---@return table
function M.complete_item(item)
  local edit = item.textEdit
  if edit and edit.newText and item.insertTextFormat ~= vim.lsp.protocol.InsertTextFormat.Snippet then
    return { word = edit.newText }
  end
  return {}
end

--- What a note's buffer gets when the server attaches (LspAttach), as the options say:
--- completion through `vim.lsp.completion`, whose accept applies an item's
--- `additionalTextEdits` (a book's authors, year, ISBN…; plain omnifunc completion
--- drops them), also for <C-x><C-o>; folds; diagnostics as virtual text (Neovim 0.11
--- shows only signs).
---@param client vim.lsp.Client
---@param bufnr integer
function M.attach(client, bufnr)
  if M.options.completion and vim.lsp.completion then
    vim.lsp.completion.enable(true, client.id, bufnr, { autotrigger = true, convert = M.complete_item })
    -- Markdown's ftplugin sets HTML tag completion, which Neovim 0.11 leaves in place.
    vim.bo[bufnr].omnifunc = 'v:lua.vim.lsp.omnifunc'
  end
  if M.options.folding and vim.lsp.foldexpr then
    for _, win in ipairs(vim.fn.win_findbuf(bufnr)) do
      M.fold(win)
    end
    vim.api.nvim_create_autocmd('BufWinEnter', {
      group = vim.api.nvim_create_augroup('booknotes_folds_' .. bufnr, { clear = true }),
      buffer = bufnr,
      callback = function()
        M.fold(vim.api.nvim_get_current_win())
      end,
    })
  end
  if M.options.links and vim.fn.maparg('gd', 'n', false, true).buffer ~= 1 then
    vim.keymap.set('n', 'gd', vim.lsp.buf.definition, { buffer = bufnr, desc = 'Go to the link\'s note or heading' })
  end
  if M.options.codelens then
    -- The title's lenses, kept current as the note, its links and its reviews change.
    vim.lsp.codelens.refresh({ bufnr = bufnr })
    vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost' }, {
      group = vim.api.nvim_create_augroup('booknotes_codelens_' .. bufnr, { clear = true }),
      buffer = bufnr,
      callback = function()
        vim.lsp.codelens.refresh({ bufnr = bufnr })
      end,
    })
  end
  if M.options.virtual_text then
    -- The client's namespaces (pushed and pulled diagnostics): other servers keep
    -- the global setting.
    for _, pull in ipairs({ false, true }) do
      vim.diagnostic.config(
        { virtual_text = M.options.virtual_text },
        vim.lsp.diagnostic.get_namespace(client.id, pull)
      )
    end
  end
end

-- How each semantic token type looks: `@lsp.type.<type>.markdown` links to
-- `Booknotes<Type>` (override those to restyle), which links to a standard group
-- chosen so that a cloze answer, a question, an answer, a hashtag and a heading each
-- look different in the default colour scheme and in the common ones, and so do a
-- question, a quote and a summary.
M.groups = {
  heading = { 'BooknotesHeading', '@markup.heading' },
  marker = { 'BooknotesMarker', 'Delimiter' },
  hashtag = { 'BooknotesHashtag', 'Identifier' },
  clozeHint = { 'BooknotesClozeHint', '@markup.italic' },
  clozeAnswer = { 'BooknotesClozeAnswer', 'WarningMsg' },
  question = { 'BooknotesQuestion', 'Question' },
  answer = { 'BooknotesAnswer', 'String' },
  summary = { 'BooknotesSummary', 'Comment' },
  quote = { 'BooknotesQuote', 'String' },
  citation = { 'BooknotesCitation', 'Comment' },
  emphasis = { 'BooknotesEmphasis', '@markup.italic' },
  strong = { 'BooknotesStrong', '@markup.strong' },
  code = { 'BooknotesCode', '@markup.raw' },
  link = { 'BooknotesLink', '@markup.link.label' },
  url = { 'BooknotesUrl', '@markup.link.url' },
  property = { 'BooknotesProperty', '@property' },
  string = { 'BooknotesString', '@string' },
  highlight = { 'BooknotesHighlight', 'Search' },
  comment = { 'BooknotesComment', 'Comment' },
}

-- Modifiers: `level1`…`level6` on headings, `invalid` on what a diagnostic flags.
M.modifiers = {
  level1 = { '@lsp.typemod.heading.level1.markdown', '@markup.heading.1' },
  level2 = { '@lsp.typemod.heading.level2.markdown', '@markup.heading.2' },
  level3 = { '@lsp.typemod.heading.level3.markdown', '@markup.heading.3' },
  level4 = { '@lsp.typemod.heading.level4.markdown', '@markup.heading.4' },
  level5 = { '@lsp.typemod.heading.level5.markdown', '@markup.heading.5' },
  level6 = { '@lsp.typemod.heading.level6.markdown', '@markup.heading.6' },
  invalid = { '@lsp.mod.invalid.markdown', 'DiagnosticUnderlineError' },
}

--- Defines the highlight links (as defaults, so a colour scheme or your config wins).
function M.highlights()
  local set = vim.api.nvim_set_hl
  for type, names in pairs(M.groups) do
    set(0, names[1], { link = names[2], default = true })
    set(0, '@lsp.type.' .. type .. '.markdown', { link = names[1], default = true })
  end
  for _, names in pairs(M.modifiers) do
    set(0, names[1], { link = names[2], default = true })
  end
end

--- The booknotes client attached to `bufnr`, else any running one.
---@param bufnr? integer
---@return vim.lsp.Client?
function M.client(bufnr)
  local clients = vim.lsp.get_clients({ name = 'booknotes', bufnr = bufnr or 0 })
  if #clients == 0 then
    clients = vim.lsp.get_clients({ name = 'booknotes' })
  end
  return clients[1]
end

local content_modified = -32801

--- Sends `method` and calls `done(result)`; asks again (twice at most) when the
--- library changed while the server answered (`ContentModified`). Another error is
--- shown, and given to `failed` when there is one.
---@param client vim.lsp.Client
---@param method string
---@param params table
---@param done fun(result: any)
---@param failed? fun(err: lsp.ResponseError)
---@param tries? integer
function M.request(client, method, params, done, failed, tries)
  tries = tries or 0
  client:request(method, params, function(err, result)
    if err and err.code == content_modified and tries < 2 then
      M.request(client, method, params, done, failed, tries + 1)
    elseif err then
      vim.notify('booknotes: ' .. method .. ': ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
      if failed then
        failed(err)
      end
    else
      done(result)
    end
  end)
end

--- The code lens "N notes link here" runs `booknotes.showBacklinks`: the server
--- answers the locations of the links, which go to the quickfix list.
---@param command lsp.Command
---@param ctx { client_id: integer }
function M.show_backlinks(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then
    return
  end
  M.request(client, 'workspace/executeCommand', command, function(locations)
    local items = vim.lsp.util.locations_to_items(locations or {}, client.offset_encoding)
    vim.fn.setqflist({}, ' ', { title = command.title, items = items })
    vim.cmd('botright copen')
  end)
end

local function no_client()
  vim.notify('booknotes: no server running (open a note in a notes folder)', vim.log.levels.WARN)
end

--- Full-text search over the library into the quickfix list.
---@param query string
---@param opts? { open?: boolean, done?: fun(items: table[]) }
function M.search(query, opts)
  opts = opts or {}
  local client = M.client()
  if not client then
    return no_client()
  end
  M.request(client, 'booknotes/search', { query = query }, function(results)
    local items = {}
    for _, hit in ipairs(results or {}) do
      local item = vim.lsp.util.locations_to_items({ { uri = hit.uri, range = hit.range } }, client.offset_encoding)[1]
      local where = table.concat(vim.tbl_filter(function(part)
        return type(part) == 'string'
      end, { hit.book, hit.heading }), ' › ')
      item.text = (where ~= '' and '[' .. where .. '] ' or '') .. hit.snippet
      table.insert(items, item)
    end
    vim.fn.setqflist({}, ' ', { title = 'BookNotes search: ' .. query, items = items })
    if opts.open ~= false then
      if #items == 0 then
        vim.notify('booknotes: no note matches ' .. query)
      else
        vim.cmd('botright copen')
      end
    end
    if opts.done then
      opts.done(items)
    end
  end)
end

--- The reading list (optionally of one status) into the quickfix list.
---@param status? string reading, wishlist, finished or archived
---@param opts? { open?: boolean, done?: fun(items: table[]) }
function M.books(status, opts)
  opts = opts or {}
  local client = M.client()
  if not client then
    return no_client()
  end
  local params = vim.empty_dict()
  if status and status ~= '' then
    params = { status = status }
  end
  M.request(client, 'booknotes/books', params, function(books)
    local items = {}
    for _, book in ipairs(books or {}) do
      local authors = table.concat(book.authors or {}, ', ')
      local text = book.title .. (authors ~= '' and ' — ' .. authors or '')
      if type(book.status) == 'string' then
        text = text .. ' [' .. book.status .. ']'
      end
      table.insert(items, { filename = vim.uri_to_fname(book.uri), lnum = 1, col = 1, text = text })
    end
    vim.fn.setqflist({}, ' ', { title = 'BookNotes books', items = items })
    if opts.open ~= false then
      vim.cmd('botright copen')
    end
    if opts.done then
      opts.done(items)
    end
  end)
end

return M
