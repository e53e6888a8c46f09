/**
 * /api/imports — importing records from CSV or XLSX (docs/decisions/258), for holders of ROLE_IMPORT:
 * upload (multipart: file, kind, sheet), choose a sheet, dry run, import, cancel, progress, refusals
 * and the refused rows' file — each of one's own imports only.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { REQUIRED_MESSAGE, violationsFromIssues } from '@cooler-hub/contract/common';
import { IMPORT_FILE_TOO_LARGE, MAX_IMPORT_BYTES, importUploadFields } from '@cooler-hub/contract/imports';
import { signedInUser } from '../../plugins/auth';
import { DomainError, FieldError, ValidationError } from '../../lib/errors';
import { multipartProblem } from '../../lib/multipart';
import type { ImportsService } from './imports.service';
import * as ops from '@cooler-hub/contract/operations/imports';
import { routeOf } from '../../lib/route-of';

/** A Content-Disposition naming any file name: ASCII for old clients, UTF-8 (RFC 6266) for the rest. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export const importsRoutes: FastifyPluginAsyncZod<{ imports: ImportsService }> = async (app, { imports }) => {
  // One byte past the limit is read, so a file over it is told apart from one exactly at it.
  await app.register(multipart, {
    limits: { fileSize: MAX_IMPORT_BYTES + 1, files: 1, fields: 5, fieldSize: 1000, parts: 8, headerPairs: 100 },
  });

  app.route(
    routeOf(ops.uploadImport, async (request, reply) => {
      const user = signedInUser(request);
      const fields: Record<string, string> = {};
      let job: Awaited<ReturnType<ImportsService['upload']>> | undefined;
      // What the service throws is ours (a 400 it chose, or a real failure), unless the file's
      // stream failed under it: then, like what the parser throws, it is about the request's body.
      const ours = new WeakSet<object>();
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file') {
            if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            continue;
          }
          if (part.fieldname !== 'file' || job) {
            part.file.resume();
            continue;
          }
          // The fields come before the file in the form, so the kind is known while the bytes arrive.
          const parsed = importUploadFields.safeParse(fields);
          if (!parsed.success) {
            part.file.resume();
            throw new ValidationError(violationsFromIssues(parsed.error.issues));
          }
          try {
            job = await imports.upload(user, parsed.data.kind, parsed.data.sheet, { fileName: part.filename, stream: part.file });
          } catch (err) {
            // `errored`: the parser destroyed the file's stream with its own error (a body cut short).
            if (part.file.errored === null && typeof err === 'object' && err !== null) ours.add(err);
            throw err;
          } finally {
            part.file.resume();
          }
          if (part.file.truncated) throw new FieldError('file', IMPORT_FILE_TOO_LARGE);
        }
      } catch (err) {
        if (err instanceof ValidationError || err instanceof DomainError || (typeof err === 'object' && err !== null && ours.has(err)))
          throw err;
        request.log.info({ err }, 'malformed import upload');
        throw multipartProblem(err);
      }
      if (!job) {
        const parsed = importUploadFields.safeParse(fields);
        if (!parsed.success) throw new ValidationError(violationsFromIssues(parsed.error.issues));
        throw new FieldError('file', REQUIRED_MESSAGE);
      }
      return reply.status(201).send(job);
    }),
  );

  app.route(routeOf(ops.listImports, async (request) => imports.list(signedInUser(request), request.query)));

  app.route(routeOf(ops.getImport, async (request) => imports.get(signedInUser(request), request.params.id)));

  app.route(
    routeOf(ops.chooseImportSheet, async (request) => imports.chooseSheet(signedInUser(request), request.params.id, request.body.sheet)),
  );

  app.route(
    routeOf(ops.startImportDryRun, async (request, reply) => {
      const job = await imports.dryRun(signedInUser(request), request.params.id, request.body.mapping);
      return reply.status(202).send(job);
    }),
  );

  app.route(
    routeOf(ops.startImport, async (request, reply) => {
      const job = await imports.import(signedInUser(request), request.params.id);
      return reply.status(202).send(job);
    }),
  );

  app.route(routeOf(ops.cancelImport, async (request) => imports.cancel(signedInUser(request), request.params.id)));

  app.route(routeOf(ops.listImportRefusals, async (request) => imports.refusals(signedInUser(request), request.params.id, request.query)));

  app.route(
    routeOf(ops.downloadImportRefusedRows, async (request, reply) => {
      const file = await imports.refusedRows(signedInUser(request), request.params.id);
      return reply
        .type(file.contentType)
        .header('content-disposition', attachment(file.fileName))
        .header('cache-control', 'no-store')
        .send(file.stream);
    }),
  );
};
