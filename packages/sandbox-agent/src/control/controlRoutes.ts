import type { IncomingMessage } from 'node:http';
import type { SandboxAgent } from '../agent/SandboxAgent';
import { ApiError, GrpcCode } from '../http/ApiError';
import { Router } from '../http/Router';
import { RequestContext, json } from '../http/types';
import { faultConfigSchema } from '../scenario/schema';
import {
  STREAM_FAULT_ACTIONS,
  StreamFaultAction,
} from '../faults/StreamFaults';
import { formatPath } from '../scenario/loadScenario';
import { DRIFT_FIELDS } from '../state/drift';
import { findNode, treeNodes } from '../state/resourceActivity';
import { moveDryBranch } from '../state/sourceHydrator';
import { setSyncWindows } from './syncWindowControl';
import { setRollout } from './rolloutControl';
import { setHarnessAccountMember } from './harnessAccountControl';
import { AppRecord, DriftField } from '../state/types';
import { JsonObject, isObject } from '../util/json';

function requireAgentToken(agent: SandboxAgent, req: IncomingMessage) {
  const auth = req.headers.authorization?.replace(/^Bearer\s+/i, '').trim();
  const key = req.headers['x-api-key'];
  const presented = auth ?? (Array.isArray(key) ? key[0] : key);
  if (!presented)
    throw new ApiError(
      GrpcCode.Unauthenticated,
      'the sandbox control API needs the agent token',
    );
  if (presented !== agent.config.token)
    throw new ApiError(GrpcCode.Unauthenticated, 'wrong agent token');
}

async function objectBody(ctx: RequestContext): Promise<JsonObject> {
  const body = await ctx.body();
  if (!isObject(body))
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'the request body must be a JSON object',
    );
  return body;
}

function findApplication(
  agent: SandboxAgent,
  name: unknown,
  namespace: unknown,
): AppRecord {
  if (typeof name !== 'string' || !name)
    throw new ApiError(GrpcCode.InvalidArgument, 'application is required');
  let ns = typeof namespace === 'string' ? namespace : undefined;
  let appName = name;
  if (!ns && name.includes('/')) [ns, appName] = name.split('/', 2);
  const record = agent.store.findApp(appName, ns);
  if (!record)
    throw new ApiError(GrpcCode.NotFound, `application ${name} not found`);
  return record;
}

/** The application a control request's body names (`application`, `appNamespace`). */
function applicationIn(agent: SandboxAgent, body: JsonObject): AppRecord {
  return findApplication(agent, body.application, body.appNamespace);
}

/** The tree node a control request names (`{kind, name, namespace?}`). */
function resourceNode(
  agent: SandboxAgent,
  record: AppRecord,
  resource: unknown,
): JsonObject {
  if (
    !isObject(resource) ||
    typeof resource.kind !== 'string' ||
    typeof resource.name !== 'string'
  ) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      'resource must be {kind, name, namespace?}',
    );
  }
  const node = findNode(agent.store.render, record, {
    kind: resource.kind,
    name: resource.name,
    namespace:
      typeof resource.namespace === 'string' ? resource.namespace : undefined,
  });
  if (!node) {
    throw new ApiError(
      GrpcCode.NotFound,
      `application ${record.app.metadata.name} has no ${resource.kind} ${resource.name}`,
    );
  }
  return node;
}

/** The repository a commit goes to: a repo URL, a service's or an application's. */
function repoFor(agent: SandboxAgent, body: JsonObject): string {
  if (typeof body.repo === 'string') return body.repo;
  if (typeof body.application === 'string') {
    return findApplication(agent, body.application, body.appNamespace).model
      .source.repoUrl;
  }
  if (typeof body.service === 'string') {
    const record = [...agent.store.apps.values()].find(
      r => r.model.service === body.service,
    );
    if (!record)
      throw new ApiError(
        GrpcCode.NotFound,
        `no application of service ${body.service}`,
      );
    return record.model.source.repoUrl;
  }
  throw new ApiError(
    GrpcCode.InvalidArgument,
    'one of repo, service or application is required',
  );
}

/**
 * The sandbox's own control API under each agent's base URL
 * (`/_sandbox/...`, authenticated with the agent token): drift, faults,
 * stream faults, reset, stop/start, git pushes, dry-branch pushes (the
 * source hydrator), refresh, held operations, a project's sync windows,
 * a Harness agent's membership of its account, an Argo Rollouts canary's
 * step, state and secret values.
 */
