import { render, screen } from '@testing-library/react';
import { SignatureBadge } from './SignatureBadge';

describe('SignatureBadge', () => {
  it('names the signer of a signed commit without a hover', () => {
    render(
      <SignatureBadge
        signature={{
          state: 'signed',
          info: 'gpg: Signature made Mon\ngpg: Good signature from "Jane <jane@acme.example>" [ultimate]',
          problems: [],
        }}
      />,
    );
    expect(screen.getByText('signed')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Good signature from "Jane <jane@acme.example>" [ultimate]',
      ),
    ).toBeVisible();
  });

  it('tells an unsigned commit from an invalid signature', () => {
    const { rerender } = render(
      <SignatureBadge
        signature={{
          state: 'unsigned',
          problems: [
            'GIT/GPG: Failed verifying revision abc: unsigned (key_id=)',
          ],
        }}
      />,
    );
    expect(screen.getByText('unsigned')).toBeInTheDocument();
    expect(screen.queryByText('invalid signature')).toBeNull();
    expect(
      screen.getByText('The commit carries no GnuPG signature'),
    ).toBeVisible();

    rerender(
      <SignatureBadge
        signature={{
          state: 'invalid',
          problems: ['GIT/GPG: signed with key not in keyring (key_id=4AEE)'],
        }}
      />,
    );
    expect(screen.getByText('invalid signature')).toBeInTheDocument();
    expect(
      screen.getByText('GIT/GPG: signed with key not in keyring (key_id=4AEE)'),
    ).toBeVisible();
  });

  it('says when the agent does not tell', () => {
    render(<SignatureBadge signature={{ state: 'unknown', problems: [] }} />);
    expect(screen.getByText('signature unknown')).toBeInTheDocument();
    expect(
      screen.getByText('The agent reported no signature check'),
    ).toBeVisible();
  });
});
