import { spawnSync } from 'node:child_process';
import path from 'node:path';

describe('the generated client types', () => {
  it('are current with the backend spec, openapi.yaml (regenerate with `node scripts/openapi-client.js`)', () => {
    const script = path.resolve(
      __dirname,
      '../../../../scripts/openapi-client.js',
    );
    const run = spawnSync(process.execPath, [script, '--check'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
