/*
 * The CLI from the TypeScript source, for bin/sandbox-agent in this
 * repository (never published: not in `files`).
 */
require('@backstage/cli/config/nodeTransform.cjs');

module.exports = { runCli: require('../src/cli.ts').main };
