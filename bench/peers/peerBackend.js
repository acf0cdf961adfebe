/*
 * A peer's minimal backend: backend-defaults createBackend with one peer
 * Argo CD backend plugin, chosen by the config key `bench.peer`
 * (`roadie` or `community`). Run from bench/peers (its own node_modules):
 *   node peerBackend.js --config <file>
 */
/* eslint-disable @backstage/no-undeclared-imports -- declared in bench/peers/package.json, a separate workspace */
const fs = require('node:fs');
const { createBackend } = require('@backstage/backend-defaults');

const configArg = process.argv.indexOf('--config');
const peer = JSON.parse(fs.readFileSync(process.argv[configArg + 1], 'utf8')).bench.peer;

const backend = createBackend();
if (peer === 'roadie') {
  backend.add(require('@roadiehq/backstage-plugin-argo-cd-backend').default);
} else if (peer === 'community') {
  backend.add(require('@backstage-community/plugin-argocd-backend').default);
} else {
  throw new Error(`bench.peer must be roadie or community, got ${peer}`);
}
backend.start();
