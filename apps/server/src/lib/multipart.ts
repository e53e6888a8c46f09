/**
 * What the multipart parser throws while reading a body is about the request (a missing or wrong
 * boundary, a body cut short, too many parts): a 400 sentence instead of a 500 or the parser's own
 * wording (docs/decisions/062). Shared by every route that takes multipart bodies.
 */
import { DomainError } from './errors';

export const ONE_FILE_ONLY = 'Send one file per upload: this request holds more than one.';
export const TOO_MANY_FIELDS = 'The upload holds more form fields than it should.';
export const MALFORMED_UPLOAD = 'The upload could not be read: the multipart body is malformed or incomplete.';

/**
 * The 400 for an error met while reading a multipart body; a request that is not multipart at all
 * keeps its 415 (plugins/errors). `err` must come from the parser or the request's streams, not
 * from our own code reading them.
 */
export function multipartProblem(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return err;
  if (code === 'FST_FILES_LIMIT') return new DomainError(ONE_FILE_ONLY);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return new DomainError(TOO_MANY_FIELDS);
  return new DomainError(MALFORMED_UPLOAD);
}
