/**
 * Download CSV of the End Of Day Sheet (spec 2.7, 7; docs/decisions/141): a fetch with the Bearer
 * token (a plain link could not carry it), saved under the content-disposition filename or
 * end_of_day_sheet.csv. The server marks the rows exported only once the whole file has gone out,
 * so the file is read to its end before it is saved: a download cut short is an error, never a
 * truncated file.
 */
import { END_OF_DAY_FALLBACK_FILENAME } from '@cooler-hub/contract/receipts';
import { buildQueryString } from '../../lib/api-client';
import { MSG_UNREADABLE, UNREADABLE, interpretError } from '../../lib/api-errors';
import { clearSession, currentToken } from '../../lib/auth';

const CSV_PATH = '/api/end_of_day_sheet_csv';

/** A name safe to save: no folders, no control characters. */
function safeName(name: string): string | null {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
  const cleaned = name.replace(/[\u0000-\u001f\u007f]/g, '').split(/[\\/]/).pop()?.trim() ?? '';
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

export class CsvDownloadError extends Error {
  override readonly name = 'CsvDownloadError';
}

async function readError(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  let body: unknown = UNREADABLE;
  try {
    body = text ? (JSON.parse(text) as unknown) : undefined;
  } catch {
    body = UNREADABLE;
  }
  const outcome = interpretError(response.status, body, CSV_PATH);
  if (outcome.kind === 'unauthorized') {
    clearSession('expired');
    window.location.reload();
  }
  return outcome.message;
}

/** Fetches the day's CSV and hands it to the browser as a download; resolves with the file's name. */
export async function downloadEndOfDayCsv(receiptDate: string): Promise<string> {
  const url = `${CSV_PATH}?${buildQueryString({ receiptDate })}`;
  let response: Response;
  let blob: Blob;
  try {
    response = await fetch(url, { headers: { Accept: 'text/csv', Authorization: `Bearer ${currentToken()}` } });
    if (!response.ok) throw new CsvDownloadError(await readError(response));
    blob = await response.blob();
  } catch (error) {
    if (error instanceof CsvDownloadError) throw error;
    // The connection failed, or the server cut the file short (status already sent).
    throw new CsvDownloadError(MSG_UNREADABLE);
  }
  const name = filenameFromDisposition(response.headers.get('content-disposition')) ?? END_OF_DAY_FALLBACK_FILENAME;
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
