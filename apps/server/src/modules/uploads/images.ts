/**
 * An upload is stored only as an image we decoded in full and encoded again ourselves, so what is
 * served is pixels and nothing else: a valid signature in front of HTML, or a truncated or corrupt
 * image, is refused, and anything hidden around valid pixels (trailing bytes, metadata) is dropped
 * (docs/decisions/062). sharp (libvips) decodes off the event loop; its binaries come as npm
 * packages, nothing is downloaded at install time.
 */
import sharp from 'sharp';

export type ImageType = 'image/png' | 'image/jpeg';

/** Larger images are refused before decoding: a 500 KB file can claim gigabytes of pixels. */
export const MAX_IMAGE_PIXELS = 40_000_000;
const JPEG_QUALITY = 90;

// One decode per upload, never the same bytes twice: nothing to gain from libvips' operation cache.
sharp.cache(false);

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const FORMAT_OF: Record<ImageType, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg' };

/** What the first bytes claim; only a full decode (reencodeImage) proves it. */
export function detectImageType(bytes: Buffer): ImageType | null {
  if (bytes.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  if (bytes.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  return null;
}

/**
 * The image decoded and encoded again in the same format, turned upright by its EXIF orientation
 * and without metadata (no camera serials or GPS positions served); null when the bytes are not one
 * whole, valid PNG or JPEG, or hold more than MAX_IMAGE_PIXELS.
 */
export async function reencodeImage(bytes: Buffer, type: ImageType): Promise<Buffer | null> {
  // failOn 'warning': a truncated or damaged stream is an error, not an image padded with grey.
  const image = sharp(bytes, { failOn: 'warning', limitInputPixels: MAX_IMAGE_PIXELS });
  try {
    const { format } = await image.metadata();
    if (format !== FORMAT_OF[type]) return null;
    const upright = image.autoOrient();
    return await (type === 'image/png' ? upright.png() : upright.jpeg({ quality: JPEG_QUALITY })).toBuffer();
  } catch {
    return null;
  }
}
