/*
 * Removes secret material from anything on its way to a browser: repository
 * credentials, cluster credentials, Kubernetes Secret data (also inside the
 * JSON strings of Argo CD diffs, and in last-applied-configuration
 * annotations), and any known credential value wherever it appears.
 */

export const REDACTED = '<redacted>';

/*
 * Cluster credentials are redacted as Argo CD itself redacts a cluster in
 * its API (Cluster.Sanitized): of `config` only `tlsClientConfig.insecure`
 * and `serverName` remain, so the bearer token, username/password, the
 * client key and certificate, the CA bundle (`caData`), the exec provider
 * and the cloud auth configs (AWS) never leave the backend. The sandbox's
 * list of secrets (`/_sandbox/secrets`) names the same fields.
 */
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
    'caData',
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

/*
 * A key that names a secret, as environment dumps, shell traces, logfmt
 * lines and query strings write them: `DB_PASSWORD`, `API_TOKEN`,
 * `AWS_SECRET_ACCESS_KEY`, `db-password`, `access_token`. At most 60 key
 * characters either side of the name, so a long blob costs linear time.
 * Over-redaction (`MAX_TOKENS=100`) is the price of not guessing which of
 * these names hold secrets.
 */
const SECRET_KEY_NAME =
  '[\\w.-]{0,60}(?:passw(?:or)?d|passphrase|secret|token|api[_.-]?key|private[_.-]?key|access[_.-]?key|credentials?)[\\w.-]{0,60}';

/*
 * The value of a `KEY=value` assignment whose key names a secret
 * (`DB_PASSWORD=...`, `export AWS_SECRET_ACCESS_KEY=...`, `API_TOKEN="..."`,
 * `--db-password=...`, `?access_token=...`): the key is a whole word, not
 * the tail of a longer one; the value is a quoted string or runs to the
 * next space or quote. `==` is a comparison, not an assignment.
 */
const SECRET_ASSIGNMENT = new RegExp(
  `(?<![\\w.-])(${SECRET_KEY_NAME})=(?!=)(?:"(?:[^"\\\\]|\\\\.)*"|'[^']*'|[^\\s"']+)`,
  'gi',
);

/*
 * A JSON field whose key names a secret inside text that is not JSON as a
 * whole (`login payload={"user":"x","password":"..."}`); text that is JSON
 * as a whole is parsed and walked instead.
 */
const SECRET_JSON_FIELD = new RegExp(
  `("${SECRET_KEY_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`,
  'gi',
);

type Json = unknown;

/**
 * Values already scrubbed, with the list of known secrets they were
 * scrubbed with (by identity): a later scrub with the same list passes
 * them through without walking them. Only values that are never mutated
 * afterwards (the fleet state's) are sealed.
 */
const sealed = new WeakMap<object, readonly string[]>();

/** An object or an array (a log line can be either). */
function looksLikeJson(text: string): boolean {
  const t = text.trimStart();
  return (t.startsWith('{') || t.startsWith('[')) && text.length < 5_000_000;
}

/** What scrubbing strings with one list of secrets needs, made once per list. */
interface SecretMatcher {
  /** The secrets long enough to look for (6 characters and more). */
  secrets: string[];
  /** The shortest of them: shorter strings cannot hold any. */
  shortest: number;
}

const matchers = new WeakMap<readonly string[], SecretMatcher>();

function matcherFor(secrets: string[]): SecretMatcher {
  let matcher = matchers.get(secrets);
  if (!matcher) {
    const long = secrets.filter(secret => secret.length >= 6);
    matcher = {
      secrets: long,
      shortest: long.length ? Math.min(...long.map(s => s.length)) : Infinity,
    };
    matchers.set(secrets, matcher);
  }
  return matcher;
}

function scrubString(value: string, secrets: string[]): string {
  let result = value;
  if (looksLikeJson(result)) {
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
  if (result.includes('=')) {
    result = result.replace(SECRET_ASSIGNMENT, `$1=${REDACTED}`);
  }
  if (result.includes('"')) {
    result = result.replace(SECRET_JSON_FIELD, `$1"${REDACTED}"`);
  }
  const matcher = matcherFor(secrets);
  if (result.length < matcher.shortest) return result;
  for (const secret of matcher.secrets) {
    if (result.includes(secret)) {
      result = result.split(secret).join(REDACTED);
    }
  }
  return result;
}

function isKubernetesSecret(object: Record<string, unknown>): boolean {
  return (
    object.kind === 'Secret' &&
    (object.apiVersion === 'v1' || 'data' in object || 'stringData' in object)
  );
}

function redactMap(value: unknown): unknown {
  if (!value || typeof value !== 'object') return REDACTED;
  return Object.fromEntries(Object.keys(value).map(k => [k, REDACTED]));
}

function scrubObject(
  object: Record<string, unknown>,
  secrets: string[],
): Record<string, unknown> {
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

function scrubValue(value: Json, secrets: string[]): Json {
  if (typeof value === 'string') return scrubString(value, secrets);
  if (!value || typeof value !== 'object') return value;
  if (sealed.get(value) === secrets) return value;
  return Array.isArray(value)
    ? value.map(v => scrubValue(v, secrets))
    : scrubObject(value as Record<string, unknown>, secrets);
}

/**
 * A copy of `value` with every secret replaced by `<redacted>`. Parts
 * sealed by {@link scrubAndSeal} with the same `knownSecrets` list are
 * clean already: they are passed through as they are, not walked or copied.
 */
export function scrubSecrets<T>(value: T, knownSecrets: string[] = []): T {
  return scrubValue(value, knownSecrets) as T;
}

/**
 * Scrubs `value` once, where data enters the fleet state, and seals the
 * result as clean for `knownSecrets` (the same list, by identity), so that
 * answers holding it cost no second walk of it. Only the result itself is
 * sealed (one seal per application, not per nested object: the seals of a
 * large fleet stay small); a copy of it is walked again. The result must
 * not be mutated afterwards.
 */
export function scrubAndSeal<T>(value: T, knownSecrets: string[]): T {
  const result = scrubValue(value, knownSecrets);
  if (result && typeof result === 'object') sealed.set(result, knownSecrets);
  return result as T;
}

/** Whether `value` is sealed as clean for `knownSecrets` (the same list). */
export function isSealedFor(value: object, knownSecrets: string[]): boolean {
  return sealed.get(value) === knownSecrets;
}

/**
 * Seals `derived`, a shallow copy of the sealed `source` with fields added
 * from other sealed values, as `source` is sealed.
 */
export function sealLike<T extends object>(derived: T, source: object): T {
  const secrets = sealed.get(source);
  if (secrets) sealed.set(derived, secrets);
  return derived;
}
