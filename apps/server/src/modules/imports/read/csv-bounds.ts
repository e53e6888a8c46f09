/**
 * The bounds of a CSV's records (docs/decisions/265), checked on the text before the parser builds
 * a record: at most MAX_IMPORT_COLUMNS cells and MAX_IMPORT_RECORD_CHARS characters a record, and
 * no NUL anywhere (a NUL is binary, and no database text holds one). The parser keeps a record whole
 * until its end and counts neither its cells nor its separators, so a line of a million commas would
 * be a million cells held, stored as the header and sent back.
 */
import {
  IMPORT_NOT_A_TABLE,
  IMPORT_RECORD_TOO_LONG,
  IMPORT_TOO_MANY_COLUMNS,
  MAX_IMPORT_COLUMNS,
  MAX_IMPORT_RECORD_CHARS,
} from '@cooler-hub/contract/imports';
import { FileRefusal } from './file-refusal';

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const NUL = 0;

// Where the scan is in a record, as the parser reads it (RFC 4180, a quote inside an unquoted cell kept):
/** A cell's first character: a quote here opens a quoted cell. */
const CELL_START = 0;
const UNQUOTED = 1;
const QUOTED = 2;
/** A quote inside a quoted cell: a second one is a quote, anything else ends the quoting. */
const QUOTE_IN_QUOTED = 3;

/**
 * Scans decoded text chunk by chunk (state kept across chunks), throwing the file's refusal as soon
 * as a record passes a bound. A record delimiter (CR or LF outside quotes) starts the next record.
 */
export class RecordBounds {
  private at = CELL_START;
  private cells = 1;
  private chars = 0;
  private readonly separator: number;

  constructor(separator: string) {
    this.separator = separator.charCodeAt(0);
  }

  scan(text: string): void {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === NUL) throw new FileRefusal(IMPORT_NOT_A_TABLE);
      if (this.at === QUOTED) {
        if (c === QUOTE) this.at = QUOTE_IN_QUOTED;
      } else if (this.at === QUOTE_IN_QUOTED && c === QUOTE) {
        this.at = QUOTED;
      } else if (c === CR || c === LF) {
        this.at = CELL_START;
        this.cells = 1;
        this.chars = 0;
        continue;
      } else if (c === this.separator) {
        this.at = CELL_START;
        if (++this.cells > MAX_IMPORT_COLUMNS) throw new FileRefusal(IMPORT_TOO_MANY_COLUMNS);
      } else {
        this.at = this.at === CELL_START && c === QUOTE ? QUOTED : UNQUOTED;
      }
      if (++this.chars > MAX_IMPORT_RECORD_CHARS) throw new FileRefusal(IMPORT_RECORD_TOO_LONG);
    }
  }
}
