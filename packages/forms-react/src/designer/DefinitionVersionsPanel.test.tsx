// @vitest-environment jsdom
import type { DefinitionVersionList } from '@procedo/client-api/designer';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DefinitionVersionsPanel, type DefinitionVersionsSource } from './DefinitionVersionsPanel';

const LIST: DefinitionVersionList = {
  Items: [3, 2, 1].map((Version) => ({
    Version,
    PublishedAt: `2026-11-0${Version}T10:00:00.000Z`,
    PublishedBy: 'supervisor',
    ChangeNote: Version === 1 ? '' : `Change ${Version}`,
  })),
} as DefinitionVersionList;

function source(overrides: Partial<DefinitionVersionsSource> = {}) {
  return {
    versions: vi.fn(async () => LIST),
    diff: vi.fn(async (from: number, to: number) => ({
      Changes: [{ Path: 'Check', Change: 'added' as const, After: { from, to } }],
    })),
    publishAgain: vi.fn(async (version: number) => ({ Version: 4, From: version })),
    ...overrides,
  };
}

describe('DefinitionVersionsPanel', () => {
  it('lists every version, shows the diff of two selected ones, and publishes an older one again with the revert note', async () => {
    const user = userEvent.setup();
    const from = source();
    const onPublished = vi.fn();
    render(<DefinitionVersionsPanel source={from} baseVersion={3} onPublished={onPublished} />);
    expect(await screen.findByText('Version 3, supervisor, 2026-11-03 10:00:00 UTC')).toBeTruthy();
    expect(screen.getByText('(no note)')).toBeTruthy();
    // The version the page holds offers no revert.
    expect(screen.queryByRole('button', { name: 'Publish this version again (Version 3)' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: /Version 3,/ }));
    await user.click(screen.getByRole('checkbox', { name: /Version 1,/ }));
    expect(await screen.findByRole('heading', { name: 'Changes from version 1 to version 3' })).toBeTruthy();
    expect(from.diff).toHaveBeenLastCalledWith(1, 3);
    expect(await screen.findByText(/Check/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Publish this version again (Version 1)' }));
    expect(from.publishAgain).toHaveBeenCalledWith(1, false, 'Revert to version 1');
    await vi.waitFor(() => expect(onPublished).toHaveBeenCalledWith({ Version: 4, From: 1 }));
  });

  it('asks to confirm a breaking revert and calls again with confirmBreaking', async () => {
    const user = userEvent.setup();
    const publishAgain = vi
      .fn()
      .mockRejectedValueOnce({
        code: 'BREAKING_CHANGE',
        breaking: [{ Element: 'Tax', Reason: 'kind-changed' }],
      })
      .mockResolvedValueOnce({ Version: 4 });
    render(
      <DefinitionVersionsPanel source={source({ publishAgain })} baseVersion={3} onPublished={vi.fn()} />,
    );
    await user.click(await screen.findByRole('button', { name: 'Publish this version again (Version 2)' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Tax: kind-changed');
    await user.click(screen.getByRole('button', { name: 'Publish anyway' }));
    expect(publishAgain).toHaveBeenLastCalledWith(2, true, 'Revert to version 2');
  });
});
