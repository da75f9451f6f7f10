-- Where the server attaches: notes folders only.
local t = ...
local check, expect, wait_for, client_of = t.check, t.expect, t.wait_for, t.client_of

check('a Markdown file outside a notes folder gets no server', function()
  vim.cmd.edit(vim.fn.fnameescape(vim.env.BOOKNOTES_PROJECT .. '/README.md'))
  local buffer = vim.api.nvim_get_current_buf()
  expect(vim.bo[buffer].filetype == 'markdown', 'filetype ' .. vim.bo[buffer].filetype)
  vim.wait(1000, function()
    return client_of(buffer) ~= nil
  end, 50)
  expect(client_of(buffer) == nil, 'booknotes attached to a code project README')
  expect(vim.wo.foldexpr ~= 'v:lua.vim.lsp.foldexpr()', 'the README got the notes\' folds')
end)

check('a folder listed in setup() is a notes folder', function()
  vim.cmd.edit(vim.fn.fnameescape(vim.env.BOOKNOTES_LISTED .. '/reading.md'))
  local buffer = vim.api.nvim_get_current_buf()
  local listed = wait_for(10000, function()
    return client_of(buffer)
  end, 'the client in the listed folder')
  expect(listed.root_dir == vim.env.BOOKNOTES_LISTED, 'root_dir is ' .. tostring(listed.root_dir))
end)
