import { olderArgoCdAgents } from './argoCdReleases';

describe('olderArgoCdAgents', () => {
  it('names the agents on an older release line than the newest', () => {
    const older = olderArgoCdAgents([
      { agentId: 'argocd-nonprod', argoCdVersion: 'v2.14.2+a7cb0c3' },
      { agentId: 'argocd-prod', argoCdVersion: 'v2.9.21+6c4a4ee' },
      { agentId: 'harness-eu', argoCdVersion: 'v2.14.9' },
      { agentId: 'unknown' },
    ]);
    expect([...older.keys()]).toEqual(['argocd-prod']);
    expect(older.get('argocd-prod')).toBe(
      'Argo CD 2.9 runs on argocd-prod; the other agents run 2.14. What newer releases add (the source hydrator, progressive syncs, newer health checks) may be missing here.',
    );
  });

  it('orders release lines by number, not text (2.10 is newer than 2.9)', () => {
    const older = olderArgoCdAgents([
      { agentId: 'a', argoCdVersion: '2.9.0' },
      { agentId: 'b', argoCdVersion: 'v2.10.1' },
      { agentId: 'c', argoCdVersion: 'v3.0.0' },
    ]);
    expect([...older.keys()]).toEqual(['a', 'b']);
    expect(older.get('a')).toMatch(/the other agents run 2\.10 and 3\.0\./);
  });

  it('says nothing where every agent runs one release line, patches aside', () => {
    expect(
      olderArgoCdAgents([
        { agentId: 'a', argoCdVersion: 'v2.14.1' },
        { agentId: 'b', argoCdVersion: 'v2.14.9' },
        { agentId: 'c', argoCdVersion: 'not a version' },
      ]).size,
    ).toBe(0);
  });
});
