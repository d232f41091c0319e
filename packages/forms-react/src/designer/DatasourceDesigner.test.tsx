// @vitest-environment jsdom
import type { Datasource } from '@procedo/client-api/designer';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatasourceDesigner, type DatasourcePublishRequest } from './DatasourceDesigner';
import { moveColumn, readDatasourceFailure } from './datasource-draft';

const SUPPLIER: Datasource = {
  Entity: 'supplier',
  Version: 3,
  PublishedAt: '2026-11-24T10:00:00.000Z',
  PublishedBy: 'supervisor',
  ChangeNote: 'x',
  Columns: [
    { Name: 'Name', Caption: 'Name', Kind: 'text' },
    { Name: 'Country', Caption: 'Country', Kind: 'text' },
    { Name: 'Status', Caption: 'Status', Kind: 'select' },
  ],
};

function renderDesigner(
  onPublish = vi.fn(async (_: DatasourcePublishRequest): Promise<unknown> => ({ Version: 4 })),
) {
  const user = userEvent.setup();
  render(
    <DatasourceDesigner
      datasource={SUPPLIER}
      fields={[{ Name: 'Rating', Caption: 'Rating (1–5)', Kind: 'number' }]}
      onPublish={onPublish}
    />,
  );
  return { user, onPublish };
}

const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
const list = () => screen.getByRole('list', { name: 'Columns' });
const names = () =>
  within(list())
    .getAllByRole('button')
    .map((button) => button.textContent?.replace(/\s*\(.*$/, ''));

describe('DatasourceDesigner', () => {
  it('moves the selected column with Alt+Arrow keys, keeping the focus on it', async () => {
    const { user } = renderDesigner();
    const country = within(list()).getByRole('button', { name: /Country/ });
    await user.click(country);
    expect(country.getAttribute('aria-pressed')).toBe('true');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(names()).toEqual(['Country', 'Name', 'Status']);
    expect(document.activeElement?.textContent).toContain('Country');
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(names()).toEqual(['Country', 'Name', 'Status']);
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(names()).toEqual(['Name', 'Status', 'Country']);
  });

  it('adds an offered field and edits its §3 properties; publish sends the ordered columns and the note', async () => {
    const { user, onPublish } = renderDesigner();
    await user.selectOptions(screen.getByLabelText('Field to add'), 'Rating');
    await user.click(screen.getByRole('button', { name: 'Add column' }));
    await user.type(screen.getByLabelText('Description'), 'From the last audit');
    await user.type(screen.getByLabelText('Data form id'), '102');
    await user.type(screen.getByLabelText('Change note'), 'Rating offered');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onPublish).toHaveBeenCalledWith({
      columns: [
        ...SUPPLIER.Columns,
        {
          Name: 'Rating',
          Caption: 'Rating (1–5)',
          Kind: 'number',
          Description: 'From the last audit',
          DataFormId: 102,
        },
      ],
      changeNote: 'Rating offered',
      confirmBreaking: false,
    });
    expect(await screen.findByText('Published version 4.')).toBeTruthy();
  });

  it('refuses to publish a column without a valid, unique name, showing the problem at its field', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add a blank column' }));
    await user.type(screen.getByLabelText('Name (the record value)'), 'Country');
    await user.type(screen.getByLabelText('Caption'), 'Again');
    await user.type(screen.getByLabelText('Change note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('Fix the 1 problem first.');
    expect(description(screen.getByLabelText('Name (the record value)'))).toBe(
      'Another column has this name.',
    );
  });

  it('shows the server’s issues at their column, and asks before breaking saved filters', async () => {
    const onPublish = vi
      .fn(async (_: DatasourcePublishRequest): Promise<unknown> => ({ Version: 4 }))
      .mockRejectedValueOnce({
        body: {
          Code: 'VALIDATION',
          Issues: [{ path: ['Columns', 2, 'Kind'], message: 'The field Status holds a select value.' }],
        },
      })
      .mockRejectedValueOnce({
        body: {
          Code: 'BREAKING_CHANGE',
          Filters: [
            { Id: 5, WebTemplateNo: 101, Name: 'Well rated', OwnerName: 'operator', Columns: ['Rating'] },
          ],
        },
      });
    const { user } = renderDesigner(onPublish);
    await user.type(screen.getByLabelText('Change note'), 'x');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(within(list()).getByRole('button', { name: /Status/ }));
    expect(description(screen.getByLabelText('Value kind'))).toBe('The field Status holds a select value.');
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Well rated of operator (Rating)');
    await user.click(screen.getByRole('button', { name: 'Publish anyway' }));
    expect(onPublish).toHaveBeenLastCalledWith(expect.objectContaining({ confirmBreaking: true }));
    expect(await screen.findByText('Published version 4.')).toBeTruthy();
  });
});

describe('datasource draft', () => {
  it('moves within the list only', () => {
    expect(moveColumn(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveColumn(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
  });
  it('reads a conflict by shape', () => {
    expect(readDatasourceFailure({ body: { Code: 'CONFLICT', CurrentVersion: 7 } })).toEqual({
      kind: 'conflict',
      currentVersion: 7,
    });
  });
});
