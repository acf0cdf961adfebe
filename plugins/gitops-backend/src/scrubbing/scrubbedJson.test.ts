import fs from 'node:fs';
import path from 'node:path';
import { scrubbedJson } from './scrubbedJson';
import { REDACTED, scrubAndSeal, scrubSecrets } from './scrubSecrets';

/** A real Argo CD Application as its API serves it (Roadie's e2e fixture). */
const application = JSON.parse(
  fs.readFileSync(
    path.resolve(
      __dirname,
      '../../../../packages/sandbox-agent/testdata/argocd/fixtures/application-get.roadie-e2e.json',
    ),
    'utf8',
  ),
);

const secrets = ['agent-token-0001', 'repo-password-0002'];

describe('scrubbedJson', () => {
  it('writes what JSON.stringify writes of the scrubbed value, sealed parts included', () => {
    const sealed = scrubAndSeal(
      { ...application, note: 'token agent-token-0001' },
      secrets,
    );
    const envelope = {
      items: [sealed, sealed, { ...application }],
      errors: [
        { agentId: 'a', message: 'refused agent-token-0001', status: 401 },
      ],
      freshness: [{ agentId: 'a', syncedAt: new Date(0), stale: false }],
      skipped: undefined,
      notANumber: NaN,
      nothing: null,
      list: [undefined, () => 1, 'https://u:repo-password-0002@git.example'],
      'key "quoted"': 'ü\n',
    };
    const text = scrubbedJson(envelope, secrets).toString('utf8');
    expect(text).toBe(JSON.stringify(scrubSecrets(envelope, secrets)));
    expect(text).not.toContain('agent-token-0001');
    expect(text).not.toContain('repo-password-0002');
    expect(text).toContain(REDACTED);
    // asked again, the sealed application's text is reused: the same text
    expect(scrubbedJson(envelope, secrets).toString('utf8')).toBe(text);
  });

  it('walks a value sealed for another list of secrets', () => {
    const other = scrubAndSeal({ token: 'x', note: 'agent-token-0001' }, []);
    const text = scrubbedJson({ other }, secrets).toString('utf8');
    expect(text).toBe(JSON.stringify(scrubSecrets({ other }, secrets)));
    expect(text).not.toContain('agent-token-0001');
  });

  it('writes null for a top-level undefined, as an empty answer', () => {
    expect(scrubbedJson(undefined, secrets).toString('utf8')).toBe('null');
  });
});
