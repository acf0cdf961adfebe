import { CodeSnippet, EmptyState } from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import Typography from '@material-ui/core/Typography';
import { LINKING_ANNOTATIONS } from './annotationNames';

/**
 * Explains which annotations link an entity to its GitOps applications
 * (any one of them is enough), in the manner of
 * `MissingAnnotationEmptyState`.
 */
export function MissingGitOpsAnnotation() {
  const { entity } = useEntity();
  const example = [
    'apiVersion: backstage.io/v1alpha1',
    `kind: ${entity.kind}`,
    'metadata:',
    `  name: ${entity.metadata.name}`,
    '  annotations:',
    `    gitops/service: ${entity.metadata.name}`,
  ].join('\n');
  return (
    <EmptyState
      missing="field"
      title="Missing GitOps annotation"
      description={
        <>
          <Typography variant="body1">
            Add any one of these annotations to link this entity to its GitOps
            applications:
          </Typography>
          <ul>
            {LINKING_ANNOTATIONS.map(({ name, meaning }) => (
              <li key={name}>
                <Typography variant="body2">
                  <code>{name}</code>: {meaning}
                </Typography>
              </li>
            ))}
          </ul>
          <CodeSnippet language="yaml" text={example} showLineNumbers />
        </>
      }
    />
  );
}
