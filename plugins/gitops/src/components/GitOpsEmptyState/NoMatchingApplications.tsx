import { CodeSnippet, EmptyState } from '@backstage/core-components';
import { useEntity } from '@backstage/plugin-catalog-react';
import Typography from '@material-ui/core/Typography';
import {
  LINKING_ANNOTATIONS,
  RESTRICTING_ANNOTATIONS,
} from './annotationNames';

const NAMES = [
  ...LINKING_ANNOTATIONS.map(annotation => annotation.name),
  ...RESTRICTING_ANNOTATIONS,
];

/**
 * The entity is annotated, but no agent has a matching application: shows
 * its GitOps annotations so they can be checked.
 */
export function NoMatchingApplications() {
  const { entity } = useEntity();
  const annotations = entity.metadata.annotations ?? {};
  const relevant = Object.entries(annotations).filter(([name]) =>
    NAMES.includes(name),
  );
  const yaml = relevant
    .map(([name, value]) => `    ${name}: ${value}`)
    .join('\n');
  return (
    <EmptyState
      missing="data"
      title="No GitOps applications match this entity"
      description={
        <>
          <Typography variant="body1" paragraph>
            No agent reported an application for these annotations. Check that
            the application labels match (
            {LINKING_ANNOTATIONS.map(a => a.name).join(', ')}) and that the
            agents and projects it names exist.
          </Typography>
          {yaml && (
            <CodeSnippet
              language="yaml"
              text={`metadata:\n  annotations:\n${yaml}`}
            />
          )}
        </>
      }
    />
  );
}
