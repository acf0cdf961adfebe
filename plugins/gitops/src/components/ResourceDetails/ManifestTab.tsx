import { CodeSnippet } from '@backstage/core-components';
import type { ResourceManifest } from '@gitops-suite/plugin-gitops-common';
import { useMemo } from 'react';
import { stringify } from 'yaml';

/** The live manifest as YAML, read-only (secrets redacted by the backend). */
export function ManifestTab(props: { manifest: ResourceManifest }) {
  const text = useMemo(
    () => stringify(props.manifest.manifest, { sortMapEntries: false }),
    [props.manifest],
  );
  return (
    <div aria-label="Live manifest" data-testid="resource-manifest">
      <CodeSnippet text={text} language="yaml" showCopyCodeButton />
    </div>
  );
}
