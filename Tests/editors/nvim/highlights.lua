-- How notes look: every token type has a highlight, the constructs are highlighted
-- where they are, and the main ones differ in colour under two colour schemes.
local t = ...
local check, expect, wait_for, find, has_group = t.check, t.expect, t.wait_for, t.find, t.has_group
local note, client = t.note, t.client

check('every token type and modifier of the legend has a highlight', function()
  local legend = client.server_capabilities.semanticTokensProvider.legend
  for _, type in ipairs(legend.tokenTypes) do
    local hl = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false })
    expect(next(hl) ~= nil, 'no highlight for token type ' .. type)
  end
  for _, modifier in ipairs(legend.tokenModifiers) do
    local name = modifier == 'invalid' and '@lsp.mod.invalid.markdown'
      or '@lsp.typemod.heading.' .. modifier .. '.markdown'
    local hl = vim.api.nvim_get_hl(0, { name = name, link = false })
    expect(next(hl) ~= nil, 'no highlight for modifier ' .. modifier)
  end
end)

check('a cloze answer, a hashtag after an emoji and a Q: line are highlighted', function()
  local row, col = find(note, '(slow)')
  wait_for(10000, function()
    return has_group(note, row, col + 1, '@lsp.type.clozeAnswer.markdown')
  end, 'the cloze answer highlight')
  expect(has_group(note, row, col - 2, '@lsp.type.clozeHint.markdown'), 'the hint is not a clozeHint')
  local hrow, hcol = find(note, '#psychology')
  expect(has_group(note, hrow, hcol, '@lsp.type.hashtag.markdown'), 'the # is not a hashtag')
  expect(has_group(note, hrow, hcol + #'#psychology' - 1, '@lsp.type.hashtag.markdown'), 'the tag ends early')
  expect(not has_group(note, hrow, hcol - 1, '@lsp.type.hashtag.markdown'), 'the hashtag starts early')
  local qrow, qcol = find(note, 'What does System 1 do?')
  expect(has_group(note, qrow, qcol + 5, '@lsp.type.question.markdown'), 'the question is not highlighted')
  expect(has_group(note, qrow, 0, '@lsp.type.marker.markdown'), 'Q: is not a marker')
  local arow, acol = find(note, 'It runs automatically.')
  expect(has_group(note, arow, acol + 3, '@lsp.type.answer.markdown'), 'the answer is not highlighted')
end)

--- What a group looks like once its links are followed.
local function look(type)
  local hl = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false })
  local parts = {}
  for _, key in ipairs({ 'fg', 'bg', 'sp', 'bold', 'italic', 'underline', 'undercurl', 'reverse', 'strikethrough' }) do
    table.insert(parts, key .. '=' .. tostring(hl[key]))
  end
  return table.concat(parts, ' ')
end

for _, scheme in ipairs({ 'default', 'habamax' }) do
  check('cloze answer, question, answer, hashtag and heading look different in ' .. scheme, function()
    vim.cmd.colorscheme(scheme)
    local seen = {}
    for _, type in ipairs({ 'clozeAnswer', 'question', 'answer', 'hashtag', 'heading' }) do
      local looks = look(type)
      expect(not looks:match('^fg=nil bg=nil sp=nil bold=nil italic=nil'), type .. ' has no colour: ' .. looks)
      expect(seen[looks] == nil, type .. ' looks like ' .. tostring(seen[looks]) .. ': ' .. looks)
      seen[looks] = type
    end
  end)
  check('a quote, a question and a summary have different colours in ' .. scheme, function()
    vim.cmd.colorscheme(scheme)
    local seen = {}
    for _, type in ipairs({ 'quote', 'question', 'summary' }) do
      local fg = vim.api.nvim_get_hl(0, { name = '@lsp.type.' .. type .. '.markdown', link = false }).fg
      expect(fg ~= nil, type .. ' has no colour')
      expect(seen[fg] == nil, type .. ' has the colour of ' .. tostring(seen[fg]) .. string.format(': #%06x', fg))
      seen[fg] = type
    end
  end)
end
vim.cmd.colorscheme('default')
