import type { GitOpsApplicationSet } from '@gitops-suite/plugin-gitops-common';

type Json = Record<string, unknown>;

const objectOf = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Json)
    : {};

const stringOf = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;

/** A generator as the model summarizes it: its kind, and a list's elements. */
function describeGenerator(
  generator: unknown,
): GitOpsApplicationSet['generators'][number] {
  const body = objectOf(generator);
  const kind = Object.keys(body).find(key => key !== 'selector') ?? 'unknown';
  const elements = objectOf(body[kind]).elements;
  if (kind === 'list' && Array.isArray(elements)) {
    return {
      kind,
      summary: `${elements.length} element(s)`,
      elements: elements.length,
    };
  }
  return { kind, summary: kind };
}

/**
 * Why a manifest is no ApplicationSet the in-memory agent can hold, if it
 * is not: it needs `kind: ApplicationSet`, a `metadata.name` and a `spec`.
 */
export function applicationSetManifestProblem(
  manifest: Json,
): string | undefined {
  if (manifest.kind !== 'ApplicationSet') {
    return `expected kind ApplicationSet, got ${String(manifest.kind)}`;
  }
  if (!stringOf(objectOf(manifest.metadata).name)) {
    return 'metadata.name is required';
  }
  if (!manifest.spec || typeof manifest.spec !== 'object') {
    return 'spec is required';
  }
  return undefined;
}

/**
 * An ApplicationSet manifest (checked by
 * {@link applicationSetManifestProblem}) in the normalized model, with the
 * applications it generated so far (the in-memory agent runs no
 * generators: those a test holds with this set as `applicationSet`).
 */
export function applicationSetFromManifest(
  manifest: Json,
  agentId: string,
  applications: string[],
  createdAt: string,
): GitOpsApplicationSet {
  const metadata = objectOf(manifest.metadata);
  const spec = objectOf(manifest.spec);
  const template = objectOf(spec.template);
  const templateSpec = objectOf(template.spec);
  const sources = Array.isArray(templateSpec.sources)
    ? templateSpec.sources
    : [];
  const source = objectOf(templateSpec.source ?? sources[0]);
  const destination = objectOf(templateSpec.destination);
  const project = stringOf(templateSpec.project);
  const namespace = stringOf(metadata.namespace);
  return {
    agentId,
    name: stringOf(metadata.name)!,
    ...(namespace && { namespace }),
    ...(project && { project }),
    generators: (Array.isArray(spec.generators) ? spec.generators : []).map(
      describeGenerator,
    ),
    template: {
      name: stringOf(objectOf(template.metadata).name),
      project,
      repoURL: stringOf(source.repoURL),
      path: stringOf(source.path),
      targetRevision: stringOf(source.targetRevision),
      destinationServer: stringOf(destination.server),
      destinationNamespace: stringOf(destination.namespace),
    },
    applications: [...applications].sort(),
    createdAt,
  };
}
