import { JsonObject } from '../../util/json';

/*
 * What the Kubernetes API server checks on an Application's metadata when
 * the ApplicationSet controller creates or updates it
 * (apimachinery/pkg/api/validation ValidateObjectMeta): the name is a
 * DNS-1123 subdomain, label keys and annotation keys are qualified names,
 * label values are valid label values. A failure is the API server's
 * "is invalid" error, which the controller reports as
 * UpdateApplicationError (or CreateApplicationError under create-only).
 */

const DNS1123_LABEL = '[a-z0-9]([-a-z0-9]*[a-z0-9])?';
const DNS1123_SUBDOMAIN = new RegExp(`^${DNS1123_LABEL}(\\.${DNS1123_LABEL})*$`);
const QUALIFIED_NAME = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

const SUBDOMAIN_MESSAGE =
  "a lowercase RFC 1123 subdomain must consist of lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character (e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')";

function isSubdomain(value: string): boolean {
  return value.length <= 253 && DNS1123_SUBDOMAIN.test(value);
}

function isQualifiedName(key: string): boolean {
  const parts = key.split('/');
  if (parts.length > 2) return false;
  const name = parts[parts.length - 1];
  if (!name || name.length > 63 || !QUALIFIED_NAME.test(name)) return false;
  return parts.length === 1 || (parts[0].length > 0 && isSubdomain(parts[0]));
}

/** The API server's complaints about an object's metadata (empty when valid). */
export function metadataErrors(metadata: JsonObject | undefined): string[] {
  const errors: string[] = [];
  const name = String(metadata?.name ?? '');
  if (!name) errors.push('metadata.name: Required value: name or generateName is required');
  else if (!isSubdomain(name)) errors.push(`metadata.name: Invalid value: ${JSON.stringify(name)}: ${SUBDOMAIN_MESSAGE}`);
  for (const [key, value] of Object.entries((metadata?.labels ?? {}) as Record<string, unknown>)) {
    if (!isQualifiedName(key)) errors.push(`metadata.labels: Invalid value: ${JSON.stringify(key)}: name part must be a valid qualified name`);
    const text = String(value ?? '');
    if (text.length > 63 || !LABEL_VALUE.test(text)) {
      errors.push(`metadata.labels: Invalid value: ${JSON.stringify(text)}: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character`);
    }
  }
  for (const key of Object.keys((metadata?.annotations ?? {}) as Record<string, unknown>)) {
    if (!isQualifiedName(key)) errors.push(`metadata.annotations: Invalid value: ${JSON.stringify(key)}: name part must be a valid qualified name`);
  }
  return errors;
}

/** The API server's error for an invalid Application, or undefined. */
export function applicationInvalidError(app: JsonObject): string | undefined {
  const errors = metadataErrors(app.metadata);
  if (!errors.length) return undefined;
  return `Application.argoproj.io ${JSON.stringify(String(app.metadata?.name ?? ''))} is invalid: ${errors.join(', ')}`;
}
