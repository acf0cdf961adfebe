import { gitopsApplicationRollbackPermission } from '@gitops-suite/plugin-gitops-common';
import { waitFor } from '../testUtils';
import { shopFleet, useShopFleet } from '../testUtils/shopFleet';
import { auditRows } from '../testUtils/auditLog';

jest.setTimeout(60_000);

/*
 * POST .../revert through the router, over the sandbox's agents and its git
 * host as a GitHub integration: a rollback in Git of an application that
 * syncs automatically (which Argo CD's own rollback refuses), on an Argo CD
 * agent and a Harness agent. The pull request puts the overlay's image tag
 * back to what the history entry deployed; merged from the portal, the
 * agent syncs it and its history shows it. Refused without the permission
 * (403, audited, the host unchanged), 400 naming bad fields, 404 for an
 * unknown history entry, 409 saying why an entry cannot be reverted.
 */
const scenario = shopFleet('gitops-backend-revert-test', {
  services: {
    payments: { agents: ['nonprod', 'prod'] },
    risk: { agents: ['hx'] },
    // not on the git host: a plain path of a repository the host does not serve
    ledger: { agents: ['nonprod'], type: 'directory' },
    // a chart from a Helm repository, its values from Git
    fx: {
      agents: ['nonprod'],
      type: 'multi-source',
      chart: {
        repoURL: 'https://charts.acme.example',
        name: 'fx',
        version: '1.2.0',
      },
    },
  },
  agents: ['nonprod', 'prod', 'hx'],
});

interface App {
  name: string;
  images: string[];
  syncPolicy: { automated: boolean };
  history: Array<{ id: number; revision?: string }>;
}

