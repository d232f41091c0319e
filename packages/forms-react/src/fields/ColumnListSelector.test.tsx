// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ColumnListSelector, moveColumns } from './ColumnListSelector';

const COLUMNS = [
  { Name: 'code', Caption: 'Code' },
  { Name: 'name', Caption: 'Name' },
  { Name: 'country', Caption: 'Country' },
  { Name: 'status', Caption: 'Status' },
  { Name: 'rating', Caption: 'Rating' },
];

function Harness({ initial, changes }: { initial: string[]; changes: string[][] }) {
  const [selected, setSelected] = useState(initial);
  return (
    <ColumnListSelector
      available={COLUMNS}
      selected={selected}
      onChange={(next) => {
        changes.push(next);
        setSelected(next);
      }}
    />
  );
}

const list = (name: string) => screen.getByRole('listbox', { name });
const optionNames = (name: string) =>
  within(list(name))
    .queryAllByRole('option')
    .map((o) => o.textContent);
const button = (name: string) => screen.getByRole('button', { name });

describe('ColumnListSelector', () => {
  it('lists the columns not shown beside the shown ones, in order, in a labelled group', () => {
    render(<Harness initial={['status', 'code']} changes={[]} />);
    expect(screen.getByRole('group', { name: 'Columns' })).toBeTruthy();
    expect(optionNames('Available columns')).toEqual(['Name', 'Country', 'Rating']);
    expect(optionNames('Selected columns')).toEqual(['Status', 'Code']);
    for (const name of ['Add', 'Remove', 'Move up', 'Move down']) {
      expect(button(name).hasAttribute('disabled')).toBe(true);
    }
  });

  it('adds the chosen available columns at the end of the shown ones', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(<Harness initial={['code']} changes={changes} />);
    await user.click(within(list('Available columns')).getByRole('option', { name: 'Rating' }));
    await user.click(within(list('Available columns')).getByRole('option', { name: 'Name' }));
    await user.click(button('Add'));
    expect(changes).toEqual([['code', 'name', 'rating']]);
    expect(optionNames('Available columns')).toEqual(['Country', 'Status']);
    expect(optionNames('Selected columns')).toEqual(['Code', 'Name', 'Rating']);
  });

  it('removes the chosen shown columns back to the available list', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(<Harness initial={['code', 'name', 'status']} changes={changes} />);
    await user.click(within(list('Selected columns')).getByRole('option', { name: 'Name' }));
    await user.click(button('Remove'));
    expect(changes).toEqual([['code', 'status']]);
    expect(optionNames('Available columns')).toEqual(['Name', 'Country', 'Rating']);
  });

  it('moves chosen columns up and down one place at a time, and not past the ends', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(<Harness initial={['code', 'name', 'country', 'status']} changes={changes} />);
    await user.click(within(list('Selected columns')).getByRole('option', { name: 'Country' }));
    await user.click(button('Move up'));
    expect(optionNames('Selected columns')).toEqual(['Code', 'Country', 'Name', 'Status']);
    await user.click(button('Move up'));
    expect(optionNames('Selected columns')).toEqual(['Country', 'Code', 'Name', 'Status']);
    expect(button('Move up').hasAttribute('disabled')).toBe(true);
    await user.click(button('Move down'));
    await user.click(button('Move down'));
    await user.click(button('Move down'));
    expect(optionNames('Selected columns')).toEqual(['Code', 'Name', 'Status', 'Country']);
    expect(button('Move down').hasAttribute('disabled')).toBe(true);
    expect(changes).toHaveLength(5);
  });

  it('is operable with the keyboard alone', async () => {
    const user = userEvent.setup();
    const changes: string[][] = [];
    render(<Harness initial={['code']} changes={changes} />);
    await user.tab();
    expect(list('Available columns').contains(document.activeElement)).toBe(true);
    await user.keyboard('{ArrowDown}[Space]');
    await user.tab();
    expect(document.activeElement).toBe(button('Add'));
    await user.keyboard('{Enter}');
    expect(changes).toEqual([['code', 'country']]);
  });
});

describe('moveColumns', () => {
  it('keeps a chosen block together and leaves a block at the edge where it is', () => {
    const chosen = new Set(['a', 'b', 'd']);
    expect(moveColumns(['a', 'b', 'c', 'd'], chosen, -1)).toEqual(['a', 'b', 'd', 'c']);
    expect(moveColumns(['a', 'b', 'c', 'd'], chosen, 1)).toEqual(['c', 'a', 'b', 'd']);
  });
});
