module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  overrides: [
    {
      // Shared setup of the suites: test code like the *.test.ts files that
      // use it (this package is private, all its packages are devDependencies),
      // and it starts the real gitops backend plugin on purpose.
      files: ['src/support/**'],
      rules: {
        '@backstage/no-mixed-plugin-imports': 'off',
        '@backstage/no-undeclared-imports': 'off',
        'no-restricted-syntax': 'off',
      },
    },
    {
      // the suites build on the gitops backend's test harness
      files: ['src/**/*.test.ts'],
      rules: { '@backstage/no-mixed-plugin-imports': 'off' },
    },
  ],
});
