import fs from 'node:fs';
import path from 'node:path';
import { Page } from 'playwright-core';
import { repoRoot } from './startPortal';

/**
 * The `journey` of a test file: a test that leaves its screen (the page
 * `currentPage` answers) in test-results/ when it fails.
 */
// eslint-disable-next-line jest/no-export -- defines the journeys of the files that use it
export function journeyRecorder(currentPage: () => Page | undefined) {
  return function journey(name: string, fn: () => Promise<void>) {
    // eslint-disable-next-line jest/valid-title, jest/expect-expect
    it(name, async () => {
      try {
        await fn();
      } catch (error) {
        fs.mkdirSync(path.join(repoRoot, 'test-results'), { recursive: true });
        await currentPage()
          ?.screenshot({
            path: path.join(
              repoRoot,
              'test-results',
              `${name.slice(0, 60).replace(/\W+/g, '-')}.png`,
            ),
          })
          .catch(() => {});
        throw error;
      }
    });
  };
}
