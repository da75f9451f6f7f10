-- The library's commands: full-text search and the reading list.
local t = ...
local check, expect, wait_for, find = t.check, t.expect, t.wait_for, t.find
local library = t.library

check(':BooknotesSearch fills the quickfix list', function()
  vim.fn.setqflist({}, 'r')
  vim.cmd('BooknotesSearch Simonides')
  local items = wait_for(5000, function()
    local list = vim.fn.getqflist()
    return #list > 0 and list
  end, 'search results')
  local first = items[1]
  expect(vim.api.nvim_buf_get_name(first.bufnr) == library .. '/memory.md', 'first hit elsewhere')
  expect(first.lnum == 14, 'hit on line ' .. first.lnum)
  expect(first.text:find('Simonides', 1, true), 'text: ' .. first.text)
  vim.cmd('cclose')
end)

check(':BooknotesBooks lists the reading list', function()
  vim.fn.setqflist({}, 'r')
  vim.cmd('BooknotesBooks reading')
  local items = wait_for(5000, function()
    local list = vim.fn.getqflist()
    return #list > 0 and list
  end, 'the reading list')
  expect(#items == 1, #items .. ' books reading')
  expect(items[1].text == 'Moonwalking with Einstein — Joshua Foer [reading]', 'text: ' .. items[1].text)
  vim.cmd('cclose')
end)
