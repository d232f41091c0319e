// @vitest-environment jsdom
import type { ProcessesApi } from '@procedo/client-api';
import { ShellProvider } from '@procedo/forms-react';
import { ProcessRunnerProvider } from '@procedo/process-react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StartProcessPanel } from './StartProcessPanel';

const COMMANDS = [
  { Id: 2, Name: 'Audit', Description: '', OpenFlow: false, Start: false, AskName: false },
  { Id: 4, Name: 'CAPA', Description: '', OpenFlow: true, Start: false, AskName: true },
];

function renderAt(address: string) {
  const api = { creatableCommands: vi.fn(async () => COMMANDS) } as unknown as ProcessesApi;
  render(
    <MemoryRouter initialEntries={[address]}>
      <ShellProvider>
        <ProcessRunnerProvider api={api} isSupervisor navigate={vi.fn()} readOnlyReason={null}>
          <StartProcessPanel headingId="start" />
        </ProcessRunnerProvider>
      </ShellProvider>
    </MemoryRouter>,
  );
}

afterEach(cleanup);

describe('the start panel', () => {
  it('chooses the command a navigation link names (`/?CommandId=N#start-a-process`), and none without one', async () => {
    renderAt('/?CommandId=4#start-a-process');
    const capa = await screen.findByRole<HTMLInputElement>('radio', { name: 'CAPA' });
    expect(capa.checked).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('radio', { name: 'Audit' }).checked).toBe(false);
  });

  it('chooses nothing for an address without a command, or with one that is not a positive whole number', async () => {
    for (const address of ['/', '/?CommandId=x', '/?CommandId=-4']) {
      renderAt(address);
      const radios = await screen.findAllByRole<HTMLInputElement>('radio');
      expect(radios.length, address).toBe(2);
      expect(
        radios.every((radio) => !radio.checked),
        address,
      ).toBe(true);
      cleanup();
    }
  });
});
