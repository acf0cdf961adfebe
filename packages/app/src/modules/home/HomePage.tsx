import {
  Content,
  Header,
  InfoCard,
  Link,
  Page,
} from '@backstage/core-components';
import {
  configApiRef,
  useApi,
  useRouteRef,
  type RouteRef,
} from '@backstage/frontend-plugin-api';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import scaffolderPlugin from '@backstage/plugin-scaffolder/alpha';
import gitopsPlugin from '@gitops-suite/plugin-gitops/alpha';
import Grid from '@material-ui/core/Grid';
import Typography from '@material-ui/core/Typography';

/** One place the portal leads to: a card with its link and what it is for. */
function Destination(props: {
  routeRef: RouteRef;
  title: string;
  linkText: string;
  children: string;
}) {
  const { routeRef, title, linkText, children } = props;
  // a page the app leaves out (a plugin not installed, or one the
  // permission policy denies, like the fleet page) gives no link
  const link = useRouteRef(routeRef);
  if (!link) return null;
  return (
    <Grid item xs={12} md={4}>
      <InfoCard title={title}>
        <Typography variant="body1" paragraph>
          {children}
        </Typography>
        <Link to={link()}>{linkText}</Link>
      </InfoCard>
    </Grid>
  );
}

/**
 * The page at `/`, where sign-in lands: the portal's title, and the pages
 * a newcomer starts from, each linked through its plugin's route (so the
 * links follow wherever the app mounts those pages).
 */
export function HomePage() {
  const title =
    useApi(configApiRef).getOptionalString('app.title') ?? 'Backstage';
  return (
    <Page themeId="home">
      <Header
        title={title}
        subtitle="Where your services run, and how to change them"
      />
      <Content>
        <Grid container spacing={3}>
          <Destination
            routeRef={gitopsPlugin.routes.root}
            title="GitOps fleet"
            linkText="Open the GitOps fleet"
          >
            Every agent, cluster and environment, and the applications that need
            attention: out of sync, degraded or failing to hydrate.
          </Destination>
          <Destination
            routeRef={catalogPlugin.routes.catalogIndex}
            title="Software catalog"
            linkText="Browse the catalog"
          >
            Your services: where each runs, its promotion from dev to prod, its
            pull requests, and the operations its owners may run.
          </Destination>
          <Destination
            routeRef={scaffolderPlugin.routes.root}
            title="Create"
            linkText="Create a service or an environment"
          >
            Golden paths: a new GitOps-managed service, an environment for an
            existing one, or the promotion of a release.
          </Destination>
        </Grid>
      </Content>
    </Page>
  );
}
