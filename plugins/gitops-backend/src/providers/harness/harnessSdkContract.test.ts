import { mockServices } from '@backstage/backend-test-utils';
import { ConfigReader } from '@backstage/config';
import {
  findSdkOperation,
  samplePath,
  sdkMismatches,
  sdkOperations,
  sdkOperationsFile,
} from '../../testUtils/harnessSdk';
import {
  RecordingHarnessAgent,
  startRecordingHarnessAgent,
} from '../../testUtils/recordingHarnessAgent';
import { checkProxyQuery, findProxyRoute } from '../../proxy/proxyAllowlist';
import { ArgoApiProvider } from '../argocd/ArgoApiProvider';
import { HarnessProvider } from './HarnessProvider';
import { harnessProxyRules } from './harnessProxyRules';

/*
 * The contract with Harness GitOps: every request the Harness provider can
 * send is one the official Harness Go SDK sends (sdk-operations.json): the
 * operation found by method and path template, its required query
 * parameters, no parameter it does not take, and a body with its model's
 * fields only. The cases come from the provider itself (each of its methods,
 * each key of its route scheme, each route of the proxy's allowlist) and the
 * SDK's operations; nothing about an operation is written down here.
 */

// Every key of the route scheme the provider reads while it is driven.
const mockSchemeKeys = new Set<string>();
jest.mock('./harnessRouteScheme', () => {
  const actual = jest.requireActual('./harnessRouteScheme');
  return {
    ...actual,
    harnessRouteScheme: (scope: unknown) => {
      const scheme = actual.harnessRouteScheme(scope);
      return new Proxy(scheme, {
        get(target, key) {
          mockSchemeKeys.add(String(key));
          return target[key];
        },
      });
    },
  };
});

const ref = { name: 'payments-dev', namespace: 'apps', project: 'payments' };
const resource = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  namespace: 'apps',
  name: 'web',
  uid: '5b0f3a52-8f8e-4f4a-9d0e-2a3f9f3a1c11',
};
const manifest = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'ApplicationSet',
  metadata: { name: 'payments' },
  spec: { generators: [], template: { metadata: {}, spec: {} } },
};

const deployment = {
  group: 'apps',
  version: 'v1',
  kind: 'Deployment',
  namespace: 'apps',
  name: 'web',
};

/** The signed-in user an agent that decides as the user is asked about. */
const user = { entityRef: 'user:default/ada', principal: 'ada@acme.example' };

