import { GitCatalog } from '../git/GitCatalog';
import { GitRepository } from '../git/GitRepository';
import {
  fakeAccessKeySecret,
  fakeBearerToken,
  fakeCertificate,
  fakeEcPrivateKey,
  fakePassword,
  fakeRsaPrivateKey,
  fakeSshPrivateKey,
} from '../secrets/fakeSecrets';
import { AgentConfig } from '../state/AgentConfig';
import { AgentState } from '../state/AgentStore';
import {
  FactoryContext,
  createLiteralApplication,
  createServiceApplication,
  serviceResources,
  syncPolicyObject,
} from '../state/applicationFactory';
import { appSetRecord } from '../state/applicationSets';
import { AppRecord, DriftField } from '../state/types';
import { setHarnessIdentifier } from '../state/harnessIdentifiers';
import { initialHydratorStatus, sourceHydratorSpec } from '../state/sourceHydrator';
import { computeStatus } from '../state/applicationStatus';
import { rolloutHealthOf } from '../state/rollout/rolloutManifests';
import { initialRollout } from '../state/rollout/rolloutModel';
import { hashFraction, hashInt, sha1Hex, uuidFrom } from '../util/hash';
import { JsonObject } from '../util/json';
import { DAY, isoSeconds } from '../util/time';
import {
  AgentSpec,
  ClusterSpec,
  EnvironmentSpec,
  HealthCode,
  InstanceState,
  RepositorySpec,
  RolloutSpec,
  Scenario,
  ServiceSpec,
  StateMix,
} from './schema';

export const IN_CLUSTER = 'https://kubernetes.default.svc';

/** Which agent deploys which service: see README ("Which agent serves what"). */
export function agentServesService(
  agent: AgentSpec,
  service: ServiceSpec,
): boolean {
  if (service.agents) return service.agents.includes(agent.id);
  if (agent.services) return agent.services.includes(service.name);
  return true;
}

function agentEnvironments(scenario: Scenario, agent: AgentSpec) {
  const entries = agent.environments ?? scenario.environments.map(e => e.name);
  return entries.map(entry => {
    const name = typeof entry === 'string' ? entry : entry.name;
    const env = scenario.environments.find(e => e.name === name)!;
    return {
      env,
      cluster:
        (typeof entry === 'string' ? undefined : entry.cluster) ?? env.cluster,
      namespace:
        (typeof entry === 'string' ? undefined : entry.namespace) ??
        env.namespace,
    };
  });
}

function fill(pattern: string, service: string, env: string) {
  return pattern.replace(/\{service\}/g, service).replace(/\{env\}/g, env);
}

function stateFromMix(mix: StateMix | undefined, roll: number): InstanceState {
  if (!mix) return {};
  const steps: Array<[number | undefined, InstanceState]> = [
    [mix.outOfSync, { sync: 'OutOfSync' }],
    [mix.degraded, { health: 'Degraded' }],
    [mix.progressing, { health: 'Progressing' }],
    [mix.suspended, { health: 'Suspended' }],
    [mix.missing, { health: 'Missing' }],
    [mix.failedSync, { operation: 'Failed' }],
  ];
  let edge = 0;
  for (const [rate, state] of steps) {
    edge += rate ?? 0;
    if (roll < edge) return state;
  }
  return {};
}

function defaultPath(service: ServiceSpec): string {
  switch (service.type) {
    case 'helm':
      return 'charts/{service}';
    case 'directory':
      return 'manifests/{service}/{env}';
    case 'multi-source':
      return 'values/{service}/{env}';
    default:
      return 'deploy/overlays/{env}';
  }
}

function defaultPolicy(env: EnvironmentSpec) {
  return (
    env.syncPolicy ?? (env.name.includes('prod') ? 'manual' : 'automated-prune')
  );
}

/** The scenario's git repositories (shared by every agent as their base). */
export function scenarioGit(
  scenario: Scenario,
  options: { seed: string; now: number },
): GitCatalog {
  const git = new GitCatalog(options.seed, options.now);
  registerRepositories(scenario, git);
  return git;
}

