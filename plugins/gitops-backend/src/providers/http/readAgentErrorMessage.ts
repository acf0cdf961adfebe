import { sanitizeAgentText } from '@gitops-suite/plugin-gitops-common';

/**
 * The human part of an agent's error body: Argo CD's runtimeError
 * (`{code, error, message}`) or Harness's gateway error (`{code, message}`).
 * Long messages are cut so an error stays readable; bidi and control
 * characters are removed.
 */
export function readAgentErrorMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  const message = [record.message, record.error].find(
    (value): value is string => typeof value === 'string' && value !== '',
  );
  if (!message) return undefined;
  const text = sanitizeAgentText(message, { multiline: true });
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
