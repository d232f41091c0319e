import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  type FileRef,
  fileExtension,
  Messages,
  ValidationCode,
  validateFileExtension,
} from '@procedo/client-api';
import type { Logger } from 'pino';
import { AppError, storageFailure } from '../../errors/app-error';
import type { KeyInTransaction } from '../../http/idempotency-store';
import type { FormSettings } from '../forms/forms-service';
import type { AuthContext } from '../session/session-service';
import { type FilesFs, nodeFilesFs, syncDirectory, tempName } from './files-fs';
import { receiveFile } from './files-receive';
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

// Controls (C0, DEL, C1), lone surrogates, and the bidirectional formatting characters that
// make `invoice\u202Efdp.exe` display as `invoiceexe.pdf`.
const UNSAFE_CHARS = /[\p{Cc}\p{Cs}\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The original name made safe to store and show: without controls or bidirectional overrides,
 * in Unicode NFC (macOS sends decomposed names), reduced to its last path segment, at most 255
 * characters (the end kept, for the extension), trimmed.
 */
export function cleanFileName(name: string): string {
  const safe = name.replace(UNSAFE_CHARS, '').normalize('NFC');
  const base = safe.slice(Math.max(safe.lastIndexOf('/'), safe.lastIndexOf('\\')) + 1);
  return [...base].slice(-255).join('').trim();
}

/** Who may read a stored file (docs/protocol.md "Form and file access"; made by `createFileAccess`). */
export interface FileAccess {
  /**
   * Whether the user may download the file: they uploaded it, or a record (any version of it)
   * holds it in a file element the user sees on a form their profile may open.
   */
  mayDownload(auth: AuthContext, file: FileRecord): Promise<boolean>;
  /**
   * Whether the user may download the file as the data was at `atIso`: a record, as it was then,
   * held it in a file element the user sees on a form their profile may open.
   */
  mayDownloadAt(auth: AuthContext, file: FileRecord, atIso: string): Promise<boolean>;
}

/** Uploads and downloads of files (spec §5 file fields). Knows nothing of HTTP requests. */
export interface FilesService {
  /**
   * Stores an upload under a generated name; refuses unsupported extensions (400), oversize
   * files (413) and a full disk (507). Nothing is kept unless `bodyComplete` resolves (the whole
   * request arrived and was well-formed): the bytes go to a temporary file, then the row is
   * written, then the file takes its stored name.
   */
  upload(
    auth: AuthContext,
    upload: { fileName: string; stream: Readable; bodyComplete: Promise<void> },
    settings: FormSettings,
    /** The upload's `Idempotency-Key`: answered with the file's row, given up with it. */
    key?: KeyInTransaction,
  ): Promise<FileRef>;
  /**
   * The stored file and its path on disk, if `access` lets the user download it; 404 when the
   * database has no such file and when the user may not read it, so its existence is not confirmed.
   * With `atIso`, the file as the records were then; one the user may read now but that no record
   * held then is 404 NOT_FOUND_AT_TIMEPOINT.
   */
  get(
    auth: AuthContext,
    id: string,
    access: FileAccess,
    atIso?: string | null,
  ): Promise<{ file: FileRecord; absolutePath: string }>;
}

/** The answer to an upload that found the disk full. */
const storageFullError = () =>
  new AppError({
    status: 507,
    code: 'STORAGE_FULL',
    message:
      "The server's storage is full: the file was not saved. Try again later or tell your administrator.",
  });

/** Creates the {@link FilesService} over `<dataDir>/files/`. */
export function createFilesService(options: {
  dataDir: string;
  now: () => number;
  logger: Logger;
  /** @default node:fs/promises */
  fs?: FilesFs;
}): FilesService {
  const directory = path.join(options.dataDir, 'files');
  const { logger } = options;
  const fs = options.fs ?? nodeFilesFs;

  /** Removes what an upload left and says what to answer. */
  async function discard(temp: string, error: unknown, context: Record<string, unknown>): Promise<unknown> {
    await fs.rm(temp, { force: true }).catch((rmError: unknown) => {
      logger.error({ err: rmError, ...context }, 'could not remove a failed upload (the next start does)');
    });
    // The disk (ENOSPC/EDQUOT) or the database (SQLITE_FULL, on the row) is full.
    if (storageFailure(error)?.code === 'STORAGE_FULL') {
      logger.error({ err: error, ...context }, 'upload refused: the storage is full');
      return storageFullError();
    }
    logger.info(
      { reason: error instanceof Error ? error.message : String(error), ...context },
      'upload not kept',
    );
    return error;
  }

  return {
    async upload(auth, { fileName, stream, bodyComplete }, settings, key) {
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
      const storedName = randomBytes(16).toString('hex');
      const temp = path.join(directory, tempName(storedName));
      const target = path.join(directory, storedName);
      const context = { storedName, user: auth.user.name };
      let size: number;
      try {
        const received = await receiveFile({
          fs,
          directory,
          temp,
          stream,
          maxBytes: settings.maxUploadBytes,
        });
        if (received.tooLarge) {
          throw new AppError({
            status: 413,
            code: 'PAYLOAD_TOO_LARGE',
            message: `The file is larger than the limit of ${settings.maxUploadBytes} bytes.`,
          });
        }
        await bodyComplete;
        size = received.size;
      } catch (error) {
        throw await discard(temp, error, context);
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
      const ref: FileRef = {
        Id: file.id,
        FileName: file.originalName,
        Size: file.size,
        ContentType: file.contentType,
      };
      const files = auth.database.stores.files;
      try {
        await files.insert(file, key?.created(ref));
      } catch (error) {
        throw await discard(temp, error, context);
      }
      // Renamed only after the row exists: a crash before leaves a temp file the next start
      // removes (or puts in place, when its row was written).
      try {
        await fs.rename(temp, target);
      } catch (error) {
        await files.delete(file.id, key?.release()).catch((deleteError: unknown) => {
          logger.error({ err: deleteError, ...context }, 'could not remove the row of a failed upload');
        });
        throw await discard(temp, error, context);
      }
      await syncDirectory(fs, directory);
      return ref;
    },

    async get(auth, id, access, atIso = null) {
      const file = FILE_ID.test(id) ? await auth.database.stores.files.get(id) : null;
      if (file && atIso !== null && !(await access.mayDownloadAt(auth, file, atIso))) {
        if (await access.mayDownload(auth, file)) {
          throw new AppError({
            status: 404,
            code: 'NOT_FOUND_AT_TIMEPOINT',
            message: `No record held file ${id} at ${atIso}.`,
          });
        }
        throw new AppError({ status: 404, code: 'NOT_FOUND', message: `Unknown file ${id}` });
      }
      if (!file || (atIso === null && !(await access.mayDownload(auth, file)))) {
        throw new AppError({ status: 404, code: 'NOT_FOUND', message: `Unknown file ${id}` });
      }
      return { file, absolutePath: path.join(directory, file.storedName) };
    },
  };
}
