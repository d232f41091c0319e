// @vitest-environment jsdom
import type { DefinitionAuditEntry, DefinitionAuditPage } from '@procedo/client-api/designer';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { DefinitionChanges, type DefinitionChangesQuery } from './DefinitionChanges';

const entry = (
  kind: 'form' | 'command',
  key: number,
  version: number,
  note = `note ${version}`,
): DefinitionAuditEntry => ({
  Kind: kind,
  Key: key,
  Name: kind === 'form' ? 'Supplier' : 'CAPA',
  Version: version,
  PublishedAt: `2026-11-2${version}T10:00:00.000Z`,
  PublishedBy: 'supervisor',
  ChangeNote: note,
});

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent);

describe('DefinitionChanges', () => {
  it('shows a page newest first with links, reads the next page by its cursor, and one kind when chosen', async () => {
    const user = userEvent.setup();
    const load = vi.fn(async (query: DefinitionChangesQuery): Promise<DefinitionAuditPage> => {
      if (query.kind === 'command') return { Items: [entry('command', 4, 2)], NextCursor: null };
      return query.cursor === 'p2'
        ? { Items: [entry('form', 102, 1, 'Seeded')], NextCursor: null }
        : { Items: [entry('command', 4, 2), entry('form', 102, 2, 'Audit reference')], NextCursor: 'p2' };
    });
    render(<DefinitionChanges load={load} hrefOf={(e) => `/designer/${e.Kind}/${e.Key}`} />);

    const link = await screen.findByRole('link', { name: 'Open Process command 4: CAPA (version 2)' });
    expect(link.getAttribute('href')).toBe('/designer/command/4');
    expect(rows()).toEqual([
      '2026-11-22 10:00:00Process command 4: CAPA2supervisornote 2',
      '2026-11-22 10:00:00Form 102: Supplier2supervisorAudit reference',
    ]);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await screen.findByText('Seeded');
    expect(rows()).toHaveLength(3);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'p2' }));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Kind' }), 'command');
    await screen.findByRole('link', { name: /CAPA/ });
    expect(rows()).toHaveLength(1);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ kind: 'command' }));
  });

  it('keeps what is shown when a page cannot be read, says why, and tries the same page again', async () => {
    const user = userEvent.setup();
    let fail = true;
    const load = vi.fn(async (query: DefinitionChangesQuery): Promise<DefinitionAuditPage> => {
      if (query.cursor === undefined) return { Items: [entry('form', 102, 2)], NextCursor: 'p2' };
      if (fail) throw new Error('HTTP 503');
      return { Items: [entry('form', 102, 1)], NextCursor: null };
    });
    render(<DefinitionChanges load={load} />);
    await user.click(await screen.findByRole('button', { name: 'Show more' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'The changes could not be read: HTTP 503',
    );
    expect(rows()).toHaveLength(1);
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('note 1');
    expect(rows()).toHaveLength(2);
    expect(load).toHaveBeenLastCalledWith(expect.objectContaining({ cursor: 'p2' }));
  });

  it('says so when there is no change', async () => {
    const view = render(<DefinitionChanges load={async () => ({ Items: [], NextCursor: null })} />);
    expect((await screen.findByText('No changes.')).getAttribute('role')).toBe('status');
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});
