import {
  createFrontendModule,
  PageBlueprint,
} from '@backstage/frontend-plugin-api';
import HomeIcon from '@material-ui/icons/Home';

/**
 * The home page at `/` (where sign-in lands), with its nav entry "Home":
 * links to the GitOps fleet, the catalog and the golden paths. Its own
 * header names the portal (`app.title`), so the page layout's is left out.
 */
const homePage = PageBlueprint.make({
  name: 'home',
  params: {
    path: '/',
    title: 'Home',
    icon: <HomeIcon fontSize="inherit" />,
    noHeader: true,
    loader: () => import('./HomePage').then(m => <m.HomePage />),
  },
});

export const homeModule = createFrontendModule({
  pluginId: 'app',
  extensions: [homePage],
});
