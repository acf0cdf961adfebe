import { renderInTestApp, renderTestApp } from '@backstage/frontend-test-utils';
import catalogPlugin from '@backstage/plugin-catalog/alpha';
import scaffolderPlugin from '@backstage/plugin-scaffolder/alpha';
import { render, screen, waitFor } from '@testing-library/react';
import App from './App';
import { homeModule } from './modules/home';
import { LogoFull } from './modules/nav/LogoFull';

describe('App', () => {
  it('should render', async () => {
    process.env = {
      NODE_ENV: 'test',
      APP_CONFIG: [
        {
          data: {
            app: { title: 'Test' },
            backend: { baseUrl: 'http://localhost:7007' },
          },
          context: 'test',
        },
      ] as any,
    };

    const rendered = render(App.createRoot());

    await waitFor(() => {
      expect(rendered.baseElement).toBeInTheDocument();
    });
  });

  it('lands on the home page at /, which links to the catalog and the golden paths', async () => {
    renderTestApp({
      features: [homeModule, catalogPlugin, scaffolderPlugin],
      config: { app: { title: 'GitOps Portal' } },
      initialRouteEntries: ['/'],
    });
    expect(
      await screen.findByRole('heading', { name: 'GitOps Portal' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByText(/Looks like someone dropped the mic/),
    ).not.toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Browse the catalog' }),
    ).toHaveAttribute('href', '/catalog');
    expect(
      screen.getByRole('link', { name: 'Create a service or an environment' }),
    ).toHaveAttribute('href', '/create');
  });

  it('names the portal in the open sidebar as app.title does', async () => {
    renderInTestApp(<LogoFull />, {
      config: { app: { title: 'GitOps Portal' } },
    });
    expect(await screen.findByText('GitOps Portal')).toBeInTheDocument();
  });
});