function registerRepositories(scenario: Scenario, git: GitCatalog) {
  for (const service of scenario.services) {
    const h = hashInt(service.name);
    const repo = git.repository(service.repo, {
      commits: service.commits ?? 8,
      signing: service.signing ?? 'unsigned',
      version: service.version ?? `${1 + (h % 4)}.${h % 12}`,
      subject: service.name,
    });
    for (const env of scenario.environments) {
      repo.directories.add(
        fill(service.path ?? defaultPath(service), service.name, env.name),
      );
    }
  }
  for (const declared of scenario.gitRepositories ?? []) {
    const repo = git.repository(declared.url, {
      commits: declared.commits ?? 8,
      signing: declared.signing ?? 'mixed',
    });
    for (const dir of declared.directories ?? [])
      repo.directories.add(dir.replace(/\/+$/, ''));
    for (const [path, content] of Object.entries(declared.files ?? {}))
      repo.files.set(path, content);
    repo.labels.push(...(declared.labels ?? []));
    for (const pr of declared.pullRequests ?? []) {
      repo.pullRequests.push({
        number: pr.number,
        title: pr.title ?? `Pull request ${pr.number}`,
        branch: pr.branch,
        targetBranch: pr.targetBranch ?? 'main',
        author: pr.author ?? 'jane.doe',
        labels: pr.labels ?? [],
        headSha:
          pr.headSha ?? sha1Hex(declared.url, 'pull', pr.number, pr.branch),
      });
    }
  }
}

function buildServiceApps(
  scenario: Scenario,
  agent: AgentSpec,
  ctx: FactoryContext,
  clusters: JsonObject[],
  secrets: Set<string>,
): AppRecord[] {
  const records: AppRecord[] = [];
  const environments = agentEnvironments(scenario, agent);
  for (const service of scenario.services) {
    if (!agentServesService(agent, service)) continue;
    const repo = ctx.git.repository(service.repo);
    for (const { env, cluster: clusterName, namespace } of environments) {
      if (service.environments && !service.environments.includes(env.name))
        continue;
      records.push(
        buildServiceApp(scenario, agent, ctx, service, env, repo, {
          cluster:
            clusters.find(c => c.name === clusterName) ??
            clusters.find(c => c.name !== 'in-cluster') ??
            clusters[0],
          namespace: fill(
            namespace ?? '{service}-{env}',
            service.name,
            env.name,
          ),
          secrets,
        }),
      );
    }
  }
  return records;
}

/** `drift: true` means drifted replicas, `false` no drift, a field name that field. */
function driftFieldOf(drift: InstanceState['drift']): DriftField | undefined {
  if (drift === true) return 'replicas';
  if (drift === false) return undefined;
  return drift;
}

/**
 * A service with `rollout` runs an Argo Rollouts Rollout: fully promoted,
 * or (the instance's `rolloutStep`) a canary of the live revision under
 * way since it was deployed, over the commit before it. The application's
 * health is its Rollout's.
 */
function startRollout(
  ctx: FactoryContext,
  record: AppRecord,
  spec: RolloutSpec,
  repo: GitRepository,
  liveIndex: number,
  step: number | undefined,
) {
  const model = record.model;
  const status: JsonObject = record.app.status;
  const history: JsonObject[] = status.history ?? [];
  const deployed = history[history.length - 1];
  model.rollout = initialRollout(spec, model, {
    previous: liveIndex > 0 ? repo.commits[liveIndex - 1].sha : undefined,
    stepAtLoad: step,
    startedAt: deployed ? Date.parse(deployed.deployStartedAt) : ctx.now,
    now: ctx.now,
  });
  if (model.missing) return;
  model.health = rolloutHealthOf(model).status;
  computeStatus(ctx.render, record, {
    inlineHealth: ctx.inlineHealth,
    now: status.reconciledAt ? Date.parse(status.reconciledAt) : ctx.now,
  });
}

