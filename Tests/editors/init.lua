-- The set-up a user writes in init.lua (see the README's "Editor setup"), with the
-- test's folders: BOOKNOTES_PLUGIN (editors/neovim), BOOKNOTES_LISTED (a notes folder
-- without .booknotes.json), BOOKNOTES_SETTINGS (the server's settings as JSON: a
-- temporary cache folder and the loopback Google Books server).
vim.opt.runtimepath:append(vim.env.BOOKNOTES_PLUGIN)
require('booknotes').setup({ folders = { vim.env.BOOKNOTES_LISTED } })
local settings = vim.json.decode(vim.env.BOOKNOTES_SETTINGS)
vim.lsp.config('booknotes', { settings = { booknotes = settings }, init_options = settings })
