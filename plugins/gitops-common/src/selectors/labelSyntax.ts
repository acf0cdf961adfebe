const NAME_MAX_LENGTH = 63;
const PREFIX_MAX_LENGTH = 253;
const NAME_PATTERN = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const DNS_SUBDOMAIN_PATTERN =
  /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

/**
 * Why a string is not a valid Kubernetes label key, or undefined when it is.
 * A key is an optional DNS subdomain prefix (at most 253 characters) and a
 * `/`, then a name of at most 63 characters: alphanumerics, `-`, `_` and
 * `.`, starting and ending with an alphanumeric.
 * @internal
 */
export function labelKeyProblem(key: string): string | undefined {
  const parts = key.split('/');
  if (parts.length > 2) {
    return 'a label key holds at most one "/"';
  }
  const name = parts[parts.length - 1];
  if (parts.length === 2) {
    const prefix = parts[0];
    if (prefix.length === 0) {
      return 'the prefix before "/" must not be empty';
    }
    if (prefix.length > PREFIX_MAX_LENGTH) {
      return `the prefix must be at most ${PREFIX_MAX_LENGTH} characters`;
    }
    if (!DNS_SUBDOMAIN_PATTERN.test(prefix)) {
      return 'the prefix must be a DNS subdomain: lowercase alphanumerics, "-" and ".", starting and ending with an alphanumeric';
    }
  }
  if (name.length === 0) {
    return 'the name must not be empty';
  }
  if (name.length > NAME_MAX_LENGTH) {
    return `the name must be at most ${NAME_MAX_LENGTH} characters`;
  }
  if (!NAME_PATTERN.test(name)) {
    return 'the name must consist of alphanumerics, "-", "_" and ".", starting and ending with an alphanumeric';
  }
  return undefined;
}

/**
 * Why a string is not a valid Kubernetes label value, or undefined when it
 * is. A value is empty, or at most 63 characters: alphanumerics, `-`, `_`
 * and `.`, starting and ending with an alphanumeric.
 * @internal
 */
export function labelValueProblem(value: string): string | undefined {
  if (value.length === 0) {
    return undefined;
  }
  if (value.length > NAME_MAX_LENGTH) {
    return `a label value must be at most ${NAME_MAX_LENGTH} characters`;
  }
  if (!NAME_PATTERN.test(value)) {
    return 'a label value must consist of alphanumerics, "-", "_" and ".", starting and ending with an alphanumeric';
  }
  return undefined;
}

/**
 * Whether a string is a valid Kubernetes label key (`prefix/name` or `name`).
 * @public
 */
export function isValidLabelKey(key: string): boolean {
  return labelKeyProblem(key) === undefined;
}

/**
 * Whether a string is a valid Kubernetes label value (empty is valid).
 * @public
 */
export function isValidLabelValue(value: string): boolean {
  return labelValueProblem(value) === undefined;
}