describe('revert in Git (router over the sandbox and its git host)', () => {
  const env = useShopFleet(scenario, {
    gitHost: true,
    gitops: {
      projects: [{ name: 'shop', owners: ['group:default/team-a'] }],
    },
  });

  const appBase = (entity: string, agent: string, app: string) =>
    `/api/gitops/entity/default/component/${entity}/applications/${agent}/${app}`;

  const revert = (base: string, body: object) =>
    env.api().post(`${base}/revert`).set('Authorization', env.auth).send(body);

  const application = async (base: string): Promise<App> => {
    const res = await env.api().get(base).set('Authorization', env.auth);
    expect(res.status).toBe(200);
    return res.body.application;
  };

  /** The git host's REST API, as its token's user. */
  const host = async (path: string) => {
    const { apiBaseUrl, token } = env.sandbox.gitHost!;
    const res = await fetch(`${apiBaseUrl}${path}`, {
      headers: { authorization: `token ${token}` },
    });
    expect({ path, status: res.status }).toEqual({ path, status: 200 });
    return res.json();
  };

  /** Every repository's default branch and pull requests, to compare. */
  const hostState = async () => {
    const state: unknown[] = [];
    for (const repo of ['payments-deploy', 'risk-deploy']) {
      const main = await host(`/repos/acme/${repo}/branches/main`);
      const pulls = await host(`/repos/acme/${repo}/pulls?state=all`);
      state.push(
        main.commit.sha,
        pulls.map((p: { number: number; state: string }) => [
          p.number,
          p.state,
        ]),
      );
    }
    return JSON.stringify(state);
  };

  /** The image tag a file of a repository sets, at a ref. */
  const tagAt = async (repo: string, file: string, ref: string) => {
    const content = await host(
      `/repos/acme/${repo}/contents/${file}?ref=${encodeURIComponent(ref)}`,
    );
    return /newTag: (\S+)/.exec(
      Buffer.from(content.content, 'base64').toString('utf8'),
    )?.[1];
  };

  /** The newest history entry whose overlay sets another tag than what runs now. */
  const olderRelease = async (
    repo: string,
    file: string,
    app: App,
  ): Promise<{ id: number; tag: string; running: string }> => {
    const [latest, ...earlier] = app.history;
    const running = (await tagAt(repo, file, latest.revision!))!;
    for (const entry of earlier) {
      const tag = await tagAt(repo, file, entry.revision!);
      if (tag && tag !== running) return { id: entry.id, tag, running };
    }
    throw new Error(`${app.name}: no earlier release in its history`);
  };

  const auditOf = (agent: string, app: string) =>
    auditRows(env, { agent, application: app });

  describe.each([
    {
      provider: 'Argo CD',
      entity: 'payments',
      agent: 'nonprod',
      app: 'payments-dev',
      repo: 'payments-deploy',
    },
    {
      provider: 'Harness',
      entity: 'risk',
      agent: 'hx',
      app: 'risk-dev',
      repo: 'risk-deploy',
    },
  ])('$provider', ({ entity, agent, app, repo }) => {
    const base = appBase(entity, agent, app);
    const file = 'deploy/overlays/dev/kustomization.yaml';

    it('answers what the pull request would change on a dry run, and opens none', async () => {
      const current = await application(base);
      expect(current.syncPolicy.automated).toBe(true);
      const { id, tag, running } = await olderRelease(repo, file, current);
      const before = await hostState();
      const res = await revert(base, { id, dryRun: true });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        dryRun: true,
        historyId: id,
        path: 'deploy/overlays/dev',
        baseBranch: 'main',
        branch: `revert-dev-${app}-${id}`,
        files: [file],
        changes: [
          {
            file,
            what: `image ghcr.io/acme/${entity}`,
            from: running,
            to: tag,
          },
        ],
      });
      expect(res.body.pullRequest).toBeUndefined();
      expect(res.body.auditId).toBeUndefined();
      expect(await hostState()).toBe(before);
      expect(
        (await auditOf(agent, app)).filter(r => r.action === 'rollback.revert'),
      ).toEqual([]);
    });

    it('refuses a caller without gitops.application.rollback (403, audited), changing nothing', async () => {
      const { id } = await olderRelease(repo, file, await application(base));
      env.denied.add(gitopsApplicationRollbackPermission.name);
      const before = await hostState();
      const res = await revert(base, { id });
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(
        `Not allowed: gitops.application.rollback on component:default/${entity}`,
      );
      expect(await hostState()).toBe(before);
      const [row] = await auditOf(agent, app);
      expect(row).toMatchObject({
        action: 'rollback.revert',
        outcome: 'refused',
        parameters: { historyId: id },
      });
    });

    it('opens the revert pull request, audited; merged from the portal, the agent syncs the earlier release and its history shows it', async () => {
      const current = await application(base);
      const { id, tag, running } = await olderRelease(repo, file, current);
      const res = await revert(base, {
        id,
        reason: 'INC-7: the new release fails payments',
      });
      expect(res.status).toBe(200);
      const repoUrl = `${env.sandbox.gitHost!.baseUrl}/acme/${repo}.git`;
      expect(res.body).toMatchObject({
        dryRun: false,
        historyId: id,
        repoUrl,
        files: [file],
        pullRequest: {
          kind: 'revert',
          environment: 'dev',
          application: app,
          historyId: id,
          branch: `revert-dev-${app}-${id}`,
          baseBranch: 'main',
          title: expect.stringMatching(
            new RegExp(`^Roll back ${app} to #${id} `),
          ),
        },
      });
      const { number, htmlUrl, branch } = res.body.pullRequest;
      expect((await fetch(htmlUrl)).status).toBe(200);
      // the branch has the earlier tag; main still runs the current one
      expect(await tagAt(repo, file, branch)).toBe(tag);
      expect(await tagAt(repo, file, 'main')).toBe(running);
      const pull = await host(`/repos/acme/${repo}/pulls/${number}`);
      expect(pull.body).toContain(
        'Reason: INC-7: the new release fails payments',
      );
      expect(pull.body).toContain(`${running} → ${tag}`);

      const [row] = await auditOf(agent, app);
      expect(row).toMatchObject({
        id: res.body.auditId,
        action: 'rollback.revert',
        outcome: 'succeeded',
        actor: 'user:default/mock',
        entityRef: `component:default/${entity}`,
        parameters: {
          historyId: id,
          repoUrl,
          baseBranch: 'main',
          branch,
          files: [file],
          reason: 'INC-7: the new release fails payments',
        },
      });

      // the entity lists it beside its promotions
      const list = await env
        .api()
        .get(`/api/gitops/entity/default/component/${entity}/pull-requests`)
        .set('Authorization', env.auth);
      expect(list.body.pullRequests).toEqual([
        expect.objectContaining({
          number,
          kind: 'revert',
          environment: 'dev',
          application: app,
          historyId: id,
        }),
      ]);

      // a second revert of the same entry: its pull request is open
      const again = await revert(base, { id });
      expect(again.status).toBe(409);
      expect(again.body.error.message).toContain(`#${number}`);

      const merged = await env
        .api()
        .post(
          `/api/gitops/entity/default/component/${entity}/pull-requests/merge`,
        )
        .set('Authorization', env.auth)
        .send({ repoUrl, number });
      expect(merged.status).toBe(200);
      expect(merged.body.pullRequest).toMatchObject({
        kind: 'revert',
        application: app,
      });
      // automated sync: the agent deploys the merge commit, the history shows it
      const after = await waitFor(
        `${app} to run the merge commit`,
        async () => {
          const now = await application(base);
          return now.history[0]?.revision === merged.body.sha ? now : undefined;
        },
        20_000,
      );
      expect(after.images).toEqual([`ghcr.io/acme/${entity}:${tag}`]);
      expect(after.history[0].id).toBeGreaterThan(current.history[0].id);
      const merges = (await auditOf(agent, app)).filter(
        r => r.action === 'pullrequest.merge',
      );
      expect(merges[0]).toMatchObject({
        outcome: 'succeeded',
        parameters: { number, kind: 'revert' },
      });
    });

    it('answers 409 for the entry that runs now: nothing to revert', async () => {
      const [latest] = (await application(base)).history;
      const res = await revert(base, { id: latest.id });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(
        `History entry #${latest.id} of ${app} cannot be reverted in Git: there is nothing to revert, the image tags of ${file} are those the history entry deployed on main`,
      );
    });
  });

  describe('refusals', () => {
    const base = appBase('payments', 'nonprod', 'payments-dev');

    it.each([
      [{}, 'id'],
      [{ id: -1 }, 'id'],
      [{ id: 'three' }, 'id'],
      [{ id: 1, dryRun: 'yes' }, 'dryRun'],
      [{ id: 1, reason: 'x'.repeat(501) }, 'reason'],
      [{ id: 1, branch: 'main' }, 'branch'],
    ])('answers 400 naming the bad field of %j', async (body, field) => {
      const before = await hostState();
      const res = await revert(base, body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toContain(field);
      expect(await hostState()).toBe(before);
    });

    it('answers 404 for a history entry the application does not have', async () => {
      const res = await revert(base, { id: 999 });
      expect(res.status).toBe(404);
      expect(res.body.error.message).toMatch(
        /^payments-dev has no history entry #999 \(its history holds #\d+/,
      );
    });

    it('answers 409 for a chart from a Helm repository: its version is in the Application, not in Git', async () => {
      const fx = await application(appBase('fx', 'nonprod', 'fx-dev'));
      const res = await revert(appBase('fx', 'nonprod', 'fx-dev'), {
        id: fx.history[fx.history.length - 1].id,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain(
        'it deploys chart fx 1.2.0 from the Helm repository https://charts.acme.example, whose version is set in the Application, not in a Git repository',
      );
    });

    it('answers 409 for a repository on no git host the portal writes to', async () => {
      const ledger = await application(
        appBase('ledger', 'nonprod', 'ledger-dev'),
      );
      const res = await revert(appBase('ledger', 'nonprod', 'ledger-dev'), {
        id: ledger.history[ledger.history.length - 1].id,
      });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toContain(
        'https://github.com/acme/ledger-deploy.git is on no git host the portal writes to (integrations.github)',
      );
    });
  });
});
