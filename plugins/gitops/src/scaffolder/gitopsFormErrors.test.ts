import { FormValidationError, gitopsFormErrors } from './gitopsFormErrors';

describe('gitopsFormErrors', () => {
  it('says what a name pattern allows instead of quoting the regex', () => {
    const [error] = gitopsFormErrors([
      {
        name: 'pattern',
        property: '.name',
        message: 'must match pattern "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"',
        params: { pattern: '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$' },
        stack: '.name must match pattern "^[a-z0-9]([-a-z0-9]*[a-z0-9])?$"',
      },
    ]);
    expect(error.message).toBe(
      'use lowercase letters, digits and dashes, starting and ending with a letter or digit',
    );
    expect(error.stack).toBe(`name: ${error.message}`);
    expect(error.stack).not.toMatch(/\^|\$|\[/);
  });

  it('words an unknown pattern and limits without regexes', () => {
    const errors = gitopsFormErrors<FormValidationError>([
      { name: 'pattern', params: { pattern: '^x+$' }, stack: 'raw' },
      {
        name: 'maxLength',
        property: '.name',
        params: { limit: 40 },
        stack: 'raw',
      },
    ]);
    expect(errors.map(e => e.message)).toEqual([
      'does not have the format this field expects',
      'must be at most 40 characters',
    ]);
  });

  it('leaves other errors as they are', () => {
    const error = { name: 'enum', message: 'must be one of', stack: 'raw' };
    expect(gitopsFormErrors([error])).toEqual([error]);
  });
});
