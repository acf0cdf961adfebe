import fs from 'node:fs';
import path from 'node:path';

/**
 * kubectl as found on the PATH, for the tests that build overlays with
 * `kubectl kustomize` (as Argo CD's repo server does); without it they
 * fail, saying so, instead of passing untested.
 */
export function kubectl(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, 'kubectl');
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  throw new Error(
    'kubectl is not on the PATH: these tests build the rendered overlays with `kubectl kustomize`; install kubectl',
  );
}
