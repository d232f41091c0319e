// @vitest-environment jsdom
import { type FileRef, Messages, ValidationMessages } from '@procedo/client-api';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ShellProvider } from '../components/ShellProvider';
import { FileField, type FileFieldProps } from './FileField';

const EXTENSIONS = ['pdf', '.DOCX', 'png'];

function Harness({
  initial = null,
  changes,
  ...props
}: Omit<FileFieldProps, 'label' | 'value' | 'onChange' | 'supportedExtensions'> & {
  initial?: FileRef | null;
  changes: (FileRef | null)[];
}) {
  const [value, setValue] = useState<FileRef | null>(initial);
  return (
    <FileField
      label="Certificate"
      value={value}
      supportedExtensions={EXTENSIONS}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
      {...props}
    />
  );
}

/** An in-memory upload endpoint. */
function fakeUpload() {
  const uploaded: File[] = [];
  const upload = async (file: File): Promise<FileRef> => {
    uploaded.push(file);
    return { Id: `f${uploaded.length}`, FileName: file.name, Size: file.size, ContentType: file.type };
  };
  return { upload, uploaded };
}

const file = (name: string, size = 10, type = 'application/octet-stream') =>
  new File(['x'.repeat(size)], name, { type });

// The browser's file chooser can show all files whatever `accept` says, so tests pick any file.
const setup = () => userEvent.setup({ applyAccept: false });

describe('FileField', () => {
  it('alerts through the shell and clears the input when the extension is not supported', async () => {
    const user = setup();
    const { upload, uploaded } = fakeUpload();
    const changes: (FileRef | null)[] = [];
    render(
      <ShellProvider>
        <Harness changes={changes} upload={upload} />
      </ShellProvider>,
    );
    const input = screen.getByLabelText('Certificate') as HTMLInputElement;
    await user.upload(input, file('virus.exe'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(Messages.fileTypeNotSupported);
    expect(input.value).toBe('');
    expect(input.files).toHaveLength(0);
    expect(uploaded).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('uses window.alert outside a ShellProvider', async () => {
    const user = setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { upload, uploaded } = fakeUpload();
    render(<Harness changes={[]} upload={upload} />);
    const input = screen.getByLabelText('Certificate') as HTMLInputElement;
    await user.upload(input, file('notes.txt'));
    expect(alert).toHaveBeenCalledWith('This type of file is not supported.');
    expect(input.value).toBe('');
    expect(uploaded).toEqual([]);
  });

  it('refuses a file without an extension', async () => {
    const user = setup();
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { upload } = fakeUpload();
    render(<Harness changes={[]} upload={upload} />);
    await user.upload(screen.getByLabelText('Certificate'), file('pdf'));
    expect(alert).toHaveBeenCalledTimes(1);
  });

  it('accepts an extension in any case, uploads it and shows its name with a remove button', async () => {
    const user = setup();
    const { upload, uploaded } = fakeUpload();
    const changes: (FileRef | null)[] = [];
    render(<Harness changes={changes} upload={upload} />);
    await user.upload(screen.getByLabelText('Certificate'), file('Audit Report.PDF', 2048));
    await waitFor(() => expect(changes).toHaveLength(1));
    expect(uploaded.map((f) => f.name)).toEqual(['Audit Report.PDF']);
    expect(changes[0]).toMatchObject({ Id: 'f1', FileName: 'Audit Report.PDF', Size: 2048 });
    expect(screen.getByText('Audit Report.PDF')).toBeTruthy();
    expect(screen.getByText('(2.0 KB)')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove Audit Report.PDF' }));
    expect(changes).toEqual([changes[0], null]);
    expect(screen.queryByText('Audit Report.PDF')).toBeNull();
  });

  it('shows an error under the field for a file over the size limit and does not upload it', async () => {
    const user = setup();
    const { upload, uploaded } = fakeUpload();
    render(<Harness changes={[]} upload={upload} maxBytes={100} />);
    const input = screen.getByLabelText('Certificate') as HTMLInputElement;
    await user.upload(input, file('scan.png', 101));
    expect(screen.getByText(ValidationMessages.fileTooBig(100))).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('');
    expect(uploaded).toEqual([]);
  });

  it('shows that an upload is running, then the failure when it fails', async () => {
    const user = setup();
    let fail: (error: Error) => void = () => {};
    const upload = () =>
      new Promise<FileRef>((_, reject) => {
        fail = reject;
      });
    render(<Harness changes={[]} upload={upload} />);
    const input = screen.getByLabelText('Certificate') as HTMLInputElement;
    await user.upload(input, file('spec.docx'));
    expect(screen.getByRole('status').textContent).toBe('Uploading…');
    expect(input.disabled).toBe(true);
    fail(new Error('HTTP 500'));
    expect(await screen.findByText('The file could not be uploaded.')).toBeTruthy();
    expect(input.disabled).toBe(false);
  });

  it('offers the supported extensions to the file chooser', () => {
    const { upload } = fakeUpload();
    render(<Harness changes={[]} upload={upload} />);
    expect(screen.getByLabelText('Certificate').getAttribute('accept')).toBe('.pdf,.docx,.png');
  });

  it('cannot choose or remove a file when locked', () => {
    const { upload } = fakeUpload();
    render(
      <Harness
        changes={[]}
        upload={upload}
        isLocked
        initial={{ Id: 'f9', FileName: 'locked.pdf', Size: 5, ContentType: 'application/pdf' }}
      />,
    );
    expect((screen.getByLabelText('Certificate') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('locked.pdf')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
