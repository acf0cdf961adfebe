module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  rules: {
    // journeys are `it` blocks that leave a screenshot when they fail
    'jest/no-standalone-expect': [
      'error',
      { additionalTestBlockFunctions: ['journey'] },
    ],
  },
  overrides: [
    {
      // Shared setup of the journeys: test code (this package is private and
      // all its packages are devDependencies); it locates the repository
      // root on purpose to start packages/backend and build packages/app.
      files: ['src/support/**'],
      rules: {
        '@backstage/no-undeclared-imports': 'off',
        'no-restricted-syntax': 'off',
      },
    },
  ],
});