function buildServiceApp(
  scenario: Scenario,
  agent: AgentSpec,
  ctx: FactoryContext,
  service: ServiceSpec,
  env: EnvironmentSpec,
  repo: GitRepository,
  where: { cluster: JsonObject; namespace: string; secrets: Set<string> },
): AppRecord {
  const name = fill(
    service.appName ?? '{service}-{env}',
    service.name,
    env.name,
  );
  const explicit: InstanceState = {
    ...(service.state ?? {}),
    ...(service.overrides?.[env.name] ?? {}),
  };
  const fromMix =
    explicit.sync ||
    explicit.health ||
    explicit.operation ||
    explicit.drift ||
    explicit.prune
      ? {}
      : stateFromMix(
          scenario.mix,
          hashFraction(`${ctx.seed}/${agent.id}/${name}`),
        );
  const state: InstanceState = { ...fromMix, ...explicit };

  const head = repo.commits.length - 1;
  // On the git host, an environment behind is its overlay's older image
  // tag (seeded so), and every environment tracks the branch.
  const behind = repo.remote ? 0 : state.revisionsBehind ?? 0;
  let desiredIndex = Math.max(0, head - behind);
  let targetRevision =
    state.targetRevision ??
    (behind > 0
      ? repo.tagOf(repo.commits[desiredIndex])
      : env.targetRevision ?? 'main');
  const resolved = repo.resolve(targetRevision);
  if (resolved) desiredIndex = resolved.index;
  else targetRevision = env.targetRevision ?? 'main';
  // a hydrated application syncs its sync branch, which follows the head
  if (service.sourceHydrator) desiredIndex = head;

  const health: HealthCode = state.health ?? 'Healthy';
  const missing = health === 'Missing';
  let operation = state.operation ?? 'Succeeded';
  const policy = syncPolicyObject(
    state.syncPolicy ?? service.syncPolicy ?? defaultPolicy(env),
    service.syncOptions ?? ['CreateNamespace=true'],
  );
  const automated =
    Boolean(policy?.automated) && policy?.automated?.enabled !== false;
  const selfHeal = automated && Boolean(policy?.automated?.selfHeal);
  let drift: DriftField | undefined = driftFieldOf(state.drift);
  const orphan = Boolean(state.prune);
  let liveIndex = desiredIndex;
  const wantsOutOfSync =
    state.sync === 'OutOfSync' || operation !== 'Succeeded';
  if (wantsOutOfSync && !missing && !drift && !orphan) {
    if (automated && !selfHeal && operation === 'Succeeded') {
      drift = 'replicas';
    } else {
      if (automated && operation === 'Succeeded') operation = 'Failed';
      if (desiredIndex > 0) liveIndex = desiredIndex - 1;
      else drift = 'replicas';
    }
  }

  const path = fill(
    service.path ?? defaultPath(service),
    service.name,
    env.name,
  );
  const labels: Record<string, string> =
    agent.kind === 'harness'
      ? {
          'harness.io/serviceRef': service.harnessServiceRef ?? service.name,
          'harness.io/envRef': env.harnessEnvRef ?? env.name,
        }
      : { 'gitops/service': service.name, 'gitops/environment': env.name };
  if (service.team) labels.team = service.team;
  Object.assign(labels, service.labels ?? {});

  let source: JsonObject | undefined;
  let sources: JsonObject[] | undefined;
  let sourceType = 'Kustomize';
  let sourceTypes: string[] | undefined;
  switch (service.type) {
    case 'helm':
      source = {
        repoURL: service.repo,
        path,
        targetRevision,
        helm: {
          releaseName: service.name,
          valueFiles: ['values.yaml', `values-${env.name}.yaml`],
        },
      };
      sourceType = 'Helm';
      break;
    case 'directory':
      source = {
        repoURL: service.repo,
        path,
        targetRevision,
        directory: { recurse: true },
      };
      sourceType = 'Directory';
      break;
    case 'multi-source':
      sources = [
        {
          repoURL: service.chart!.repoURL,
          chart: service.chart!.name,
          targetRevision: service.chart!.version,
          helm: {
            releaseName: service.name,
            valueFiles: [`$values/${path}/values.yaml`],
          },
        },
        { repoURL: service.repo, targetRevision, ref: 'values' },
      ];
      sourceTypes = ['Helm', 'Directory'];
      break;
    default:
      source = { repoURL: service.repo, path, targetRevision };
  }

  let secretData: Record<string, string> | undefined;
  if (service.secret) {
    const password = fakePassword(agent.id, service.name, env.name, 'db');
    const apiKey = fakeAccessKeySecret(agent.id, service.name, env.name, 'api');
    const dsn = `postgres://${service.name.replace(/-/g, '_')}:${password}@db.${
      env.name
    }.acme.internal:5432/${service.name.replace(/-/g, '_')}`;
    secretData = {
      DATABASE_URL: Buffer.from(dsn).toString('base64'),
      DATABASE_PASSWORD: Buffer.from(password).toString('base64'),
      API_KEY: Buffer.from(apiKey).toString('base64'),
    };
    for (const value of [password, apiKey, dsn, ...Object.values(secretData)])
      where.secrets.add(value);
  }

  const hydrator = service.sourceHydrator && {
    repoURL: service.repo,
    dryBranch: targetRevision,
    dryPath: fill(service.sourceHydrator.dryPath ?? 'apps/{service}', service.name, env.name),
    syncBranch: fill(service.sourceHydrator.syncBranch ?? 'environments/{env}', service.name, env.name),
    syncPath: fill(service.sourceHydrator.syncPath ?? '{service}', service.name, env.name),
    ...(service.sourceHydrator.hydrateTo && {
      hydrateTo: fill(service.sourceHydrator.hydrateTo, service.name, env.name),
    }),
  };
  if (hydrator) repo.branches.add(hydrator.syncBranch);

  const isProd = env.name.includes('prod');
  const record = createServiceApplication(ctx, {
    name,
    appNamespace: service.appNamespace,
    service: service.name,
    env: env.name,
    project: service.project ?? 'default',
    labels,
    annotations: service.annotations,
    source,
    sources,
    destination: { server: where.cluster.server, namespace: where.namespace },
    syncPolicy: policy,
    repo,
    chart: service.chart,
    image: service.image ?? `ghcr.io/acme/${service.name}`,
    replicas: state.replicas ?? service.replicas ?? (isProd ? 3 : 1),
    resources: serviceResources(service.name, where.namespace, {
      secret: service.secret,
      ingress: service.ingress,
      hpa: service.hpa ?? (isProd && service.type !== 'directory'),
      ...(service.rollout && { rollout: { analysisTemplate: service.rollout.analysis ?? 'success-rate' } }),
    }),
    secretData,
    sourceType,
    sourceTypes,
    desiredIndex,
    rolledBack: state.rolledBack,
    liveIndex,
    health,
    operation,
    drift,
    orphan,
    ...(hydrator && { sourceHydrator: sourceHydratorSpec(hydrator) }),
  });
  if (service.rollout) startRollout(ctx, record, service.rollout, repo, liveIndex, state.rolloutStep);
  if (hydrator) {
    record.app.status.sourceHydrator = initialHydratorStatus(record, {
      failed: state.hydration === 'Failed',
      now: ctx.now,
    });
  }
  return record;
}

