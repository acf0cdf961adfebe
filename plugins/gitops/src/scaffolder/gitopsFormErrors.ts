/**
 * The part of a form validation error (RJSF) that the messages use.
 * @public
 */
export interface FormValidationError {
  name?: string;
  property?: string;
  message?: string;
  params?: any;
  stack: string;
}

/** What the templates' patterns mean, for people. */
const PATTERNS: Record<string, string> = {
  '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$':
    'use lowercase letters, digits and dashes, starting and ending with a letter or digit',
  '^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$':
    'use letters, digits, dots, dashes and underscores (at most 128), starting with a letter, digit or underscore',
};

function humanMessage(error: FormValidationError): string | undefined {
  switch (error.name) {
    case 'pattern':
      return (
        PATTERNS[error.params?.pattern] ??
        'does not have the format this field expects'
      );
    case 'maxLength':
      return `must be at most ${error.params?.limit} characters`;
    case 'minLength':
      return `must be at least ${error.params?.limit} characters`;
    case 'minItems':
      return `choose at least ${error.params?.limit}`;
    case 'required':
      return 'is required';
    default:
      return undefined;
  }
}

/**
 * Rewrites the scaffolder form's validation errors for people: "must match
 * pattern ^[a-z0-9]…" becomes what the pattern allows. Pass it as
 * `<ScaffolderPage formProps={{ transformErrors: gitopsFormErrors }} />`.
 * @public
 */
export function gitopsFormErrors<E extends FormValidationError>(
  errors: E[],
): E[] {
  return errors.map(error => {
    const message = humanMessage(error);
    if (!message) return error;
    const field = error.property?.replace(/^\./, '');
    return {
      ...error,
      message,
      stack: field ? `${field}: ${message}` : message,
    };
  });
}
