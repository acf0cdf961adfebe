import fs from 'fs';
import path from 'path';
import { parse } from 'yaml';
import { mockCredentials } from '@backstage/backend-test-utils';
import scaffolderPlugin from '@backstage/plugin-scaffolder-backend';
import scaffolderGithubModule from '@backstage/plugin-scaffolder-backend-module-github';
// eslint-disable-next-line @backstage/no-mixed-plugin-imports
import { shopService } from '@gitops-suite/plugin-gitops-backend/testUtils';
import { scaffolderModuleGitops } from './module';
import {
  gitopsEntity,
  startGitOpsTestBackend,
  useGitOpsTestBackend,
} from './__testUtils__/startGitOpsTestBackend';
import { hubScenario } from './__testUtils__/hubScenario';
import { TEMPLATES } from './__testUtils__/runTemplate';

jest.setTimeout(60_000);

/*
 * The promote-release template through the scaffolder's dry-run API, beside
 * the real gitops backend over a sandbox Argo CD agent `hub` that deploys
 * team-a's payments (project shop) and team-b's checkout (project checkout),
 * with a permission service that lets the user promote payments only: for a
 * service the user does not own, or a repository whose applications are
 * another team's, the task fails at its first step with a permission error
 * that names the entity or the application, before any step fetches.
 */
const TEMPLATE = path.join(TEMPLATES, 'promote-release/template.yaml');
const OWNED = 'component:default/payments';
const OWN_REPO = 'github.com?owner=acme&repo=payments-deploy';

describe('promote-release: only an owner may promote, in its own repository', () => {
  const asked: string[] = [];
  const gitops = useGitOpsTestBackend(() =>
    startGitOpsTestBackend({
      scenario: hubScenario('scaffolder-promote-release-dryrun', {
        services: [
          shopService('payments', { agents: ['hub'] }),
          shopService('checkout', { project: 'checkout', agents: ['hub'] }),
        ],
      }),
      entities: [gitopsEntity('payments')],
      gitops: {
        projects: [
          { name: 'shop', owners: ['group:default/team-a'] },
          { name: 'checkout', owners: ['group:default/team-b'] },
        ],
      },
      authorize: ({ permission, resourceRef }) => {
        if (permission !== 'gitops.promote') return true;
        asked.push(`${permission} ${resourceRef}`);
        return resourceRef === OWNED;
      },
      features: [
        scaffolderPlugin,
        scaffolderModuleGitops,
        scaffolderGithubModule,
      ],
      config: { integrations: {} },
    }),
  );

  /** The dry run's answer: the log, or the error a failing step ended it with. */
  async function dryRun(entity: string, repoUrl = OWN_REPO) {
    const res = await fetch(
      `http://localhost:${gitops.port}/api/scaffolder/v2/dry-run`,
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
            repoUrl,
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

  it("fails at its first step, naming the applications, for the owner's service in another team's repository", async () => {
    // the probe's finding 2: payments' owner, checkout's repository
    const before = asked.length;
    const answer = await dryRun(
      OWNED,
      'github.com?owner=acme&repo=checkout-deploy',
    );
    expect(answer).toMatchObject({
      status: 403,
      body: { error: { name: 'NotAllowedError' } },
    });
    expect(answer.body.error.message).toMatch(
      /^gitops:authorize: not allowed to write github\.com\?owner=acme&repo=checkout-deploy for component:default\/payments \(owners: group:default\/team-a\): application checkout-dev on agent hub, .*project checkout belongs to group:default\/team-b/,
    );
    // the first step (and the backend's decision) asked; no later step ran
    expect(new Set(asked.slice(before))).toEqual(
      new Set([`gitops.promote ${OWNED}`]),
    );
  });

  it('lets the owner past its first step in its own repository', async () => {
    const before = asked.length;
    const answer = await dryRun(OWNED);
    // the first step allowed it; whatever ends the run here (the fetch step
    // needs GitHub), it is no permission refusal
    expect(answer.body.error?.name).not.toBe('NotAllowedError');
    expect(asked.slice(before)[0]).toBe(`gitops.promote ${OWNED}`);
  });
});
