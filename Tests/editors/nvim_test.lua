-- Neovim, headless, with editors/neovim loaded as init.lua does: checks what a user
-- sees on the library in BOOKNOTES_LIBRARY. Prints one line per check and
-- `N passed, M failed`; exits non-zero when a check fails. The checks are in
-- Tests/editors/nvim, a file per feature, run in this order on one Neovim: later ones
-- find the notes as earlier ones left them.
local t = dofile(vim.env.BOOKNOTES_TESTS .. '/nvim/support.lua')

local function finish(failed)
  t.say(t.passed .. ' passed, ' .. failed .. ' failed')
  for _, c in ipairs(vim.lsp.get_clients()) do
    c:stop(true)
  end
  vim.cmd('cquit ' .. (failed > 0 and 1 or 0))
end

vim.cmd.edit(vim.fn.fnameescape(t.library .. '/thinking.md'))
t.note = vim.api.nvim_get_current_buf()

t.check('the client attaches to a note in a notes folder, rooted at it', function()
  t.client = t.wait_for(10000, function()
    return t.client_of(t.note)
  end, 'the booknotes client')
  t.expect(t.client.root_dir == t.library, 'root_dir is ' .. tostring(t.client.root_dir))
  t.wait_for(10000, function()
    return t.client.initialized
  end, 'initialize')
end)
if not t.client then
  finish(math.max(t.failed, 1))
end

for _, feature in ipairs({ 'highlights', 'note', 'navigation', 'library', 'review', 'titles', 'folders' }) do
  t.run(feature)
end

finish(t.failed)
