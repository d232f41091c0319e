// @vitest-environment jsdom
import {
  HttpStatusError,
  type SavedFilter,
  SearchConditionMessages,
  type ValueElement,
} from '@procedo/client-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { FilterEditor, type FilterEditorDraft } from './FilterEditor';

const fields: ValueElement[] = [
  { Kind: 'text', Name: 'Title', Label: 'Title', MaxLength: 200 },
  { Kind: 'date', Name: 'OccurredOn', Label: 'Occurred on' },
  {
    Kind: 'select',
    Name: 'Severity',
    Label: 'Severity',
    Options: [
      { Value: 'Minor', Label: 'Minor' },
      { Value: 'Major', Label: 'Major' },
    ],
  },
] as ValueElement[];

const savedFilter = (Id: number, Name: string, extra: Partial<SavedFilter> = {}): SavedFilter => ({
  Id,
  WebTemplateNo: 103,
  EntityViewName: 'Deviations',
  Name,
  IsShared: false,
  IsOwn: true,
  OwnerName: 'operator',
  Filter: { Combine: 'and', Conditions: [{ Field: 'Title', Op: 'contains', Value: 'x' }] },
  Version: 1,
  CreatedBy: 'operator',
  CreatedAt: '2026-11-24T10:00:00.000Z',
  UpdatedBy: 'operator',
  UpdatedAt: '2026-11-24T10:00:00.000Z',
  ...extra,
});

function setup(props: Partial<Parameters<typeof FilterEditor>[0]> = {}) {
  const onSave = vi.fn<(draft: FilterEditorDraft) => Promise<SavedFilter | undefined>>(async () => undefined);
  const onApply = vi.fn();
  const user = userEvent.setup();
  const view = render(
    <FilterEditor fields={fields} savedFilters={[]} onSave={onSave} onApply={onApply} {...props} />,
  );
  return { user, onSave, onApply, view };
}

const row = (n: number) => screen.getByRole('group', { name: `Condition ${n}` });

async function dateCondition(user: ReturnType<typeof userEvent.setup>, n: number, value: string) {
  await user.selectOptions(within(row(n)).getByLabelText('Field'), 'OccurredOn');
  await user.selectOptions(within(row(n)).getByLabelText('Comparison'), 'after');
  await user.type(within(row(n)).getByLabelText('Value'), value);
}

