import type { ApplicationNotice } from '@gitops-suite/plugin-gitops-common';
import { renderInTestApp } from '@backstage/test-utils';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NoticeBanner } from './NoticeBanner';
import { NoticeMarker } from './NoticeMarker';

const notice = (
  overrides: Partial<ApplicationNotice> = {},
): ApplicationNotice => ({
  content: 'Scheduled DB maintenance on 2026-06-01 02:00 UTC',
  severity: 'info',
  permanent: false,
  scope: 'both',
  ...overrides,
});

describe('application notices', () => {
  it('shows a dismissible banner, linked when the notice has a link', async () => {
    await renderInTestApp(
      <NoticeBanner notice={notice({ url: 'https://wiki.example.com/db' })} />,
    );
    expect(
      screen.getByRole('link', { name: /Scheduled DB maintenance/ }),
    ).toHaveAttribute('href', 'https://wiki.example.com/db');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByLabelText('Application notice')).toBeNull();
  });

  it('keeps each surface to its scope', async () => {
    await renderInTestApp(
      <>
        <NoticeBanner
          notice={notice({ scope: 'icon', content: 'icon only' })}
        />
        <NoticeMarker
          notice={notice({ scope: 'banner', content: 'banner only' })}
        />
        <NoticeMarker
          notice={notice({ severity: 'critical', content: 'on the list' })}
        />
      </>,
    );
    expect(screen.queryByText('icon only')).toBeNull();
    expect(screen.queryByRole('button', { name: /banner only/ })).toBeNull();
    const marker = screen.getByRole('button', {
      name: 'Notice (critical): on the list',
    });
    // reachable by keyboard: tabbing reaches it (its tooltip shows on focus)
    await userEvent.tab();
    expect(marker).toHaveFocus();
  });
});
