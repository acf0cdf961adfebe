import { SidebarPage } from '@backstage/core-components';
import { renderInTestApp } from '@backstage/frontend-test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SkipToContent } from './SkipToContent';

describe('SkipToContent', () => {
  it('is the first tab stop and moves the focus to the main content', async () => {
    await renderInTestApp(
      <SidebarPage>
        <SkipToContent />
        <nav>
          <a href="/catalog">Catalog</a>
        </nav>
        <main>
          <h1>Payments</h1>
        </main>
      </SidebarPage>,
    );
    await userEvent.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(skip).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    // the next tab stop is after the sidebar
    expect(screen.getByRole('link', { name: 'Catalog' })).not.toHaveFocus();
  });
});
