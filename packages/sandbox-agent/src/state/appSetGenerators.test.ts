import { GitCatalog } from '../git/GitCatalog';
import { GeneratorContext, generateApplications } from './appSetGenerators';

/*
 * Selectors in nested generators, as Argo CD 2.x (the version the sandbox
 * reports) applies them: matrix.go and merge.go drop the selectors of a
 * nested matrix's or merge's own generators unless the set sets
 * `applyNestedSelectors` (dropDisabledNestedSelectors); a selector on a
 * direct child, and the top-level post-selector, always apply.
 */
const ctx: GeneratorContext = {
  git: new GitCatalog('generators-test', Date.parse('2026-05-04T09:00:00Z')),
  clusters: [],
  configMaps: [],
  decisionResources: [],
  appSetPlugins: [],
};

const list = (...envs: string[]) => ({ list: { elements: envs.map(env => ({ env })) } });
const onlyProd = { matchLabels: { env: 'prod' } };

function names(generators: unknown[], extra: Record<string, unknown> = {}) {
  const result = generateApplications(
    {
      metadata: { name: 'set', namespace: 'argocd' },
      spec: {
        generators,
        template: {
          metadata: { name: '{{env}}-{{region}}' },
          spec: { project: 'default', destination: { server: 'https://kubernetes.default.svc', namespace: '{{env}}' } },
        },
        ...extra,
      },
    },
    ctx,
  );
  expect(result.error).toBeUndefined();
  return result.applications.map(a => a.metadata.name).sort();
}

describe('selectors of nested generators', () => {
  const regions = { list: { elements: [{ region: 'eu' }, { region: 'us' }] } };

  it('applies a selector on a direct child of a matrix', () => {
    expect(names([{ matrix: { generators: [{ ...list('dev', 'prod'), selector: onlyProd }, regions] } }])).toEqual([
      'prod-eu',
      'prod-us',
    ]);
  });

  it('drops a selector two levels down unless applyNestedSelectors is set', () => {
    const nested = [
      {
        matrix: {
          generators: [{ matrix: { generators: [{ ...list('dev', 'prod'), selector: onlyProd }, { list: { elements: [{ tier: 'web' }] } }] } }, regions],
        },
      },
    ];
    expect(names(nested)).toEqual(['dev-eu', 'dev-us', 'prod-eu', 'prod-us']);
    expect(names(nested, { applyNestedSelectors: true })).toEqual(['prod-eu', 'prod-us']);
  });

  it('does the same inside a merge', () => {
    const merged = [
      {
        merge: {
          mergeKeys: ['env'],
          generators: [
            { matrix: { generators: [{ ...list('dev', 'prod'), selector: onlyProd }, regions] } },
            list('prod'),
          ],
        },
      },
    ];
    expect(names(merged)).toEqual(['dev-eu', 'dev-us', 'prod-eu', 'prod-us']);
    expect(names(merged, { applyNestedSelectors: true })).toEqual(['prod-eu', 'prod-us']);
  });

  it('always applies the post-selector of a top-level generator', () => {
    expect(names([{ matrix: { generators: [list('dev', 'prod'), regions] }, selector: { matchLabels: { region: 'us' } } }])).toEqual([
      'dev-us',
      'prod-us',
    ]);
  });
});

describe('matrix params with Go templates', () => {
  it('merges maps both children give, the first child winning', () => {
    const result = generateApplications(
      {
        metadata: { name: 'set', namespace: 'argocd' },
        spec: {
          goTemplate: true,
          generators: [
            {
              matrix: {
                generators: [
                  { list: { elements: [{ env: 'prod', cfg: { replicas: '3', tier: 'gold' } }] } },
                  { list: { elements: [{ env: 'ignored', region: 'eu', cfg: { tier: 'silver', zone: 'a' } }] } },
                ],
              },
            },
          ],
          template: {
            metadata: { name: '{{.env}}-{{.region}}-{{.cfg.replicas}}-{{.cfg.tier}}-{{.cfg.zone}}' },
            spec: { project: 'default', destination: { server: 'https://kubernetes.default.svc', namespace: 'x' } },
          },
        },
      },
      ctx,
    );
    expect(result.applications.map(a => a.metadata.name)).toEqual(['prod-eu-3-gold-a']);
  });
});

describe('merge keys', () => {
  it('compares a map-valued key as json.Marshal prints it, whatever the key order', () => {
    const result = generateApplications(
      {
        metadata: { name: 'set', namespace: 'argocd' },
        spec: {
          goTemplate: true,
          generators: [
            {
              merge: {
                mergeKeys: ['site'],
                generators: [
                  { list: { elements: [{ site: { region: 'eu', zone: 'a' }, size: 'small' }] } },
                  { list: { elements: [{ site: { zone: 'a', region: 'eu' }, size: 'large' }] } },
                ],
              },
            },
          ],
          template: {
            metadata: { name: '{{.site.region}}-{{.size}}' },
            spec: { project: 'default', destination: { server: 'https://kubernetes.default.svc', namespace: 'x' } },
          },
        },
      },
      ctx,
    );
    expect(result.applications.map(a => a.metadata.name)).toEqual(['eu-large']);
  });
});
