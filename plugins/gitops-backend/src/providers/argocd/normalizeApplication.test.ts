import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { deployedRevision } from '@gitops-suite/plugin-gitops-common';
import type { ArgoApplication } from './argoCdTypes';
import { leanArgoApplication } from './leanFields';
import { normalizeApplication, NormalizeContext } from './normalizeApplication';

/*
 * Real Argo CD Applications (the fixtures the sandbox agent is checked
 * against: Argo CD's controller testdata and Roadie's e2e payload), read
 * by the one normalizer every provider uses. Each expectation is read off
 * the raw payload, not written down by hand.
 */
const fixtures = path.resolve(
  __dirname,
  '../../../../../packages/sandbox-agent/testdata/argocd/fixtures',
);
const payloads: Array<[string, ArgoApplication]> = [
  [
    'argo-cd controller testdata (history, operation state, ApplicationSet owner)',
    parse(
      fs.readFileSync(
        path.join(
          fixtures,
          'application-with-history-and-operationState.argo-cd-controller-testdata.yaml',
        ),
        'utf8',
      ),
    ),
  ],
  [
    'roadie e2e',
    JSON.parse(
      fs.readFileSync(
        path.join(fixtures, 'application-get.roadie-e2e.json'),
        'utf8',
      ),
    ),
  ],
];

const context: NormalizeContext = {
  agentId: 'agent-1',
  agentKind: 'argocd',
  uiUrl: 'https://argocd.example',
  environments: [],
};

describe.each(payloads)('normalizeApplication over %s', (_name, raw) => {
  const app = normalizeApplication(raw, context);
  const metadata = raw.metadata!;
  const spec = raw.spec!;
  const status = raw.status!;

  it('keeps who and where the application is', () => {
    expect(app.name).toBe(metadata.name);
    expect(app.agentId).toBe('agent-1');
    expect(app.key).toContain(metadata.name);
    expect(app.project).toBe(spec.project || 'default');
    expect(app.labels).toEqual(metadata.labels ?? {});
    expect(app.destination.namespace).toBe(spec.destination?.namespace);
    const owner = (
      raw.metadata as {
        ownerReferences?: Array<{ kind: string; name: string }>;
      }
    ).ownerReferences?.find(o => o.kind === 'ApplicationSet')?.name;
    expect(app.applicationSet).toBe(owner);
    const sources = spec.sources ?? [spec.source!];
    expect(app.sources.map(s => s.repoURL)).toEqual(
      sources.map(s => s.repoURL),
    );
    expect(app.uiUrl).toBe(
      `https://argocd.example/applications/${
        metadata.namespace ? `${metadata.namespace}/` : ''
      }${metadata.name}`,
    );
  });

  it('keeps its sync, health, operation and history as the agent reports them', () => {
    expect(app.sync.status).toBe(status.sync?.status);
    expect(app.sync.revision).toBe(status.sync?.revision);
    expect(app.health.status).toBe(status.health?.status);
    expect(app.operation?.phase).toBe(status.operationState?.phase);
    expect(app.history.map(h => h.id).sort((a, b) => a - b)).toEqual(
      (status.history ?? []).map(h => Number(h.id)).sort((a, b) => a - b),
    );
    expect(app.images).toEqual(status.summary?.images ?? []);
    // what runs is the latest deployment
    const latest = [...(status.history ?? [])].sort(
      (a, b) => Number(b.id) - Number(a.id),
    )[0];
    expect(deployedRevision(app).revision).toBe(
      latest ? latest.revision ?? latest.revisions?.[0] : status.sync?.revision,
    );
  });

  it('reads the lean cut of it (what lists and watches carry) the same, without history', () => {
    const lean = normalizeApplication(leanArgoApplication(raw), context);
    expect(lean.key).toBe(app.key);
    expect(lean.sync.status).toBe(app.sync.status);
    expect(lean.health.status).toBe(app.health.status);
    expect(lean.sources).toEqual(app.sources);
    expect(lean.history).toEqual([]);
  });
});

describe('the last sync of an application', () => {
  const [, raw] = payloads[0];
  const newestDeployment = [...raw.status!.history!].sort(
    (a, b) => Number(b.id) - Number(a.id),
  )[0].deployedAt;

  it('is when the last operation finished', () => {
    const app = normalizeApplication(raw, context);
    expect(app.operation?.dryRun).toBeUndefined();
    expect(app.lastSyncedAt).toBe(raw.status!.operationState!.finishedAt);
  });

  it('is not moved by a dry run, which applies nothing: it stays at the newest deployment', () => {
    const state = raw.status!.operationState!;
    const dryRun: ArgoApplication = {
      ...raw,
      status: {
        ...raw.status,
        operationState: {
          ...state,
          finishedAt: '2030-01-01T00:00:00Z',
          operation: {
            ...state.operation,
            sync: { ...state.operation?.sync, dryRun: true },
          },
        },
      },
    };
    const app = normalizeApplication(dryRun, context);
    expect(app.operation?.dryRun).toBe(true);
    expect(newestDeployment).toBeDefined();
    expect(app.lastSyncedAt).toBe(newestDeployment);
  });
});
