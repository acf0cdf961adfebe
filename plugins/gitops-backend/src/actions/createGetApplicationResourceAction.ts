import type {
  ResourceEvent,
  ResourceLogEntry,
  ResourceLogLine,
} from '@gitops-suite/plugin-gitops-common';
import type { GitOpsServices } from '../service/GitOpsServices';
import {
  listResourceEvents,
  readResourceManifest,
  ResourceReadTarget,
  streamResourceLogs,
} from '../service/resourceReads';
import {
  applicationTarget,
  applicationTargetFields,
  exampleTarget,
} from './applicationTargetInput';
import { gitOpsAction } from './gitOpsAction';

export const createGetApplicationResourceAction = (
  ctx: Pick<GitOpsServices, 'access' | 'logLimits' | 'scrubber'>,
) =>
  gitOpsAction({
    name: 'get-application-resource',
    title: 'Get a Resource of a GitOps Application',
    description: `
Returns one Kubernetes resource of a GitOps application as the cluster holds it: its live manifest
(Secret data and known credentials redacted), its recent Kubernetes events (most recent first) and,
when asked for with logTailLines, the last log lines of its pods (a Pod's own, or those of the pods a
Deployment or StatefulSet owns), credentials scrubbed and cut at the backend's size limit.

Use it to find out why a resource is unhealthy: "why does this pod crash?". The resource must be part
of the application's resource tree (kind and name as the tree shows them). The application must
belong to the given catalog entity (see get-entity-gitops-status). Requires the
gitops.application.read permission on the entity.
    `,
    attributes: { destructive: false, readOnly: true, idempotent: true },
    schema: {
      input: z =>
        z.object({
          ...applicationTargetFields(z),
          resourceKind: z
            .string()
            .min(1)
            .describe('The resource kind, e.g. "Deployment", "Pod", "Secret".'),
          resourceName: z.string().min(1).describe('The resource name.'),
          resourceNamespace: z
            .string()
            .optional()
            .describe(
              'The resource namespace (absent for cluster-scoped kinds).',
            ),
          resourceGroup: z
            .string()
            .optional()
            .describe('The API group, e.g. "apps"; empty for the core group.'),
          logTailLines: z
            .number()
            .int()
            .min(0)
            .max(500)
            .optional()
            .describe(
              'How many of the last log lines per pod to return (0, the default: none).',
            ),
          container: z
            .string()
            .optional()
            .describe('The container to read logs from (default: the first).'),
        }),
      output: z =>
        z.object({
          resource: z
            .object({
              kind: z.string(),
              name: z.string(),
              namespace: z.string().optional(),
              group: z.string().optional(),
              version: z.string().optional(),
              uid: z.string().optional(),
            })
            .describe('The resource as the application tree names it.'),
          manifest: z
            .record(z.unknown())
            .describe('The live manifest, secrets redacted.'),
          events: z
            .array(
              z.object({
                type: z.string(),
                reason: z.string(),
                message: z.string(),
                count: z.number(),
                firstSeen: z.string().optional(),
                lastSeen: z.string().optional(),
                source: z.string().optional(),
              }),
            )
            .describe(
              'The Kubernetes events of the resource, most recent first.',
            ),
          logs: z
            .array(
              z.object({
                pod: z.string(),
                container: z.string().optional(),
                timestamp: z.string().optional(),
                content: z.string(),
              }),
            )
            .optional()
            .describe('The last log lines of its pods, when asked for.'),
          logsTruncated: z
            .string()
            .optional()
            .describe('Why the log lines were cut, when they were.'),
        }),
    },
    examples: [
      {
        title: 'Why is the payments deployment in production failing?',
        input: {
          ...exampleTarget,
          resourceKind: 'Deployment',
          resourceGroup: 'apps',
          resourceName: 'payments',
          resourceNamespace: 'payments-prod',
          logTailLines: 50,
        },
      },
    ],
    action: async ({ input, credentials }) => {
      const target: ResourceReadTarget = {
        ...applicationTarget(input),
        resource: {
          kind: input.resourceKind,
          name: input.resourceName,
          namespace: input.resourceNamespace,
          group: input.resourceGroup,
        },
      };
      const [manifest, events] = await Promise.all([
        readResourceManifest(ctx, credentials, target),
        listResourceEvents(ctx, credentials, target),
      ]);
      let logs: ResourceLogEntry[] | undefined;
      let logsTruncated: string | undefined;
      if (input.logTailLines) {
        logs = [];
        const collected = logs;
        await streamResourceLogs(
          ctx,
          credentials,
          target,
          { tailLines: input.logTailLines, container: input.container },
          (line: ResourceLogLine) => {
            if (line.entry) collected.push(line.entry);
            if (line.truncated) logsTruncated = line.truncated.message;
          },
          new AbortController().signal,
        );
      }
      return {
        output: ctx.scrubber.scrub({
          resource: manifest.resource,
          manifest: manifest.manifest,
          events: events.items.map(
            ({ involvedObject: _, ...event }: ResourceEvent) => event,
          ),
          ...(logs && { logs }),
          ...(logsTruncated && { logsTruncated }),
        }),
      };
    },
  });
