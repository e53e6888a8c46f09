/**
 * A plain-SQL dump read as the statements it holds, without running any of it (docs/decisions/266).
 * A restore sends these statements to the database itself — no psql reads the file — so nothing in
 * a file is ever taken as a client-side command; and a file holding one (`\!`, `\i`, `\o`, `\copy`,
 * `\set`, …) or a COPY statement, neither of which pg_dump writes into a Cooler Hub backup, is
 * refused before anything is written.
 *
 * The scanner follows PostgreSQL's lexer as far as statement ends need: quoted strings (standard,
 * E'…' with backslash escapes, U&'…'), quoted identifiers, dollar quotes, `--` and nested `/* *\/`
 * comments, and parentheses (a `;` inside them ends nothing). Text it misreads reaches the server as
 * SQL and fails there, rolling the restore back: a forged file can make a restore fail, not run a
 * program.
 */
import { createReadStream } from 'node:fs';
import { BackupFileError } from './backup-file';

/** A statement (its text with the `;`, and the line its text starts on), or a backslash command line. */
export type DumpPart =
  { kind: 'sql'; text: string; line: number; keyword: string } | { kind: 'command'; text: string; line: number; atLineStart: boolean };

type Mode = 'sql' | 'quote' | 'escape-quote' | 'ident' | 'dollar' | 'line-comment' | 'block-comment';

