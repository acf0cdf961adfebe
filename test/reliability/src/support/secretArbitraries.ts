import fc from 'fast-check';

/*
 * fast-check arbitraries for secret material as agents hold it: repository
 * credentials of every auth kind, cluster credentials, and the service names
 * the sandbox derives Kubernetes Secret data from.
 */

const SECRET_CHARS = [
  ...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
  ...'+/=_-.~!@#$%^&*()[]{}<>?,;:|\'"\\ ',
];

/** A credential value: 12-40 characters, some of them JSON- and URL-hostile. */
export const secretValue = fc
  .string({
    unit: fc.constantFrom(...SECRET_CHARS),
    minLength: 12,
    maxLength: 40,
  })
  .filter(s => new Set(s).size >= 6 && s.trim() === s);

/** URL-safe credential (for user:password@ in repository URLs). */
export const urlSafeSecret = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789-_'),
    minLength: 14,
    maxLength: 32,
  })
  .filter(s => new Set(s).size >= 6);

function pem(label: string) {
  return fc
    .uint8Array({ minLength: 48, maxLength: 160 })
    .map(
      bytes =>
        `-----BEGIN ${label}-----\n${Buffer.from(bytes).toString(
          'base64',
        )}\n-----END ${label}-----\n`,
    );
}

const dnsName = fc
  .string({
    unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
    minLength: 4,
    maxLength: 10,
  })
  .map(s => `r${s}`);

/** One repository spec of the sandbox scenario, with its secret values. */
export const repositoryCase = fc.oneof(
  fc.record({
    auth: fc.constant('https'),
    host: dnsName,
    username: dnsName,
    password: secretValue,
  }),
  fc.record({
    auth: fc.constant('ssh'),
    host: dnsName,
    sshPrivateKey: pem('OPENSSH PRIVATE KEY'),
  }),
  fc.record({
    auth: fc.constant('githubApp'),
    host: dnsName,
    githubAppPrivateKey: pem('RSA PRIVATE KEY'),
  }),
  fc.record({
    auth: fc.constant('tls'),
    host: dnsName,
    tlsClientCertKey: pem('EC PRIVATE KEY'),
    password: secretValue,
  }),
  fc.record({
    auth: fc.constant('bearer'),
    host: dnsName,
    bearerToken: secretValue,
  }),
  fc.record({
    auth: fc.constant('url'),
    host: dnsName,
    username: dnsName,
    password: urlSafeSecret,
  }),
);
export type RepositoryCase = typeof repositoryCase extends fc.Arbitrary<infer T>
  ? T
  : never;

/** The scenario entry of a generated repository and the values that must stay behind. */
export function repositorySpec(c: RepositoryCase, index: number) {
  const repo = `https://git.${c.host}.example.com/acme/repo-${index}.git`;
  const c2 = c as Record<string, string>;
  switch (c.auth) {
    case 'https':
      return {
        spec: {
          repo,
          auth: 'none',
          secrets: 'none',
          username: c2.username,
          password: c2.password,
        },
        secrets: [c2.password],
      };
    case 'ssh':
      return {
        spec: {
          repo: `git@${c.host}.example.com:acme/repo-${index}.git`,
          secrets: 'none',
          sshPrivateKey: c2.sshPrivateKey,
        },
        secrets: [c2.sshPrivateKey],
      };
    case 'githubApp':
      return {
        spec: {
          repo,
          secrets: 'none',
          githubAppPrivateKey: c2.githubAppPrivateKey,
          githubAppID: 1234 + index,
        },
        secrets: [c2.githubAppPrivateKey],
      };
    case 'tls':
      return {
        spec: {
          repo,
          secrets: 'none',
          tlsClientCertKey: c2.tlsClientCertKey,
          username: 'bot',
          password: c2.password,
        },
        secrets: [c2.tlsClientCertKey, c2.password],
      };
    case 'bearer':
      return {
        spec: { repo, secrets: 'none', bearerToken: c2.bearerToken },
        secrets: [c2.bearerToken],
      };
    default:
      // credentials inside the URL, as some Argo CD users still configure them
      return {
        spec: {
          repo: `https://${c2.username}:${c2.password}@git.${c.host}.example.com/acme/repo-${index}.git`,
          secrets: 'none',
        },
        secrets: [c2.password],
      };
  }
}

/** One cluster spec with generated credentials. */
export const clusterCase = fc.record({
  bearerToken: secretValue,
  password: secretValue,
  keyData: pem('EC PRIVATE KEY'),
  execSecret: secretValue,
  exec: fc.boolean(),
});
export type ClusterCase = typeof clusterCase extends fc.Arbitrary<infer T>
  ? T
  : never;

export function clusterSpec(c: ClusterCase, name: string) {
  const keyData = Buffer.from(c.keyData).toString('base64');
  return {
    spec: {
      name,
      server: `https://${name}.example.internal:6443`,
      secrets: 'none',
      config: {
        username: 'argocd-manager',
        password: c.password,
        bearerToken: c.bearerToken,
        tlsClientConfig: { insecure: false, keyData },
        ...(c.exec && {
          execProviderConfig: {
            command: 'argocd-k8s-auth',
            args: ['aws'],
            env: { AWS_SECRET_ACCESS_KEY: c.execSecret },
          },
        }),
      },
    },
    secrets: [
      c.password,
      c.bearerToken,
      keyData,
      ...(c.exec ? [c.execSecret] : []),
    ],
    /** Leaks too, though agents only serve the base64 form. */
    derived: [c.keyData],
  };
}

/** Service names: the sandbox derives each service's Secret data from them. */
export const serviceNames = fc.uniqueArray(
  fc
    .string({
      unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
      minLength: 3,
      maxLength: 12,
    })
    .map(s => `s${s}`),
  { minLength: 3, maxLength: 3 },
);
