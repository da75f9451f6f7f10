-- The `booknotes` language server for `vim.lsp.config` (Neovim 0.11+).
--
-- Neovim reads this file when `vim.lsp.enable('booknotes')` first needs it; anything set
-- with `vim.lsp.config('booknotes', { … })` in your init.lua is merged over it.
--
-- It attaches to a Markdown buffer only inside a notes folder: one that holds
-- `.booknotes.json` (the folder is then the workspace root), or one listed in
-- `require('booknotes').setup({ folders = { … } })`. A README in a code project is
-- left alone.

---@type vim.lsp.Config
return {
  cmd = { 'booknotes', 'lsp' },
  filetypes = { 'markdown' },
  root_markers = { '.booknotes.json' },
  root_dir = function(bufnr, on_dir)
    local root = require('booknotes').notes_root(bufnr)
    if root then
      on_dir(root)
    end
  end,
}
