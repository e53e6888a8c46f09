/**
 * Label printers (docs/decisions/283): the printers an Admin adds, a test label, and print jobs.
 *
 * A job is sent once. Its id is the client's: the first request records it as 'sending' (with the
 * receipts, read and share-locked in that transaction — unknown ones are a 400 and nothing is
 * recorded), then sends every label over one connection with no transaction open, then records
 * the outcome: 'sent' with each receipt's 'LB tag printed' history entry in one transaction, or
 * 'failed' with the sentence and no history. A retry of the same id answers the recorded job and
 * sends nothing; a job left 'sending' by a server that stopped mid-send is answered as failed once
 * its sender is surely gone. The address sent to is only ever the stored printer's.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ListResponse, Versioned } from '@cooler-hub/contract/common';
import { lbTagPreset, type LbTagPreset } from '@cooler-hub/contract/lb-tags';
import {
  PRINT_JOB_OTHER_RECEIPTS,
  PRINTER_SENTENCES,
  PRINTERS_MAX,
  TOO_MANY_PRINTERS,
  printerNotReady,
  type PrintJob,
  type Printer,
  type PrinterChoice,
  type PrinterChoiceQuery,
  type PrinterHostStatus,
  type PrinterListQuery,
  type PrinterTestResult,
  type PrinterValues,
} from '@cooler-hub/contract/printers';
import type { Db } from '../../db/client';
import { ConflictError, DomainError, NotFoundError } from '../../lib/errors';
import { listResponseOf } from '../../lib/list';
import { pdfBytes } from '../../lib/pdf';
import { labelContentOf, type LabelContent } from '../lb-tags/lb-tags.layout';
import { labelsPdf } from '../lb-tags/lb-tags.pdf';
import { recordTagsPrinted, tagsInOrder, unknownReceipts } from '../lb-tags/lb-tags.service';
import { labelsZpl } from '../lb-tags/lb-tags.zpl';
import type { Actor } from '../revision-entries/revisions';
import { sendIpp } from './ipp-transport';
import * as repo from './printers.repository';
import { sendRaw } from './raw-transport';

export interface PrintersOptions {
  /** PRINTER_TIMEOUT_MS: the whole exchange with a printer, connecting to the last byte. */
  timeoutMs: number;
  log: FastifyBaseLogger;
}

/** A job 'sending' this long after its timeout has no sender any more (the server stopped mid-send). */
const ABANDONED_AFTER_MS = 60_000;

type SendResult = { ok: true; hostStatus: PrinterHostStatus | null } | { ok: false; message: string; hostStatus: PrinterHostStatus | null };

const presetOf = (printer: Printer): LbTagPreset => lbTagPreset(printer.preset);

const toJob = (row: repo.PrintJobRow): PrintJob => ({ id: row.id, status: row.status, message: row.message ?? '', labels: row.labels });

const sameReceipts = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

export class PrintersService {
  constructor(
    private readonly db: Db,
    private readonly options: PrintersOptions,
  ) {}

  async list(query: PrinterListQuery): Promise<ListResponse<Printer>> {
    const { rows, total } = await repo.listPrinters(this.db, query);
    return listResponseOf(query, rows, total);
  }

  async choices(query: PrinterChoiceQuery): Promise<ListResponse<PrinterChoice>> {
    const { rows, total } = await repo.listPrinterChoices(this.db, query);
    return listResponseOf(query, rows, total);
  }

  get(id: string): Promise<Versioned<Printer>> {
    return repo.versions.read(this.db, id, () => this.found(id));
  }

  async create(actor: Actor, values: PrinterValues): Promise<Versioned<Printer>> {
    if ((await repo.countPrinters(this.db)) >= PRINTERS_MAX) throw new DomainError(TOO_MANY_PRINTERS);
    await repo.assertNameFree(this.db, values.name);
    const printer = await repo.insertPrinter(this.db, values, actor);
    return { ...printer, version: await repo.versions.now(this.db, printer.id) };
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: Actor, id: string, values: PrinterValues, expected?: string): Promise<Versioned<Printer>> {
    return this.db.transaction(async (tx) => {
      await repo.versions.lock(tx, id, expected, 'printer');
      await repo.assertNameFree(tx, values.name, id);
      const printer = await repo.updatePrinter(tx, id, values, actor);
      if (!printer) throw new NotFoundError();
      return { ...printer, version: await repo.versions.now(tx, id) };
    });
  }

  /** The printer and its job records. */
  async remove(id: string): Promise<void> {
    if (!(await repo.deletePrinter(this.db, id))) throw new NotFoundError();
  }

  /** 'Print a test label': one label naming the printer and its preset, and what the printer said. */
  async test(actor: Actor, id: string): Promise<PrinterTestResult> {
    const printer = await this.found(id);
    const preset = presetOf(printer);
    const label: LabelContent = { barcode: 'TEST', readable: 'TEST', lines: ['Cooler Hub test label', `${printer.name}, ${preset.label}`] };
    const result = await this.send(printer, [label], `Cooler Hub test label (${printer.name})`, actor.username);
    if (!result.ok) return { status: 'failed', message: result.message, hostStatus: result.hostStatus };
    const message = result.hostStatus ? PRINTER_SENTENCES.testSentReady(printer.name) : PRINTER_SENTENCES.testSent(printer.name);
    return { status: 'sent', message, hostStatus: result.hostStatus };
  }

