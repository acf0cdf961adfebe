import { ConfigReader } from '@backstage/config';
import type { JsonObject } from '@backstage/types';
import { readGitOpsConfig } from './readGitOpsConfig';

describe('readGitOpsConfig: gitops.applicationSets', () => {
  const read = (applicationSets?: JsonObject) =>
    readGitOpsConfig(
      new ConfigReader({ gitops: applicationSets ? { applicationSets } : {} }),
    ).applicationSetLimits;

  it('defaults to 500 applications and 2 MiB of generate answer', () => {
    expect(read()).toEqual({
      maxGeneratedApplications: 500,
      maxGenerateResponseBytes: 2_097_152,
    });
  });

  it('reads both limits, numbers given as strings (environment variables) too', () => {
    expect(
      read({
        maxGeneratedApplications: 50,
        maxGenerateResponseBytes: '65536',
      }),
    ).toEqual({ maxGeneratedApplications: 50, maxGenerateResponseBytes: 65536 });
  });

  it.each([0, -1, 2.5, 'many', true, 100_001])(
    'refuses maxGeneratedApplications %p, naming the key',
    value => {
      expect(() => read({ maxGeneratedApplications: value })).toThrow(
        `gitops.applicationSets.maxGeneratedApplications must be a whole number from 1 to 100000, got ${JSON.stringify(
          value,
        )}`,
      );
    },
  );

  it('refuses a byte limit that is not a positive whole number', () => {
    expect(() => read({ maxGenerateResponseBytes: 0 })).toThrow(
      'gitops.applicationSets.maxGenerateResponseBytes must be a whole number from 1 to 268435456, got 0',
    );
  });
});
