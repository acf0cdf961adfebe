import { derivedBytes } from '../util/hash';

/*
 * Obviously fake, realistic-looking credentials. Every value is derived from
 * its parts, so runs are reproducible; none of them opens anything.
 */

function base64Lines(bytes: Buffer): string {
  const text = bytes.toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < text.length; i += 64) lines.push(text.slice(i, i + 64));
  return lines.join('\n');
}

/** A PEM block with fake content. */
export function fakePem(label: string, size: number, ...parts: string[]): string {
  let body = derivedBytes(size, label, ...parts);
  if (label === 'OPENSSH PRIVATE KEY') {
    body = Buffer.concat([Buffer.from('openssh-key-v1\0sandbox-fake\0'), body]);
  }
  return `-----BEGIN ${label}-----\n${base64Lines(body)}\n-----END ${label}-----\n`;
}

export function fakeSshPrivateKey(...parts: string[]): string {
  return fakePem('OPENSSH PRIVATE KEY', 380, 'ssh', ...parts);
}

export function fakeRsaPrivateKey(...parts: string[]): string {
  return fakePem('RSA PRIVATE KEY', 1190, 'rsa', ...parts);
}

export function fakeEcPrivateKey(...parts: string[]): string {
  return fakePem('EC PRIVATE KEY', 121, 'ec', ...parts);
}

export function fakeCertificate(...parts: string[]): string {
  return fakePem('CERTIFICATE', 540, 'cert', ...parts);
}

/** A password that says what it is. */
export function fakePassword(...parts: string[]): string {
  return `sandbox-pw-${derivedBytes(15, 'password', ...parts).toString('base64url')}`;
}

/** A JWT-shaped bearer token (unsigned by anything real). */
export function fakeBearerToken(subject: string, ...parts: string[]): string {
  const header = Buffer.from(
    JSON.stringify({ alg: 'RS256', kid: 'sandbox-fake-key' }),
  ).toString('base64url');
  const payload = Buffer.from(
    JSON.stringify({
      iss: 'kubernetes/serviceaccount',
      sub: subject,
      'sandbox.gitops.dev/fake': true,
      jti: derivedBytes(8, 'jti', ...parts).toString('hex'),
    }),
  ).toString('base64url');
  const signature = derivedBytes(64, 'sig', subject, ...parts).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

/** A cloud access key secret look-alike. */
export function fakeAccessKeySecret(...parts: string[]): string {
  return `sandboxFAKE${derivedBytes(22, 'aws', ...parts).toString('base64url')}`;
}
