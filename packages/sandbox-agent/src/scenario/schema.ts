import { z } from 'zod';
import { agentAppSetFields, gitUrl } from './appSetSchema';
import { agentIdentityFields, identitySchema } from './identitySchema';

/*
 * The scenario file: which agents the sandbox serves and what they hold.
 * Everything is validated here; a bad field is reported with its path
 * (see loadScenario.ts).
 */

const name = z
  .string()
  .min(1)
  .max(253)
  .regex(
    /^[a-z0-9]([a-z0-9._-]*[a-z0-9])?$/,
    'must be a lowercase DNS-style name (a-z, 0-9, ".", "_", "-")',
  );

const rate = z.number().min(0).max(1);

export const faultStatusSchema = z.union([
  z.literal(401),
  z.literal(403),
  z.literal(404),
  z.literal(429),
  z.literal(500),
  z.literal(502),
  z.literal(503),
  z.literal(504),
]);

/** Latency and fault injection for one agent (also settable at runtime). */
export const faultConfigSchema = z
  .object({
    /** Seed of the fault dice; the same seed gives the same sequence. */
    seed: z.union([z.string(), z.number()]).optional(),
    /** Fixed delay before every answer, in milliseconds. */
    latencyMs: z.number().int().min(0).max(600_000).optional(),
    /** Random extra delay in [0, jitterMs). */
    jitterMs: z.number().int().min(0).max(600_000).optional(),
    /** Share of requests answered with an error status. */
    errorRate: rate.optional(),
    /** Error statuses to choose from (default [500]). */
    errorStatuses: z.array(faultStatusSchema).min(1).optional(),
    /** Retry-After (seconds) sent with 429 and 503 (default 1). */
    retryAfterSeconds: z.number().int().min(0).optional(),
    /** Share of requests answered 200 with a body that is not valid JSON. */
    malformedRate: rate.optional(),
    /** Share of requests whose body is cut short and the connection closed. */
    truncatedRate: rate.optional(),
    /** Share of requests whose connection is reset (RST) before any answer. */
    resetRate: rate.optional(),
    /** Share of requests whose connection is closed (FIN) without an answer. */
    dropRate: rate.optional(),
    /** Share of requests that hang: no answer until hangMs has passed. */
    hangRate: rate.optional(),
    /** How long a hanging request hangs before the socket is closed (default 120000). */
    hangMs: z.number().int().min(0).optional(),
    /** Only requests whose path (after the agent prefix) matches one of these regular expressions. */
    paths: z.array(z.string()).optional(),
    /** Only requests with one of these methods. */
    methods: z.array(z.string()).optional(),
  })
  .strict();

export type FaultConfig = z.infer<typeof faultConfigSchema>;

const syncPolicySchema = z.union([
  z.enum([
    'manual',
    'automated',
    'automated-prune',
    'automated-selfheal',
    'automated-prune-selfheal',
  ]),
  z.record(z.unknown()),
]);

export type SyncPolicySpec = z.infer<typeof syncPolicySchema>;

const healthSchema = z.enum([
  'Healthy',
  'Progressing',
  'Degraded',
  'Suspended',
  'Missing',
  'Unknown',
]);
export type HealthCode = z.infer<typeof healthSchema>;

/** The state of one service instance (overrides the mix). */
const instanceStateSchema = z
  .object({
    sync: z.enum(['Synced', 'OutOfSync']).optional(),
    health: healthSchema.optional(),
    /** The desired commit is this many commits behind the head of the branch (pins targetRevision to its tag). */
    revisionsBehind: z.number().int().min(0).optional(),
    /** Result of the last sync operation. */
    operation: z.enum(['Succeeded', 'Failed', 'Error']).optional(),
    /** The history holds a release that was rolled back (to the one before) before the live one shipped. */
    rolledBack: z.boolean().optional(),
    /** Start with live state drifted from git (`true` = replicas, or a field name). */
    drift: z
      .union([z.boolean(), z.enum(['replicas', 'image', 'configmap', 'label'])])
      .optional(),
    /** Start with a live resource that is gone from git and needs pruning. */
    prune: z.boolean().optional(),
    syncPolicy: syncPolicySchema.optional(),
    replicas: z.number().int().min(0).optional(),
    targetRevision: z.string().optional(),
    /** The source hydrator's current operation (services with `sourceHydrator`): `Failed` = the newest dry commit does not render. */
    hydration: z.enum(['Hydrated', 'Failed']).optional(),
    /**
     * A service with `rollout`: its canary is under way at load, at this
     * step (`status.currentStepIndex`, from 0), the live revision the
     * canary and the one before it the stable ReplicaSet.
     */
    rolloutStep: z.number().int().min(0).optional(),
  })
  .strict();
