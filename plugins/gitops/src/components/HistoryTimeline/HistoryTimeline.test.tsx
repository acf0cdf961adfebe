import { screen, within } from '@testing-library/react';
import { devApp, entityRef, revisions } from '../../__testUtils__/fixtures';
import { renderWithEntity } from '../../__testUtils__/renderWithEntity';
import { toApplicationRef } from '../../lib/applicationRef';
import { HistoryTimeline } from './HistoryTimeline';

describe('HistoryTimeline', () => {
  it('links every deployment to its commit and shows each signature state', async () => {
    await renderWithEntity(
      <HistoryTimeline
        app={toApplicationRef(entityRef, devApp)}
        application={devApp}
      />,
    );
    const history = screen.getByRole('list', { name: 'Deployment history' });
    const links = within(history).getAllByRole('link', { name: /^Commit / });
    expect(links.map(link => link.getAttribute('href'))).toEqual([
      `https://github.com/acme/payments-deploy/commit/${revisions.SHA_B}`,
      `https://github.com/acme/payments-deploy/commit/${revisions.SHA_A}`,
    ]);
    // SHA_B is signed, SHA_A unsigned in the test API: two different states
    expect(await within(history).findByText('signed')).toBeInTheDocument();
    expect(await within(history).findByText('unsigned')).toBeInTheDocument();
    expect(within(history).queryByText('invalid signature')).toBeNull();
  });
});
