import { fireEvent, render, screen } from '@testing-library/react';
import { rowClickOpens } from './rowClickOpens';

type Row = { key: string; claimed: boolean };

function Rows(props: { rows: Row[]; open: (row: Row) => void }) {
  const onClick = rowClickOpens(props.open, (row: Row) => row.claimed);
  return (
    <table>
      <tbody>
        {props.rows.map(row => (
          <tr key={row.key} onClick={event => onClick(event, row)}>
            <td>{row.key}</td>
            <td>
              <a href={`#owner-of-${row.key}`}>owner of {row.key}</a>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

describe('rowClickOpens', () => {
  const rows = [
    { key: 'claimed-app', claimed: true },
    { key: 'unclaimed-app', claimed: false },
  ];

  it('opens a row clicked outside its links', () => {
    const open = jest.fn();
    render(<Rows rows={rows} open={open} />);
    fireEvent.click(screen.getByText('claimed-app'));
    expect(open).toHaveBeenCalledWith(rows[0]);
  });

  it('lets a link in the row go where it points', () => {
    const open = jest.fn();
    render(<Rows rows={rows} open={open} />);
    fireEvent.click(screen.getByText('owner of claimed-app'));
    expect(open).not.toHaveBeenCalled();
  });

  it('leaves a row with nothing to open as it is', () => {
    const open = jest.fn();
    render(<Rows rows={rows} open={open} />);
    fireEvent.click(screen.getByText('unclaimed-app'));
    expect(open).not.toHaveBeenCalled();
  });
});
