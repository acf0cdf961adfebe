import { Config } from '@backstage/config';
import { InputError } from '@backstage/errors';

/*
 * The fields an agent entry (`gitops.agents`) and a Harness account
 * (`gitops.harness.accounts`) share, read and checked one way.
 */

const DEFAULT_TIMEOUT_MS = 5000;
const ID_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9._-]{0,62}$/;

/** Whether an agent id is one (also of agents found through an account). */
export function isAgentId(id: string): boolean {
  return ID_PATTERN.test(id);
}

/**
 * An agent's or an account's `url`: http or https, without credentials
 * (`credentialsKey` says where they go instead); no trailing slash.
 */
export function readApiUrl(
  config: Config,
  where: string,
  credentialsKey: string,
): string {
  const url = config.getString('url');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new InputError(`${where}: url is not a valid URL`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new InputError(`${where}: url must be http or https`);
  }
  if (parsed.username || parsed.password) {
    throw new InputError(
      `${where}: url must not carry credentials; use ${credentialsKey}`,
    );
  }
  return url.replace(/\/+$/, '');
}

/** An agent's or an account's per-call `timeoutMs` (default 5000). */
export function readTimeoutMs(config: Config, where: string): number {
  const timeoutMs = config.getOptionalNumber('timeoutMs') ?? DEFAULT_TIMEOUT_MS;
  if (!(timeoutMs > 0 && timeoutMs <= 120_000)) {
    throw new InputError(`${where}: timeoutMs must be between 1 and 120000`);
  }
  return timeoutMs;
}
