import type { Readable } from 'node:stream';
import type { FilesFs, FilesFsHandle } from './files-fs';

/** The upload's stream failed before its end: a malformed or truncated body, or the client left. */
export class UploadStreamError extends Error {
  override name = 'UploadStreamError';
}

/**
 * Reads an upload's stream into a new file at `temp` (created exclusively, mode 0600, fsync'd).
 * It listens to the stream before anything else happens, because a truncated body fails the
 * stream at once, maybe while the file is still being opened, and an 'error' with no listener
 * ends the process. The stream is always read to its end, past the size limit or a failed write,
 * so the rest of the request is consumed and the answer can be sent. Writes stop at `maxBytes`.
 *
 * Throws the first failure (the stream's as {@link UploadStreamError}, else the file system's);
 * the caller removes `temp` then.
 */
export async function receiveFile(options: {
  fs: FilesFs;
  directory: string;
  temp: string;
  stream: Readable;
  maxBytes: number;
}): Promise<{ size: number; tooLarge: boolean }> {
  const { fs, directory, temp, stream, maxBytes } = options;
  let size = 0;
  let writeError: unknown;
  let lastWrite: Promise<void> = Promise.resolve();
  const opening: Promise<FilesFsHandle> = fs
    .mkdir(directory, { recursive: true })
    .then(() => fs.open(temp, 'wx', 0o600));
  // Settled below; until then a failure to open must not count as unhandled.
  opening.catch(() => {});

  const ended = new Promise<void>((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(new UploadStreamError('The upload stopped before its end.', { cause: error }));
    if (stream.destroyed) {
      fail(stream.errored);
      return;
    }
    stream.on('error', fail);
    stream.on('close', () => {
      if (!stream.readableEnded) fail(stream.errored);
    });
    stream.on('end', resolve);
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (writeError !== undefined || size > maxBytes) return;
      // One write at a time, in order: the stream waits for the disk.
      stream.pause();
      lastWrite = opening
        .then((handle) => handle.write(chunk))
        .then(
          () => {
            stream.resume();
          },
          (error: unknown) => {
            writeError = error;
            stream.resume();
          },
        );
    });
  });

  let streamError: unknown;
  await ended.catch((error: unknown) => {
    streamError = error;
  });
  await lastWrite;
  let handle: FilesFsHandle | undefined;
  try {
    handle = await opening;
  } catch (error) {
    writeError ??= error;
  }
  if (handle) {
    try {
      // A full disk may only show at fsync (delayed allocation).
      if (streamError === undefined && writeError === undefined && size <= maxBytes) await handle.sync();
    } catch (error) {
      writeError = error;
    }
    try {
      await handle.close();
    } catch (error) {
      writeError ??= error;
    }
  }
  if (streamError !== undefined) throw streamError;
  if (writeError !== undefined) throw writeError;
  return { size, tooLarge: size > maxBytes };
}