export type InstanceState = z.infer<typeof instanceStateSchema>;

const environmentSchema = z
  .object({
    name,
    title: z.string().optional(),
    /** Default destination cluster (a cluster name of the agent serving it). */
    cluster: z.string().optional(),
    /** Destination namespace pattern; `{service}` and `{env}` are replaced. */
    namespace: z.string().optional(),
    /** Branch (or tag) the environment's applications track (default `main`). */
    targetRevision: z.string().optional(),
    syncPolicy: syncPolicySchema.optional(),
    /** Value of `harness.io/envRef` (scope-prefixed allowed, e.g. `org.prod`). */
    harnessEnvRef: z.string().optional(),
  })
  .strict();

const chartSchema = z
  .object({
    repoURL: z.string().url(),
    name: z.string().min(1),
    version: z.string().min(1),
  })
  .strict();

/**
 * Argo CD's source hydrator renders the service's applications: from the
 * dry branch and path to one sync branch per environment.
 */
const sourceHydratorSchema = z
  .object({
    /** Dry path pattern (default `apps/{service}`); `{service}` and `{env}` are replaced. */
    dryPath: z.string().optional(),
    /** Sync branch pattern (default `environments/{env}`). */
    syncBranch: z.string().optional(),
    /** Path of the hydrated manifests in the sync branch (default `{service}`). */
    syncPath: z.string().optional(),
    /** Staging branch pattern (`hydrateTo`), e.g. `environments/{env}-next`. */
    hydrateTo: z.string().optional(),
  })
  .strict();

/** A canary step as Argo Rollouts names it: a weight, or a pause (a duration in seconds, or `30s`, `5m`, `1h`). */
export const canaryStepSchema = z.union([
  z.object({ setWeight: z.number().int().min(0).max(100) }).strict(),
  z
    .object({
      pause: z
        .object({
          duration: z
            .union([
              z.number().int().min(0),
              z.string().regex(/^\d+(s|m|h)?$/, 'must be seconds, or like 30s, 5m, 1h'),
            ])
            .optional(),
        })
        .strict(),
    })
    .strict(),
]);
export type CanaryStepSpec = z.infer<typeof canaryStepSchema>;

/**
 * The service runs as an Argo Rollouts Rollout (canary) instead of a
 * Deployment: its steps, traffic split through SMI between the service and
 * `<service>-canary`, and a background analysis.
 */
const rolloutSchema = z
  .object({
    steps: z.array(canaryStepSchema).min(1),
    /** The AnalysisTemplate of the canary's background analysis (default `success-rate`). */
    analysis: z.string().min(1).optional(),
  })
  .strict();
export type RolloutSpec = z.infer<typeof rolloutSchema>;

const serviceSchema = z
  .object({
    name,
    /** Git repository of the service's deployment manifests. */
    repo: z.string().url(),
    /** Path pattern in the repo; `{service}` and `{env}` are replaced. */
    path: z.string().optional(),
    type: z
      .enum(['kustomize', 'helm', 'directory', 'multi-source'])
      .default('kustomize'),
    /** The Helm chart of a multi-source application (values come from `repo`). */
    chart: chartSchema.optional(),
    image: z.string().optional(),
    /** major.minor of the image versions; commit n of the repo is tagged major.minor.n. */
    version: z
      .string()
      .regex(/^\d+\.\d+$/, 'must be major.minor, e.g. "2.4"')
      .optional(),
    replicas: z.number().int().min(0).optional(),
    project: z.string().optional(),
    team: z.string().optional(),
    environments: z.array(z.string()).optional(),
    agents: z.array(z.string()).optional(),
    /** Namespace of the Application object itself (apps in any namespace). */
    appNamespace: z.string().optional(),
    /** Application name pattern (default `{service}-{env}`). */
    appName: z.string().optional(),
    syncPolicy: syncPolicySchema.optional(),
    syncOptions: z.array(z.string()).optional(),
    signing: z.enum(['signed', 'unsigned', 'mixed']).optional(),
    /** How many commits the repo history has for this service (default 8). */
    commits: z.number().int().min(2).max(500).optional(),
    secret: z.boolean().optional(),
    ingress: z.boolean().optional(),
    hpa: z.boolean().optional(),
    labels: z.record(z.string()).optional(),
    annotations: z.record(z.string()).optional(),
    /** Value of `harness.io/serviceRef` (scope-prefixed allowed, e.g. `account.payments`). */
    harnessServiceRef: z.string().optional(),
    sourceHydrator: sourceHydratorSchema.optional(),
    rollout: rolloutSchema.optional(),
    state: instanceStateSchema.optional(),
    /** Per environment state and revision overrides. */
    overrides: z.record(instanceStateSchema).optional(),
  })
  .strict();

