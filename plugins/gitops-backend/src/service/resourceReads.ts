import { BackstageCredentials } from '@backstage/backend-plugin-api';
import { InputError, NotFoundError } from '@backstage/errors';
import {
  gitopsApplicationReadPermission,
  ResourceEvent,
  ResourceLogLine,
  ResourceManifest,
  ResourceNode,
} from '@gitops-suite/plugin-gitops-common';
import {
  ApplicationRef,
  GitOpsProvider,
  GitOpsProviderCapabilities,
  ResourceLogQuery,
  ResourceTarget,
} from '@gitops-suite/plugin-gitops-node';
import type { GitOpsServices } from './GitOpsServices';
import { ApplicationTarget } from './applicationTarget';
import { requireCapability } from '../providers/requireCapability';

/** One resource of an application of a catalog entity. */
export interface ResourceReadTarget extends ApplicationTarget {
  resource: ResourceTarget;
}

const sameResource = (node: ResourceNode, wanted: ResourceTarget) =>
  node.kind === wanted.kind &&
  node.name === wanted.name &&
  (node.namespace ?? '') === (wanted.namespace ?? '') &&
  (wanted.group === undefined || (node.group ?? '') === wanted.group);

const label = (r: ResourceTarget) =>
  `${r.kind} ${r.namespace ? `${r.namespace}/` : ''}${r.name}`;

/**
 * The application (read permission on its entity, as every drawer read),
 * the provider's read, and the resource as the application's resource tree
 * names it (its version and UID): a resource the application does not
 * have is a 404 here, before the agent is asked about it.
 */
async function resolveResource(
  ctx: Pick<GitOpsServices, 'access'>,
  credentials: BackstageCredentials,
  target: ResourceReadTarget,
): Promise<{
  provider: GitOpsProvider & GitOpsProviderCapabilities['resources'];
  ref: ApplicationRef;
  resource: ResourceTarget;
}> {
  const resolved = await ctx.access.resolve(
    credentials,
    target,
    gitopsApplicationReadPermission,
  );
  const provider = requireCapability(resolved.provider, 'resources');
  const { ref } = resolved;
  const tree = await provider.getResourceTree(ref);
  const node = tree.nodes.find(n => sameResource(n, target.resource));
  if (!node) {
    throw new NotFoundError(
      `Application ${ref.name} on agent ${
        target.agentId
      } has no resource ${label(target.resource)}`,
    );
  }
  const resource: ResourceTarget = {
    kind: node.kind,
    name: node.name,
    group: node.group ?? '',
    ...(node.version && { version: node.version }),
    ...(node.namespace && { namespace: node.namespace }),
    ...(node.uid && { uid: node.uid }),
  };
  return { provider, ref, resource };
}

/** The container names of a Pod, or of the pod template of a workload. */
function containersOf(manifest: Record<string, unknown>): string[] {
  const spec = manifest.spec as
    | { containers?: unknown; template?: { spec?: { containers?: unknown } } }
    | undefined;
  const containers = spec?.containers ?? spec?.template?.spec?.containers;
  return Array.isArray(containers)
    ? containers
        .map(c => (c as { name?: unknown })?.name)
        .filter((n): n is string => typeof n === 'string' && n.length > 0)
    : [];
}

/** The live manifest of one resource, scrubbed (Secret data, credentials). */
export async function readResourceManifest(
  ctx: Pick<GitOpsServices, 'access' | 'logLimits' | 'scrubber'>,
  credentials: BackstageCredentials,
  target: ResourceReadTarget,
): Promise<ResourceManifest> {
  const { provider, ref, resource } = await resolveResource(
    ctx,
    credentials,
    target,
  );
  const manifest = ctx.scrubber.scrub(
    await provider.getResourceManifest(ref, resource),
  );
  const containers = containersOf(manifest);
  return {
    resource,
    manifest,
    ...(containers.length && { containers }),
  };
}

/** The Kubernetes events of one resource, most recent first, scrubbed. */
export async function listResourceEvents(
  ctx: Pick<GitOpsServices, 'access' | 'logLimits' | 'scrubber'>,
  credentials: BackstageCredentials,
  target: ResourceReadTarget,
): Promise<{ items: ResourceEvent[] }> {
  const { provider, ref, resource } = await resolveResource(
    ctx,
    credentials,
    target,
  );
  return {
    items: ctx.scrubber.scrub(await provider.listResourceEvents(ref, resource)),
  };
}

/**
 * Streams the log lines of a resource's pods to `write`, each scrubbed of
 * known credentials, and then one last line: `truncated` when the size
 * limit cut the stream or the time limit ended it, else `end`. The agent's
 * stream is cancelled when the limit is reached or `signal` aborts (the
 * caller went away), and nothing more is written then. An agent failure
 * rejects: the route answers it with its status before the first line, or
 * as a last `error` line after it.
 */
export async function streamResourceLogs(
  ctx: Pick<GitOpsServices, 'access' | 'logLimits' | 'scrubber'>,
  credentials: BackstageCredentials,
  target: ResourceReadTarget,
  query: ResourceLogQuery,
  write: (line: ResourceLogLine) => void,
  signal: AbortSignal,
): Promise<void> {
  const { provider, ref, resource } = await resolveResource(
    ctx,
    credentials,
    target,
  );
  // the container read: the one asked for, else the first one, so every
  // line says which container it came from
  let container = query.container;
  if (!container) {
    const manifest = await provider.getResourceManifest(ref, resource, {
      signal,
    });
    const containers = containersOf(manifest);
    if (!containers.length) {
      throw new InputError(
        `${label(resource)} has no containers to read logs from`,
      );
    }
    container = containers[0];
  }
  const { maxBytes, maxMs } = ctx.logLimits;
  const upstream = new AbortController();
  const stop = () => upstream.abort();
  signal.addEventListener('abort', stop, { once: true });
  let cut: ResourceLogLine['truncated'];
  const timer = setTimeout(() => {
    cut = {
      reason: 'time',
      message: `The stream ended at the time limit of ${Math.round(
        maxMs / 1000,
      )} s`,
    };
    upstream.abort();
  }, maxMs);
  let bytes = 0;
  let lines = 0;
  try {
    await provider.streamResourceLogs(
      ref,
      resource,
      { ...query, container },
      entry => {
        if (cut || upstream.signal.aborted) return;
        const clean = ctx.scrubber.scrub(entry);
        const size = Buffer.byteLength(clean.content, 'utf8');
        if (bytes + size > maxBytes) {
          cut = {
            reason: 'size',
            message: `Truncated at the size limit of ${maxBytes} bytes after ${lines} lines`,
          };
          upstream.abort();
          return;
        }
        bytes += size;
        lines += 1;
        write({ entry: clean });
      },
      { signal: upstream.signal },
    );
  } catch (error) {
    if (!cut && !signal.aborted) throw error;
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', stop);
    upstream.abort();
  }
  if (signal.aborted) return;
  write(cut ? { truncated: cut } : { end: { lines, bytes } });
}
