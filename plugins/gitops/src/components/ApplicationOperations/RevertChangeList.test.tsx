import { render, screen } from '@testing-library/react';
import { RevertChangeList } from './RevertChangeList';

describe('RevertChangeList', () => {
  it('lists each change as a line: the file, what, and from → to where it has them', () => {
    render(
      <RevertChangeList
        changes={[
          {
            file: 'deploy/overlays/dev/kustomization.yaml',
            what: 'image ghcr.io/acme/payments',
            from: '1.4.2',
            to: '1.4.1',
          },
          { file: 'charts/payments/Chart.yaml', what: 'version', to: '0.9.0' },
          { file: 'deploy/base/deployment.yaml', what: 'restored' },
        ]}
      />,
    );
    expect(
      screen.getAllByRole('listitem').map(item => item.textContent),
    ).toEqual([
      'deploy/overlays/dev/kustomization.yaml: image ghcr.io/acme/payments 1.4.2 → 1.4.1',
      'charts/payments/Chart.yaml: version none → 0.9.0',
      'deploy/base/deployment.yaml: restored',
    ]);
  });
});