  /** One job: the tags of `receiptIds`, in that order, sent once (see the header). */
  async print(actor: Actor, printerId: string, job: { id: string; receiptIds: string[] }): Promise<PrintJob> {
    const printer = await this.found(printerId);
    const earlier = await repo.findJob(this.db, job.id);
    if (earlier) return this.replay(earlier, printer, job.receiptIds);

    const started = await this.db.transaction(async (tx) => {
      const tags = await tagsInOrder(tx, job.receiptIds, (missing) => unknownReceipts('receiptIds', missing));
      const row = await repo.insertJob(tx, {
        id: job.id,
        printerId,
        receiptIds: job.receiptIds,
        createdById: actor.id,
        message: PRINTER_SENTENCES.sending(printer.name),
      });
      return row ? { row, tags } : undefined;
    });
    // The same id was recorded by a request racing this one: answered like any retry.
    if (!started) return this.replay((await repo.findJob(this.db, job.id))!, printer, job.receiptIds);

    const { tags } = started;
    const preset = presetOf(printer);
    const result = await this.send(printer, tags.map(labelContentOf), `${tags.length} LB tags`, actor.username);
    if (!result.ok) {
      this.options.log.info({ printer: printer.id, job: job.id, message: result.message }, 'print job failed');
      return toJob((await repo.finishJob(this.db, job.id, 'failed', result.message)) ?? started.row);
    }
    const message = PRINTER_SENTENCES.sent(printer.name, tags.length);
    return this.db.transaction(async (tx) => {
      const row = await repo.finishJob(tx, job.id, 'sent', message);
      await recordTagsPrinted(tx, actor, tags, preset.label, [`Printer: ${printer.name}`]);
      return toJob(row ?? { ...started.row, status: 'sent', message });
    });
  }

  /** A job already recorded under this id: the same job is answered as it stands, another is refused. */
  private async replay(job: repo.PrintJobRow, printer: Printer, receiptIds: readonly string[]): Promise<PrintJob> {
    if (job.printerId !== printer.id || !sameReceipts(job.receiptIds, receiptIds)) throw new ConflictError(PRINT_JOB_OTHER_RECEIPTS);
    if (job.status === 'sending' && (await repo.sendingForLongerThan(this.db, job.id, this.options.timeoutMs + ABANDONED_AFTER_MS))) {
      const row = await repo.finishJob(this.db, job.id, 'failed', PRINTER_SENTENCES.interrupted(printer.name));
      return toJob(row ?? (await repo.findJob(this.db, job.id))!);
    }
    return toJob(job);
  }

  private async found(id: string): Promise<Printer> {
    const row = await repo.findPrinter(this.db, id);
    if (!row) throw new NotFoundError();
    return row;
  }

  /** The labels to the printer in its language, over one connection; what it said, as a sentence when it failed. */
  private async send(printer: Printer, labels: LabelContent[], jobName: string, userName: string): Promise<SendResult> {
    const { timeoutMs } = this.options;
    const preset = presetOf(printer);
    const sentences = PRINTER_SENTENCES;
    if (printer.language === 'zpl' && printer.connection === 'raw' && printer.host && printer.port) {
      const target = { host: printer.host, port: printer.port };
      const outcome = await sendRaw(target, labelsZpl(labels, preset, printer.darkness), { timeoutMs, askStatus: true });
      if (outcome.ok) return outcome;
      const address = `${printer.host}:${printer.port}`;
      const message = {
        unreachable: () => sentences.unreachable(printer.name, address),
        timeout: () => sentences.timedOut(printer.name, timeoutMs),
        lost: () => sentences.connectionLost(printer.name),
        'not-zebra': () => sentences.notAZebra(printer.name),
        'not-ready': () => printerNotReady(printer.name, outcome.hostStatus!),
      }[outcome.reason]();
      return { ok: false, message, hostStatus: outcome.hostStatus };
    }
    if (printer.language === 'pdf' && printer.connection === 'ipp' && printer.url) {
      const document = await pdfBytes(labelsPdf(labels, preset, jobName));
      const outcome = await sendIpp({ url: printer.url, document, jobName, userName, timeoutMs });
      if (outcome.ok) return { ok: true, hostStatus: null };
      const message =
        outcome.reason === 'refused'
          ? sentences.refused(printer.name, outcome.status)
          : outcome.reason === 'unreachable'
            ? sentences.unreachable(printer.name, printer.url)
            : outcome.reason === 'timeout'
              ? sentences.timedOut(printer.name, timeoutMs)
              : sentences.connectionLost(printer.name);
      return { ok: false, message, hostStatus: null };
    }
    // The table's check and the contract allow no other pairing.
    throw new Error(`printer ${printer.id}: ${printer.language} over ${printer.connection}`);
  }
}
