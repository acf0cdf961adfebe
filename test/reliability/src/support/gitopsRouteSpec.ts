import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

/** The repository root (test/reliability/src/support -> root). */
export const repoRoot = path.resolve(__dirname, '../../../..');

/**
 * The paths of the gitops backend's OpenAPI spec, each with its methods (and
 * path-level `parameters`), in the spec's order.
 */
export function gitopsSpecPaths(): Array<[string, Record<string, unknown>]> {
  const spec = parseYaml(
    fs.readFileSync(
      path.join(repoRoot, 'plugins/gitops-backend/src/schema/openapi.yaml'),
      'utf8',
    ),
  );
  return Object.entries(spec.paths as Record<string, Record<string, unknown>>);
}

/**
 * Every write on one application (a path with `{appName}`): its POSTs and
 * PUTs, as `[method, path]` in the spec's order.
 */
export function applicationWriteRoutes(): Array<
  readonly ['post' | 'put', string]
> {
  return gitopsSpecPaths().flatMap(([p, methods]) =>
    p.includes('{appName}')
      ? (['post', 'put'] as const)
          .filter(method => methods[method])
          .map(method => [method, p] as const)
      : [],
  );
}
