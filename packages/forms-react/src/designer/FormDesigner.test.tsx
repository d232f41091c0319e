// @vitest-environment jsdom
import type { FormDefinition } from '@procedo/client-api';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormDesigner } from './FormDesigner';
import { SUPPLIER_FORM } from './fixtures';
import type { PublishRequest } from './publish-errors';

function renderDesigner(onPublish = vi.fn(async (_: PublishRequest) => ({ Version: 2 }))) {
  const user = userEvent.setup();
  render(
    <FormDesigner
      definition={SUPPLIER_FORM}
      onPublish={onPublish}
      pickerSources={['suppliers', 'products']}
    />,
  );
  return { user, onPublish };
}

const tree = () => screen.getByRole('treegrid', { name: 'Form elements' });
const row = (name: RegExp) => within(tree()).getByRole('row', { name });
const properties = () => screen.getByRole('region', { name: 'Properties' });
const preview = () => screen.getByRole('region', { name: 'Preview' });
const rowNames = () =>
  within(tree())
    .getAllByRole('row')
    .map((item) => item.getAttribute('data-key'));

async function publishWithNote(user: ReturnType<typeof userEvent.setup>, note = 'Tax number for invoices') {
  await user.type(screen.getByLabelText('Change note'), note);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
}

describe('FormDesigner', () => {
  it('adds a mandatory text field that the preview shows', async () => {
    const { user } = renderDesigner();
    await screen.findByRole('tab', { name: 'General' });
    await user.click(row(/Delete \(Delete\)/));
    await user.click(screen.getByRole('button', { name: 'Add element' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Text' }));
    expect(row(/Text1 \(Text1\)/).getAttribute('aria-selected')).toBe('true');
    const label = within(properties()).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Tax number');
    await user.click(within(properties()).getByLabelText('Mandatory'));
    const field = within(preview()).getByRole('textbox', { name: /Tax number/ });
    expect(field.getAttribute('aria-required') === 'true' || (field as HTMLInputElement).required).toBe(true);
  });

  it('moves the selected element with Alt+Arrow keys and the Move buttons, across tab edges', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/Save \(Save\)/));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    // Save went from below the strip into its last tab (Quality), after Internal notes.
    const order = rowNames();
    const save = order.indexOf(row(/Save \(Save\)/).getAttribute('data-key'));
    expect(order[save - 1]).toBe(row(/Internal notes/).getAttribute('data-key'));
    expect(row(/Save \(Save\)/).getAttribute('aria-level')).toBe('3');
    // The focus stayed on the moved row, so the keys go on moving it.
    expect(row(/Save \(Save\)/).contains(document.activeElement)).toBe(true);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}{Alt>}{ArrowDown}{/Alt}');
    expect(row(/Save \(Save\)/).getAttribute('aria-level')).toBe('3');
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(row(/Save \(Save\)/).getAttribute('aria-level')).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Move up' }));
    await publishWithNote(user);
    const quality = (
      onPublish.mock.calls[0]![0].definition.Elements[0] as Extract<
        FormDefinition['Elements'][number],
        { Kind: 'tabs' }
      >
    ).Tabs[1]!;
    expect(quality.Elements.map((element) => element.Name)).toEqual([
      'Rating',
      'LastAuditDate',
      'AuditNotes',
      'InternalNotes',
      'Save',
    ]);
  });

  it('shows a problem at its element in the tree and the panel, and refuses to publish', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/Country \(Country\)/));
    const name = within(properties()).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)!.textContent).toBe(
      'duplicate element name Name',
    );
    // In the row's accessible name, so a screen reader says it too.
    row(/^Country \(Name\), 1 problem$/);
    // The preview leaves the element with the problem out and shows the rest.
    within(preview()).getByText(/the preview leaves out the elements that have them/);
    expect(within(preview()).queryByRole('textbox', { name: 'Country' })).toBeNull();
    within(preview()).getByRole('textbox', { name: 'Email' });
    await publishWithNote(user);
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('The draft has 1 problem');
  });

  it('publishes the definition with the change note', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/Country \(Country\)/));
    await user.click(within(properties()).getByLabelText('Mandatory'));
    await publishWithNote(user, 'Country is mandatory');
    expect(onPublish).toHaveBeenCalledTimes(1);
    const request = onPublish.mock.calls[0]![0];
    expect(request.changeNote).toBe('Country is mandatory');
    expect(request.confirmBreaking).toBe(false);
    expect(JSON.stringify(request.definition)).toContain(
      '"Name":"Country","Label":"Country","MaxLength":60,"IsMandatory":true',
    );
    expect((await screen.findByRole('status')).textContent).toContain('Published as version 2.');
  });

  it('keeps the draft on a conflict and says who was first', async () => {
    const onPublish = vi.fn(async () => {
      throw Object.assign(new Error('409'), { body: { Code: 'CONFLICT', Message: 'x', CurrentVersion: 3 } });
    });
    const { user } = renderDesigner(onPublish);
    await user.click(row(/Country \(Country\)/));
    const label = within(properties()).getByLabelText('Label');
    await user.type(label, ' of origin');
    await publishWithNote(user);
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Another designer published version 3 first.',
    );
    expect((within(properties()).getByLabelText('Label') as HTMLInputElement).value).toBe(
      'Country of origin',
    );
    expect((screen.getByLabelText('Change note') as HTMLInputElement).value).toBe('Tax number for invoices');
    row(/Country of origin/);
  });

  it('shows the server’s issues at their elements', async () => {
    const onPublish = vi.fn(async () => {
      throw {
        code: 'VALIDATION',
        issues: [
          {
            path: ['Definition', 'Elements', 0, 'Tabs', 0, 'Elements', 1, 'DependsOn'],
            message: 'no such element',
          },
        ],
      };
    });
    const { user } = renderDesigner(onPublish);
    await publishWithNote(user);
    expect((await screen.findByRole('alert')).textContent).toContain('The server refused the draft');
    row(/^Country \(Country\), 1 problem$/);
    await user.click(row(/Country \(Country\)/));
    within(properties()).getByText(/no such element/);
  });

  it('asks to confirm a breaking change and publishes again with confirmBreaking', async () => {
    const onPublish = vi.fn(async (request: PublishRequest) => {
      if (request.confirmBreaking) return { Version: 4 };
      throw { code: 'BREAKING_CHANGE', breaking: [{ Element: 'Phone', Reason: 'removed-with-values' }] };
    });
    const { user } = renderDesigner(onPublish);
    await user.click(row(/Phone \(Phone\)/));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(within(tree()).queryByRole('row', { name: /Phone \(Phone\)/ })).toBeNull();
    await publishWithNote(user);
    const dialog = await screen.findByRole('alertdialog', { name: 'This change affects stored records' });
    expect(dialog.textContent).toContain('Phone: removed, and records hold values for it');
    await user.click(within(dialog).getByRole('button', { name: 'Publish anyway' }));
    expect(onPublish).toHaveBeenCalledTimes(2);
    expect(onPublish.mock.calls[1]![0].confirmBreaking).toBe(true);
    expect((await screen.findByRole('status')).textContent).toContain('Published as version 4.');
  });

  it('edits a picker’s source, minimum length and DependsOn', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/Status \(Status\)/));
    await user.selectOptions(within(properties()).getByLabelText('Kind'), 'picker');
    await user.selectOptions(within(properties()).getByLabelText('Picker source'), 'products');
    await user.type(within(properties()).getByLabelText('Minimum search length'), '2');
    await user.click(within(properties()).getByRole('checkbox', { name: 'Country' }));
    await publishWithNote(user);
    const general = (
      onPublish.mock.calls[0]![0].definition.Elements[0] as Extract<
        FormDefinition['Elements'][number],
        { Kind: 'tabs' }
      >
    ).Tabs[0]!;
    expect(general.Elements.find((element) => element.Name === 'Status')).toEqual({
      Kind: 'picker',
      Name: 'Status',
      Label: 'Status',
      IsMandatory: true,
      Source: 'products',
      MinLength: 2,
      DependsOn: ['Country'],
    });
  });

  it('adds a result list into the selected tab and edits its columns with the grid schema fields', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/^Quality$/));
    await user.click(screen.getByRole('button', { name: 'Add element' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Result list' }));
    const caption = within(properties()).getByLabelText('Caption');
    await user.clear(caption);
    await user.type(caption, 'Supplier');
    await user.click(within(properties()).getByRole('button', { name: 'Add column' }));
    const descriptions = within(properties()).getAllByLabelText('Description');
    await user.type(descriptions[1]!, 'Where it comes from');
    await user.type(within(properties()).getAllByLabelText('Opens form')[1]!, '102');
    await publishWithNote(user);
    const quality = (
      onPublish.mock.calls[0]![0].definition.Elements[0] as Extract<
        FormDefinition['Elements'][number],
        { Kind: 'tabs' }
      >
    ).Tabs[1]!;
    expect(quality.Elements.at(-1)).toEqual({
      Kind: 'results',
      Name: 'Results1',
      Label: 'Results1',
      Columns: [
        { Name: 'Name', Caption: 'Supplier' },
        { Name: 'Column2', Caption: 'Column 2', Description: 'Where it comes from', DataFormId: 102 },
      ],
    });
  });
});
