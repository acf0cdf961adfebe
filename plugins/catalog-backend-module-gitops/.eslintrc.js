module.exports = require('@backstage/cli/config/eslint-factory')(__dirname, {
  // the templates' skeletons are files of the services they create, with
  // template expressions in them: not this package's code
  ignorePatterns: ['templates/'],
});
