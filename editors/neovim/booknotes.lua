-- BookNotes for Neovim 0.11+: starts `booknotes lsp` for Markdown notes and gives the
-- server's own semantic token types a look (Neovim highlights `@lsp.type.<type>`).
--
-- Use: copy to ~/.config/nvim/plugin/booknotes.lua (with `booknotes` on your PATH),
-- or `dofile('/path/to/editors/neovim/booknotes.lua')` from your init.lua.

vim.lsp.config('booknotes', {
  cmd = { 'booknotes', 'lsp' },
  filetypes = { 'markdown' },
  root_markers = { '.booknotes.json', '.git' },
})
vim.lsp.enable('booknotes')

local links = {
  heading = '@markup.heading',
  marker = '@punctuation.special',
  hashtag = '@label',
  clozeHint = '@markup.italic',
  clozeAnswer = '@markup.strong',
  question = '@markup.heading.3',
  answer = '@string',
  summary = '@comment.note',
  quote = '@markup.quote',
  citation = '@markup.link.label',
  emphasis = '@markup.italic',
  strong = '@markup.strong',
  code = '@markup.raw',
  link = '@markup.link.label',
  url = '@markup.link.url',
  property = '@property',
  string = '@string',
}
for type, group in pairs(links) do
  vim.api.nvim_set_hl(0, '@lsp.type.' .. type .. '.markdown', { link = group, default = true })
end
vim.api.nvim_set_hl(0, '@lsp.mod.invalid.markdown', { link = 'DiagnosticUnderlineError', default = true })