describe('FilterEditor', () => {
  it('shows a malformed date’s message on its condition, linked to its controls, and keeps what was typed', async () => {
    const { user, onSave } = setup();
    await user.type(within(row(1)).getByLabelText('Value'), 'leak');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await dateCondition(user, 2, '2026-13-45');
    await user.type(screen.getByLabelText('Name'), 'Late leaks');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));

    expect(onSave).not.toHaveBeenCalled();
    const value = within(row(2)).getByLabelText('Value');
    expect(value).toHaveProperty('value', '2026-13-45');
    expect(value.getAttribute('aria-invalid')).toBe('true');
    const problem = document.getElementById(value.getAttribute('aria-describedby') ?? '');
    expect(problem?.textContent).toBe(SearchConditionMessages.date);
    expect(row(2).contains(problem)).toBe(true);
    expect(within(row(1)).getByLabelText('Value').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe('One condition needs a change.');

    await user.clear(value);
    await user.type(value, '2026-03-01');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(onSave).toHaveBeenCalledWith({
      Name: 'Late leaks',
      IsShared: false,
      Filter: {
        Combine: 'and',
        Conditions: [
          { Field: 'Title', Op: 'contains', Value: 'leak' },
          { Field: 'OccurredOn', Op: 'gt', Value: '2026-03-01' },
        ],
      },
    });
    expect(await screen.findByText('Saved “Late leaks”.')).toBeTruthy();
  });

  it('puts the server’s 400 issues on the condition and the name they name, keeping every input', async () => {
    const error = new HttpStatusError({
      status: 400,
      method: 'POST',
      url: '/api/v1/forms/103/filters',
      bodyText: '',
      body: {
        Message: 'Invalid request',
        Code: 'VALIDATION',
        Issues: [
          {
            code: 'invalid_condition',
            path: ['Filter', 'Conditions', 1],
            message: 'This field cannot be searched.',
          },
          { code: 'duplicate_name', path: ['Name'], message: 'You have a filter of this name already.' },
        ],
      },
    });
    const { user, onSave } = setup();
    onSave.mockRejectedValueOnce(error);
    await user.type(within(row(1)).getByLabelText('Value'), 'leak');
    await user.click(screen.getByRole('button', { name: 'Add condition' }));
    await dateCondition(user, 2, '2026-03-01');
    await user.type(screen.getByLabelText('Name'), 'Mine');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));

    expect(await within(row(2)).findByText('This field cannot be searched.')).toBeTruthy();
    expect(within(row(1)).queryByText('This field cannot be searched.')).toBeNull();
    const name = screen.getByLabelText('Name');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'You have a filter of this name already.',
    );
    expect(name).toHaveProperty('value', 'Mine');
    expect(within(row(2)).getByLabelText('Value')).toHaveProperty('value', '2026-03-01');
  });

  it('offers the comparisons of the field’s kind in words, with the inputs each needs', async () => {
    const { user } = setup();
    const comparison = () => within(row(1)).getByLabelText('Comparison') as HTMLSelectElement;
    expect([...comparison().options].map((o) => o.text)).toEqual([
      'contains',
      'is',
      'is not',
      'is empty',
      'is not empty',
    ]);
    await user.selectOptions(within(row(1)).getByLabelText('Field'), 'OccurredOn');
    expect([...comparison().options].map((o) => o.text)).toContain('before');
    await user.selectOptions(comparison(), 'between');
    expect(within(row(1)).getByLabelText('From')).toBeTruthy();
    expect(within(row(1)).getByLabelText('To')).toBeTruthy();
    await user.selectOptions(comparison(), 'is empty');
    expect(within(row(1)).queryByLabelText('Value')).toBeNull();
    await user.selectOptions(within(row(1)).getByLabelText('Field'), 'Severity');
    await user.selectOptions(comparison(), 'is any of');
    const values = within(row(1)).getByRole('group', { name: 'Values' });
    await user.click(within(values).getByLabelText('Major'));
    expect(within(values).getByLabelText('Major')).toHaveProperty('checked', true);
  });

  it('combines with or, removes a condition, and shares only when the user may', async () => {
    const plain = setup();
    expect(screen.queryByLabelText('Shared with everyone')).toBeNull();
    plain.view.unmount();
    const shared = setup({ canShare: true });
    await shared.user.type(within(row(1)).getByLabelText('Value'), 'a');
    await shared.user.click(screen.getByRole('button', { name: 'Add condition' }));
    await shared.user.type(within(row(2)).getByLabelText('Value'), 'b');
    await shared.user.click(screen.getByRole('button', { name: 'Remove condition 1' }));
    await shared.user.click(screen.getByLabelText('Any condition may match (or)'));
    await shared.user.click(screen.getByLabelText('Shared with everyone'));
    await shared.user.type(screen.getByLabelText('Name'), 'B');
    await shared.user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(shared.onSave).toHaveBeenCalledWith({
      Name: 'B',
      IsShared: true,
      Filter: { Combine: 'or', Conditions: [{ Field: 'Title', Op: 'contains', Value: 'b' }] },
    });
  });

  it('applies the ticked saved filters, the current ones ticked at first', async () => {
    const { user, onApply } = setup({
      savedFilters: [
        savedFilter(3, 'Open majors'),
        savedFilter(5, 'Everyone’s', { IsShared: true, IsOwn: false, OwnerName: 'supervisor' }),
      ],
      defaultSelectedIds: [3, 99],
    });
    expect(screen.getByLabelText('Open majors')).toHaveProperty('checked', true);
    await user.click(screen.getByLabelText(/Everyone’s/));
    expect(screen.getByText('(shared by supervisor)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith({ ids: [3, 5] });
  });

  it('loads a saved filter to change it: Save sends its id and version, and the next Save the new version', async () => {
    const mine = savedFilter(3, 'Open majors', {
      Version: 4,
      Filter: {
        Combine: 'or',
        Conditions: [
          { Field: 'Severity', Op: 'equals', Value: 'Major' },
          { Field: 'OccurredOn', Op: 'between', Value: '2026-01-01', Value2: '2026-03-31' },
        ],
      },
    });
    const others = savedFilter(5, 'Everyone’s', { IsShared: true, IsOwn: false, OwnerName: 'supervisor' });
    const onDelete = vi.fn(async () => {});
    const { user, onSave } = setup({ savedFilters: [mine, others], onDelete });
    expect(screen.queryByRole('button', { name: 'Edit Everyone’s' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Edit Open majors' }));
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Open majors');
    expect(within(row(2)).getByLabelText('To')).toHaveProperty('value', '2026-03-31');
    expect(screen.getByLabelText('Any condition may match (or)')).toHaveProperty('checked', true);

    onSave.mockResolvedValueOnce({ ...mine, Version: 5 });
    await user.selectOptions(within(row(1)).getByLabelText('Value'), 'Minor');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ Id: 3, Version: 4 }));
    await screen.findByText('Saved “Open majors”.');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(onSave).toHaveBeenLastCalledWith(expect.objectContaining({ Id: 3, Version: 5 }));

    await user.click(screen.getByRole('button', { name: 'Delete Open majors' }));
    expect(onDelete).toHaveBeenCalledWith(mine);
    await screen.findByText('Deleted “Open majors”.');
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    expect(onSave.mock.lastCall?.[0]).not.toHaveProperty('Id');
  });

  it('works from the keyboard: Tab reaches each control of a condition, Enter saves', async () => {
    const { user, onSave } = setup();
    await user.tab();
    expect(document.activeElement).toBe(screen.getByLabelText('All conditions must match (and)'));
    await user.tab();
    expect(document.activeElement).toBe(within(row(1)).getByLabelText('Field'));
    await user.tab();
    expect(document.activeElement).toBe(within(row(1)).getByLabelText('Comparison'));
    await user.tab();
    await user.keyboard('leak');
    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('Leaks{Enter}');
    expect(onSave).toHaveBeenCalledWith({
      Name: 'Leaks',
      IsShared: false,
      Filter: { Combine: 'and', Conditions: [{ Field: 'Title', Op: 'contains', Value: 'leak' }] },
    });
  });

  it('has no accessibility violations, with a problem shown', async () => {
    const { user, view } = setup({ savedFilters: [savedFilter(3, 'Open majors')], canShare: true });
    await user.click(screen.getByRole('button', { name: 'Save filter' }));
    const results = await axe.run(view.container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' ')}`)).toEqual([]);
  });
});
