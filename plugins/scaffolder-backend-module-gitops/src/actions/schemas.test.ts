import { mockServices } from '@backstage/backend-test-utils';
import { createRenderApplicationSetAction } from './renderApplicationSet';
import { createPromoteAction } from './promote';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';

describe('published action schemas', () => {
  it('describes the render input as JSON schema: a full manifest, or environments as objects or names', () => {
    const schema = createRenderApplicationSetAction().schema?.input as any;
    expect(schema.type).toBe('object');
    // Either applicationSet or serviceName + repoUrl + environments: the
    // handler enforces which (see renderApplicationSet.test.ts).
    expect(schema.required ?? []).not.toContain('serviceName');
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining([
        'applicationSet',
        'agentId',
        'entityRef',
        'serviceName',
        'repoUrl',
        'environments',
      ]),
    );
    const items = schema.properties.environments.items;
    expect(JSON.stringify(items)).toContain('"string"');
    expect(JSON.stringify(items)).toContain('"namespace"');
  });

  it('describes the promote input as JSON schema', () => {
    const schema = createPromoteAction({
      permissions: mockServices.permissions(),
      // the schema is read only: nothing is called
      client: new GitOpsBackendClient({
        discovery: mockServices.discovery(),
        auth: mockServices.auth(),
      }),
    }).schema?.input as any;
    // the repository is required: the gitops backend decides the change
    expect(schema.required).toEqual(
      expect.arrayContaining(['entityRef', 'repoUrl', 'environment', 'tag']),
    );
  });
});