function base64(text: string) {
  return Buffer.from(text).toString('base64');
}

/** v1alpha1Cluster objects, with fake credentials unless `secrets: none`. */
function buildClusters(
  agent: AgentSpec,
  now: number,
  secrets: Set<string>,
): JsonObject[] {
  const inCluster: ClusterSpec = {
    name: 'in-cluster',
    server: IN_CLUSTER,
    secrets: 'none',
    serverVersion: '1.30',
  };
  const specs = [
    inCluster,
    ...(agent.clusters ?? []).filter(c => c.name !== 'in-cluster'),
  ];
  return specs.map((spec, index) => {
    const h = hashInt(`${agent.id}/${spec.name}`);
    const config: JsonObject = { tlsClientConfig: { insecure: false } };
    if (spec.secrets !== 'none') {
      const key = fakeEcPrivateKey(agent.id, spec.name, 'client');
      const cert = fakeCertificate(agent.id, spec.name, 'client');
      const ca = fakeCertificate(agent.id, spec.name, 'ca');
      config.bearerToken = fakeBearerToken(
        'system:serviceaccount:kube-system:argocd-manager',
        agent.id,
        spec.name,
      );
      config.tlsClientConfig = {
        insecure: false,
        caData: base64(ca),
        certData: base64(cert),
        keyData: base64(key),
      };
      if (index % 2 === 0) {
        config.username = 'argocd-manager';
        config.password = fakePassword(agent.id, spec.name, 'cluster');
      } else {
        config.execProviderConfig = {
          command: 'argocd-k8s-auth',
          args: [
            'aws',
            '--cluster-name',
            spec.name,
            '--role-arn',
            'arn:aws:iam::123456789012:role/argocd-sandbox',
          ],
          env: {
            AWS_ACCESS_KEY_ID: 'AKIASANDBOXFAKEKEY01',
            AWS_SECRET_ACCESS_KEY: fakeAccessKeySecret(
              agent.id,
              spec.name,
              'exec',
            ),
          },
          apiVersion: 'client.authentication.k8s.io/v1beta1',
          installHint: 'argocd-k8s-auth ships with Argo CD',
        };
      }
    }
    const given = spec.config ?? {};
    Object.assign(config, {
      ...(given.username !== undefined ? { username: given.username } : {}),
      ...(given.password !== undefined ? { password: given.password } : {}),
      ...(given.bearerToken !== undefined
        ? { bearerToken: given.bearerToken }
        : {}),
      ...(given.execProviderConfig
        ? { execProviderConfig: given.execProviderConfig }
        : {}),
    });
    if (given.tlsClientConfig) {
      config.tlsClientConfig = {
        ...config.tlsClientConfig,
        ...given.tlsClientConfig,
      };
    }
    collectSecrets(
      [
        config.bearerToken,
        config.password,
        config.tlsClientConfig?.keyData,
        config.tlsClientConfig?.certData,
        config.tlsClientConfig?.caData,
        ...Object.values(config.execProviderConfig?.env ?? {}),
      ],
      secrets,
    );
    const serverVersion = spec.serverVersion ?? `1.${28 + (h % 3)}`;
    const status = spec.connectionStatus ?? 'Successful';
    const attemptedAt = isoSeconds(now - (h % 300) * 1000);
    const connectionState = {
      status,
      message:
        spec.message ??
        (status === 'Successful'
          ? ''
          : `Unable to connect to cluster: dial tcp: lookup ${
              new URL(spec.server).hostname
            }: no such host`),
      attemptedAt,
    };
    const cluster: JsonObject = {
      server: spec.server,
      name: spec.name,
      config,
      connectionState,
      serverVersion,
      info: {
        connectionState,
        serverVersion,
        cacheInfo: {
          resourcesCount: 400 + (h % 4000),
          apisCount: 60 + (h % 40),
          lastCacheSyncTime: isoSeconds(now - (h % 900) * 1000),
        },
        applicationsCount: 0,
      },
    };
    if (spec.labels) cluster.labels = { ...spec.labels };
    if (spec.annotations) cluster.annotations = { ...spec.annotations };
    if (spec.project) cluster.project = spec.project;
    if (spec.namespaces) cluster.namespaces = [...spec.namespaces];
    setHarnessIdentifier(
      cluster,
      spec.identifier ?? spec.name.replace(/[^A-Za-z0-9_]/g, '_'),
    );
    return cluster;
  });
}