/** Each public method of the provider, called with every option it passes on. */
const DRIVE: Record<string, (p: HarnessProvider) => Promise<unknown>> = {
  getStatus: p => p.getStatus(),
  listApplications: async p => {
    await p.listApplications({});
    await p.listApplications({
      selector: 'harness.io/envRef=prod',
      projects: ['payments', 'risk'],
      name: 'payments-dev',
      appNamespace: 'apps',
      lean: true,
    });
  },
  getApplication: p => p.getApplication(ref),
  // Harness's access control, asked about the user before an operation
  canI: p => p.canI(ref, ['refresh', 'sync', 'action'], { user }),
  checkUserAccess: async p => {
    await p.sync(ref, {}, { user }).catch(() => null);
  },
  refresh: p => p.refresh(ref, 'hard'),
  getResourceTree: p => p.getResourceTree(ref),
  getManagedResources: p => p.getManagedResources(ref),
  getRevisionMetadata: p => p.getRevisionMetadata(ref, 'abc123'),
  getSyncWindows: p => p.getSyncWindows(ref),
  // every option of a sync: hooks forced, then apply only
  sync: async p => {
    for (const applyOnly of [false, true]) {
      await p.sync(ref, {
        revision: 'abc123',
        prune: true,
        dryRun: true,
        resources: [
          { group: 'apps', kind: 'Deployment', name: 'web', namespace: 'apps' },
        ],
        syncOptions: ['ApplyOutOfSyncOnly=true'],
        force: true,
        applyOnly,
        retry: {
          limit: 2,
          backoff: { duration: '5s', factor: 2, maxDuration: '3m' },
        },
      });
    }
  },
  rollback: p => p.rollback(ref, { id: 3, dryRun: true, prune: true }),
  terminateOperation: p => p.terminateOperation(ref),
  // AgentApplicationServicePatch, turning automated sync on and off
  setSyncPolicy: async p => {
    await p.setSyncPolicy(ref, {
      automated: true,
      prune: true,
      selfHeal: true,
    });
    await p.setSyncPolicy(ref, {
      automated: false,
      prune: false,
      selfHeal: false,
    });
  },
  listResourceActions: p => p.listResourceActions(ref, deployment),
  runResourceAction: p => p.runResourceAction(ref, deployment, 'restart'),
  listApplicationSets: p => p.listApplicationSets(),
  // Harness reads an ApplicationSet by its identifier; a name alone is
  // searched for through the list's own search
  getApplicationSet: async p => {
    await p.getApplicationSet({ name: 'payments', id: '0f1e' });
    await p.getApplicationSet('payments').catch(() => null);
  },
  deleteApplicationSet: async p => {
    await p.deleteApplicationSet({ name: 'payments', id: '0f1e' });
    await p.deleteApplicationSet({ name: 'payments' }).catch(() => null);
  },
  createApplicationSet: p =>
    p.createApplicationSet(manifest, { upsert: true, dryRun: true }),
  generateApplicationSet: p => p.generateApplicationSet(manifest),
  getProject: p => p.getProject('payments'),
  listClusters: p => p.listClusters(),
  listRepositories: p => p.listRepositories(),
  rawGet: p => driveProxy(p),
  snapshotApplications: p => p.snapshotApplications(),
  // AgentApplicationServiceWatch, from a list's version and without one;
  // the recording agent answers `{}`, which ends the watch as malformed
  watchApplications: async p => {
    for (const resourceVersion of ['42', undefined]) {
      await p
        .watchApplications({
          resourceVersion,
          signal: AbortSignal.timeout(5000),
          onEvent: () => {},
        })
        .catch(() => null);
    }
  },
  getResourceManifest: p => p.getResourceManifest!(ref, resource),
  listResourceEvents: p => p.listResourceEvents!(ref, resource),
  streamResourceLogs: async p => {
    for (const query of [
      {},
      { container: 'web', tailLines: 100, sinceSeconds: 60, follow: true },
    ]) {
      await p.streamResourceLogs!(ref, resource, query, () => {}, {
        signal: new AbortController().signal,
      });
    }
  },
};

/** Helpers of the provider's class chain that make no call of their own. */
const NOT_CALLS = [
  'constructor',
  'failedStatus',
  'operate',
  'operations',
  'readList',
  'rawApplication',
  'applicationSetCalls',
  // what the provider declares, sending nothing
  'proxy',
  'serviceSelectors',
];

/**
 * Every route of the proxy's Harness allowlist, reached through each SDK
 * read (GET) whose path it forwards, with every parameter it lets a caller
 * give: the allowlist must take the operation's required parameters that the
 * provider does not set, and pass nothing the operation does not take.
 */
async function driveProxy(provider: HarnessProvider) {
  for (const op of sdkOperations().filter(o => o.method === 'GET')) {
    const path = samplePath(op);
    const route = findProxyRoute(provider, path);
    if (!route) continue;
    const query = new URLSearchParams(
      route.query.map(name => [name, 'sample']),
    );
    checkProxyQuery(provider, route, path, query);
    await provider.rawGet(path, query);
  }
}

describe.each<
  [
    string,
    { agent: string; orgIdentifier?: string; projectIdentifier?: string },
  ]
