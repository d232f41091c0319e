// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CommandDesigner, type CommandPublishRequest } from './CommandDesigner';
import { COMMAND_NAMES, DEVIATION_COMMAND } from './command-fixtures';

function renderDesigner(onPublish = vi.fn(async (_: CommandPublishRequest) => ({ Version: 2 }))) {
  const user = userEvent.setup();
  render(<CommandDesigner command={DEVIATION_COMMAND} onPublish={onPublish} commandNames={COMMAND_NAMES} />);
  return { user, onPublish };
}

const list = () => screen.getByRole('grid', { name: 'Steps' });
const row = (name: RegExp) => within(list()).getByRole('row', { name });
const properties = () => screen.getByRole('region', { name: 'Properties' });
const stepNames = () =>
  within(list())
    .getAllByRole('row')
    .map((item) => item.textContent);

async function publishWithNote(
  user: ReturnType<typeof userEvent.setup>,
  note = 'Check the certificate first',
) {
  await user.type(screen.getByLabelText('Change note'), note);
  await user.click(screen.getByRole('button', { name: 'Publish' }));
}

describe('CommandDesigner', () => {
  it('adds an action step after the selected one, names it and publishes the command with it', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(row(/^1\. Choose the deviation/));
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Action' }));
    expect(row(/^2\. New step \(Action\)/).getAttribute('aria-selected')).toBe('true');
    const name = within(properties()).getByLabelText('Step name');
    await user.clear(name);
    await user.type(name, 'Check certificate');
    await user.click(within(properties()).getByLabelText('Ask to confirm before running'));
    await user.type(within(properties()).getByLabelText('Question'), 'Is the certificate valid?');
    await user.type(within(properties()).getByLabelText('Message when the answer is no'), 'Stopped.');
    await publishWithNote(user);
    expect(onPublish).toHaveBeenCalledTimes(1);
    const sent = onPublish.mock.calls[0]![0];
    expect(sent.changeNote).toBe('Check the certificate first');
    expect(sent.command.Steps[1]).toEqual({
      name: 'Check certificate',
      kind: 'action',
      confirm: { message: 'Is the certificate valid?', cancelToast: 'Stopped.' },
    });
    // The "no" of CAPA decision still proceeds to Deviation report, now one place further down.
    expect(sent.command.Steps[3]!.confirm?.noProceedsTo).toBe(5);
    expect(screen.getByText(/Published as version 2\./)).toBeTruthy();
  });

  it('moves the focused step with Alt+Arrow keys and the Move buttons', async () => {
    const { user } = renderDesigner();
    await user.click(row(/^5\. Deviation report/));
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(stepNames()[3]).toMatch(/^4\. Deviation report/);
    // The focus stays on the moved step, so the keys go on moving it.
    expect(document.activeElement?.closest('[role="row"]')?.textContent).toMatch(/Deviation report/);
    await user.keyboard('{Alt>}{ArrowUp}{/Alt}');
    expect(stepNames()[2]).toMatch(/^3\. Deviation report/);
    await user.click(screen.getByRole('button', { name: 'Move down' }));
    expect(stepNames()[3]).toMatch(/^4\. Deviation report/);
  });

  it('shows a problem at its step and field, and publishes nothing while it is there', async () => {
    const { user, onPublish } = renderDesigner();
    await user.click(screen.getByRole('button', { name: 'Add step' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Form' }));
    // A form step needs the page it opens: its row and its URL field say so.
    expect(row(/^7\. New step \(Form\), 1 problem/)).toBeTruthy();
    const url = within(properties()).getByLabelText('URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    await publishWithNote(user);
    expect(onPublish).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('The draft has 1 problem: see the marked steps.');
    await user.type(url, '/form?WebTemplateNo=102');
    expect(within(list()).queryByText('1 problem')).toBeNull();
  });

  it("shows the server's issues at their step and keeps the draft", async () => {
    const onPublish = vi.fn(async () => {
      throw {
        body: {
          Code: 'VALIDATION',
          Message: 'The command is not valid.',
          Issues: [
            {
              path: ['Command', 'Steps', 3, 'subProcessCommand'],
              message: 'No process command is named CAPA',
            },
          ],
        },
      };
    });
    const { user } = renderDesigner(onPublish);
    await publishWithNote(user);
    expect(screen.getByRole('alert').textContent).toContain('The server refused the draft');
    await user.click(row(/^4\. Run the CAPA \(Sub-process\), 1 problem/));
    expect(within(properties()).getByText('No process command is named CAPA')).toBeTruthy();
  });

  it('says another designer published first and keeps the draft on a conflict', async () => {
    const onPublish = vi.fn(async () => {
      throw { code: 'CONFLICT', currentVersion: 5 };
    });
    const { user } = renderDesigner(onPublish);
    await user.click(row(/^6\. Close the deviation/));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await publishWithNote(user);
    expect(screen.getByRole('alert').textContent).toBe(
      'Another designer published version 5 first. Nothing was published; your draft is kept. Reload the command to see their version.',
    );
    expect(within(list()).getAllByRole('row')).toHaveLength(5);
    expect((screen.getByLabelText('Change note') as HTMLTextAreaElement).value).toBe(
      'Check the certificate first',
    );
  });

  it("edits the command's fields but shows its Name read-only", async () => {
    const { user, onPublish } = renderDesigner();
    expect((within(properties()).getByLabelText('Name') as HTMLInputElement).disabled).toBe(true);
    await user.click(within(properties()).getByLabelText('Open the flow when a process is created'));
    await publishWithNote(user);
    expect(onPublish.mock.calls[0]![0].command).toMatchObject({ Name: 'Deviation handling', OpenFlow: true });
  });
});
