import type { IdpUser } from './IdentityProvider';

/** The authorization request carried through the login form. */
export const AUTHORIZE_PARAMS = [
  'response_type',
  'client_id',
  'redirect_uri',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, c => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:10vh;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 1px 4px #0002;min-width:22rem}
h1{font-size:1.4rem;margin:0 0 .25rem}p{color:#555}label{display:block;margin:1rem 0 .25rem;font-weight:600}
input{font-size:1rem;padding:.5rem;width:100%;box-sizing:border-box}
button{margin-top:1rem;font-size:1rem;padding:.5rem 1.25rem;background:#1f5493;color:#fff;border:0;border-radius:4px;cursor:pointer}
.error{color:#b00020}table{border-collapse:collapse;margin-top:1.5rem;font-size:.9rem}td{padding:.15rem .75rem .15rem 0;color:#444}
`;

/**
 * The sign-in page of the sandbox's identity provider: a username and a
 * `Sign in` button, no password (the sandbox trusts whoever names a user).
 */
export function loginPage(options: {
  clientId: string;
  params: Record<string, string>;
  users: IdpUser[];
  username?: string;
  error?: string;
}): string {
  const hidden = AUTHORIZE_PARAMS.filter(name => options.params[name] !== undefined)
    .map(name => `<input type="hidden" name="${name}" value="${escapeHtml(options.params[name])}">`)
    .join('\n      ');
  const users = options.users
    .map(
      u =>
        `<tr><td><code>${escapeHtml(u.username)}</code></td><td>${escapeHtml(u.email)}</td><td>${escapeHtml(
          u.groups.join(', '),
        )}</td></tr>`,
    )
    .join('\n        ');
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Sandbox SSO: sign in</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
      <h1>Sandbox SSO</h1>
      <p>Sign in to <strong>${escapeHtml(options.clientId)}</strong>. Sandbox identity provider: no password.</p>
      ${options.error ? `<p class="error" role="alert">${escapeHtml(options.error)}</p>` : ''}
      <form method="post" action="authorize">
      ${hidden}
        <label for="username">Username</label>
        <input id="username" name="username" autocomplete="username" required autofocus value="${escapeHtml(
          options.username ?? '',
        )}">
        <button type="submit">Sign in</button>
      </form>
      <table aria-label="Sandbox users">
        ${users}
      </table>
    </main>
  </body>
</html>
`;
}

/** A page for a request the provider cannot send back to the client (bad client or redirect URI). */
export function errorPage(message: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sandbox SSO: error</title><style>${STYLE}</style></head>
<body><main><h1>Sandbox SSO</h1><p class="error" role="alert">${escapeHtml(message)}</p></main></body></html>
`;
}