function collectSecrets(values: unknown[], secrets: Set<string>) {
  for (const value of values) {
    if (typeof value !== 'string' || value.length < 8) continue;
    secrets.add(value);
    // Base64 fields also leak when decoded.
    if (
      /^[A-Za-z0-9+/]+=*$/.test(value) &&
      value.length % 4 === 0 &&
      value.length > 40
    ) {
      const decoded = Buffer.from(value, 'base64').toString('utf8');
      if (decoded.startsWith('-----BEGIN')) secrets.add(decoded);
    }
  }
}

const AUTH_CYCLE: Array<NonNullable<RepositorySpec['auth']>> = [
  'https',
  'githubApp',
  'tls',
];

/** v1alpha1Repository objects: declared, or one per repository the agent's apps use. */
function buildRepositories(
  agent: AgentSpec,
  apps: AppRecord[],
  now: number,
  secrets: Set<string>,
): JsonObject[] {
  let specs: RepositorySpec[] = agent.repositories ?? [];
  if (!agent.repositories) {
    const urls = new Map<string, 'git' | 'helm'>();
    for (const record of apps) {
      const sources: JsonObject[] =
        record.app.spec?.sources ??
        (record.app.spec?.source ? [record.app.spec.source] : []);
      for (const s of sources) {
        if (s.repoURL) urls.set(String(s.repoURL), s.chart ? 'helm' : 'git');
      }
    }
    specs = [...urls.entries()].sort().map(([repo, type], i) => ({
      repo,
      type,
      auth: type === 'helm' ? 'https' : AUTH_CYCLE[i % AUTH_CYCLE.length],
    }));
    if (agent.kind === 'argocd') {
      specs.push({
        repo: 'git@github.com:acme/platform-secrets.git',
        type: 'git',
        auth: 'ssh',
      });
    }
  }
  return specs.map(spec => {
    const h = hashInt(`${agent.id}/${spec.repo}`);
    const type = spec.type ?? (/\.git$|^git@/.test(spec.repo) ? 'git' : 'git');
    const repo: JsonObject = {
      repo: spec.repo,
      type,
      name:
        spec.name ??
        spec.repo
          .replace(/\.git$/, '')
          .split(/[/:]/)
          .pop(),
      insecure: false,
      enableLfs: false,
      inheritedCreds: false,
    };
    if (spec.project) repo.project = spec.project;
    if (spec.secrets !== 'none') {
      const auth = spec.auth ?? 'https';
      if (auth === 'https') {
        repo.username = type === 'helm' ? 'helm-reader' : 'argocd-bot';
        repo.password = fakePassword(agent.id, spec.repo, 'repo');
      } else if (auth === 'ssh') {
        repo.sshPrivateKey = fakeSshPrivateKey(agent.id, spec.repo);
        repo.insecureIgnoreHostKey = false;
      } else if (auth === 'githubApp') {
        repo.githubAppPrivateKey = fakeRsaPrivateKey(
          agent.id,
          spec.repo,
          'github-app',
        );
        repo.githubAppID = 100000 + (h % 800000);
        repo.githubAppInstallationID = 10000000 + (h % 80000000);
      } else if (auth === 'tls') {
        repo.tlsClientCertData = fakeCertificate(
          agent.id,
          spec.repo,
          'repo-client',
        );
        repo.tlsClientCertKey = fakeEcPrivateKey(
          agent.id,
          spec.repo,
          'repo-client',
        );
        repo.username = 'argocd-bot';
        repo.password = fakePassword(agent.id, spec.repo, 'repo-tls');
      }
    }
    for (const key of [
      'username',
      'password',
      'sshPrivateKey',
      'tlsClientCertData',
      'tlsClientCertKey',
      'githubAppPrivateKey',
      'githubAppID',
      'githubAppInstallationID',
      'bearerToken',
    ] as const) {
      if (spec[key] !== undefined) repo[key] = spec[key];
    }
    collectSecrets(
      [
        repo.password,
        repo.sshPrivateKey,
        repo.tlsClientCertKey,
        repo.githubAppPrivateKey,
        repo.bearerToken,
      ],
      secrets,
    );
    const status = spec.connectionStatus ?? 'Successful';
    repo.connectionState = {
      status,
      message:
        spec.message ??
        (status === 'Successful'
          ? ''
          : 'Unable to connect to repository: authentication required'),
      attemptedAt: isoSeconds(now - (h % 600) * 1000),
    };
    setHarnessIdentifier(
      repo,
      spec.identifier ?? String(repo.name).replace(/[^A-Za-z0-9_]/g, '_'),
    );
    return repo;
  });
}

