import { type CreatableCommand, Messages, type ProcessesApi } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { PROCESS_LABELS } from '../labels';
import { ProcessRunnerProvider } from '../ProcessRunnerProvider';
import { ProcessCommand, type ProcessCommandProps } from './ProcessCommand';

const COMMANDS: readonly CreatableCommand[] = [
  { Id: 2, Name: 'Audit', Description: '', OpenFlow: false, Start: false, AskName: false, StepCount: 2 },
  {
    Id: 4,
    Name: 'CAPA',
    Description: 'Corrective and preventive action',
    OpenFlow: true,
    Start: false,
    AskName: true,
    StepCount: 3,
  },
  { Id: 6, Name: 'Deviation', Description: '', OpenFlow: false, Start: true, AskName: false, StepCount: 1 },
];

/** An API whose every call is recorded and refused: choosing a command calls none. */
function renderCommand(props: ProcessCommandProps = {}) {
  const calls: string[] = [];
  const api = new Proxy({} as ProcessesApi, {
    get: (_target, name) => () => {
      calls.push(String(name));
      return Promise.reject(new Error(`unexpected call ${String(name)}`));
    },
  });
  const view = render(
    <ShellProvider>
      <ProcessRunnerProvider api={api} isSupervisor navigate={vi.fn()} readOnlyReason={null}>
        <ProcessCommand commands={COMMANDS} {...props} />
      </ProcessRunnerProvider>
    </ShellProvider>,
  );
  return { ...view, calls, user: userEvent.setup() };
}

const radio = (name: string) => screen.getByRole<HTMLInputElement>('radio', { name });
const checkedNames = () =>
  screen
    .getAllByRole<HTMLInputElement>('radio')
    .filter((element) => element.checked)
    .map((element) => element.value);

describe('ProcessCommand', () => {
  it('offers the commands as radio buttons of one group named by the label, each named by the command alone', () => {
    renderCommand({ label: 'Start a process' });
    const group = screen.getByRole('radiogroup', { name: 'Start a process' });
    expect(group.tagName).toBe('FIELDSET');
    expect(group.querySelector('legend')?.className).toBe('procedo-Field-label');
    expect(screen.getAllByRole('radio').map((element) => element.getAttribute('name'))).toEqual(
      Array(3).fill(radio('Audit').name),
    );
    expect(radio('CAPA')).toBeTruthy();
    expect(checkedNames()).toEqual([]);
  });

  it('describes the chosen radio by its command’s description, shown below the list', async () => {
    const { user } = renderCommand();
    await user.click(radio('CAPA'));
    expect(checkedNames()).toEqual(['4']);
    const description = screen.getByText('Corrective and preventive action');
    expect(radio('CAPA').getAttribute('aria-describedby')).toBe(description.id);
    expect(radio('Audit').hasAttribute('aria-describedby')).toBe(false);
    // The options follow the chosen command's defaults.
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: PROCESS_LABELS.openFlow }).checked).toBe(
      true,
    );
    await user.click(radio('Deviation'));
    expect(screen.queryByText('Corrective and preventive action')).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: PROCESS_LABELS.start }).checked).toBe(true);
  });

  it('moves the choice with the arrow keys, the group being one Tab stop', async () => {
    const { user } = renderCommand({ defaultCommandId: 2 });
    expect(checkedNames()).toEqual(['2']);
    await user.tab();
    expect(document.activeElement).toBe(radio('Audit'));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(radio('CAPA'));
    expect(checkedNames()).toEqual(['4']);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: PROCESS_LABELS.openFlow }));
  });

  it('says a command needs to be chosen when Create is pressed without one, until one is', async () => {
    const { user, calls } = renderCommand();
    await user.click(screen.getByRole('button', { name: PROCESS_LABELS.create }));
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe(Messages.commandNotSelected);
    expect(screen.getByRole('radiogroup').getAttribute('aria-describedby')).toBe(error.id);
    await user.click(radio('Audit'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('radiogroup').hasAttribute('aria-describedby')).toBe(false);
    expect(calls).toEqual([]);
  });

  it('says so when there are no commands', () => {
    renderCommand({ commands: [] });
    expect(screen.getByText(PROCESS_LABELS.noCommands).tagName).toBe('P');
    expect(screen.queryByRole('radiogroup')).toBeNull();
    expect(screen.getByRole('group', { name: PROCESS_LABELS.command })).toBeTruthy();
  });

  it('has no axe violations, with a command chosen and with the missing-choice error', async () => {
    const { container, user } = renderCommand();
    await user.click(screen.getByRole('button', { name: PROCESS_LABELS.create }));
    // jsdom computes no layout or colours: contrast is checked in Chromium (e2e/processes.e2e.test.ts).
    const rules = { 'color-contrast': { enabled: false } };
    expect((await axe.run(container, { rules })).violations.map((violation) => violation.id)).toEqual([]);
    await user.click(radio('CAPA'));
    expect((await axe.run(container, { rules })).violations.map((violation) => violation.id)).toEqual([]);
  });
});
