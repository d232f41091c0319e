// @vitest-environment jsdom
import type { ManagedFilter } from '@procedo/client-api/designer';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FilterManager } from './FilterManager';

const FILTERS: ManagedFilter[] = [
  {
    Id: 1,
    WebTemplateNo: 101,
    Name: 'German',
    OwnerName: 'operator',
    IsShared: false,
    Fields: ['Country'],
    Version: 1,
    UpdatedBy: 'operator',
    UpdatedAt: '2026-11-24T10:00:00.000Z',
  },
  {
    Id: 2,
    WebTemplateNo: 101,
    Name: 'Blocked',
    OwnerName: 'supervisor',
    IsShared: true,
    Fields: ['Status'],
    Version: 3,
    UpdatedBy: 'supervisor',
    UpdatedAt: '2026-11-24T11:00:00.000Z',
  },
];

function renderManager(overrides: Partial<Parameters<typeof FilterManager>[0]> = {}) {
  const user = userEvent.setup();
  const handlers = {
    onRename: vi.fn(async () => ({})),
    onShare: vi.fn(async () => ({})),
    onDelete: vi.fn(async () => ({})),
    onChanged: vi.fn(),
  };
  render(<FilterManager filters={FILTERS} changes={[]} {...handlers} {...overrides} />);
  return { user, ...handlers };
}

describe('FilterManager', () => {
  it('lists every filter with owner, shared, fields and last change', () => {
    renderManager();
    const table = screen.getByRole('table', { name: 'Saved filters' });
    const row = within(table).getByRole('row', { name: /German/ });
    expect(row.textContent).toContain('operator');
    expect(row.textContent).toContain('No');
    expect(row.textContent).toContain('Country');
    expect(row.textContent).toContain('2026-11-24 10:00');
  });

  it('renames, shares, unshares and deletes (after confirming), reloading after each', async () => {
    const { user, onRename, onShare, onDelete, onChanged } = renderManager();
    await user.click(screen.getByRole('button', { name: 'Rename German' }));
    const input = screen.getByLabelText('New name');
    await user.clear(input);
    await user.type(input, 'Germany{Enter}');
    expect(onRename).toHaveBeenCalledWith(FILTERS[0], 'Germany');
    expect(await screen.findByText('Renamed to Germany.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Share German' }));
    expect(onShare).toHaveBeenCalledWith(FILTERS[0], true);
    await user.click(screen.getByRole('button', { name: 'Unshare Blocked' }));
    expect(onShare).toHaveBeenLastCalledWith(FILTERS[1], false);
    await user.click(screen.getByRole('button', { name: 'Delete Blocked' }));
    expect(onDelete).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect(onDelete).toHaveBeenCalledWith(FILTERS[1]);
    expect(onChanged).toHaveBeenCalledTimes(4);
  });

  it('says a filter changed meanwhile and reloads; shows other refusals', async () => {
    const { user, onChanged } = renderManager({
      onShare: vi.fn(async () => {
        throw { body: { Code: 'VERSION_CONFLICT', Message: 'changed' } };
      }),
      onDelete: vi.fn(async () => {
        throw { body: { Code: 'FORBIDDEN', Message: 'You may not.' } };
      }),
    });
    await user.click(screen.getByRole('button', { name: 'Share German' }));
    expect((await screen.findByRole('alert')).textContent).toContain('changed since you read it');
    expect(onChanged).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Delete German' }));
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Not done: You may not.');
  });

  it('offers no Share to a designer who may not share', () => {
    renderManager({ canShare: false });
    expect(screen.queryByRole('button', { name: 'Share German' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Unshare Blocked' })).toBeTruthy();
  });
});
