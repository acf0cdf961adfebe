/*
 * Removes secret material from anything on its way to a browser: repository
 * credentials, cluster credentials, Kubernetes Secret data (also inside the
 * JSON strings of Argo CD diffs, and in last-applied-configuration
 * annotations), and any known credential value wherever it appears.
 */

export const REDACTED = '<redacted>';

const SECRET_KEYS = new Set(
  [
    'password',
    'sshPrivateKey',
    'tlsClientCertKey',
    'tlsClientCertData',
    'githubAppPrivateKey',
    'gcpServiceAccountKey',
    'bearerToken',
    'token',
    'keyData',
    'certData',
    'execProviderConfig',
    'awsAuthConfig',
    'apiKey',
    'clientSecret',
    'privateKey',
    'secret',
    'proxyPassword',
  ].map(k => k.toLowerCase()),
);

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

/** The password of `scheme://user:password@host` (repository URLs carry them). */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^\s/?#@:]*):[^\s/?#@]+@/gi;

type Json = unknown;

function looksLikeJsonObject(text: string): boolean {
  const t = text.trimStart();
  return t.startsWith('{') && text.length < 5_000_000;
}

function scrubString(value: string, secrets: string[]): string {
  let result = value;
  if (looksLikeJsonObject(result)) {
    try {
      const parsed = JSON.parse(result);
      const scrubbed = scrubValue(parsed, secrets);
      result = JSON.stringify(scrubbed);
    } catch {
      // not JSON after all
    }
  }
  if (result.includes('@')) {
    result = result.replace(URL_PASSWORD, `$1:${REDACTED}@`);
  }
  for (const secret of secrets) {
    if (secret.length >= 6 && result.includes(secret)) {
      result = result.split(secret).join(REDACTED);
    }
  }
  return result;
}

function isKubernetesSecret(object: Record<string, unknown>): boolean {
  return object.kind === 'Secret' && (object.apiVersion === 'v1' || 'data' in object || 'stringData' in object);
}

function redactMap(value: unknown): unknown {
  if (!value || typeof value !== 'object') return REDACTED;
  return Object.fromEntries(Object.keys(value).map(k => [k, REDACTED]));
}

function scrubValue(value: Json, secrets: string[]): Json {
  if (typeof value === 'string') return scrubString(value, secrets);
  if (Array.isArray(value)) return value.map(v => scrubValue(v, secrets));
  if (!value || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  const secretObject = isKubernetesSecret(object);
  const result: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(object)) {
    if (SECRET_KEYS.has(key.toLowerCase())) {
      if (child === '' || child === null || child === undefined) {
        result[key] = child;
      } else {
        result[key] = REDACTED;
      }
      continue;
    }
    if (secretObject && (key === 'data' || key === 'stringData')) {
      result[key] = redactMap(child);
      continue;
    }
    if (key === LAST_APPLIED && typeof child === 'string') {
      result[key] = scrubString(child, secrets);
      continue;
    }
    result[key] = scrubValue(child, secrets);
  }
  return result;
}

/** A deep copy of `value` with every secret replaced by `<redacted>`. */
export function scrubSecrets<T>(value: T, knownSecrets: string[] = []): T {
  return scrubValue(value, knownSecrets) as T;
}
