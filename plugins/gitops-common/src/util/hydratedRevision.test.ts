import { testApplication } from '../testUtils/testApplication';
import type { SourceHydrator } from '../types';
import { attentionMessage, needsAttention } from './applicationAttention';
import { hydratedRevision, hydrationFailed } from './hydratedRevision';

const REPO = 'https://github.com/acme/web-deploy.git';
const hydrator = (overrides: Partial<SourceHydrator> = {}): SourceHydrator => ({
  drySource: { repoURL: REPO, targetRevision: 'main', path: 'apps/web' },
  syncSource: { repoURL: REPO, targetBranch: 'environments/dev', path: 'web' },
  lastSuccessfulOperation: { drySHA: 'dry-1', hydratedSHA: 'hyd-1' },
  ...overrides,
});

describe('hydratedRevision', () => {
  it('names the dry commit of the hydrated commit that runs', () => {
    const app = testApplication({
      sync: { status: 'Synced', revision: 'hyd-2' },
      sourceHydrator: hydrator({
        lastSuccessfulOperation: { drySHA: 'dry-1', hydratedSHA: 'hyd-1' },
        currentOperation: {
          phase: 'Hydrated',
          drySHA: 'dry-2',
          hydratedSHA: 'hyd-2',
        },
      }),
    });
    expect(hydratedRevision(app)).toEqual({
      drySHA: 'dry-2',
      hydratedSHA: 'hyd-2',
      dryRepoURL: REPO,
      syncRepoURL: REPO,
    });
  });

  it('leaves the dry commit unknown when no hydration it knows wrote what runs', () => {
    const app = testApplication({
      sync: { status: 'Synced', revision: 'hyd-0' },
      sourceHydrator: hydrator(),
    });
    expect(hydratedRevision(app)).toEqual({
      hydratedSHA: 'hyd-0',
      dryRepoURL: REPO,
      syncRepoURL: REPO,
    });
  });

  it('has nothing to say of an application the hydrator does not render', () => {
    expect(hydratedRevision(testApplication())).toBeUndefined();
  });
});

describe('a failed hydration', () => {
  it('needs attention, with its message', () => {
    const app = testApplication({
      sourceHydrator: hydrator({
        currentOperation: { phase: 'Failed', message: 'kustomize failed' },
      }),
    });
    expect(hydrationFailed(app)).toBe(true);
    expect(needsAttention(app)).toBe(true);
    expect(attentionMessage(app)).toBe('Hydration failed: kustomize failed');
    const hydrating = testApplication({
      sourceHydrator: hydrator({ currentOperation: { phase: 'Hydrating' } }),
    });
    expect(needsAttention(hydrating)).toBe(false);
  });
});
