import { sanitizeAgentText } from '@gitops-suite/plugin-gitops-common';
import type {
  ApplicationNotice,
  NoticeScope,
  NoticeSeverity,
} from '@gitops-suite/plugin-gitops-common';

/** Argo CD's per-application notice annotations (user-guide/application-notice). */
const PREFIX = 'notice.argocd.argoproj.io/';
const SEVERITIES: readonly NoticeSeverity[] = ['info', 'warning', 'critical'];
const SCOPES: readonly NoticeScope[] = ['banner', 'icon', 'both'];
/** Argo CD truncates the content at 500 characters. */
const MAX_CONTENT = 500;

function oneOf<T extends string>(
  raw: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  const value = raw?.trim().toLowerCase() as T | undefined;
  return value && allowed.includes(value) ? value : fallback;
}

/** The URL when it is http(s); any other scheme is dropped, as Argo CD does. */
function httpUrl(raw: string | undefined): string | undefined {
  if (!raw?.trim()) return undefined;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:'
      ? url.href
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The application's notice, read from its `notice.argocd.argoproj.io/*`
 * annotations the way Argo CD's UI reads them: `content` required, an
 * unknown severity or scope falls back to `info` / `both`, only http(s)
 * links, content cut at 500 characters, on one line and without bidi or
 * control characters ({@link sanitizeAgentText}). Undefined without content.
 */
export function normalizeNotice(
  annotations: Record<string, string> | undefined,
): ApplicationNotice | undefined {
  const raw = annotations?.[`${PREFIX}content`];
  const content = raw && sanitizeAgentText(raw).trim();
  if (!content) return undefined;
  const notice: ApplicationNotice = {
    content:
      content.length > MAX_CONTENT
        ? `${content.slice(0, MAX_CONTENT - 1)}…`
        : content,
    severity: oneOf(annotations?.[`${PREFIX}severity`], SEVERITIES, 'info'),
    permanent:
      annotations?.[`${PREFIX}permanent`]?.trim().toLowerCase() === 'true',
    scope: oneOf(annotations?.[`${PREFIX}scope`], SCOPES, 'both'),
  };
  const url = httpUrl(annotations?.[`${PREFIX}url`]);
  if (url) notice.url = url;
  return notice;
}
