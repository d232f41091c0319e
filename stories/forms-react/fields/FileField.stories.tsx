import type { FileRef } from '@procedo/client-api';
import { FileField, type FileFieldProps, ShellProvider } from '@procedo/forms-react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { userEvent, within } from 'storybook/test';

const CERTIFICATE: FileRef = {
  Id: 'f1',
  FileName: 'ISO-9001 certificate.pdf',
  Size: 183_412,
  ContentType: 'application/pdf',
};

const uploadAtOnce = async (file: File): Promise<FileRef> => ({
  Id: 'f2',
  FileName: file.name,
  Size: file.size,
  ContentType: file.type,
});

/** An upload that never ends: the uploading state. */
const uploadForever = () => new Promise<FileRef>(() => {});

type StoryProps = Omit<FileFieldProps, 'value' | 'onChange'> & { initial?: FileRef | null };

function ControlledFile({ initial = null, ...props }: StoryProps) {
  const [value, setValue] = useState<FileRef | null>(initial);
  return (
    <ShellProvider>
      <div style={{ maxWidth: 420 }}>
        <FileField {...props} value={value} onChange={setValue} />
      </div>
    </ShellProvider>
  );
}

const meta = {
  title: 'forms-react/Fields/FileField',
  component: ControlledFile,
  args: {
    label: 'Certificate',
    supportedExtensions: ['pdf', 'docx', 'png', 'jpg'],
    upload: uploadAtOnce,
    maxBytes: 5 * 1024 * 1024,
  },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof ControlledFile>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No file yet. */
export const Default: Story = {};

/** With an uploaded file and its remove button. */
export const WithFile: Story = { args: { initial: CERTIFICATE } };

/** Invalid: a server error under the field. */
export const Invalid: Story = { args: { isMandatory: true, errorMessage: 'Upload a file.' } };

/** Locked by permission: no chooser, no remove button. */
export const Locked: Story = { args: { initial: CERTIFICATE, isLocked: true } };

/** Uploading. */
export const Uploading: Story = {
  args: { upload: uploadForever },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.upload(canvas.getByLabelText('Certificate'), new File(['%PDF'], 'audit.pdf'));
  },
};

/** A file of a type not in the list: the spec's alert. */
export const UnsupportedType: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const input = canvas.getByLabelText('Certificate');
    input.removeAttribute('accept');
    await userEvent.upload(input, new File(['MZ'], 'setup.exe'));
  },
};
