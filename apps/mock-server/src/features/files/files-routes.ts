import type { FileRef } from '@procedo/client-api';
import busboy from 'busboy';
import { type RequestHandler, Router } from 'express';
import { AppError } from '../../http/errors';
import { getAuth } from '../../http/session-middleware';
import type { FormsService } from '../forms/forms-service';
import { createFileAccess } from './file-access';
import type { FilesService } from './files-service';

/** `POST /api/v1/files` (multipart, field `file`) and `GET /api/v1/files/{id}` (as an attachment). */
export function filesRoutes(options: {
  files: FilesService;
  forms: FormsService;
  requireSession: RequestHandler;
}): Router {
  const { files, forms, requireSession } = options;
  const router = Router();
  const access = createFileAccess({ forms });

  router.post('/', requireSession, async (req, res) => {
    if (!req.is('multipart/form-data')) {
      throw new AppError({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Upload files as multipart/form-data, not ${req.get('content-type') ?? 'untyped'}.`,
      });
    }
    const auth = getAuth(res);
    const settings = await forms.getSettings(auth.database);
    const ref = await new Promise<FileRef>((resolve, reject) => {
      let parser: busboy.Busboy;
      try {
        // One byte over the limit is enough to know the file is too large; busboy drops the rest.
        parser = busboy({
          headers: req.headers,
          limits: { files: 1, fields: 10, parts: 11, fileSize: settings.maxUploadBytes + 1 },
        });
      } catch {
        reject(
          new AppError({ status: 400, code: 'VALIDATION', message: 'The multipart body is malformed.' }),
        );
        return;
      }
      let upload: Promise<FileRef> | undefined;
      parser.on('file', (name, stream, info) => {
        if (name !== 'file' || upload) {
          stream.resume();
          return;
        }
        upload = files.upload(auth, { fileName: info.filename ?? '', stream }, settings);
        upload.catch(() => stream.resume());
      });
      parser.on('close', () => {
        if (!upload) {
          reject(
            new AppError({
              status: 400,
              code: 'VALIDATION',
              message: 'Invalid request: file: attach the file as the multipart field "file"',
              issues: [{ code: 'invalid_type', path: ['file'], message: 'Required' }],
            }),
          );
          return;
        }
        upload.then(resolve, reject);
      });
      parser.on('error', () => {
        reject(
          new AppError({ status: 400, code: 'VALIDATION', message: 'The multipart body is malformed.' }),
        );
      });
      req.pipe(parser);
    });
    res.status(201).json(ref);
  });

  router.get('/:id', requireSession, async (req, res, next) => {
    const { file, absolutePath } = await files.get(getAuth(res), String(req.params.id), access);
    // Served as a download, never rendered: attachment, nosniff, and a sandbox should it be opened.
    res.attachment(file.originalName);
    res.type(file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.sendFile(
      absolutePath,
      { dotfiles: 'deny', headers: { 'Cache-Control': 'private, no-store' } },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });

  return router;
}
