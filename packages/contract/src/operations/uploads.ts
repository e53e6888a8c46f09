/** The uploads calls, declared once for the server and the web (docs/decisions/281). */
import { z } from 'zod';
import { uploadResponse } from '../uploads';
import { operation } from '../operation';

export const uploadImage = operation({
  operationId: 'uploadImage',
  method: 'POST',
  path: '/api/file_upload',
  summary: 'Upload an image',
  description:
    'multipart/form-data with the fields `type` (avatar) and `file`: a PNG or JPEG (by content) of at most 512000 bytes; a larger file is a 400 on `file`.',
  tags: ['uploads'],
  ability: 'admin',
  errors: [415],
  form: {
    type: 'object',
    required: ['type', 'file'],
    properties: {
      type: { type: 'string', enum: ['avatar'] },
      file: { type: 'string', contentMediaType: 'application/octet-stream' },
    },
  },
  consumes: ['multipart/form-data'],
  response: { 200: uploadResponse },
});

export const getUploadedImage = operation({
  operationId: 'getUploadedImage',
  method: 'GET',
  path: '/api/uploads/:id',
  summary: 'Get an uploaded image',
  description: 'Public: the unguessable address is the permission, so an <img> needs no token.',
  tags: ['uploads'],
  public: true,
  produces: ['image/png', 'image/jpeg'],
  params: z.object({ id: z.string() }),
});
