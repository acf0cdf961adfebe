import {
  BackstageCredentials,
  BackstageServicePrincipal,
  BackstageUserPrincipal,
} from '@backstage/backend-plugin-api';
import { NotAllowedError } from '@backstage/errors';

type Principal = BackstageUserPrincipal | BackstageServicePrincipal;

/**
 * The actor recorded in the audit log: a user's entity ref or
 * `service:<subject>`; anyone else may not operate.
 */
export function actorOf(credentials: BackstageCredentials): string {
  const principal = credentials.principal as Partial<Principal>;
  if (principal.type === 'user' && principal.userEntityRef) {
    return principal.userEntityRef;
  }
  if (principal.type === 'service' && principal.subject) {
    return `service:${principal.subject}`;
  }
  throw new NotAllowedError(
    'Operations need a signed-in user or a backend service',
  );
}
