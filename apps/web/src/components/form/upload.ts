import { uploadImage } from '@cooler-hub/contract/operations/uploads';
import type { UPLOAD_KINDS } from '@cooler-hub/contract/uploads';
import { api } from '../../lib/api-client';

export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** uploadImage, multipart `type` + `file` → { url } (docs/product.md §7). `type` goes first so a
 *  streaming multipart parser has it before the file. */
export function uploadFile(file: File, type: UploadKind) {
  const formData = new FormData();
  formData.append('type', type);
  formData.append('file', file);
  return api.call(uploadImage, { formData });
}
