import { InputError } from '@backstage/errors';
import { requestBodyCheck } from './requestBodies';

const APP =
  '/entity/{namespace}/{kind}/{name}/applications/{agentId}/{appName}';

function failure(check: (value: unknown) => unknown, value: unknown) {
  try {
    check(value);
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(value)}`);
}

describe('requestBodyCheck, against the request bodies of openapi.yaml', () => {
  const refresh = requestBodyCheck(`${APP}/refresh`, 'refresh request', [
    'mode',
  ]);
  const sync = requestBodyCheck(`${APP}/sync`, 'sync request');
  const rollback = requestBodyCheck(`${APP}/rollback`, 'rollback request');
  const applicationSet = requestBodyCheck(
    '/agents/{agentId}/applicationsets',
    'ApplicationSet',
    ['upsert', 'dryRun'],
  );

  it("fills the spec's defaults into a copy, never into the caller's object", () => {
    const given = {};
    expect(refresh(given)).toEqual({ mode: 'normal' });
    expect(refresh(undefined)).toEqual({ mode: 'normal' });
    expect(given).toEqual({});
    expect(refresh({ mode: 'hard' })).toEqual({ mode: 'hard' });
  });

  it('names the field, the rule and the allowed values', () => {
    expect(failure(refresh, { mode: 'soft' })).toBe(
      'Invalid refresh request: mode: must be equal to one of the allowed values: normal, hard',
    );
    expect(failure(sync, { revision: '', prune: 'yes' })).toBe(
      'Invalid sync request: revision: must NOT have fewer than 1 characters; prune: must be boolean',
    );
    expect(failure(sync, { cascade: true })).toBe(
      'Invalid sync request: cascade: is not allowed here',
    );
    expect(failure(sync, { force: 'yes' })).toBe(
      'Invalid sync request: force: must be boolean',
    );
  });

  it('follows references into the spec (ResourceRef) and its limits', () => {
    expect(failure(sync, { resources: [{ kind: 'Deployment' }] })).toBe(
      "Invalid sync request: resources.0: must have required property 'name'",
    );
    const many = Array.from({ length: 501 }, (_, i) => ({
      kind: 'ConfigMap',
      name: `cm-${i}`,
    }));
    expect(failure(sync, { resources: many })).toBe(
      'Invalid sync request: resources: must NOT have more than 500 items',
    );
    expect(
      sync({ resources: [{ kind: 'Deployment', name: 'api' }], dryRun: true }),
    ).toEqual({
      resources: [{ kind: 'Deployment', name: 'api' }],
      dryRun: true,
    });
  });

  it('requires what the spec requires', () => {
    expect(failure(rollback, {})).toBe(
      "Invalid rollback request: (root): must have required property 'id'",
    );
    expect(failure(rollback, { id: -1 })).toBe(
      'Invalid rollback request: id: must be >= 0',
    );
    expect(rollback({ id: 3 })).toEqual({ id: 3 });
  });

  it('checks an ApplicationSet request, keeping the manifest as given', () => {
    const manifest = {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'ApplicationSet',
      metadata: { name: 'payments', labels: { team: 'a' } },
      spec: { generators: [] },
    };
    expect(applicationSet({ manifest })).toEqual({
      manifest,
      upsert: false,
      dryRun: false,
    });
    expect(
      failure(applicationSet, {
        manifest: { ...manifest, kind: 'Application', metadata: {} },
      }),
    ).toBe(
      "Invalid ApplicationSet: manifest.kind: must be equal to one of the allowed values: ApplicationSet; manifest.metadata: must have required property 'name'",
    );
  });

  it('refuses to promise a default the spec does not give', () => {
    const check = requestBodyCheck(`${APP}/rollback`, 'rollback request', [
      'prune',
    ]);
    expect(() => check({ id: 1 })).toThrow(
      `openapi.yaml gives prune of POST ${APP}/rollback no default`,
    );
  });
});
