/** File upload (docs/product.md §5.2, docs/architecture.md §5): PNG or JPEG by content, at most 512000 bytes. */
import { z } from 'zod';

export const MAX_UPLOAD_BYTES = 512000;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/jpg'] as const;
export const UPLOAD_KINDS = ['avatar'] as const;
export const INVALID_FILE_FORMAT = 'Invalid file format. Only PNG, JPG, and JPEG formats are allowed.';
export const FILE_TOO_LARGE = 'File size exceeds 500KB';

export const uploadResponse = z.object({ url: z.string() });
export type UploadResponse = z.infer<typeof uploadResponse>;

/** The browser's check before sending; the server checks the bytes themselves. */
export function uploadProblem(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_MIME_TYPES as readonly string[]).includes(file.type)) return INVALID_FILE_FORMAT;
  if (file.size > MAX_UPLOAD_BYTES) return FILE_TOO_LARGE;
  return null;
}