const tlsClientConfigSchema = z
  .object({
    insecure: z.boolean().optional(),
    serverName: z.string().optional(),
    caData: z.string().optional(),
    certData: z.string().optional(),
    keyData: z.string().optional(),
  })
  .strict();

const clusterSchema = z
  .object({
    name: z.string().min(1),
    server: z.string().url(),
    /** Harness cluster identifier (default: the name with `-` as `_`). */
    identifier: z.string().optional(),
    labels: z.record(z.string()).optional(),
    annotations: z.record(z.string()).optional(),
    project: z.string().optional(),
    namespaces: z.array(z.string()).optional(),
    serverVersion: z.string().optional(),
    connectionStatus: z.enum(['Successful', 'Failed', 'Unknown']).optional(),
    message: z.string().optional(),
    /** `generate` (default): fill missing secret fields with fake values; `none`: no secrets. */
    secrets: z.enum(['generate', 'none']).optional(),
    config: z
      .object({
        username: z.string().optional(),
        password: z.string().optional(),
        bearerToken: z.string().optional(),
        tlsClientConfig: tlsClientConfigSchema.optional(),
        execProviderConfig: z
          .object({
            command: z.string(),
            args: z.array(z.string()).optional(),
            env: z.record(z.string()).optional(),
            apiVersion: z.string().optional(),
            installHint: z.string().optional(),
          })
          .strict()
          .optional(),
      })
      .strict()
      .optional(),
  })
  .strict();
export type ClusterSpec = z.infer<typeof clusterSchema>;

const repositorySchema = z
  .object({
    repo: z.string().min(1),
    type: z.enum(['git', 'helm', 'oci']).optional(),
    name: z.string().optional(),
    identifier: z.string().optional(),
    project: z.string().optional(),
    /** Which credential kind to generate when secrets are generated. */
    auth: z.enum(['https', 'ssh', 'githubApp', 'tls', 'none']).optional(),
    secrets: z.enum(['generate', 'none']).optional(),
    username: z.string().optional(),
    password: z.string().optional(),
    sshPrivateKey: z.string().optional(),
    tlsClientCertData: z.string().optional(),
    tlsClientCertKey: z.string().optional(),
    githubAppPrivateKey: z.string().optional(),
    githubAppID: z.number().int().optional(),
    githubAppInstallationID: z.number().int().optional(),
    bearerToken: z.string().optional(),
    connectionStatus: z.enum(['Successful', 'Failed', 'Unknown']).optional(),
    message: z.string().optional(),
  })
  .strict();
export type RepositorySpec = z.infer<typeof repositorySchema>;

export const syncWindowSchema = z
  .object({
    kind: z.enum(['allow', 'deny']),
    schedule: z.string().min(1),
    duration: z
      .string()
      .regex(/^(\d+h)?(\d+m)?$/, 'must be like 1h, 30m or 1h30m'),
    applications: z.array(z.string()).optional(),
    namespaces: z.array(z.string()).optional(),
    clusters: z.array(z.string()).optional(),
    manualSync: z.boolean().optional(),
    timeZone: z.string().optional(),
    description: z.string().optional(),
  })
  .strict();
export type SyncWindowSpec = z.infer<typeof syncWindowSchema>;

