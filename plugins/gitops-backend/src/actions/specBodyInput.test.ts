import { z } from 'zod/v3';
import { APPLICATION_PATH, specBodyFields } from './specBodyInput';

/** The input an action with `path`'s body takes, as the registry parses it. */
function bodyOf(path: Parameters<typeof specBodyFields>[1]) {
  return z.object(specBodyFields(z, path));
}

/** `field: message` of each issue, as the registry's InputError cause has them. */
function issues(result: z.SafeParseReturnType<unknown, unknown>) {
  if (result.success) throw new Error('accepted');
  return result.error.issues.map(
    issue => `${issue.path.join('.')}: ${issue.message}`,
  );
}

describe('specBodyFields: an action input made from the spec body of its route', () => {
  const refresh = bodyOf(`${APPLICATION_PATH}/refresh`);
  const sync = bodyOf(`${APPLICATION_PATH}/sync`);
  const rollback = bodyOf(`${APPLICATION_PATH}/rollback`);

  it("holds the spec's defaults after parsing", () => {
    expect(refresh.parse({})).toEqual({ mode: 'normal' });
    expect(refresh.parse({ mode: 'hard' })).toEqual({ mode: 'hard' });
    expect(issues(refresh.safeParse({ mode: 'soft' }))).toEqual([
      "mode: Invalid enum value. Expected 'normal' | 'hard', received 'soft'",
    ]);
  });

  it('names each wrong field', () => {
    expect(issues(sync.safeParse({ revision: '', prune: 'yes' }))).toEqual([
      'revision: String must contain at least 1 character(s)',
      'prune: Expected boolean, received string',
    ]);
    expect(issues(sync.safeParse({ retry: { limit: 20 } }))).toEqual([
      'retry.limit: Number must be less than or equal to 10',
    ]);
    expect(
      issues(sync.safeParse({ retry: { limit: 2, cascade: true } })),
    ).toEqual(["retry: Unrecognized key(s) in object: 'cascade'"]);
  });

  it('follows references into the spec (ResourceRef, SyncOption, SyncRetry) and their limits', () => {
    expect(
      issues(sync.safeParse({ resources: [{ kind: 'Deployment' }] })),
    ).toEqual(['resources.0.name: Required']);
    const many = Array.from({ length: 501 }, (_, i) => ({
      kind: 'ConfigMap',
      name: `cm-${i}`,
    }));
    expect(issues(sync.safeParse({ resources: many }))).toEqual([
      'resources: Array must contain at most 500 element(s)',
    ]);
    expect(
      issues(
        sync.safeParse({
          syncOptions: ['PruneLast=true', 'PruneLast=true'],
        }),
      ),
    ).toEqual(['syncOptions: must not have duplicate items']);
    expect(
      issues(sync.safeParse({ syncOptions: ['Prune=false'] })),
    ).toHaveLength(1);
    expect(
      issues(
        sync.safeParse({ retry: { limit: 1, backoff: { duration: '5 s' } } }),
      ),
    ).toEqual(['retry.backoff.duration: Invalid']);
    const valid = {
      resources: [{ kind: 'Deployment', name: 'api' }],
      dryRun: true,
      syncOptions: ['ServerSideApply=true'],
      retry: { limit: 2, backoff: { duration: '5s', factor: 2 } },
    };
    expect(sync.parse(valid)).toEqual(valid);
  });

  it('requires what the spec requires', () => {
    expect(issues(rollback.safeParse({}))).toEqual(['id: Required']);
    expect(issues(rollback.safeParse({ id: -1 }))).toEqual([
      'id: Number must be greater than or equal to 0',
    ]);
    expect(issues(rollback.safeParse({ id: 1.5 }))).toEqual([
      'id: Expected integer, received float',
    ]);
    expect(rollback.parse({ id: 3 })).toEqual({ id: 3 });
  });

  it('gives a field the words an assistant reads, and refuses a field the body does not take', () => {
    const described = specBodyFields(z, `${APPLICATION_PATH}/refresh`, {
      mode: 'How hard to refresh.',
    });
    expect(described.mode.description).toBe('How hard to refresh.');
    expect(() =>
      specBodyFields(z, `${APPLICATION_PATH}/refresh`, {
        cascade: 'no such field',
      } as never),
    ).toThrow(`POST ${APPLICATION_PATH}/refresh takes no field cascade`);
  });
});
