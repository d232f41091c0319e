// @vitest-environment jsdom
import {
  type FormDefinition,
  HttpStatusError,
  Messages,
  NetworkError,
  type RecordVersion,
} from '@procedo/client-api';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '../components/ShellProvider';
import { AuditDialog } from './AuditDialog';
import { ConflictPanel } from './ConflictPanel';
import type { RecordSessionApi } from './record-session';
import { type RecordSessionView, type UseRecordSessionOptions, useRecordSession } from './useRecordSession';
import { VersionHistory } from './VersionHistory';

const record = (version: number, extra: Partial<RecordVersion> = {}): RecordVersion => ({
  Id: 17,
  Entity: 'supplier',
  Version: version,
  IsDeleted: false,
  Values: { Country: 'Austria' },
  UpdatedBy: 'operator',
  UpdatedAt: '2026-03-01T09:30:12.345Z',
  ...extra,
});

describe('AuditDialog', () => {
  it('asks for a signature and a reason, sends whatever name was typed to the server (which checks and counts it), trimmed', async () => {
    const onSign = vi.fn();
    const user = userEvent.setup();
    render(<AuditDialog fieldLabels={['Severity', 'Status']} onSign={onSign} onCancelEdit={vi.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Sign the change' });
    expect(dialog.textContent).toContain('Signed fields: Severity, Status');
    expect(screen.queryByLabelText(/Password/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(screen.getByText('Type your legal name exactly as it is recorded.')).toBeTruthy();
    expect(screen.getByText('Give a reason for the change.')).toBeTruthy();
    expect(onSign).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText(/Signature/), ' somebody else ');
    await user.type(screen.getByLabelText(/Reason/), ' Reassessed ');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).toHaveBeenCalledWith({
      AuditDataChangeESig: 'somebody else',
      AuditDataChangeReason: 'Reassessed',
    });
  });

  it("shows the server's refusal, keeps what was typed, and asks for the password when the server needs it", async () => {
    const onSign = vi.fn();
    const user = userEvent.setup();
    const props = { fieldLabels: ['Severity'], onSign, onCancelEdit: vi.fn() };
    const { rerender } = render(<AuditDialog {...props} />);
    await user.type(screen.getByLabelText(/Signature/), 'Olive');
    await user.type(screen.getByLabelText(/Reason/), 'Reassessed');
    await user.click(screen.getByRole('button', { name: 'Sign' }));

    const mismatch = 'The electronic signature does not match your legal name. 2 attempts left.';
    rerender(
      <AuditDialog
        {...props}
        refusal={{ code: 'AUDIT_SIGNATURE_MISMATCH', message: mismatch, field: 'signature' }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(mismatch);
    expect(screen.getByRole('alertdialog').getAttribute('aria-describedby')).toBe(
      screen.getByRole('alert').id,
    );
    expect(screen.getByLabelText(/Signature/).getAttribute('aria-invalid')).toBe('true');
    expect((screen.getByLabelText(/Signature/) as HTMLInputElement).value).toBe('Olive');
    expect((screen.getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Reassessed');

    rerender(
      <AuditDialog
        {...props}
        needsPassword
        refusal={{
          code: 'SIGNATURE_PASSWORD_REQUIRED',
          message: 'Enter your password to sign.',
          field: 'password',
        }}
      />,
    );
    const password = screen.getByLabelText(/Password/) as HTMLInputElement;
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('current-password');
    expect(document.activeElement).toBe(password);
    expect(screen.getByRole('alert').textContent).toBe('Enter your password to sign.');
    await user.clear(screen.getByLabelText(/Signature/));
    await user.type(screen.getByLabelText(/Signature/), 'Olive Operator');
    await user.type(password, 'demo');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).toHaveBeenLastCalledWith({
      AuditDataChangeESig: 'Olive Operator',
      AuditDataChangeReason: 'Reassessed',
      AuditDataChangePassword: 'demo',
    });
    // The password is not kept once sent.
    expect(password.value).toBe('');
  });

  it('says signing is blocked for the session, disables Sign, and leaves Cancel Edit', async () => {
    const onSign = vi.fn();
    const onCancelEdit = vi.fn();
    const user = userEvent.setup();
    render(
      <AuditDialog
        fieldLabels={['Severity']}
        onSign={onSign}
        onCancelEdit={onCancelEdit}
        isBlocked
        refusal={{ code: 'SIGNING_BLOCKED', message: 'Signing is blocked.', field: null }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Signing is blocked for this session after three failed attempts',
    );
    expect((screen.getByRole('button', { name: 'Sign' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    expect(onSign).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Cancel Edit' }));
    expect(onCancelEdit).toHaveBeenCalledOnce();
  });
});

describe('ConflictPanel', () => {
  it("lists each field's value on screen beside the saved one, and offers Use current and Keep mine", async () => {
    const onUseCurrent = vi.fn();
    const onKeepMine = vi.fn();
    const user = userEvent.setup();
    const { rerender } = render(
      <ConflictPanel
        rows={[
          { name: 'Country', label: 'Country', mine: 'Mine-land', current: 'Their-land', isMine: true },
          { name: 'Rating', label: 'Rating', mine: 3, current: 4, isMine: false },
        ]}
        updatedBy="supervisor"
        updatedAt="2026-03-01T09:30:12.345Z"
        onUseCurrent={onUseCurrent}
        onKeepMine={onKeepMine}
      />,
    );
    const panel = screen.getByRole('alert');
    expect(panel.textContent).toContain('supervisor saved version at 2026-03-01 09:30:12 (UTC)');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      'Country (changed by you)Mine-landTheir-land',
      'Rating (changed by them)34',
    ]);
    await user.click(screen.getByRole('button', { name: 'Keep mine' }));
    await user.click(screen.getByRole('button', { name: 'Use current' }));
    expect([onKeepMine.mock.calls.length, onUseCurrent.mock.calls.length]).toEqual([1, 1]);
    rerender(
      <ConflictPanel
        rows={[]}
        updatedBy="x"
        updatedAt="2026-03-01T09:30:12Z"
        onUseCurrent={vi.fn()}
        onKeepMine={vi.fn()}
        isBusy
      />,
    );
    expect((screen.getByRole('button', { name: 'Keep mine' }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('VersionHistory', () => {
  it('lists the versions newest first and reads an older one only when it is opened', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const readVersion = vi.fn(async (version: number) =>
      version === 2 ? record(2, { UpdatedBy: 'supervisor' }) : Promise.reject(new Error('gone')),
    );
    const user = userEvent.setup();
    render(<VersionHistory record={record(3)} readVersion={readVersion} />);
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('summary')?.textContent)).toEqual([
      'Version 3 (current)',
      'Version 2',
      'Version 1',
    ]);
    expect(screen.getByText('By operator at 2026-03-01 09:30:12 (UTC)')).toBeTruthy();
    expect(readVersion).not.toHaveBeenCalled();
    await user.click(screen.getByText('Version 2'));
    await screen.findByText('By supervisor at 2026-03-01 09:30:12 (UTC)');
    await user.click(screen.getByText('Version 1'));
    await screen.findByText('This version could not be read.');
    expect(readVersion.mock.calls).toEqual([[2], [1]]);
  });

  it('says a new record has no versions, and counts the ones past the limit', () => {
    const { rerender } = render(<VersionHistory record={null} readVersion={vi.fn()} />);
    expect(screen.getByText('No saved versions yet.')).toBeTruthy();
    rerender(<VersionHistory record={record(60)} readVersion={vi.fn()} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('10 older versions are not listed.')).toBeTruthy();
  });
});

const definition: FormDefinition = {
  schemaVersion: 1,
  WebTemplateNo: 102,
  Name: 'supplier',
  Title: 'Supplier',
  Entity: 'supplier',
  Kind: 'record',
  Elements: [{ Kind: 'text', Name: 'Country', Label: 'Country' }],
};

/** An endpoint whose next write answers with `next`. */
function fakeApi() {
  let next: () => Promise<RecordVersion> = async () => record(2);
  const removed: unknown[] = [];
  const api: RecordSessionApi = {
    forms: {
      get: async () => ({
        Definition: definition,
        Permissions: [],
        SupportedFileExtensions: [],
        MaxUploadBytes: 10,
      }),
    },
    records: {
      get: async () => record(1),
      create: () => next(),
      update: () => next(),
      remove: async (...args) => {
        removed.push(args);
        return record(2, { IsDeleted: true });
      },
      search: async () => ({ Rows: [], Page: 0, PageSize: 25, Total: 0 }),
    },
  };
  return { api, removed, answer: (answer: () => Promise<RecordVersion>) => (next = answer) };
}

interface SessionPageProps {
  options: Omit<UseRecordSessionOptions, 'webTemplateNo'>;
  view: { current: RecordSessionView | null };
}

function SessionPage({ options, view }: SessionPageProps) {
  view.current = useRecordSession({ webTemplateNo: 102, recordId: 17, ...options });
  return null;
}

function renderSession(options: SessionPageProps['options']) {
  const view: SessionPageProps['view'] = { current: null };
  render(
    <ShellProvider>
      <SessionPage options={options} view={view} />
    </ShellProvider>,
  );
  return view;
}

const texts = (selector: string) =>
  [...document.querySelectorAll(selector)].map((element) => element.textContent);

describe('useRecordSession', () => {
  it('reports a save with a toast, a refusal with the server’s message, and anything else through the error handler', async () => {
    const fake = fakeApi();
    const errorHandler = { handle: vi.fn() };
    const onSaved = vi.fn();
    const view = renderSession({ api: fake.api, errorHandler, onSaved });
    await waitFor(() => expect(view.current?.status).toBe('ready'));
    act(() => {
      view.current?.store?.setValue('Country', 'Spain');
    });
    await act(async () => {
      await view.current?.save();
    });
    expect(texts('.procedo-Toast')).toEqual([expect.stringContaining('Saved')]);
    expect(onSaved).toHaveBeenCalledWith({ record: record(2), isNew: false });

    const message = 'Permission denied: Country cannot be changed by you.';
    fake.answer(() =>
      Promise.reject(
        new HttpStatusError({
          status: 403,
          method: 'PUT',
          url: 'records/17',
          bodyText: '{}',
          body: { Message: message, Code: 'ELEMENT_PERMISSION' },
        }),
      ),
    );
    act(() => {
      view.current?.store?.setValue('Country', 'Italy');
    });
    await act(async () => {
      await view.current?.save();
    });
    expect(texts('.procedo-Notification')).toEqual([expect.stringContaining(message)]);

    const offline = new NetworkError({ url: 'records/17', method: 'PUT', cause: new Error('offline') });
    fake.answer(() => Promise.reject(offline));
    await act(async () => {
      await view.current?.save();
    });
    expect(errorHandler.handle).toHaveBeenCalledWith(offline, { callerText: Messages.saveFailed });
  });

  it('asks before deleting, and deletes nothing when the user says no', async () => {
    const fake = fakeApi();
    const answers = [false, true];
    const view = renderSession({ api: fake.api, confirmDelete: () => answers.shift() ?? false });
    await waitFor(() => expect(view.current?.status).toBe('ready'));
    await act(async () => {
      await expect(view.current?.remove()).resolves.toEqual({ kind: 'skipped' });
    });
    expect(fake.removed).toEqual([]);
    await act(async () => {
      await expect(view.current?.remove()).resolves.toMatchObject({ kind: 'deleted' });
    });
    expect(fake.removed).toEqual([[102, 17, { Version: 1 }]]);
    expect(texts('.procedo-Toast')).toEqual([expect.stringContaining('Deleted')]);
  });
});