function buildProjects(
  scenario: Scenario,
  agent: AgentSpec,
  apps: AppRecord[],
  namespace: string,
  seed: string,
  now: number,
): JsonObject[] {
  const names = new Set<string>(['default']);
  for (const p of scenario.projects ?? []) names.add(p.name);
  for (const record of apps) names.add(record.app.spec?.project || 'default');
  for (const set of agent.applicationSets ?? []) {
    const project = (set as JsonObject).spec?.template?.spec?.project;
    if (typeof project === 'string' && !project.includes('{{'))
      names.add(project);
  }
  const appNamespaces = [
    ...new Set(
      apps
        .map(a => a.app.metadata?.namespace)
        .filter(ns => ns && ns !== namespace),
    ),
  ];
  return [...names].sort().map(name => {
    const spec = (scenario.projects ?? []).find(p => p.name === name);
    const h = hashInt(`${agent.id}/project/${name}`);
    const project: JsonObject = {
      metadata: {
        name,
        namespace,
        uid: uuidFrom(seed, agent.id, 'project', name),
        generation: 1 + (h % 9),
        creationTimestamp: isoSeconds(now - (100 + (h % 400)) * DAY),
        ...(spec?.annotations && { annotations: { ...spec.annotations } }),
      },
      spec: {
        description:
          spec?.description ??
          (name === 'default' ? 'Default project' : `Applications of ${name}`),
        sourceRepos: spec?.sourceRepos ?? ['*'],
        destinations: spec?.destinations ?? [{ server: '*', namespace: '*' }],
        clusterResourceWhitelist: [{ group: '*', kind: '*' }],
      },
      status: {},
    };
    const sourceNamespaces =
      spec?.sourceNamespaces ??
      (appNamespaces.length ? appNamespaces : undefined);
    if (sourceNamespaces) project.spec.sourceNamespaces = sourceNamespaces;
    if (spec?.syncWindows?.length)
      project.spec.syncWindows = spec.syncWindows.map(w => ({ ...w }));
    if (spec?.signatureKeys?.length)
      project.spec.signatureKeys = spec.signatureKeys.map(keyID => ({ keyID }));
    return project;
  });
}

