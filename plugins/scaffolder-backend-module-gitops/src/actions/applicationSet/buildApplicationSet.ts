import { InputError } from '@backstage/errors';

/** The generator that produces one Application per environment. */
export type GeneratorKind = 'list' | 'cluster' | 'git';

/** One deploy target of the ApplicationSet. */
export interface EnvironmentTarget {
  name: string;
  /** A cluster server URL (`https://...`) or an Argo CD cluster name. */
  cluster: string;
  namespace: string;
}

/** What the ApplicationSet is built from. */
export interface ApplicationSetSpecInput {
  serviceName: string;
  /** The ApplicationSet's own namespace (the Argo CD control plane's). */
  namespace?: string;
  repoUrl: string;
  /** Overlay path with an `{{environment}}` placeholder. */
  pathPattern: string;
  targetRevision: string;
  project: string;
  environments: EnvironmentTarget[];
  generator: GeneratorKind;
  syncPolicy: {
    automated: boolean;
    prune: boolean;
    selfHeal: boolean;
    createNamespace: boolean;
  };
  harnessLabels: boolean;
}

/** The placeholder that pathPattern uses for the environment name. */
export const ENVIRONMENT_PLACEHOLDER = '{{environment}}';

const isServerUrl = (cluster: string) => /^https?:\/\//.test(cluster);

/** How the Application template refers to each per-environment parameter. */
interface TemplateParameters {
  environment: string;
  namespace: string;
  path: string;
  destination: Record<string, string>;
}

function clusterField(environments: EnvironmentTarget[]): 'server' | 'name' {
  const first = isServerUrl(environments[0].cluster);
  environments.forEach((env, index) => {
    if (isServerUrl(env.cluster) !== first) {
      throw new InputError(
        `environments.${index}.cluster: every environment must name its cluster the same way (all server URLs or all cluster names); '${env.cluster}' differs from '${environments[0].cluster}'`,
      );
    }
  });
  return first ? 'server' : 'name';
}

function generatorsFor(input: ApplicationSetSpecInput): {
  generators: unknown[];
  parameters: TemplateParameters;
} {
  const { environments, pathPattern } = input;
  switch (input.generator) {
    case 'list': {
      const field = clusterField(environments);
      return {
        generators: [
          {
            list: {
              elements: environments.map(env => ({
                environment: env.name,
                cluster: env.cluster,
                namespace: env.namespace,
              })),
            },
          },
        ],
        parameters: {
          environment: '{{environment}}',
          namespace: '{{namespace}}',
          path: pathPattern,
          destination: { [field]: '{{cluster}}' },
        },
      };
    }
    case 'cluster':
      // One clusters generator per environment: clusters registered in
      // Argo CD whose secret carries the label gitops/environment=<env>.
      return {
        generators: environments.map(env => ({
          clusters: {
            selector: { matchLabels: { 'gitops/environment': env.name } },
            values: { environment: env.name, namespace: env.namespace },
          },
        })),
        parameters: {
          environment: '{{values.environment}}',
          namespace: '{{values.namespace}}',
          path: pathPattern
            .split(ENVIRONMENT_PLACEHOLDER)
            .join('{{values.environment}}'),
          destination: { server: '{{server}}' },
        },
      };
    case 'git': {
      // One git directories generator per environment: an Application is
      // generated only while the environment's overlay exists in Git.
      const field = clusterField(environments);
      return {
        generators: environments.map(env => ({
          git: {
            repoURL: input.repoUrl,
            revision: input.targetRevision,
            directories: [
              {
                path: pathPattern.split(ENVIRONMENT_PLACEHOLDER).join(env.name),
              },
            ],
            values: {
              environment: env.name,
              cluster: env.cluster,
              namespace: env.namespace,
            },
          },
        })),
        parameters: {
          environment: '{{values.environment}}',
          namespace: '{{values.namespace}}',
          path: '{{path}}',
          destination: { [field]: '{{values.cluster}}' },
        },
      };
    }
    default:
      throw new InputError(`generator: unknown kind '${input.generator}'`);
  }
}

/**
 * Builds an `argoproj.io/v1alpha1` ApplicationSet that deploys a service's
 * overlay to every environment, one Application per environment.
 */
export function buildApplicationSet(input: ApplicationSetSpecInput) {
  if (!input.environments.length) {
    throw new InputError('environments: at least one environment is required');
  }
  const { generators, parameters } = generatorsFor(input);
  const labels: Record<string, string> = {
    'gitops/service': input.serviceName,
    'gitops/environment': parameters.environment,
  };
  if (input.harnessLabels) {
    labels['harness.io/serviceRef'] = input.serviceName;
    labels['harness.io/envRef'] = parameters.environment;
  }
  const syncOptions = input.syncPolicy.createNamespace
    ? ['CreateNamespace=true']
    : [];
  const syncPolicy: Record<string, unknown> = {};
  if (input.syncPolicy.automated) {
    syncPolicy.automated = {
      prune: input.syncPolicy.prune,
      selfHeal: input.syncPolicy.selfHeal,
    };
  }
  if (syncOptions.length) {
    syncPolicy.syncOptions = syncOptions;
  }

  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'ApplicationSet',
    metadata: {
      name: input.serviceName,
      ...(input.namespace ? { namespace: input.namespace } : {}),
      labels: { 'gitops/service': input.serviceName },
    },
    spec: {
      generators,
      template: {
        metadata: {
          name: `${input.serviceName}-${parameters.environment}`,
          labels,
        },
        spec: {
          project: input.project,
          source: {
            repoURL: input.repoUrl,
            targetRevision: input.targetRevision,
            path: parameters.path,
          },
          destination: {
            ...parameters.destination,
            namespace: parameters.namespace,
          },
          ...(Object.keys(syncPolicy).length ? { syncPolicy } : {}),
        },
      },
    },
  };
}
