import {
  InfoCard,
  Progress,
  ResponseErrorPanel,
} from '@backstage/core-components';
import { useApi } from '@backstage/core-plugin-api';
import {
  catalogApiRef,
  EntityRefLink,
  useEntity,
} from '@backstage/plugin-catalog-react';
import type { Entity } from '@backstage/catalog-model';
import List from '@material-ui/core/List';
import ListItem from '@material-ui/core/ListItem';
import ListSubheader from '@material-ui/core/ListSubheader';
import Typography from '@material-ui/core/Typography';
import useAsync from 'react-use/esm/useAsync';
import { groupBySystem, runningComponentRefs } from './groupBySystem';

/**
 * Whether an entity is a GitOps environment (a Resource of type
 * `environment`), for the overview card listing what runs there.
 * @public
 */
export function isEnvironmentResource(entity: Entity): boolean {
  return (
    entity.kind.toLowerCase() === 'resource' &&
    (entity.spec as { type?: unknown } | undefined)?.type === 'environment'
  );
}

/**
 * The components running in an environment, grouped by system: what its
 * catalog relations say, as a list that stays readable with dozens of
 * components, where a relations graph of as many nodes cannot be read.
 */
export function EnvironmentComponentsCard() {
  const { entity } = useEntity();
  const catalogApi = useApi(catalogApiRef);
  const refs = runningComponentRefs(entity);
  const { value, loading, error } = useAsync(async () => {
    if (refs.length === 0) return [];
    const { items } = await catalogApi.getEntitiesByRefs({
      entityRefs: refs,
      fields: [
        'kind',
        'metadata.name',
        'metadata.namespace',
        'metadata.title',
        'spec.system',
      ],
    });
    return groupBySystem(items.filter((e): e is Entity => Boolean(e)));
    // the refs stand for the entity's relations
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [catalogApi, refs.join('\n')]);

  let body;
  if (loading) body = <Progress />;
  else if (error) body = <ResponseErrorPanel error={error} />;
  else if (!value?.length) {
    body = (
      <Typography color="textSecondary">
        No component runs in this environment.
      </Typography>
    );
  } else {
    body = (
      <List dense aria-label="Components by system">
        {value.map(group => (
          <li key={group.system ? group.system.name : ''}>
            <List dense disablePadding>
              <ListSubheader disableSticky>
                {group.system ? (
                  <EntityRefLink
                    entityRef={group.system}
                    defaultKind="system"
                  />
                ) : (
                  'No system'
                )}{' '}
                ({group.components.length})
              </ListSubheader>
              {group.components.map(c => (
                <ListItem key={c.ref.name} dense>
                  <EntityRefLink
                    entityRef={c.ref}
                    defaultKind="component"
                    title={c.title}
                  />
                </ListItem>
              ))}
            </List>
          </li>
        ))}
      </List>
    );
  }
  return (
    <InfoCard
      title={`Components running here (${refs.length})`}
      subheader="Catalog components with an application in this environment, by system (one component may run several applications)"
    >
      {body}
    </InfoCard>
  );
}