>([
  [
    'a project-scoped agent',
    { orgIdentifier: 'default', projectIdentifier: 'shop', agent: 'hxagent' },
  ],
  ['an account-scoped agent', { agent: 'account.hub' }],
])('the Harness provider for %s sends only what the SDK sends', (_, s) => {
  let agent: RecordingHarnessAgent;
  let provider: HarnessProvider;

  beforeAll(async () => {
    agent = await startRecordingHarnessAgent();
    const raw = {
      id: 'hx',
      kind: 'harness',
      url: agent.url,
      timeoutMs: 5000,
      credentials: { token: 'pat.secret' },
      harness: {
        accountIdentifier: 'acct123',
        agentIdentifier: s.agent,
        ...(s.orgIdentifier && { orgIdentifier: s.orgIdentifier }),
        ...(s.projectIdentifier && {
          projectIdentifier: s.projectIdentifier,
        }),
      },
    };
    provider = HarnessProvider.factory({
      agent: { ...raw, config: new ConfigReader(raw) },
      environments: [],
      logger: mockServices.logger.mock(),
    }) as HarnessProvider;
  });
  afterAll(() => agent?.close());
  beforeEach(() => {
    agent.requests.length = 0;
  });

  it('drives every method of the provider', () => {
    const methods = new Set<string>();
    for (const proto of [
      HarnessProvider.prototype,
      ArgoApiProvider.prototype,
    ]) {
      for (const name of Object.getOwnPropertyNames(proto)) methods.add(name);
    }
    // and the methods the provider holds as fields (delegations)
    for (const [name, value] of Object.entries(provider)) {
      if (typeof value === 'function') methods.add(name);
    }
    const undriven = [...methods].filter(
      m => !(m in DRIVE) && !NOT_CALLS.includes(m),
    );
    expect(undriven).toEqual([]);
    const gone = Object.keys(DRIVE).filter(m => !methods.has(m));
    expect(gone).toEqual([]);
  });

  it.each(Object.keys(DRIVE))(
    '%s: each request is an SDK operation with its parameters and body fields',
    async method => {
      await DRIVE[method](provider);
      expect(agent.requests.length).toBeGreaterThan(0);
      expect(agent.requests.flatMap(sdkMismatches)).toEqual([]);
    },
  );

  it('reads every key of its route scheme while driven', async () => {
    for (const drive of Object.values(DRIVE)) await drive(provider);
    const { harnessRouteScheme } = jest.requireActual('./harnessRouteScheme');
    const keys = Object.keys(
      harnessRouteScheme({ accountIdentifier: 'a', agentIdentifier: 'b' }),
    );
    expect(keys.filter(k => !mockSchemeKeys.has(k))).toEqual([]);
  });

  it('reaches each proxy route through an SDK operation', () => {
    const harness = { proxy: harnessProxyRules };
    const reached = new Set(
      sdkOperations()
        .filter(op => op.method === 'GET')
        .map(op => findProxyRoute(harness, samplePath(op)))
        .filter(Boolean),
    );
    const unreached = harnessProxyRules.routes
      .filter(route => !reached.has(route))
      .map(route => route.path.source);
    expect(unreached).toEqual([]);
  });
});

describe('the contract check itself', () => {
  it(`reads the SDK's operations (${sdkOperationsFile()})`, () => {
    expect(sdkOperations().length).toBeGreaterThan(100);
    expect(
      findSdkOperation('POST', '/gitops/api/v1/applicationset/generate')
        ?.function,
    ).toBe('ApplicationSetServiceGenerate');
    expect(
      findSdkOperation('GET', '/gitops/api/v1/applicationset/0f1e')?.function,
    ).toBe('ApplicationSetServiceGet');
  });

  it('names a body field outside the model, an extra or missing parameter and an unknown path', () => {
    const scope =
      'accountIdentifier=a&routingId=a&orgIdentifier=o&projectIdentifier=p';
    expect(
      sdkMismatches({
        method: 'POST',
        path: '/gitops/api/v1/agents/x/applications/web/sync',
        query: new URLSearchParams(`${scope}&query.project=p`),
        body: { name: 'web', prune: true, accountIdentifier: 'a' },
      }),
    ).toEqual([
      "POST /gitops/api/v1/agents/x/applications/web/sync (AgentApplicationServiceSync): query parameter 'query.project' is not a parameter of the operation",
      expect.stringMatching(
        /body field 'accountIdentifier' outside ApplicationsApplicationSyncRequest \(name, revision, /,
      ),
    ]);
    expect(
      sdkMismatches({
        method: 'GET',
        path: '/gitops/api/v1/agents',
        query: new URLSearchParams('accountIdentifier=a&routingId=a'),
        body: undefined,
      }),
    ).toEqual([
      "GET /gitops/api/v1/agents (AgentServiceForServerList): required query parameter 'type' is missing",
    ]);
    expect(
      sdkMismatches({
        method: 'GET',
        path: '/gitops/api/v1/tokens',
        query: new URLSearchParams(),
        body: undefined,
      }),
    ).toEqual([
      'GET /gitops/api/v1/tokens: the Harness Go SDK has no such operation',
    ]);
  });
});
