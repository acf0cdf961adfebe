import { normalizeRevisionMetadata } from './normalizeRevisionMetadata';

const sha = '1ae088f5c3b2a41d9e7f6a0b8c2d4e6f80a1b3c5';

describe('normalizeRevisionMetadata', () => {
  it('reads a good signature as signed', () => {
    const result = normalizeRevisionMetadata(sha, {
      signatureInfo: 'gpg: Good signature from "Jane <jane@acme.example>"',
      sourceIntegrityResult: { checks: [{ name: 'GIT/GPG', problems: [] }] },
    });
    expect(result.signature.state).toBe('signed');
    expect(result.signature.info).toMatch(/Good signature/);
  });

  it("reads Argo CD's unsigned-commit problem as unsigned, not invalid", () => {
    const result = normalizeRevisionMetadata(sha, {
      sourceIntegrityResult: {
        checks: [
          {
            name: 'GIT/GPG',
            problems: [
              `Failed verifying revision ${sha} by 'Jane <jane@acme.example>': unsigned (key_id=)`,
            ],
          },
        ],
      },
    });
    expect(result.signature.state).toBe('unsigned');
    expect(result.signature.problems[0]).toMatch(/unsigned \(key_id=\)/);
  });

  it('reads a signature by an untrusted key or a bad signature as invalid', () => {
    expect(
      normalizeRevisionMetadata(sha, {
        sourceIntegrityResult: {
          checks: [
            {
              name: 'GIT/GPG',
              problems: [
                `Failed verifying revision ${sha}: signed with key not in keyring (key_id=4AEE18F83AFDEB23)`,
              ],
            },
          ],
        },
      }).signature.state,
    ).toBe('invalid');
    expect(
      normalizeRevisionMetadata(sha, {
        signatureInfo: 'gpg: BAD signature from "Mallory"',
      }).signature.state,
    ).toBe('invalid');
  });

  it('says unknown when the agent reports nothing about signatures', () => {
    expect(
      normalizeRevisionMetadata(sha, { author: 'Jane' }).signature,
    ).toEqual({ state: 'unknown', problems: [] });
  });
});
