import { gitopsPlugin } from './plugin';
import alphaPlugin from './alpha';

describe('gitops plugin', () => {
  it('is created with its id in both frontend systems', () => {
    expect(gitopsPlugin.getId()).toBe('gitops');
    expect(alphaPlugin.id).toBe('gitops');
  });
});
