import path from 'path';
import { InputError } from '@backstage/errors';

/**
 * Resolves a path relative to the task workspace, refusing absolute paths
 * and any path that would leave the workspace.
 */
export function resolveWorkspacePath(
  workspacePath: string,
  relativePath: string,
  field: string,
): string {
  if (!relativePath || path.isAbsolute(relativePath)) {
    throw new InputError(
      `${field} must be a relative path inside the workspace, got '${relativePath}'`,
    );
  }
  if (relativePath.split(/[\\/]/).includes('..')) {
    throw new InputError(
      `${field} must not contain '..', got '${relativePath}'`,
    );
  }
  const root = path.resolve(workspacePath);
  const resolved = path.resolve(root, relativePath);
  if (resolved !== root && !resolved.startsWith(`${root}${path.sep}`)) {
    throw new InputError(`${field} leaves the workspace: '${relativePath}'`);
  }
  return resolved;
}
