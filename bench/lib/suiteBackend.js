/*
 * The suite's minimal backend: backend-defaults createBackend with the
 * catalog and the gitops backend plugin, the same modules packages/backend
 * installs (resolved from there). Run from TypeScript source with the
 * Backstage CLI node transform:
 *   node -r @backstage/cli/config/nodeTransform.cjs bench/lib/suiteBackend.js --config <file>
 * or built, with plain node and GITOPS_BENCH_BUILT=1 (see builtSuite.js).
 */
const path = require('node:path');

if (process.env.GITOPS_BENCH_BUILT === '1') require('./builtSuite').useBuiltSuite();

const fromBackend = name =>
  require(require.resolve(name, { paths: [path.resolve(__dirname, '../../packages/backend')] }));

const { createBackend } = fromBackend('@backstage/backend-defaults');

const backend = createBackend();
backend.add(fromBackend('@backstage/plugin-catalog-backend').default);
backend.add(fromBackend('@gitops-suite/plugin-gitops-backend').default);
backend.start();
