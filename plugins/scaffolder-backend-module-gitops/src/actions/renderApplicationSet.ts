import fs from 'fs/promises';
import path from 'path';
import { z } from 'zod';
import { stringify } from 'yaml';
import { createTemplateAction } from '@backstage/plugin-scaffolder-node';
import { examples } from './renderApplicationSet.examples';
import { InputError } from '@backstage/errors';
import {
  buildApplicationSet,
  ENVIRONMENT_PLACEHOLDER,
} from './applicationSet/buildApplicationSet';
import { ApplicationSetSchemaValidator } from './applicationSet/ApplicationSetSchemaValidator';
import { previewOnAgent } from './applicationSet/previewOnAgent';
import { readApplicationSet } from './applicationSet/readApplicationSet';
import { GitOpsBackendClient } from './gitopsApi/GitOpsBackendClient';
import {
  actionSchema,
  DNS_LABEL,
  DNS_SUBDOMAIN,
  parseInput,
} from './validation';
import { resolveWorkspacePath } from './workspacePath';

export const RENDER_APPLICATIONSET_ACTION_ID = 'gitops:applicationset:render';

const dnsLabel = (zImpl: typeof z, what: string) =>
  zImpl
    .string()
    .min(1)
    .max(63)
    .regex(
      DNS_LABEL,
      `${what} must be a lowercase RFC 1123 label (a-z, 0-9, '-', starting and ending with a letter or digit)`,
    );

const environmentItem = (zImpl: typeof z) =>
  zImpl.object({
    name: dnsLabel(zImpl, 'the environment name'),
    cluster: zImpl
      .string()
      .min(1)
      .optional()
      .describe(
        'Cluster server URL or Argo CD cluster name (default: defaultCluster)',
      ),
    namespace: dnsLabel(zImpl, 'namespace')
      .optional()
      .describe('Destination namespace (default: namespacePattern)'),
  });

/**
 * The action's input, with environments as objects. The published schema
 * also accepts plain environment names; the handler turns names into
 * objects first, so that failures name the field of the object.
 */
export const renderInputSchema = (zImpl: typeof z) =>
  zImpl.object({
    defaultCluster: zImpl
      .string()
      .min(1)
      .default('https://kubernetes.default.svc')
      .describe('Cluster of environments that name none'),
    namespacePattern: zImpl
      .string()
      .min(1)
      .default('{{serviceName}}-{{environment}}')
      .describe('Namespace of environments that name none'),
    serviceName: zImpl
      .string()
      .min(1)
      .max(50)
      .regex(
        DNS_LABEL,
        'serviceName must be a lowercase RFC 1123 label (a-z, 0-9, -)',
      )
      .describe('The GitOps service id; names the ApplicationSet'),
    repoUrl: zImpl
      .string()
      .min(1)
      .regex(
        /^(https?:\/\/|ssh:\/\/|git@)\S+$/,
        'repoUrl must be an https://, ssh:// or git@ Git URL',
      )
      .describe('Git URL of the repository holding the overlays'),
    pathPattern: zImpl
      .string()
      .default(`deploy/overlays/${ENVIRONMENT_PLACEHOLDER}`)
      .refine(p => p.includes(ENVIRONMENT_PLACEHOLDER), {
        message: `pathPattern must contain ${ENVIRONMENT_PLACEHOLDER}`,
      })
      .refine(p => !p.startsWith('/') && !p.split('/').includes('..'), {
        message:
          "pathPattern must be relative to the repository root, without '..'",
      })
      .describe(
        `Path of each environment's overlay, with ${ENVIRONMENT_PLACEHOLDER} for the environment name`,
      ),
    targetRevision: zImpl
      .string()
      .min(1)
      .default('HEAD')
      .describe('Branch, tag or commit to deploy'),
    project: zImpl
      .string()
      .min(1)
      .default('default')
      .describe('Argo CD project of the generated Applications'),
    namespace: dnsLabel(zImpl, 'namespace')
      .optional()
      .describe("The ApplicationSet's own namespace (for example argocd)"),
    environments: zImpl
      .array(environmentItem(zImpl))
      .min(1, 'at least one environment is required')
      .refine(envs => new Set(envs.map(e => e.name)).size === envs.length, {
        message: 'environment names must be unique',
      })
      .describe('One Application per environment'),
    generator: zImpl
      .enum(['list', 'cluster', 'git'])
      .default('list')
      .describe(
        'list: one element per environment; cluster: clusters labelled gitops/environment=<env>; git: one git directories generator per overlay',
      ),
    syncPolicy: zImpl
      .object({
        automated: zImpl.boolean().default(true),
        prune: zImpl.boolean().default(false),
        selfHeal: zImpl.boolean().default(false),
        createNamespace: zImpl.boolean().default(true),
      })
      .default({})
      .describe('Sync policy of the generated Applications'),
    harnessLabels: zImpl
      .boolean()
      .default(false)
      .describe(
        'Also label Applications with harness.io/serviceRef and envRef',
      ),
    outputPath: zImpl
      .string()
      .default('deploy/applicationset.yaml')
      .describe('Where to write the ApplicationSet, relative to the workspace'),
  });

