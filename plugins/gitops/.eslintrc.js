module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  rules: {
    // the spec-typed client's methods are named for the HTTP verbs
    'new-cap': ['error', { capIsNewExceptions: ['GET', 'POST'] }],
  },
});
