import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { type Column, DataTable, TextFilter } from './data-table.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type Row = { id: number; name: string; amount: number };
const columns: Column<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'amount', header: 'Amount', numeric: true, cell: (row) => row.amount },
  { key: 'actions', header: 'Actions', actions: true, cell: () => <button type="button">Go</button> },
];

describe('the shared console components', () => {
  it('draws one row per item with its test id, the header as each cell label, and numbers aligned', () => {
    render(
      <DataTable
        columns={columns}
        rows={[{ id: 1, name: 'a', amount: 5 }]}
        rowKey={(row) => row.id}
        rowTestId={(row) => `row-${row.id}`}
      />,
    );
    const row = screen.getByTestId('row-1');
    const cells = within(row).getAllByRole('cell');
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual(['Name', 'Amount', null]);
    expect(cells[1]?.className).toBe('num');
    expect(cells[2]?.className).toBe('actions');
  });

  it('applies a text filter only when the operator applies it, trimmed', async () => {
    const applied = vi.fn();
    render(<TextFilter label="Member" name="username" onApply={applied} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Member'), '  play ');
    expect(applied).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Lọc' }));
    expect(applied).toHaveBeenCalledWith('play');
  });

  it('refuses an empty required reason, passes the trimmed text on, and shows a check of the caller', async () => {
    const confirmed: string[] = [];
    function Harness() {
      const [open, setOpen] = useState(true);
      return open ? (
        <ReasonDialog
          title="Reject"
          submitLabel="Reject"
          decision={{ error: null, isPending: false, clearError: () => undefined }}
          text="required"
          onConfirm={(reason) => {
            if (reason === 'bad') return 'Not this one.';
            confirmed.push(reason);
            setOpen(false);
          }}
          onClose={() => setOpen(false)}
        />
      ) : null;
    }
    render(<Harness />);
    const user = userEvent.setup();
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Vui lòng ghi lý do');
    await user.type(within(dialog).getByLabelText('Lý do'), 'bad');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Not this one.');
    await user.clear(within(dialog).getByLabelText('Lý do'));
    await user.type(within(dialog).getByLabelText('Lý do'), '  no money arrived ');
    await user.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(confirmed).toEqual(['no money arrived']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
