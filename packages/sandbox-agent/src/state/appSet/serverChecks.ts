import { ApiError, GrpcCode } from '../../http/ApiError';
import { JsonObject } from '../../util/json';

/*
 * What Argo CD's API server checks before it stores an ApplicationSet or
 * generates its Applications (server/applicationset/applicationset.go
 * Create and Generate): validateAppSet (no templated project, no generator
 * without a known kind), the namespace (the control plane's or one of
 * `applicationsetcontroller.namespaces`), and checkCreatePermissions (the
 * template's project exists). Errors carry the server's messages and codes.
 */

const GENERATOR_KINDS = ['list', 'clusters', 'git', 'scmProvider', 'clusterDecisionResource', 'pullRequest', 'matrix', 'merge', 'plugin'];

export interface ServerCheckEnv {
  /** The Argo CD control-plane namespace. */
  namespace: string;
  applicationSetNamespaces: string[];
  projectExists(name: string): boolean;
}

function globMatch(pattern: string, value: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.')}$`);
  return re.test(value);
}

function isNamespaceEnabled(namespace: string, env: ServerCheckEnv): boolean {
  return namespace === env.namespace || env.applicationSetNamespaces.some(p => globMatch(p, namespace));
}

function hasKnownGenerator(generator: unknown): boolean {
  if (!generator || typeof generator !== 'object') return false;
  return GENERATOR_KINDS.some(k => (generator as JsonObject)[k] !== undefined && (generator as JsonObject)[k] !== null);
}

/** validateAppSet: the project the set is checked against. */
function validateAppSet(appSet: JsonObject): string {
  const project = appSet.spec?.template?.spec?.project;
  const name = typeof project === 'string' ? project : '';
  if (name.includes('{{')) {
    throw new ApiError(
      GrpcCode.Unknown,
      'error validating ApplicationSets: the Argo CD API does not currently support creating ApplicationSets with templated `project` fields',
    );
  }
  const generators: unknown[] = Array.isArray(appSet.spec?.generators) ? appSet.spec.generators : [];
  if (generators.some(g => !hasKnownGenerator(g))) {
    throw new ApiError(
      GrpcCode.Unknown,
      `error validating ApplicationSets: ApplicationSet ${appSet.metadata?.name ?? ''} contains unrecognized generators`,
    );
  }
  return name;
}

function checkNamespace(appSet: JsonObject, env: ServerCheckEnv) {
  const namespace = appSet.metadata?.namespace || env.namespace;
  if (!isNamespaceEnabled(namespace, env)) {
    throw new ApiError(GrpcCode.Unknown, `namespace '${namespace}' is not permitted`);
  }
}

function checkProject(appSet: JsonObject, project: string, env: ServerCheckEnv) {
  if (!env.projectExists(project)) {
    throw new ApiError(
      GrpcCode.InvalidArgument,
      `error checking create permissions for ApplicationSets ${appSet.metadata?.name ?? ''} : ApplicationSet references project ${project} which does not exist`,
    );
  }
}

/** The checks of Create, in its order. */
export function checkCreate(appSet: JsonObject, env: ServerCheckEnv) {
  const project = validateAppSet(appSet);
  checkNamespace(appSet, env);
  checkProject(appSet, project, env);
}

/** The checks of Generate, in its order. */
export function checkGenerate(appSet: JsonObject, env: ServerCheckEnv) {
  checkNamespace(appSet, env);
  const project = validateAppSet(appSet);
  checkProject(appSet, project, env);
}