function compareKeys(a: string, b: string): number {
  if (a < b) return -1;
  if (a > b) return 1;
  return 0;
}

/** Builds one agent's state from the scenario (deterministic for a seed). */
export function buildAgentState(
  scenario: Scenario,
  agent: AgentSpec,
  config: AgentConfig,
  options: { seed: string; now: number; baseGit?: GitCatalog },
): AgentState {
  const git = new GitCatalog(
    options.seed,
    options.now,
    options.baseGit ?? scenarioGit(scenario, options),
  );
  const secrets = new Set<string>();
  collectSecrets(
    [config.token, config.password, ...config.tokens.map(t => t.token)],
    secrets,
  );
  const clusters = buildClusters(agent, options.now, secrets);
  const ctx: FactoryContext = {
    agentId: agent.id,
    agentKind: agent.kind,
    namespace: config.namespace,
    git,
    render: { git, maskSecretData: config.maskSecretData },
    inlineHealth: config.inlineHealth,
    now: options.now,
    seed: options.seed,
  };
  const apps = buildServiceApps(scenario, agent, ctx, clusters, secrets);
  const names = new Set(apps.map(a => a.key));
  for (const literal of agent.applications ?? []) {
    const record = createLiteralApplication(ctx, literal as JsonObject);
    if (names.has(record.key)) {
      const index = apps.findIndex(a => a.key === record.key);
      apps[index] = record;
    } else {
      apps.push(record);
      names.add(record.key);
    }
  }
  const appSets = (agent.applicationSets ?? []).map(set =>
    appSetRecord(
      options.seed,
      agent.id,
      config.namespace,
      set as JsonObject,
      options.now - 20 * DAY,
    ),
  );
  return {
    git,
    apps: apps.sort((a, b) => compareKeys(a.key, b.key)),
    appSets,
    clusters,
    repositories: buildRepositories(agent, apps, options.now, secrets),
    projects: buildProjects(
      scenario,
      agent,
      apps,
      config.namespace,
      options.seed,
      options.now,
    ),
    revisionMetadata: (agent.revisionMetadata ?? {}) as Record<
      string,
      JsonObject
    >,
    appSetEnv: {
      applicationSetNamespaces: agent.applicationSetNamespaces ?? [],
      configMaps: agent.configMaps ?? [],
      decisionResources: agent.decisionResources ?? [],
      appSetPlugins: agent.appSetPlugins ?? [],
    },
    secrets,
  };
}
