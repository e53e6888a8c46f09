/**
 * File downloads (docs/product.md §7: the end-of-day CSV, a delivery note's CSV and PDF; docs/decisions/141):
 * a fetch with the Bearer token (a plain link could not carry it), saved under the
 * content-disposition filename or the caller's fallback. The file is read to its end before it is
 * saved: a download cut short is an error, never a truncated file (the end-of-day sheet marks its
 * rows exported only once the whole file has gone out).
 */
import { buildQueryString, type QueryInput } from './api-client';
import { MSG_UNREADABLE, UNREADABLE, interpretError } from './api-errors';
import { clearSession, currentToken } from './auth';

// eslint-disable-next-line no-control-regex -- control characters are exactly what must go
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/g;

/** A name safe to save: no folders, no control characters. */
function safeName(name: string): string | null {
  const cleaned = name.replace(CONTROL_CHARACTERS, '').split(/[\\/]/).pop()?.trim() ?? '';
  return cleaned === '' || cleaned === '.' || cleaned === '..' ? null : cleaned;
}

/**
 * The filename of a content-disposition header (RFC 6266): `filename*=UTF-8''…` wins over
 * `filename="…"`; null when there is none.
 */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      const name = safeName(decodeURIComponent(extended[2].trim().replace(/^"|"$/g, '')));
      if (name) return name;
    } catch {
      // a malformed escape: fall through to the plain parameter
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(header);
  if (quoted?.[1] !== undefined) return safeName(quoted[1].replace(/\\(.)/g, '$1'));
  const bare = /filename\s*=\s*([^;\s]+)/i.exec(header);
  return bare?.[1] ? safeName(bare[1]) : null;
}

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
}

async function readError(response: Response, path: string): Promise<string> {
  const text = await response.text().catch(() => '');
  let body: unknown = UNREADABLE;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = UNREADABLE;
  }
  const outcome = interpretError(response.status, body, path);
  if (outcome.kind === 'unauthorized') {
    clearSession('expired');
    window.location.reload();
  }
  return outcome.message;
}

export interface DownloadRequest {
  path: string;
  query?: QueryInput;
  /** The Accept header: 'text/csv', 'application/pdf'. */
  accept: string;
  /** The name to save under when the answer names none. */
  fallbackName: string;
  /** Sent as JSON with POST (a file made from a list of ids too long for a URL); GET without it. */
  body?: unknown;
}

/**
 * Fetches the file and hands it to the browser as a download; resolves with the file's name.
 * A refusal rejects with a DownloadError carrying the sentence to show (docs/product.md §8's catalogue).
 */
export async function downloadFile({ path, query, accept, fallbackName, body }: DownloadRequest): Promise<string> {
  const qs = buildQueryString(query);
  const url = qs ? `${path}?${qs}` : path;
  let response: Response;
  let blob: Blob;
  try {
    const headers = { Accept: accept, Authorization: `Bearer ${currentToken()}` };
    response = await fetch(
      url,
      body === undefined
        ? { headers }
        : { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(body) },
    );
    if (!response.ok) throw new DownloadError(await readError(response, path));
    blob = await response.blob();
  } catch (error) {
    if (error instanceof DownloadError) throw error;
    // The connection failed, or the server cut the file short (status already sent).
    throw new DownloadError(MSG_UNREADABLE);
  }
  const name = filenameFromDisposition(response.headers.get('content-disposition')) ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click starts the download synchronously; the URL can go once the event has run.
  setTimeout(() => URL.revokeObjectURL(href), 0);
  return name;
}
