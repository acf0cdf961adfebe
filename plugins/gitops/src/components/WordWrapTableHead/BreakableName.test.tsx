import { render } from '@testing-library/react';
import { BreakableName } from './BreakableName';

describe('BreakableName', () => {
  it('offers a break after each dot, slash and dash, and nowhere else', () => {
    const { container } = render(
      <BreakableName text="https://api.prod-eu-west-1.k8s:6443" />,
    );
    expect(container.textContent).toBe('https://api.prod-eu-west-1.k8s:6443');
    expect(container.innerHTML).toBe(
      'https:/<wbr>/<wbr>api.<wbr>prod-<wbr>eu-<wbr>west-<wbr>1.<wbr>k8s:6443',
    );
  });

  it('leaves a name without separators whole', () => {
    const { container } = render(<BreakableName text="payments" />);
    expect(container.innerHTML).toBe('payments');
  });
});