/** The inputs of a full manifest and of the agent's dry run. */
const manifestInputFields = (zImpl: typeof z) => ({
  applicationSet: zImpl
    .union([zImpl.string(), zImpl.record(zImpl.unknown())])
    .optional()
    .describe(
      'A full ApplicationSet manifest (YAML or object) to validate and write, instead of serviceName, repoUrl and environments',
    ),
  agentId: zImpl
    .string()
    .min(1)
    .optional()
    .describe(
      'Dry run: ask this agent (gitops.agents[].id) which Applications it would generate',
    ),
  entityRef: zImpl
    .string()
    .optional()
    .describe(
      'The catalog entity the ApplicationSet is for (needed to ask an agent about a new set)',
    ),
});

/** What every render needs, whichever way the manifest comes. */
const manifestTargetSchema = (zImpl: typeof z) =>
  zImpl.object({
    outputPath: zImpl.string().default('deploy/applicationset.yaml'),
    agentId: zImpl.string().min(1).optional(),
    entityRef: zImpl.string().optional(),
  });

/** Checks names that only make sense together (Application names). */
function checkApplicationNames(
  serviceName: string,
  environments: { name: string }[],
) {
  environments.forEach((env, index) => {
    const appName = `${serviceName}-${env.name}`;
    if (appName.length > 63 || !DNS_SUBDOMAIN.test(appName)) {
      throw new InputError(
        `environments.${index}.name: the Application name '${appName}' is not a valid Kubernetes name of at most 63 characters`,
      );
    }
  });
}

/**
 * Renders an Argo CD ApplicationSet for a service, validates it against the
 * ApplicationSet CRD schema and writes it into the workspace.
 */
