import { InputError } from '@backstage/errors';

/**
 * The fleet-wide key of an application: `${agentId}:${namespace ?? ''}/${name}`.
 * @public
 */
export function applicationKey(
  agentId: string,
  namespace: string | undefined,
  name: string,
): string {
  return `${agentId}:${namespace ?? ''}/${name}`;
}

/**
 * Splits a key made by `applicationKey()`. Agent ids may hold `:`;
 * Kubernetes names and namespaces cannot, so the last `:` separates them.
 *
 * @throws InputError when the key is malformed
 * @public
 */
export function parseApplicationKey(key: string): {
  agentId: string;
  namespace?: string;
  name: string;
} {
  const colon = key.lastIndexOf(':');
  const agentId = key.slice(0, Math.max(colon, 0));
  const rest = key.slice(colon + 1);
  const parts = rest.split('/');
  if (colon <= 0 || parts.length !== 2 || !parts[1]) {
    throw new InputError(
      `Invalid application key "${key}": expected "agent:namespace/name" or "agent:/name"`,
    );
  }
  const [namespace, name] = parts;
  return namespace ? { agentId, namespace, name } : { agentId, name };
}
