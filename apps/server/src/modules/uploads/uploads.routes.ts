/**
 * POST /api/file_upload (multipart: file, type) and GET /api/uploads/{id} (public: the unguessable
 * id is the permission, so the web's <img> needs no token).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { REQUIRED_MESSAGE, violationsFromIssues } from '@cooler-hub/contract/common';
import { MAX_UPLOAD_BYTES, UPLOAD_KINDS } from '@cooler-hub/contract/uploads';
import { signedInUser } from '../../plugins/auth';
import { FieldError, NotFoundError, ValidationError } from '../../lib/errors';
import { multipartProblem } from '../../lib/multipart';
import type { UploadsService } from './uploads.service';
import * as ops from '@cooler-hub/contract/operations/uploads';
import { routeOf } from '../../lib/route-of';

const uploadFields = z.object({ type: z.enum(UPLOAD_KINDS) });

export const uploadsRoutes: FastifyPluginAsyncZod<{ uploads: UploadsService }> = async (app, { uploads }) => {
  // Only this plugin accepts multipart bodies. Past the limit busboy truncates the file and drops
  // the rest; we check `truncated` ourselves so the answer is our 400, not the plugin's bare 413.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1000, parts: 12, headerPairs: 100 },
  });

  app.route(
    routeOf(ops.uploadImage, async (request) => {
      const user = signedInUser(request);
      let bytes: Buffer | null | undefined;
      const fields: Record<string, string> = {};
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || bytes !== undefined) {
              part.file.resume(); // not ours: drain it
              continue;
            }
            const buffer = await part.toBuffer();
            bytes = part.file.truncated ? null : buffer;
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        request.log.info({ err }, 'malformed upload');
        throw multipartProblem(err);
      }
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw new ValidationError(violationsFromIssues(parsed.error.issues));
      if (bytes === undefined) throw new FieldError('file', REQUIRED_MESSAGE);
      return uploads.store({ kind: parsed.data.type, bytes, ownerId: user.id });
    }),
  );

  app.route(
    routeOf(ops.getUploadedImage, async (request, reply) => {
      const upload = await uploads.find(request.params.id);
      if (!upload) throw new NotFoundError();
      return reply
        .type(upload.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', 'inline')
        .send(upload.bytes);
    }),
  );
};
