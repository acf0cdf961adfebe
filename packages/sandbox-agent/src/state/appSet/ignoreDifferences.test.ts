import { applyIgnoreApplicationDifferences } from './ignoreDifferences';

describe('applyIgnoreApplicationDifferences', () => {
  const live = { metadata: { name: 'a' }, spec: { source: { targetRevision: 'hotfix' }, syncPolicy: { automated: {} } } };
  const desired = { metadata: { name: 'a' }, spec: { source: { targetRevision: 'main' } } };

  it('keeps the live values of the fields a rule names (JSON pointers or jq paths)', () => {
    expect(applyIgnoreApplicationDifferences(desired, live, [{ jsonPointers: ['/spec/source/targetRevision'] }]).spec.source.targetRevision).toBe('hotfix');
    expect(applyIgnoreApplicationDifferences(desired, live, [{ jqPathExpressions: ['.spec.syncPolicy'] }]).spec.syncPolicy).toEqual({ automated: {} });
  });

  it('applies a named rule to that Application only, and removes a field the live app lacks', () => {
    expect(applyIgnoreApplicationDifferences(desired, live, [{ name: 'b', jsonPointers: ['/spec/source/targetRevision'] }]).spec.source.targetRevision).toBe('main');
    const out = applyIgnoreApplicationDifferences({ ...desired, spec: { ...desired.spec, project: 'x' } }, live, [{ jsonPointers: ['/spec/project'] }]);
    expect(out.spec.project).toBeUndefined();
  });
});