const WORD = /[A-Za-z_\u0080-\uffff][A-Za-z0-9_$\u0080-\uffff]*/y;
const NUMBER = /[0-9][0-9A-Za-z_.]*/y;
const DOLLAR_TAG = /\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/y;
const ESCAPE_QUOTE_STOP = /['\\]/g;
const COMMENT_STOP = /\/\*|\*\//g;

export class DumpScanner {
  private buf = '';
  private pos = 0;
  /** Start of the statement being read, in `buf`; `kept` is what came before a command cut out of it. */
  private start = 0;
  private kept = '';
  private startLine = 1;
  private line = 1;
  private mode: Mode = 'sql';
  private depth = 0;
  private tag = '';
  private keyword = '';

  push(chunk: string): DumpPart[] {
    this.buf += chunk;
    return this.scan(false);
  }

  /** The rest, once the whole file was pushed: a last statement without its `;` included. */
  end(): DumpPart[] {
    return this.scan(true);
  }

  /** Lines counted in buf[from, to). */
  private lines(from: number, to: number): void {
    for (let i = this.buf.indexOf('\n', from); i >= 0 && i < to; i = this.buf.indexOf('\n', i + 1)) this.line++;
  }

  private scan(final: boolean): DumpPart[] {
    const out: DumpPart[] = [];
    const buf = this.buf;
    // Every look-ahead stays within a line, so only whole lines are read until the file has ended.
    const limit = final ? buf.length : buf.lastIndexOf('\n') + 1;
    let i = this.pos;
    const statement = (to: number) => {
      const text = this.kept + buf.slice(this.start, to);
      if (this.keyword) out.push({ kind: 'sql', text, line: this.startLine, keyword: this.keyword });
      this.kept = '';
      this.keyword = '';
      this.start = to;
      this.startLine = this.line;
    };
    while (i < limit) {
      if (this.mode !== 'sql') {
        i = this.skipQuoted(i, limit);
        continue;
      }
      const c = buf[i]!;
      if (c === '\n') {
        this.line++;
        i++;
        continue;
      }
      if (c === ' ' || c === '\t' || c === '\r' || c === '\f') {
        i++;
        continue;
      }
      if (c === '-' && buf[i + 1] === '-') {
        this.mode = 'line-comment';
        i += 2;
        continue;
      }
      if (c === '/' && buf[i + 1] === '*') {
        this.mode = 'block-comment';
        this.depth = 1;
        i += 2;
        continue;
      }
      if (c === '\\') {
        const eol = buf.indexOf('\n', i);
        const to = eol < 0 ? buf.length : eol;
        out.push({
          kind: 'command',
          text: buf.slice(i, to).replace(/\r$/, ''),
          line: this.line,
          atLineStart: i === 0 || buf[i - 1] === '\n',
        });
        // The command is cut out of the statement around it.
        this.kept += buf.slice(this.start, i);
        this.start = to;
        i = to;
        continue;
      }
      const code = c.charCodeAt(0);
      const first = !this.keyword;
      if (first) this.keyword = c;
      if (c === "'") {
        this.mode = 'quote';
        i++;
      } else if (c === '"') {
        this.mode = 'ident';
        i++;
      } else if (c === '$') {
        DOLLAR_TAG.lastIndex = i;
        const tag = DOLLAR_TAG.exec(buf)?.[0];
        if (tag) {
          this.mode = 'dollar';
          this.tag = tag;
          i += tag.length;
        } else i++;
      } else if (code >= 48 && code <= 57) {
        NUMBER.lastIndex = i;
        i += NUMBER.exec(buf)![0].length;
      } else if ((code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95 || code >= 128) {
        WORD.lastIndex = i;
        const word = WORD.exec(buf)![0];
        if (first) this.keyword = word.toUpperCase();
        i += word.length;
        if ((word === 'E' || word === 'e') && buf[i] === "'") {
          this.mode = 'escape-quote';
          i++;
        } else if ((word === 'U' || word === 'u') && buf[i] === '&' && (buf[i + 1] === "'" || buf[i + 1] === '"')) {
          this.mode = buf[i + 1] === "'" ? 'quote' : 'ident';
          i += 2;
        }
      } else if (c === '(') {
        this.depth++;
        i++;
      } else if (c === ')') {
        this.depth = Math.max(0, this.depth - 1);
        i++;
      } else if (c === ';' && this.depth === 0) {
        i++;
        statement(i);
      } else i++;
    }
    this.pos = i;
    if (final) {
      statement(buf.length);
      this.buf = '';
      this.pos = 0;
      this.start = 0;
    } else {
      this.buf = buf.slice(this.start);
      this.pos -= this.start;
      this.start = 0;
    }
    return out;
  }

  /** Reads on inside a string, identifier or comment from `i`; where the scan goes on. */
  private skipQuoted(i: number, limit: number): number {
    const buf = this.buf;
    let stop: number;
    let next: number;
    switch (this.mode) {
      case 'line-comment':
        stop = buf.indexOf('\n', i);
        if (stop < 0 || stop >= limit) return limit;
        this.mode = 'sql';
        return stop;
      case 'quote':
      case 'ident': {
        const q = this.mode === 'quote' ? "'" : '"';
        stop = buf.indexOf(q, i);
        if (stop < 0 || stop >= limit) break;
        this.lines(i, stop);
        if (buf[stop + 1] === q) return stop + 2;
        this.mode = 'sql';
        return stop + 1;
      }
      case 'escape-quote': {
        ESCAPE_QUOTE_STOP.lastIndex = i;
        const m = ESCAPE_QUOTE_STOP.exec(buf);
        stop = m ? m.index : -1;
        if (stop < 0 || stop >= limit) break;
        if (buf[stop] === '\\') {
          next = Math.min(stop + 2, limit);
          this.lines(i, next);
          return next;
        }
        this.lines(i, stop);
        if (buf[stop + 1] === "'") return stop + 2;
        this.mode = 'sql';
        return stop + 1;
      }
      case 'dollar':
        stop = buf.indexOf(this.tag, i);
        if (stop < 0 || stop + this.tag.length > limit) break;
        this.lines(i, stop);
        this.mode = 'sql';
        return stop + this.tag.length;
      case 'block-comment': {
        COMMENT_STOP.lastIndex = i;
        const m = COMMENT_STOP.exec(buf);
        stop = m ? m.index : -1;
        if (stop < 0 || stop >= limit) break;
        this.lines(i, stop);
        this.depth += m![0] === '/*' ? 1 : -1;
        if (this.depth === 0) this.mode = 'sql';
        return stop + 2;
      }
      case 'sql':
        return i;
    }
    // Runs past what has been read: take all of it, keep the mode.
    this.lines(i, limit);
    return limit;
  }
}

/** The only backslash commands pg_dump writes into our plain dumps: the guard lines of newer versions. */
const WRITTEN_BY_PG_DUMP = /^\\(restrict|unrestrict) [A-Za-z0-9]+$/;

/** The statements of `file`, in order, each as soon as it is complete; command lines are left out. */
export async function* dumpStatements(file: string): AsyncGenerator<Extract<DumpPart, { kind: 'sql' }>> {
  const scanner = new DumpScanner();
  const parts = (chunk?: string) => (chunk === undefined ? scanner.end() : scanner.push(chunk));
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    for (const part of parts(chunk as string)) if (part.kind === 'sql') yield part;
  }
  for (const part of parts()) if (part.kind === 'sql') yield part;
}

/**
 * Reads the whole file once, running nothing: refuses it, naming the line, when it holds anything
 * pg_dump does not write into a Cooler Hub backup — a backslash command other than `\restrict` /
 * `\unrestrict` on a line of its own, or a COPY statement (our dumps hold INSERTs).
 */
export async function checkDumpScript(file: string): Promise<void> {
  const scanner = new DumpScanner();
  const check = (parts: DumpPart[]) => {
    for (const part of parts) {
      if (part.kind === 'command' && !(part.atLineStart && WRITTEN_BY_PG_DUMP.test(part.text))) {
        const shown = part.text.length > 40 ? `${part.text.slice(0, 40)}…` : part.text;
        throw new BackupFileError(
          `${file} holds a psql command on line ${part.line} (${shown}), which pg_dump never writes into a Cooler Hub backup: the file was made or changed by hand. Nothing was restored.`,
        );
      }
      if (part.kind === 'sql' && part.keyword === 'COPY') {
        throw new BackupFileError(
          `${file} holds a COPY statement on line ${part.line}, which a Cooler Hub backup never holds (its rows are INSERT statements): the file was made or changed by hand. Nothing was restored.`,
        );
      }
    }
  };
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) check(scanner.push(chunk as string));
  check(scanner.end());
}
