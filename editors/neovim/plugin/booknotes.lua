-- BookNotes for Neovim 0.11+: enables the `booknotes` language server (configured in
-- lsp/booknotes.lua), sets up the notes it attaches to (completion with
-- `vim.lsp.completion`, LSP folds, diagnostics as virtual text: see the options of
-- `require('booknotes').setup()`), links its semantic token types to highlight groups
-- and adds :BooknotesSearch, :BooknotesBooks and :BooknotesReview.
if vim.g.loaded_booknotes then
  return
end
vim.g.loaded_booknotes = true

local booknotes = require('booknotes')

-- Neovim 0.11+; with nvim-lspconfig on an older Neovim, see the README's snippet.
if vim.fn.has('nvim-0.11') == 1 then
  vim.lsp.enable('booknotes')
end
vim.lsp.commands['booknotes.showBacklinks'] = booknotes.show_backlinks

vim.api.nvim_create_autocmd('LspAttach', {
  group = vim.api.nvim_create_augroup('booknotes_attach', { clear = true }),
  callback = function(args)
    local client = vim.lsp.get_client_by_id(args.data.client_id)
    if client and client.name == 'booknotes' then
      booknotes.attach(client, args.buf)
    end
  end,
})

booknotes.highlights()
vim.api.nvim_create_autocmd('ColorScheme', {
  group = vim.api.nvim_create_augroup('booknotes_highlights', { clear = true }),
  callback = booknotes.highlights,
})

vim.api.nvim_create_user_command('BooknotesSearch', function(args)
  booknotes.search(args.args)
end, { nargs = '+', desc = 'BookNotes: search the library (quickfix list)' })

vim.api.nvim_create_user_command('BooknotesBooks', function(args)
  booknotes.books(args.args)
end, {
  nargs = '?',
  complete = function()
    return { 'reading', 'wishlist', 'finished', 'archived' }
  end,
  desc = 'BookNotes: the reading list (quickfix list)',
})

vim.api.nvim_create_user_command('BooknotesReview', function(args)
  require('booknotes.review').start({ book = args.args })
end, { nargs = '*', desc = 'BookNotes: review the prompts that are due (words of a book title: that book)' })

-- The title's code lens ("N prompts · M due") starts a review of its book.
vim.lsp.commands['booknotes.review'] = function(command)
  local arguments = command.arguments and command.arguments[1] or {}
  require('booknotes.review').start({ book = arguments.book })
end
