import fs from 'node:fs';
import path from 'node:path';
import {
  hydratedRevision,
  needsAttention,
  attentionMessage,
} from '@gitops-suite/plugin-gitops-common';
import type { ArgoApplication } from './argoCdTypes';
import { LEAN_APPLICATION_FIELDS, leanArgoApplication } from './leanFields';
import { normalizeApplication } from './normalizeApplication';

/*
 * The hydrator's shapes as Argo CD's own API defines them (the swagger the
 * sandbox is checked against): every field the payload below carries is
 * one the definitions name, so the normalizer reads Argo CD's names.
 */
const swagger = JSON.parse(
  fs.readFileSync(
    path.resolve(
      __dirname,
      '../../../../../packages/sandbox-agent/testdata/argocd/swagger.json',
    ),
    'utf8',
  ),
);

/** The paths of `value` that the swagger definition `name` does not define. */
function undefinedFields(value: unknown, name: string, at = ''): string[] {
  const definition = swagger.definitions[name];
  if (!definition?.properties || typeof value !== 'object' || !value) {
    return [];
  }
  return Object.entries(value).flatMap(([key, child]) => {
    const property = definition.properties[key];
    if (!property) return [`${at}${key}`];
    const ref = (property.$ref ?? property.items?.$ref)?.split('/').pop();
    if (!ref) return [];
    const children = Array.isArray(child) ? child : [child];
    return children.flatMap(c => undefinedFields(c, ref, `${at}${key}.`));
  });
}

const DRY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
const HYDRATED = '0f9e8d7c6b5a49382716051f2e3d4c5b6a798897';
const NEXT_DRY = 'feedfacecafebeef0123456789abcdef01234567';

const hydrated = (phase: string, message: string): ArgoApplication => ({
  metadata: {
    name: 'checkout-web-dev',
    namespace: 'argocd',
    annotations: {
      'notice.argocd.argoproj.io/content': 'Rendered by the source hydrator',
    },
  },
  spec: {
    project: 'checkout',
    destination: { server: 'https://kubernetes.default.svc', namespace: 'web' },
    sourceHydrator: {
      drySource: {
        repoURL: 'https://github.com/acme/checkout-web-deploy.git',
        targetRevision: 'main',
        path: 'apps/checkout-web',
      },
      syncSource: { targetBranch: 'environments/dev', path: 'checkout-web' },
      hydrateTo: { targetBranch: 'environments/dev-next' },
    },
  },
  status: {
    sync: { status: 'Synced', revision: HYDRATED },
    health: { status: 'Healthy' },
    sourceHydrator: {
      lastSuccessfulOperation: { drySHA: DRY, hydratedSHA: HYDRATED },
      currentOperation: {
        phase,
        message,
        drySHA: NEXT_DRY,
        startedAt: '2026-11-26T12:00:00Z',
        finishedAt: '2026-11-26T12:00:03Z',
      },
      lastComparedDryRevision: NEXT_DRY,
    },
  },
});

const context = { agentId: 'dev', agentKind: 'argocd', environments: [] };

describe('normalizeApplication of an application the source hydrator renders', () => {
  const failed = hydrated(
    'Failed',
    'failed to hydrate: kustomize build apps/checkout-web failed',
  );

  it('reads only fields Argo CD defines', () => {
    expect(undefinedFields(failed, 'v1alpha1Application')).toEqual([]);
  });

  it('keeps both sources, the last success and the current operation', () => {
    const app = normalizeApplication(failed, context);
    expect(app.sourceHydrator).toEqual({
      drySource: {
        repoURL: 'https://github.com/acme/checkout-web-deploy.git',
        targetRevision: 'main',
        path: 'apps/checkout-web',
      },
      syncSource: {
        // defaults to the dry source's repository, as in Argo CD
        repoURL: 'https://github.com/acme/checkout-web-deploy.git',
        targetBranch: 'environments/dev',
        path: 'checkout-web',
      },
      hydrateTo: { targetBranch: 'environments/dev-next' },
      lastSuccessfulOperation: { drySHA: DRY, hydratedSHA: HYDRATED },
      currentOperation: {
        phase: 'Failed',
        message: 'failed to hydrate: kustomize build apps/checkout-web failed',
        drySHA: NEXT_DRY,
        startedAt: '2026-11-26T12:00:00Z',
        finishedAt: '2026-11-26T12:00:03Z',
      },
      lastComparedDryRevision: NEXT_DRY,
    });
    // it syncs from the sync source: the hydrated branch and path
    expect(app.sources).toEqual([
      {
        repoURL: 'https://github.com/acme/checkout-web-deploy.git',
        path: 'checkout-web',
        targetRevision: 'environments/dev',
        type: 'directory',
      },
    ]);
  });

  it('names the dry commit of what runs, and a failed hydration needs attention', () => {
    const app = normalizeApplication(failed, context);
    expect(hydratedRevision(app)).toEqual({
      drySHA: DRY,
      hydratedSHA: HYDRATED,
      dryRepoURL: 'https://github.com/acme/checkout-web-deploy.git',
      syncRepoURL: 'https://github.com/acme/checkout-web-deploy.git',
    });
    expect(needsAttention(app)).toBe(true);
    expect(attentionMessage(app)).toBe(
      'Hydration failed: failed to hydrate: kustomize build apps/checkout-web failed',
    );
    const fine = normalizeApplication(hydrated('Hydrated', ''), context);
    expect(needsAttention(fine)).toBe(false);
  });

  it('comes whole through the lean list, which selects status.sourceHydrator', () => {
    expect(LEAN_APPLICATION_FIELDS.split(',')).toContain(
      'items.status.sourceHydrator',
    );
    const lean = normalizeApplication(leanArgoApplication(failed), context);
    expect(lean.sourceHydrator).toEqual(
      normalizeApplication(failed, context).sourceHydrator,
    );
    expect(lean.notice?.content).toBe('Rendered by the source hydrator');
  });

  it('leaves other applications without one', () => {
    const plain = normalizeApplication(
      { metadata: { name: 'web' }, spec: { source: { repoURL: 'r' } } },
      context,
    );
    expect(plain.sourceHydrator).toBeUndefined();
    expect(hydratedRevision(plain)).toBeUndefined();
  });
});