export function controlRoutes(agent: SandboxAgent): Router {
  const router = new Router();
  const guarded =
    (
      fn: (
        ctx: RequestContext,
      ) => Promise<ReturnType<typeof json>> | ReturnType<typeof json>,
    ) =>
    (ctx: RequestContext) => {
      requireAgentToken(agent, ctx.req);
      return fn(ctx);
    };

  router.get(
    '/_sandbox/state',
    guarded(() =>
      json(200, {
        id: agent.id,
        kind: agent.kind,
        stopped: agent.stopped,
        stopMode: agent.config.stopMode,
        applications: agent.store.apps.size,
        applicationSets: agent.store.appSets.size,
        resourceVersion: agent.store.resourceVersion(),
        faults: agent.faults.get(),
        // log streams following pods now (a closed client's stream goes)
        logFollowers: agent.activity.followers,
      }),
    ),
  );

  router.post(
    '/_sandbox/drift',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const field = (body.field ?? 'replicas') as DriftField;
      if (!DRIFT_FIELDS.includes(field)) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          `field must be one of ${DRIFT_FIELDS.join(', ')}`,
        );
      }
      const record = applicationIn(agent, body);
      return json(200, agent.operations.drift(record, field));
    }),
  );

  router.get(
    '/_sandbox/faults',
    guarded(() => json(200, agent.faults.get())),
  );

  router.post(
    '/_sandbox/faults',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const parsed = faultConfigSchema.safeParse(body);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ApiError(
          GrpcCode.InvalidArgument,
          `${formatPath(issue.path) || 'faults'}: ${issue.message}`,
        );
      }
      agent.faults.set(parsed.data);
      return json(200, agent.faults.get());
    }),
  );

  // faults of the watch streams open now: cut, stall or a malformed line
  router.post(
    '/_sandbox/streams',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const action = body.action as StreamFaultAction;
      if (!STREAM_FAULT_ACTIONS.includes(action)) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          `action must be one of ${STREAM_FAULT_ACTIONS.join(', ')}`,
        );
      }
      return json(200, { action, streams: agent.streamFaults.apply(action) });
    }),
  );

  router.post(
    '/_sandbox/reset',
    guarded(() => {
      agent.reset();
      agent.stopped = Boolean(agent.spec.stopped);
      return json(200, { reset: true, applications: agent.store.apps.size });
    }),
  );

  router.post(
    '/_sandbox/stop',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      if (body.mode === 'reset' || body.mode === 'unavailable')
        agent.config.stopMode = body.mode;
      agent.stopped = true;
      agent.dropStreams(false);
      return json(200, { stopped: true, mode: agent.config.stopMode });
    }),
  );

  router.post(
    '/_sandbox/start',
    guarded(() => {
      agent.stopped = false;
      return json(200, { stopped: false });
    }),
  );

  router.post(
    '/_sandbox/commit',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const repoUrl = repoFor(agent, body);
      const commit = agent.operations.pushCommit(repoUrl, {
        message: typeof body.message === 'string' ? body.message : undefined,
        signed: typeof body.signed === 'boolean' ? body.signed : undefined,
      });
      if (body.refresh === true) {
        for (const record of agent.operations.appsOfRepo(repoUrl))
          agent.operations.refresh(record, false);
      }
      return json(200, {
        repo: repoUrl,
        revision: commit.sha,
        tags: commit.tags,
        signed: commit.signed,
        message: commit.message,
      });
    }),
  );

  /*
   * Opens (or updates) a pull request on the simulated git host, or closes
   * it with `"state": "closed"`; the ApplicationSet controller then
   * reconciles as on Argo CD's pull-request webhook, so a preview
   * Application appears or goes.
   */
  router.post(
    '/_sandbox/pull-requests',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      if (typeof body.repo !== 'string' || !body.repo) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'repo (the repository URL) is required',
        );
      }
      const repo = agent.store.git.find(body.repo);
      if (!repo)
        throw new ApiError(
          GrpcCode.NotFound,
          `repository ${body.repo} is not on the sandbox's git host`,
        );
      const number = body.number;
      if (
        typeof number !== 'number' ||
        !Number.isInteger(number) ||
        number < 1
      ) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'number must be a positive integer',
        );
      }
      const at = repo.pullRequests.findIndex(pr => pr.number === number);
      if (body.state === 'closed') {
        if (at === -1)
          throw new ApiError(
            GrpcCode.NotFound,
            `pull request #${number} is not open on ${body.repo}`,
          );
        repo.pullRequests.splice(at, 1);
      } else {
        const text = (key: string, fallback: string) =>
          typeof body[key] === 'string' && body[key]
            ? (body[key] as string)
            : fallback;
        const pr = {
          number,
          title: text('title', `Pull request ${number}`),
          branch: text('branch', `feature/pr-${number}`),
          targetBranch: text('targetBranch', 'main'),
          author: text('author', 'jane.doe'),
          labels: Array.isArray(body.labels)
            ? body.labels.filter((l): l is string => typeof l === 'string')
            : [],
          headSha: repo.head.sha,
        };
        if (at === -1) repo.pullRequests.push(pr);
        else repo.pullRequests[at] = pr;
      }
      const reconciled = agent.applicationSets.requeueAll();
      return json(200, {
        repo: body.repo,
        number,
        open: body.state !== 'closed',
        reconciled,
      });
    }),
  );

  /*
   * Someone pushes to the dry branch of an application the source hydrator
   * renders: every application of that dry source hydrates (`values`, what
   * the commit sets, e.g. `{"replicas": 3}`; a value the render cannot take,
   * `{"replicas": "three"}`, fails the hydration with the render's message).
   */
  router.post(
    '/_sandbox/dry-commit',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const record = applicationIn(agent, body);
      return json(
        200,
        moveDryBranch(agent.store, agent.operations, record, {
          values: body.values,
          message: typeof body.message === 'string' ? body.message : undefined,
        }),
      );
    }),
  );

  router.post(
    '/_sandbox/refresh',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const records = body.application
        ? [findApplication(agent, body.application, body.appNamespace)]
        : [...agent.store.apps.values()];
      for (const record of records)
        agent.operations.refresh(record, body.hard === true);
      return json(200, { refreshed: records.length });
    }),
  );

  /*
   * A Kubernetes event about one resource of an application (`resource`:
   * kind, name, optional namespace), listed by the events reads after the
   * scenario's own.
   */
  router.post(
    '/_sandbox/events',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const record = applicationIn(agent, body);
      const node = resourceNode(agent, record, body.resource);
      if (
        typeof body.reason !== 'string' ||
        !body.reason ||
        typeof body.message !== 'string'
      ) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'reason and message (strings) are required',
        );
      }
      const type = body.type ?? 'Normal';
      if (type !== 'Normal' && type !== 'Warning') {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'type must be Normal or Warning',
        );
      }
      agent.activity.addEvent(record, node, {
        type,
        reason: body.reason,
        message: body.message,
        at: agent.store.now(),
      });
      return json(200, {
        application: record.app.metadata.name,
        resource: { kind: node.kind, name: node.name, uid: node.uid },
      });
    }),
  );

  /*
   * Writes log lines to the pods of an application (`pod`: one of them;
   * default all), stamped now: log reads show them and log followers get
   * them as they are written.
   */
  router.post(
    '/_sandbox/logs',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      const record = applicationIn(agent, body);
      if (
        !Array.isArray(body.lines) ||
        !body.lines.every((l: unknown) => typeof l === 'string')
      ) {
        throw new ApiError(
          GrpcCode.InvalidArgument,
          'lines must be a list of strings',
        );
      }
      const pods = treeNodes(agent.store.render, record)
        .filter(n => n.kind === 'Pod')
        .map(n => String(n.name));
      if (body.pod !== undefined && !pods.includes(body.pod)) {
        throw new ApiError(
          GrpcCode.NotFound,
          `application ${body.application} has no pod ${
            body.pod
          }; it has [${pods.join(', ')}]`,
        );
      }
      const targets = body.pod === undefined ? pods : [body.pod as string];
      for (const pod of targets) {
        for (const content of body.lines as string[]) {
          agent.activity.appendLog(record, pod, {
            at: agent.store.now(),
            content,
          });
        }
      }
      return json(200, {
        application: record.app.metadata.name,
        pods: targets,
        lines: body.lines.length,
      });
    }),
  );

  /*
   * Holds (or releases, `"hold": false`) the operations of an application:
   * while held, a sync or rollback stays Running until it is terminated, so
   * a test can act on a running operation without racing its end; releasing
   * lets a held operation finish now. With `"sync": true` a sync starts too
   * (as the agent's own user), for a test that only needs one running.
   */
  router.post(
    '/_sandbox/sync-windows',
    guarded(async ctx => json(200, setSyncWindows(agent, await objectBody(ctx)))),
  );

  // an application's Argo Rollouts canary: at a step, aborted, its analysis ended
  router.post(
    '/_sandbox/rollout',
    guarded(async ctx => json(200, setRollout(agent, await objectBody(ctx)))),
  );

  router.post(
    '/_sandbox/hold-operations',
    guarded(async ctx => {
      const body = await objectBody(ctx);
      if (body.hold !== undefined && typeof body.hold !== 'boolean') {
        throw new ApiError(GrpcCode.InvalidArgument, 'hold must be a boolean');
      }
      const record = applicationIn(agent, body);
      const hold = body.hold !== false;
      agent.operations.hold(record, hold);
      if (hold && body.sync === true) {
        agent.operations.sync(record, {}, { username: agent.config.username });
      }
      const state = record.app.status?.operationState;
      return json(200, {
        application: record.app.metadata?.name,
        held: hold,
        ...(state && {
          operation: { phase: state.phase, startedAt: state.startedAt },
        }),
      });
    }),
  );

  router.post(
    '/_sandbox/harness-account',
    guarded(async ctx =>
      json(200, setHarnessAccountMember(agent, await objectBody(ctx))),
    ),
  );

  router.get(
    '/_sandbox/secrets',
    guarded(() => json(200, { values: agent.secretValues() })),
  );

  return router;
}
