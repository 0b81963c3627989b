// Starts `cardpress lsp` for YAML files (docs/own-game.md, Editors).
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

let client;

exports.activate = function (context) {
  const command = vscode.workspace.getConfiguration('cardpress').get('path') || 'cardpress';
  client = new LanguageClient('cardpress', 'cardpress',
    { command, args: ['lsp'] },
    { documentSelector: [{ scheme: 'file', language: 'yaml' }] });
  context.subscriptions.push(client);
  return client.start();
};

exports.deactivate = function () {
  return client && client.stop();
};
