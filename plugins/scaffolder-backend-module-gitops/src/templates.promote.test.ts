import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import {
  mockCredentials,
  mockServices,
  startTestBackend,
} from '@backstage/backend-test-utils';
import { AuthorizeResult } from '@backstage/plugin-permission-common';
import { catalogServiceMock } from '@backstage/plugin-catalog-node/testUtils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
import { scaffolderModuleGitops } from './module';

jest.setTimeout(60_000);

/*
 * The promote-release template through the scaffolder's dry-run API, with
 * a permission service that lets the user promote payments only: for a
 * service the user does not own, the task fails at its first step with a
 * permission error that names the entity, before any step fetches.
 */
const TEMPLATE = path.resolve(
  __dirname,
  '../../catalog-backend-module-gitops/templates/promote-release/template.yaml',
);
const OWNED = 'component:default/payments';

describe('promote-release: only an owner may promote', () => {
  let backend: Awaited<ReturnType<typeof startTestBackend>>;
  const asked: string[] = [];

  beforeAll(async () => {
    backend = await startTestBackend({
      features: [
        scaffolderPlugin,
        scaffolderModuleGitops,
        scaffolderGithubModule,
        catalogServiceMock.factory(),
        mockServices.permissions.mock({
          authorize: async requests =>
            requests.map(r => {
              const ref = 'resourceRef' in r ? r.resourceRef : undefined;
              if (r.permission.name === 'gitops.promote') {
                asked.push(`${r.permission.name} ${ref}`);
              }
              return {
                result:
                  r.permission.name !== 'gitops.promote' || ref === OWNED
                    ? AuthorizeResult.ALLOW
                    : AuthorizeResult.DENY,
              };
            }) as any,
          // the scaffolder's own conditional checks (template steps, actions)
          authorizeConditional: async requests =>
            requests.map(() => ({ result: AuthorizeResult.ALLOW })) as any,
        }).factory,
        mockServices.rootConfig.factory({
          data: {
            backend: {
              database: { client: 'better-sqlite3', connection: ':memory:' },
            },
            integrations: {},
          },
        }),
      ],
    });
  });

  afterAll(() => backend?.stop());

  /** The dry run's answer: the log, or the error a failing step ended it with. */
  async function dryRun(entity: string) {
    const res = await fetch(
      `http://localhost:${backend.server.port()}/api/scaffolder/v2/dry-run`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Authorization: mockCredentials.user.header(),
        },
        body: JSON.stringify({
          template: parse(fs.readFileSync(TEMPLATE, 'utf8')),
          values: {
            entity,
            repoUrl: 'github.com?owner=acme&repo=payments-deploy',
            branch: 'main',
            environment: 'prod',
            tag: '2.4.7',
          },
          secrets: {},
          directoryContents: [],
        }),
      },
    );
    return { status: res.status, body: await res.json() };
  }

  it('fails at its first step, naming the entity, for a service the user does not own', async () => {
    const before = asked.length;
    const answer = await dryRun('component:default/checkout-web');
    expect(answer).toMatchObject({
      status: 403,
      body: {
        error: {
          name: 'NotAllowedError',
          message:
            'gitops:authorize: not allowed: gitops.promote on component:default/checkout-web for the user who started this task',
        },
      },
    });
    // asked once, by the first step; the promote step never ran to ask again
    expect(asked.slice(before)).toEqual([
      'gitops.promote component:default/checkout-web',
    ]);
  });

  it('lets the owner past its first step', async () => {
    const before = asked.length;
    const answer = await dryRun(OWNED);
    // the first step allowed it; whatever ends the run here (the fetch step
    // needs GitHub), it is no permission refusal
    expect(answer.body.error?.name).not.toBe('NotAllowedError');
    expect(asked.slice(before)[0]).toBe(`gitops.promote ${OWNED}`);
  });
});
