import fs from 'node:fs';
import path from 'node:path';
import { argoCdRouteScheme } from './argoApiRouteScheme';

/*
 * The resource reads as Argo CD's swagger defines them: each call's path is
 * an operation of the swagger, and each query parameter one it takes.
 */
const swagger = JSON.parse(
  fs.readFileSync(
    path.join(
      path.dirname(require.resolve('@gitops-suite/sandbox-agent/package.json')),
      'testdata/argocd/swagger.json',
    ),
    'utf8',
  ),
);

function swaggerParameters(template: string): string[] {
  const operation = swagger.paths[template]?.get;
  expect(operation).toBeDefined();
  return operation.parameters
    .filter((p: { in: string }) => p.in === 'query')
    .map((p: { name: string }) => p.name);
}

const ref = { name: 'web', namespace: 'apps', project: 'shop' };
const resource = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  namespace: 'web-prod',
  name: 'web',
  uid: '0f1e2d3c',
};

describe.each([
  [
    'resource',
    '/api/v1/applications/{name}/resource',
    argoCdRouteScheme.resource(ref, resource),
  ],
  [
    'resourceEvents',
    '/api/v1/applications/{name}/events',
    argoCdRouteScheme.resourceEvents(ref, resource),
  ],
  [
    'resourceLogs',
    '/api/v1/applications/{name}/logs',
    argoCdRouteScheme.resourceLogs(ref, resource, {
      container: 'web',
      tailLines: 100,
      sinceSeconds: 60,
      follow: true,
    }),
  ],
])('%s', (_key, template, call) => {
  it(`is GET ${template} with parameters the swagger lists`, () => {
    expect(call.method ?? 'GET').toBe('GET');
    expect(call.path).toBe(template.replace('{name}', 'web'));
    const sent = Object.entries(call.query ?? {})
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    expect(sent.length).toBeGreaterThan(0);
    const taken = swaggerParameters(template);
    expect(sent.filter(name => !taken.includes(name))).toEqual([]);
  });
});
