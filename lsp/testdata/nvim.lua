-- Neovim's own LSP client runs cardpress lsp on a card file as a designer
-- would (lsp/editor_test.go): it changes the buffer without saving, waits
-- for the server's diagnostics, asks for a hover and a completion, and
-- writes what it got to $CARDPRESS_NVIM_OUT, one line each.
local env = vim.env
local out = assert(io.open(env.CARDPRESS_NVIM_OUT, 'w'))
local function finish(code)
  out:close()
  vim.cmd((code == 0) and 'qa!' or ('cq! ' .. code))
end

local client = vim.lsp.start_client({
  name = 'cardpress',
  cmd = { env.CARDPRESS_LSP_BIN, 'lsp' },
  cmd_env = { CARDPRESS_LSP_CHILD = '1' },
  root_dir = env.CARDPRESS_GAME,
})
if not client then
  out:write('error: the client did not start\n')
  finish(1)
  return
end
vim.cmd('edit ' .. vim.fn.fnameescape(env.CARDPRESS_FILE))
local buf = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(buf, client)

-- The mistake, typed and not saved.
local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
local planted, deckline
for i, l in ipairs(lines) do
  if not planted and l == '    points: 3' then
    vim.api.nvim_buf_set_lines(buf, i - 1, i, false, { '    pionts: 3' })
    planted = i - 1
  elseif not deckline and l:match('^    deck: ') then
    deckline = i - 1
  end
end

local function flagged()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.message:find('pionts', 1, true) then
      return d
    end
  end
end
if not vim.wait(30000, function() return flagged() ~= nil end, 50) then
  out:write('error: no diagnostic for the planted field within 30 s\n')
  finish(1)
  return
end
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or ''
  out:write(string.format('diagnostic %d:%d-%d:%d %s %s\n', d.lnum, d.col, d.end_lnum, d.end_col, code, d.message))
end
out:write(string.format('planted %d\n', planted))

local uri = vim.uri_from_bufnr(buf)
local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover',
  { textDocument = { uri = uri }, position = { line = planted + 1, character = 5 } }, 10000)
for _, r in pairs(hover or {}) do
  if r.result then
    out:write('hover ' .. r.result.contents.value:gsub('\n', ' ') .. '\n')
  end
end
local completion = vim.lsp.buf_request_sync(buf, 'textDocument/completion',
  { textDocument = { uri = uri }, position = { line = deckline, character = #'    deck: ' } }, 10000)
for _, r in pairs(completion or {}) do
  for _, item in ipairs(r.result or {}) do
    out:write('completion ' .. item.label .. '\n')
  end
end
vim.lsp.stop_client(client)
finish(0)
