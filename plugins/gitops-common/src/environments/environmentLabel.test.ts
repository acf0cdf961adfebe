import type { EnvironmentDefinition } from '../types';
import { environmentLabel } from './environmentLabel';

const definitions: EnvironmentDefinition[] = [
  { name: 'prod', title: 'Production', order: 30, production: true },
  { name: 'production', title: 'Production', order: 31, production: true },
  { name: 'dev', title: 'Development', order: 10 },
  { name: 'qa', title: 'QA', order: 20 },
  { name: 'prod-eu', title: 'EU Production', order: 32, production: true },
  { name: 'live', title: 'Live', order: 33, production: true },
  { name: 'blue', title: 'Live', order: 34, production: true },
  { name: 'sandbox', title: 'Playground', order: 1 },
  { name: 'staging', order: 25 },
];

describe('environmentLabel', () => {
  it('shows the title alone where it restates the name', () => {
    expect(environmentLabel('production', definitions)).toBe('Production');
    expect(environmentLabel('prod', definitions)).toBe('Production');
    expect(environmentLabel('dev', definitions)).toBe('Development');
    expect(environmentLabel('qa', definitions)).toBe('QA');
    expect(environmentLabel('prod-eu', definitions)).toBe('EU Production');
  });

  it('names the environment beside a title that does not say it', () => {
    expect(environmentLabel('sandbox', definitions)).toBe(
      'Playground (sandbox)',
    );
  });

  it('says production where neither the title nor the name does', () => {
    expect(environmentLabel('live', definitions)).toBe('Live (production)');
    expect(environmentLabel('blue', definitions)).toBe(
      'Live (blue, production)',
    );
  });

  it('shows the name of an environment without a title, or not configured', () => {
    expect(environmentLabel('staging', definitions)).toBe('staging');
    expect(environmentLabel('preview-42', definitions)).toBe('preview-42');
    expect(environmentLabel('preview-42')).toBe('preview-42');
  });

  it('takes the parts of an environment group', () => {
    expect(
      environmentLabel({ name: 'prod', title: 'Production', production: true }),
    ).toBe('Production');
    expect(environmentLabel({ name: 'prod', production: true })).toBe('prod');
  });

  it('says preview where neither the title nor the name does', () => {
    expect(environmentLabel({ name: 'preview', preview: true })).toBe(
      'preview',
    );
    expect(
      environmentLabel({
        name: 'pr-42',
        title: 'Checkout',
        preview: true,
      }),
    ).toBe('Checkout (pr-42, preview)');
    expect(
      environmentLabel({ name: 'pr-42', title: 'PR 42', preview: true }),
    ).toBe('PR 42 (preview)');
  });
});
