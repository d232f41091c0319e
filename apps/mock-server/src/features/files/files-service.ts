import { randomBytes, randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type FileRef,
  fileExtension,
  Messages,
  ValidationCode,
  validateFileExtension,
} from '@procedo/client-api';
import { AppError } from '../../http/errors';
import type { FormSettings } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import type { FileRecord } from './files-store';

/** Content types by extension: the server decides, never the uploader's claim. */
const CONTENT_TYPES: Record<string, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const FILE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The original name reduced to its last path segment, without control characters, at most 255 long. */
export function cleanFileName(name: string): string {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);
  const printable = [...base].filter((char) => char.charCodeAt(0) > 0x1f && char !== '\u007f').join('');
  return printable.trim().slice(-255);
}

/** Who may read a stored file (docs/protocol.md "Form and file access"; made by `createFileAccess`). */
export interface FileAccess {
  /**
   * Whether the user may download the file: they uploaded it, or a record (any version of it)
   * holds it in a file element the user sees on a form their profile may open.
   */
  mayDownload(auth: AuthContext, file: FileRecord): Promise<boolean>;
}

/** Uploads and downloads of files (spec §5 file fields). Knows nothing of HTTP requests. */
export interface FilesService {
  /** Stores an upload under a generated name; refuses unsupported extensions (400) and oversize files (413). */
  upload(
    auth: AuthContext,
    upload: { fileName: string; stream: Readable },
    settings: FormSettings,
  ): Promise<FileRef>;
  /**
   * The stored file and its path on disk, if `access` lets the user download it; 404 when the
   * database has no such file and when the user may not read it, so its existence is not confirmed.
   */
  get(auth: AuthContext, id: string, access: FileAccess): Promise<{ file: FileRecord; absolutePath: string }>;
}

/** Creates the {@link FilesService} over `<dataDir>/files/`. */
export function createFilesService(options: { dataDir: string; now: () => number }): FilesService {
  const directory = path.join(options.dataDir, 'files');
  return {
    async upload(auth, { fileName, stream }, settings) {
      const originalName = cleanFileName(fileName);
      if (originalName === '' || validateFileExtension(originalName, settings.supportedFileExtensions)) {
        throw new AppError({
          status: 400,
          code: 'VALIDATION',
          message: Messages.fileTypeNotSupported,
          issues: [
            {
              code: ValidationCode.fileTypeNotSupported,
              path: ['file'],
              message: Messages.fileTypeNotSupported,
            },
          ],
        });
      }
      await mkdir(directory, { recursive: true });
      const storedName = randomBytes(16).toString('hex');
      const target = path.join(directory, storedName);
      const handle = await open(target, 'wx', 0o600);
      let size = 0;
      let tooLarge = false;
      try {
        // Read to the end even past the limit, so the request is consumed and the answer arrives.
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > settings.maxUploadBytes) tooLarge = true;
          else await handle.write(chunk);
        }
        if (!tooLarge) await handle.sync();
      } finally {
        await handle.close();
      }
      if (tooLarge) {
        await rm(target, { force: true });
        throw new AppError({
          status: 413,
          code: 'PAYLOAD_TOO_LARGE',
          message: `The file is larger than the limit of ${settings.maxUploadBytes} bytes.`,
        });
      }
      const file: FileRecord = {
        id: randomUUID(),
        storedName,
        originalName,
        size,
        contentType: CONTENT_TYPES[fileExtension(originalName)] ?? 'application/octet-stream',
        uploadedBy: auth.user.name,
        uploadedAt: new Date(options.now()).toISOString(),
      };
      try {
        await auth.database.stores.files.insert(file);
      } catch (error) {
        await rm(target, { force: true });
        throw error;
      }
      return { Id: file.id, FileName: file.originalName, Size: file.size, ContentType: file.contentType };
    },

    async get(auth, id, access) {
      const file = FILE_ID.test(id) ? await auth.database.stores.files.get(id) : null;
      if (!file || !(await access.mayDownload(auth, file))) {
        throw new AppError({ status: 404, code: 'NOT_FOUND', message: `Unknown file ${id}` });
      }
      return { file, absolutePath: path.join(directory, file.storedName) };
    },
  };
}