const projectSchema = z
  .object({
    name,
    description: z.string().optional(),
    /** The AppProject's annotations (e.g. `gitops/owner`, read by the portal's trust model). */
    annotations: z.record(z.string()).optional(),
    sourceRepos: z.array(z.string()).optional(),
    destinations: z
      .array(
        z
          .object({
            server: z.string().optional(),
            name: z.string().optional(),
            namespace: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
    sourceNamespaces: z.array(z.string()).optional(),
    syncWindows: z.array(syncWindowSchema).optional(),
    /** GnuPG key ids whose signatures are required for syncs. */
    signatureKeys: z.array(z.string()).optional(),
  })
  .strict();
export type ProjectSpec = z.infer<typeof projectSchema>;

const tokenSchema = z
  .object({
    token: z.string().min(8),
    name: z.string().optional(),
    /** Projects the token may see (default: all but the agent's forbiddenProjects). */
    projects: z.array(z.string()).optional(),
    /** May read but not sync, roll back or create. */
    readOnly: z.boolean().optional(),
  })
  .strict();

const agentEnvironmentSchema = z.union([
  z.string(),
  z
    .object({
      name: z.string(),
      cluster: z.string().optional(),
      namespace: z.string().optional(),
    })
    .strict(),
]);

/** The components a Harness agent reports the health of (V1AgentHealth). */
export const HARNESS_AGENT_COMPONENTS = [
  'harnessGitopsAgent',
  'argoAppController',
  'argoRepoServer',
  'argoRedisServer',
  'argoAppSetController',
] as const;

const harnessSchema = z
  .object({
    accountIdentifier: z.string().min(1),
    orgIdentifier: z.string().optional(),
    projectIdentifier: z.string().optional(),
    /** The agent identifier with its scope prefix: `account.x`, `org.x` or plain `x` (project). */
    agentIdentifier: z.string().min(1),
    name: z.string().optional(),
    type: z
      .enum(['MANAGED_ARGO_PROVIDER', 'CONNECTED_ARGO_PROVIDER'])
      .optional(),
    version: z
      .string()
      .regex(/^\d+\.\d+\.\d+$/)
      .optional(),
    /** Whether Harness offers a newer agent release (`upgradeAvailable`). */
    upgradeAvailable: z.boolean().optional(),
    /** Whether the agent runs highly available (`metadata.highAvailability`). */
    highAvailability: z.boolean().optional(),
    /**
     * The agent is found through its account only (the gateway's agent
     * list, `/harness`): left out of the sandbox's agent list, its
     * readiness lines and so of the config `npm start` writes.
     */
    foundByAccount: z.boolean().optional(),
    /**
     * Per component (`harnessGitopsAgent`, `argoAppController`, ...), its
     * health as V1AgentComponentHealth reports it, over the default (healthy
     * while the agent runs, at the agent's or Argo CD's version).
     */
    components: z
      .record(
        z.enum(HARNESS_AGENT_COMPONENTS),
        z
          .object({
            status: z.enum(['HEALTHY', 'UNHEALTHY', 'HEALTH_STATUS_UNSET']).optional(),
            message: z.string().optional(),
            k8sError: z.string().optional(),
            version: z.string().optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const agentSchema = z
  .object({
    id: z
      .string()
      .regex(
        /^[a-zA-Z0-9][a-zA-Z0-9._-]*$/,
        'must be a URL-safe id (letters, digits, ".", "_", "-")',
      ),
    kind: z.enum(['argocd', 'harness']),
    title: z.string().optional(),
    region: z.string().optional(),
    /** Bearer token (Argo CD) or x-api-key (Harness). */
    token: z.string().min(8),
    /** Argo CD local user for POST /api/v1/session (default `admin`). */
    username: z.string().optional(),
    password: z.string().optional(),
    tokens: z.array(tokenSchema).optional(),
    /** Argo CD projects the agent token may not read (answers 403 as Argo CD does). */
    forbiddenProjects: z.array(z.string()).optional(),
    /** Argo CD version reported by /api/version. */
    version: z.string().optional(),
    /** Control-plane namespace of Argo CD (default `argocd`). */
    namespace: z.string().optional(),
    environments: z.array(agentEnvironmentSchema).optional(),
    /** Services this agent deploys (default: every service without an `agents` list). */
    services: z.array(z.string()).optional(),
    clusters: z.array(clusterSchema).optional(),
    repositories: z.array(repositorySchema).optional(),
    /** Literal Argo CD Applications, exactly as the API returns them. */
    applications: z.array(z.record(z.unknown())).optional(),
    /** Literal Argo CD ApplicationSets, exactly as the API returns them. */
    applicationSets: z.array(z.record(z.unknown())).optional(),
    /** Literal revision metadata answers, keyed by revision. */
    revisionMetadata: z.record(z.record(z.unknown())).optional(),
    ...agentAppSetFields,
    /** How long a sync operation runs before it succeeds (default 1500). */
    syncDurationMs: z.number().int().min(0).optional(),
    /** Delay before a selfHeal application reverts drift (default 5000). */
    selfHealDelayMs: z.number().int().min(0).optional(),
    /** `appTree` (default): per-resource health only in the resource tree; `inline`: also in status.resources. */
    resourceHealthSource: z.enum(['appTree', 'inline']).optional(),
    /** Mask Secret data in managed-resources the way a correctly configured Argo CD does. */
    maskSecretData: z.boolean().optional(),
    /** What a stopped agent does: `reset` connections (default) or answer 503 `unavailable`. */
    stopMode: z.enum(['reset', 'unavailable']).optional(),
    /** Start stopped. */
    stopped: z.boolean().optional(),
    faults: faultConfigSchema.optional(),
    harness: harnessSchema.optional(),
    ...agentIdentityFields,
  })
  .strict();
export type AgentSpec = z.infer<typeof agentSchema>;

const mixSchema = z
  .object({
    outOfSync: rate.optional(),
    degraded: rate.optional(),
    progressing: rate.optional(),
    suspended: rate.optional(),
    missing: rate.optional(),
    failedSync: rate.optional(),
  })
  .strict();
export type StateMix = z.infer<typeof mixSchema>;

const gitRepositorySchema = z
  .object({
    url: gitUrl,
    /** Directories a git directory generator can discover. */
    directories: z.array(z.string()).optional(),
    /** Files (path -> JSON/YAML content) a git files generator can discover. */
    files: z.record(z.unknown()).optional(),
    signing: z.enum(['signed', 'unsigned', 'mixed']).optional(),
    commits: z.number().int().min(2).max(500).optional(),
    /** Topics of the repository (scmProvider `labelMatch`). */
    labels: z.array(z.string()).optional(),
    /** Open pull requests on the simulated git host (pullRequest generator). */
    pullRequests: z
      .array(
        z
          .object({
            number: z.number().int().min(1),
            title: z.string().optional(),
            branch: z.string().min(1),
            targetBranch: z.string().optional(),
            author: z.string().optional(),
            labels: z.array(z.string()).optional(),
            headSha: z
              .string()
              .regex(/^[0-9a-f]{40}$/)
              .optional(),
          })
          .strict(),
      )
      .optional(),
  })
  .strict();

export const generateSchema = z
  .object({
    agents: z.number().int().min(1).max(500),
    appsPerAgent: z.number().int().min(0).max(100_000),
    /** How many of the agents are Harness agents (default 0). */
    harnessAgents: z.number().int().min(0).optional(),
    environments: z.array(name).min(1).optional(),
    latencyMs: z.number().int().min(0).optional(),
    jitterMs: z.number().int().min(0).optional(),
    syncDurationMs: z.number().int().min(0).optional(),
    mix: mixSchema.optional(),
  })
  .strict();
export type GenerateSpec = z.infer<typeof generateSchema>;

export const scenarioSchema = z
  .object({
    name: z.string().optional(),
    description: z.string().optional(),
    /** Seed of every derived value (revisions, uids, the mix). */
    seed: z.string().optional(),
    /** Reference time of generated timestamps (default: start time). */
    now: z.string().datetime({ offset: true }).optional(),
    environments: z.array(environmentSchema).default([]),
    services: z.array(serviceSchema).default([]),
    projects: z.array(projectSchema).optional(),
    gitRepositories: z.array(gitRepositorySchema).optional(),
    mix: mixSchema.optional(),
    agents: z.array(agentSchema).default([]),
    generate: generateSchema.optional(),
    /** The OIDC identity provider the sandbox serves at `/idp`. */
    identity: identitySchema.optional(),
  })
  .strict();

export type ScenarioInput = z.input<typeof scenarioSchema>;
export type Scenario = z.infer<typeof scenarioSchema>;
export type ServiceSpec = Scenario['services'][number];
export type EnvironmentSpec = Scenario['environments'][number];
export type GitRepositorySpec = NonNullable<
  Scenario['gitRepositories']
>[number];
