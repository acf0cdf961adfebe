import type { EnvironmentDefinition } from '../types';
import { groupByEnvironment } from './groupByEnvironment';
import {
  isPreviewEnvironment,
  splitPreviewEnvironments,
} from './previewEnvironments';

const definitions: EnvironmentDefinition[] = [
  { name: 'preview', order: 0 },
  { name: 'dev', order: 1 },
  { name: 'review', order: 2, preview: true },
  { name: 'prod', order: 3, production: true },
];
const pr = { labels: { 'gitops/pull-request': '42' } };
const plain = { labels: { 'gitops/service': 'web' } };

describe('isPreviewEnvironment', () => {
  it('takes an environment whose applications all preview a pull request', () => {
    expect(isPreviewEnvironment('preview', [pr, pr], definitions)).toBe(true);
    expect(isPreviewEnvironment('unconfigured', [pr], [])).toBe(true);
  });

  it('keeps an environment with any application of no pull request in the chain', () => {
    expect(isPreviewEnvironment('dev', [pr, plain], definitions)).toBe(false);
    expect(isPreviewEnvironment('dev', [], definitions)).toBe(false);
  });

  it('follows the config where it says', () => {
    expect(isPreviewEnvironment('review', [plain], definitions)).toBe(true);
    expect(
      isPreviewEnvironment(
        'dev',
        [pr],
        [{ name: 'dev', order: 1, preview: false }],
      ),
    ).toBe(false);
  });
});

describe('preview environments in groupByEnvironment', () => {
  const app = (name: string, environment: string, labels = {}) =>
    ({
      key: `a:/${name}`,
      agentId: 'a',
      name,
      environment,
      labels,
    } as any);

  it('marks them, and splitPreviewEnvironments sets them apart in order', () => {
    const groups = groupByEnvironment(
      [
        app('web-pr-42', 'preview', pr.labels),
        app('web-dev', 'dev'),
        app('web-prod', 'prod'),
      ],
      definitions,
    );
    expect(groups.map(g => [g.name, g.preview ?? false])).toEqual([
      ['preview', true],
      ['dev', false],
      ['prod', false],
    ]);
    const { chain, previews } = splitPreviewEnvironments(groups);
    expect(chain.map(g => g.name)).toEqual(['dev', 'prod']);
    expect(previews.map(g => g.name)).toEqual(['preview']);
  });
});
