import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { Entity } from '@backstage/catalog-model';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
import { Sandbox, startSandbox } from '@gitops-suite/sandbox-agent';
import { scaffolderModuleGitops } from './module';

jest.setTimeout(180_000);

/*
 * The promote-release template, run as a scaffolder task (not a dry run)
 * against the sandbox's git host configured as a GitHub Enterprise
 * integration: it completes, and its output links the pull request, a page
 * the git host serves.
 */
const TEMPLATE = path.resolve(
  __dirname,
  '../../catalog-backend-module-gitops/templates/promote-release/template.yaml',
);

describe('promote-release on the sandbox git host', () => {
  let sandbox: Sandbox;
  let backend: Awaited<ReturnType<typeof startTestBackend>>;

  beforeAll(async () => {
    sandbox = await startSandbox({
      log: () => {},
      gitHost: true,
      scenario: {
        seed: 'promote-release-git-host',
        environments: [
          { name: 'dev', cluster: 'in-cluster', namespace: '{service}-dev', syncPolicy: 'automated-prune' },
          { name: 'prod', cluster: 'in-cluster', namespace: '{service}-prod', syncPolicy: 'manual' },
        ],
        services: [
          {
            name: 'payments',
            repo: 'https://github.com/acme/payments-deploy.git',
            image: 'ghcr.io/acme/payments',
            version: '2.4',
            commits: 8,
            overrides: { prod: { revisionsBehind: 2 } },
          },
        ],
        agents: [{ id: 'argo', kind: 'argocd', token: 'argo-token-123' }],
      },
    });
    const template = parse(fs.readFileSync(TEMPLATE, 'utf8')) as Entity;
    template.metadata.namespace = 'default';
    template.metadata.annotations = { 'backstage.io/managed-by-location': `file:${TEMPLATE}` };
    const gitHost = sandbox.gitHost!;
    backend = await startTestBackend({
      features: [
        scaffolderPlugin,
        scaffolderModuleGitops,
        scaffolderGithubModule,
        catalogServiceMock.factory({ entities: [template] }),
        mockServices.permissions.mock({
          authorize: async requests => requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
          authorizeConditional: async requests => requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
        }).factory,
        mockServices.rootConfig.factory({
          data: {
            backend: { database: { client: 'better-sqlite3', connection: ':memory:' } },
            integrations: {
              github: [{ host: gitHost.host, apiBaseUrl: gitHost.apiBaseUrl, token: gitHost.token }],
            },
          },
        }),
      ],
    });
  });

  afterAll(async () => {
    await backend?.stop();
    await sandbox?.close();
  });

  it('completes with a link to the pull request it opened', async () => {
    const api = `http://localhost:${backend.server.port()}/api/scaffolder/v2`;
    const headers = { 'Content-Type': 'application/json', Authorization: mockCredentials.user.header() };
    const created = await fetch(`${api}/tasks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        templateRef: 'template:default/gitops-promote-release',
        values: {
          entity: 'component:default/payments',
          repoUrl: `${sandbox.gitHost!.host}?owner=acme&repo=payments-deploy`,
          branch: 'main',
          environment: 'prod',
          tag: '2.4.7',
        },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = await created.json();
    let task: { status: string };
    do {
      await new Promise(r => setTimeout(r, 200));
      task = await fetch(`${api}/tasks/${id}`, { headers }).then(r => r.json());
    } while (task.status === 'open' || task.status === 'processing');
    const events: Array<{ type: string; body: any }> = await fetch(`${api}/tasks/${id}/events`, { headers }).then(r => r.json());
    const log = events.filter(e => e.type === 'log').map(e => e.body.message).join('\n');
    expect({ status: task.status, log: task.status === 'completed' ? '' : log }).toEqual({ status: 'completed', log: '' });

    const completion = events.find(e => e.type === 'completion')!;
    const link = completion.body.output.links.find((l: { title: string }) => l.title === 'Pull request');
    expect(link.url).toBe(`${sandbox.gitHost!.baseUrl}/acme/payments-deploy/pull/1`);
    const page = await fetch(link.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Promote payments 2.4.7 to prod');
    expect(html).toContain('+    newTag: 2.4.7');
  });
});