export function createRenderApplicationSetAction(
  options: { client?: GitOpsBackendClient } = {},
) {
  return createTemplateAction({
    id: RENDER_APPLICATIONSET_ACTION_ID,
    description:
      'Renders an Argo CD ApplicationSet that deploys one overlay per environment, validates it against the ApplicationSet CRD schema and writes it into the workspace',
    supportsDryRun: true,
    examples,
    schema: {
      input: actionSchema(zImpl =>
        renderInputSchema(zImpl)
          .extend({
            environments: zImpl
              .array(zImpl.union([environmentItem(zImpl), zImpl.string()]))
              .min(1)
              .describe(
                'One Application per environment: objects or plain names (not with applicationSet)',
              ),
          })
          .partial({ serviceName: true, repoUrl: true, environments: true })
          .extend(manifestInputFields(zImpl)),
      ),
      output: {
        applicationSet: zImpl =>
          zImpl.string().describe('The ApplicationSet as YAML'),
        applications: zImpl =>
          zImpl
            .array(zImpl.string())
            .optional()
            .describe(
              'Dry run with agentId: the Applications the agent would generate',
            ),
        path: zImpl =>
          zImpl
            .string()
            .describe('Where it was written, relative to the workspace'),
        name: zImpl => zImpl.string().describe('The ApplicationSet name'),
      },
    },
    async handler(ctx) {
      const raw = (ctx.input ?? {}) as Record<string, unknown>;
      const target = parseInput(
        manifestTargetSchema(z),
        raw,
        RENDER_APPLICATIONSET_ACTION_ID,
      );
      const manifest =
        raw.applicationSet !== undefined && raw.applicationSet !== null
          ? givenManifest(raw)
          : builtManifest(raw);
      const outputPath = resolveWorkspacePath(
        ctx.workspacePath,
        target.outputPath,
        'outputPath',
      );
      ApplicationSetSchemaValidator.get().assertValid(manifest);
      const yaml = stringify(manifest);

      if (ctx.isDryRun) {
        ctx.logger.info(
          `Dry run: would write ApplicationSet ${manifest.metadata.name} to ${target.outputPath}`,
        );
        if (target.agentId) {
          const applications = await previewOnAgent(
            options.client,
            { agentId: target.agentId, entityRef: target.entityRef, manifest },
            await ctx.getInitiatorCredentials(),
          );
          ctx.logger.info(
            `Agent ${target.agentId} would generate ${
              applications.length
            } Application(s): ${applications.join(', ') || '(none)'}`,
          );
          ctx.output('applications', applications);
        }
      } else {
        await fs.mkdir(path.dirname(outputPath), { recursive: true });
        await fs.writeFile(outputPath, yaml, 'utf8');
        ctx.logger.info(
          `Wrote ApplicationSet ${manifest.metadata.name} to ${target.outputPath}`,
        );
      }
      ctx.output('applicationSet', yaml);
      ctx.output('path', target.outputPath);
      ctx.output('name', manifest.metadata.name);
    },
  });
}

/** A full manifest given as `applicationSet`; the builder inputs may not come with it. */
function givenManifest(raw: Record<string, unknown>): Record<string, any> {
  const mixed = ['serviceName', 'repoUrl', 'environments', 'generator'].filter(
    key => raw[key] !== undefined,
  );
  if (mixed.length) {
    throw new InputError(
      `Invalid input to ${RENDER_APPLICATIONSET_ACTION_ID}: give either applicationSet or ${mixed.join(
        ', ',
      )}, not both`,
    );
  }
  return readApplicationSet(raw.applicationSet);
}

/** The manifest built from serviceName, repoUrl, environments and the rest. */
function builtManifest(raw: Record<string, unknown>) {
  const parsed = parseInput(
    renderInputSchema(z),
    {
      ...raw,
      environments: Array.isArray(raw?.environments)
        ? raw.environments.map(env =>
            typeof env === 'string' ? { name: env } : env,
          )
        : raw?.environments,
    },
    RENDER_APPLICATIONSET_ACTION_ID,
  );
  const input = {
    ...parsed,
    environments: parsed.environments.map((env, index) => {
      const namespace =
        env.namespace ??
        parsed.namespacePattern
          .split('{{serviceName}}')
          .join(parsed.serviceName)
          .split('{{environment}}')
          .join(env.name);
      if (namespace.length > 63 || !DNS_LABEL.test(namespace)) {
        throw new InputError(
          `environments.${index}.namespace: '${namespace}' (from namespacePattern) is not a valid namespace`,
        );
      }
      return {
        name: env.name,
        cluster: env.cluster ?? parsed.defaultCluster,
        namespace,
      };
    }),
  };
  checkApplicationNames(input.serviceName, input.environments);
  return buildApplicationSet(input);
}
