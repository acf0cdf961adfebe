import type { EnvironmentGroup } from '@gitops-suite/plugin-gitops-common';
import { application, revisions } from '../__testUtils__/fixtures';
import { buildMatrix } from './buildMatrix';

const { SHA_A, SHA_B } = revisions;
const group = (
  name: string,
  order: number,
  applications: EnvironmentGroup['applications'],
): EnvironmentGroup => ({
  name,
  title: name.toUpperCase(),
  order,
  production: name === 'prod',
  applications,
});

describe('buildMatrix', () => {
  it('groups by service and keeps the promotion order of environments', () => {
    const matrix = buildMatrix([
      group('dev', 0, [
        application({ name: 'payments-dev' }),
        application({ name: 'ledger-dev', service: 'ledger' }),
      ]),
      group('prod', 1, [
        application({ name: 'payments-prod', environment: 'prod' }),
      ]),
    ]);
    expect(matrix.environments.map(e => e.name)).toEqual(['dev', 'prod']);
    expect(matrix.rows.map(r => r.family)).toEqual(['ledger', 'payments']);
    const payments = matrix.rows[1];
    expect(payments.cells.map(c => c.applications.map(a => a.name))).toEqual([
      ['payments-dev'],
      ['payments-prod'],
    ]);
  });

  it('groups unlabelled applications by name without the environment affix', () => {
    const matrix = buildMatrix([
      group('dev', 0, [application({ name: 'web-dev', service: undefined })]),
      group('prod', 1, [
        application({
          name: 'prod-web',
          service: undefined,
          environment: 'prod',
        }),
      ]),
    ]);
    expect(matrix.rows.map(r => r.family)).toEqual(['web']);
  });

  it('marks an environment behind when the earlier one ran its revision before (no release pinned)', () => {
    const dev = application({
      sync: { status: 'Synced', revision: SHA_B },
      images: [],
    });
    const prod = application({
      name: 'payments-prod',
      environment: 'prod',
      images: [],
      sync: { status: 'Synced', revision: SHA_A },
      history: [{ id: 1, revision: SHA_A }],
    });
    const [row] = buildMatrix([
      group('dev', 0, [dev]),
      group('qa', 1, []),
      group('prod', 2, [prod]),
    ]).rows;
    expect(row.cells[0].promotion).toBeUndefined();
    expect(row.cells[1].promotion).toBeUndefined();
    expect(row.cells[2].promotion).toEqual({
      state: 'behind',
      comparedWith: 'dev',
    });
  });

  it('tells same, ahead and differs apart by revision where no release is pinned', () => {
    const base = application({
      sync: { status: 'Synced', revision: SHA_A },
      history: [],
      images: [],
    });
    const same = application({
      name: 'payments-qa',
      environment: 'qa',
      images: [],
      sync: { status: 'Synced', revision: SHA_A },
      history: [{ id: 1, revision: SHA_A }],
    });
    const ahead = application({
      name: 'payments-prod',
      environment: 'prod',
      images: [],
      sync: { status: 'Synced', revision: SHA_B },
      history: [
        { id: 1, revision: SHA_A },
        { id: 2, revision: SHA_B },
      ],
    });
    const rows = buildMatrix([
      group('dev', 0, [base]),
      group('qa', 1, [same]),
      group('prod', 2, [ahead]),
    ]).rows;
    expect(rows[0].cells.map(c => c.promotion?.state)).toEqual([
      undefined,
      'same',
      'ahead',
    ]);

    const other = application({
      name: 'payments-prod',
      environment: 'prod',
      images: [],
      sync: { status: 'Synced', revision: 'v9' },
      history: [],
    });
    const differs = buildMatrix([
      group('dev', 0, [base]),
      group('prod', 1, [other]),
    ]).rows;
    expect(differs[0].cells[1].promotion?.state).toBe('differs');
  });

  it('compares releases where both pin one, as the promotion card does', () => {
    const at = (environment: string, tag: string, revision: string) =>
      application({
        name: `payments-${environment}`,
        environment,
        images: [`ghcr.io/acme/payments:${tag}`],
        sync: { status: 'Synced', revision },
        history: [{ id: 1, revision }],
      });
    // a prod-only merge: qa and prod run 2.4.7 from different commits
    const rows = buildMatrix([
      group('dev', 0, [at('dev', '2.4.10', SHA_A)]),
      group('qa', 1, [at('qa', '2.4.7', SHA_B)]),
      group('prod', 2, [at('prod', '2.4.7', SHA_A)]),
    ]).rows;
    expect(rows[0].cells.map(c => c.promotion?.state)).toEqual([
      undefined,
      'behind',
      'same',
    ]);
  });

  it('sets preview environments apart: after the chain, compared with nothing, nothing compared with them', () => {
    // checkout-web's PR-42: older than dev, and listed first in the order
    const preview = application({
      name: 'payments-pr-42',
      environment: 'preview',
      sync: { status: 'Synced', revision: SHA_A },
      history: [{ id: 1, revision: SHA_A }],
    });
    const dev = application({
      sync: { status: 'Synced', revision: SHA_B },
      history: [
        { id: 1, revision: SHA_A },
        { id: 2, revision: SHA_B },
      ],
    });
    const prod = application({
      name: 'payments-prod',
      environment: 'prod',
      sync: { status: 'Synced', revision: SHA_B },
    });
    const matrix = buildMatrix([
      { ...group('preview', 0, [preview]), preview: true },
      group('dev', 1, [dev]),
      group('prod', 2, [prod]),
    ]);
    expect(matrix.environments).toEqual([
      { name: 'dev', title: 'DEV', production: false },
      { name: 'prod', title: 'PROD', production: true },
      { name: 'preview', title: 'PREVIEW', production: false, preview: true },
    ]);
    const [row] = matrix.rows;
    expect(row.cells.map(c => [c.environment, c.promotion])).toEqual([
      ['dev', undefined],
      ['prod', { state: 'same', comparedWith: 'dev' }],
      ['preview', undefined],
    ]);
  });
});
