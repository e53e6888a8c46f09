/**
 * Label printers the hub knows (docs/decisions/283): an Admin adds each with its address, its
 * language and its label preset; 'Print tags' then sends the labels from the server, as one job,
 * and answers what the printer said in a sentence. Two kinds:
 *
 * - `zpl` over `raw` TCP (host and port, 9100 by default): a Zebra, sent ZPL with the bars as
 *   boxes on its own dots, after its `~HS` host status says it has paper, its head is closed and it
 *   is not paused;
 * - `pdf` to an `ipp` queue (an IPP or CUPS queue's URL): the label PDF the app already makes, one
 *   page per label, printed by the queue's driver — how a Brother QL is reached.
 *
 * The printer's address is only ever the one stored here by an Admin: a print request names the
 * printer by id, never a host. The sentences below are what the answers carry, so the web shows
 * them as they are.
 */
import { z } from 'zod';
import { INVALID_VALUE_MESSAGE, REQUIRED_MESSAGE, isBlank, listQuery, listResponse, required, requiredString, searchText } from './common';
import { LB_TAG_PRESETS, LB_TAG_TWICE, MAX_LB_TAGS, TOO_MANY_LB_TAGS, type LbTagPresetId } from './lb-tags';

export const PRINTER_CONNECTIONS = ['raw', 'ipp'] as const;
export type PrinterConnection = (typeof PRINTER_CONNECTIONS)[number];
export const PRINTER_LANGUAGES = ['zpl', 'pdf'] as const;
export type PrinterLanguage = (typeof PRINTER_LANGUAGES)[number];

/** Each language goes over one kind of connection: ZPL to a raw TCP port, the PDF to an IPP queue. */
export const PRINTER_LANGUAGE_CONNECTION: Record<PrinterLanguage, PrinterConnection> = { zpl: 'raw', pdf: 'ipp' };

/** What the Settings screen shows for each. */
export const PRINTER_LANGUAGE_LABELS: Record<PrinterLanguage, string> = {
  zpl: 'ZPL (Zebra)',
  pdf: 'PDF (Brother QL and others, via CUPS)',
};
export const PRINTER_CONNECTION_LABELS: Record<PrinterConnection, string> = {
  raw: 'Raw TCP (host and port, usually 9100)',
  ipp: 'IPP / CUPS queue (its address)',
};

export const PRINTER_NAME_MAX = 100;
export const PRINTER_HOST_MAX = 253;
export const PRINTER_URL_MAX = 2000;
/** Raw TCP printing's usual port (Zebra, HP JetDirect, Brother's raw mode). */
export const DEFAULT_RAW_PORT = 9100;
/** ZPL `~SD`: the print darkness, 0 to 30. */
export const PRINTER_DARKNESS_MAX = 30;
export const PRINTERS_MAX = 50;

export const TOO_MANY_PRINTERS = `At most ${PRINTERS_MAX} printers can be added. Delete one first.`;
export const PRINTER_HOST_INVALID = 'Enter a host name or IP address only, without http:// or a path (e.g. zebra-1.local or 192.168.1.50).';
export const PRINTER_PORT_INVALID = 'Enter a port from 1 to 65535.';
export const PRINTER_URL_INVALID =
  "Enter the queue's address, e.g. ipp://cups.local:631/printers/brother-ql (ipp://, ipps://, http:// or https://).";
export const PRINTER_URL_CREDENTIALS = 'Leave the user name and password out of the address.';
export const PRINTER_ZPL_NEEDS_RAW = 'ZPL is sent over raw TCP: choose the raw TCP connection (host and port).';
export const PRINTER_PDF_NEEDS_IPP = 'A PDF is sent to an IPP / CUPS queue: choose the IPP connection (its address).';
export const PRINTER_DARKNESS_INVALID = `Enter a darkness from 0 to ${PRINTER_DARKNESS_MAX}, or leave it empty.`;
export const PRINTER_DARKNESS_ZPL_ONLY = 'Darkness is set on ZPL printers only; leave it empty for a PDF queue.';
export const PRINTER_PRESET_INVALID = `Choose one of ${LB_TAG_PRESETS.map((p) => p.id).join(', ')}.`;

const PRESET_IDS = LB_TAG_PRESETS.map((p) => p.id) as [LbTagPresetId, ...LbTagPresetId[]];

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
/** RFC 1123 host names: dot-separated labels of letters, digits and inner hyphens, 63 at most each. */
const HOST_NAME = /^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** An IPv6 literal as WHATWG URL parsing reads it (the same in the browser and in Node). */
function isIpv6(value: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(value) || !value.includes(':')) return false;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2;
  } catch {
    return false;
  }
}

/** A host name, an IPv4 address or an IPv6 address (brackets optional): no scheme, port or path. */
export function isPrinterHost(value: string): boolean {
  const bare = /^\[.*\]$/.test(value) ? value.slice(1, -1) : value;
  return IPV4.test(bare) || isIpv6(bare) || (HOST_NAME.test(bare) && !/^[\d.]+$/.test(bare));
}

/** The problem of an IPP queue address, or undefined when it is one. */
export function printerUrlProblem(value: string): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return PRINTER_URL_INVALID;
  }
  if (!['ipp:', 'ipps:', 'http:', 'https:'].includes(url.protocol) || !url.hostname) return PRINTER_URL_INVALID;
  if (url.username || url.password) return PRINTER_URL_CREDENTIALS;
  return undefined;
}

const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const blankToNull = (v: unknown) => (isBlank(v) ? null : trimmed(v));

/**
 * Create and edit. `host` and `port` belong to a raw connection, `url` to an IPP one: the other
 * kind's fields are ignored (answered null). Every broken rule is a violation on its own field.
 */
export const printerBody = z
  .object({
    name: requiredString(PRINTER_NAME_MAX),
    connection: required(z.enum(PRINTER_CONNECTIONS, { error: `Choose ${PRINTER_CONNECTIONS.join(' or ')}.` })),
    host: z.preprocess(blankToNull, z.string().max(PRINTER_HOST_MAX, PRINTER_HOST_INVALID).nullable()).optional(),
    port: z.preprocess(
      (v) => (isBlank(v) ? DEFAULT_RAW_PORT : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: PRINTER_PORT_INVALID }).int(PRINTER_PORT_INVALID).min(1, PRINTER_PORT_INVALID).max(65535, PRINTER_PORT_INVALID),
    ),
    url: z.preprocess(blankToNull, z.string().max(PRINTER_URL_MAX, PRINTER_URL_INVALID).nullable()).optional(),
    language: required(z.enum(PRINTER_LANGUAGES, { error: `Choose ${PRINTER_LANGUAGES.join(' or ')}.` })),
    preset: required(z.enum(PRESET_IDS, { error: PRINTER_PRESET_INVALID })),
    darkness: z.preprocess(
      (v) => (isBlank(v) ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z
        .number({ error: PRINTER_DARKNESS_INVALID })
        .int(PRINTER_DARKNESS_INVALID)
        .min(0, PRINTER_DARKNESS_INVALID)
        .max(PRINTER_DARKNESS_MAX, PRINTER_DARKNESS_INVALID)
        .nullable(),
    ),
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when a field failed on its own (`when` below), so every broken rule speaks on its
      // field at once; a failed field holds its input here, hence the type checks.
      const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message, input: undefined });
      if (v.connection === 'raw') {
        if (isBlank(v.host)) issue('host', REQUIRED_MESSAGE);
        else if (typeof v.host === 'string' && !isPrinterHost(v.host)) issue('host', PRINTER_HOST_INVALID);
      }
      if (v.connection === 'ipp') {
        if (isBlank(v.url)) issue('url', REQUIRED_MESSAGE);
        else if (typeof v.url === 'string') {
          const problem = printerUrlProblem(v.url);
          if (problem) issue('url', problem);
        }
      }
      if (v.language === 'zpl' && v.connection === 'ipp') issue('language', PRINTER_ZPL_NEEDS_RAW);
      if (v.language === 'pdf' && v.connection === 'raw') issue('language', PRINTER_PDF_NEEDS_IPP);
      if (v.language === 'pdf' && typeof v.darkness === 'number') issue('darkness', PRINTER_DARKNESS_ZPL_ONLY);
    },
    { when: () => true },
  )
  .transform((v) => ({
    name: v.name,
    connection: v.connection,
    host: v.connection === 'raw' ? (v.host ?? null) : null,
    port: v.connection === 'raw' ? v.port : null,
    url: v.connection === 'ipp' ? (v.url ?? null) : null,
    language: v.language,
    preset: v.preset,
    darkness: v.language === 'zpl' ? v.darkness : null,
  }));
export type PrinterBody = z.input<typeof printerBody>;
export type PrinterValues = z.output<typeof printerBody>;

export const printer = z.object({
  id: z.uuid(),
  name: z.string(),
  connection: z.enum(PRINTER_CONNECTIONS),
  /** Raw TCP only; null for an IPP queue. */
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  /** IPP only; null for raw TCP. */
  url: z.string().nullable(),
  language: z.enum(PRINTER_LANGUAGES),
  preset: z.enum(PRESET_IDS),
  /** From the preset: every bar is a whole number of these dots. */
  dpi: z.number().int(),
  darkness: z.number().int().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Printer = z.infer<typeof printer>;

export const printerList = listResponse(printer);
export type PrinterList = z.infer<typeof printerList>;
export const printerListQuery = listQuery(['name', 'createdAt'], { name: searchText(PRINTER_NAME_MAX) });
export type PrinterListQuery = z.infer<typeof printerListQuery>;

/** What the 'Print tags' menu needs of a printer: never its address. */
export const printerChoice = printer.pick({ id: true, name: true, language: true, preset: true });
export type PrinterChoice = z.infer<typeof printerChoice>;
export const printerChoiceList = listResponse(printerChoice);
export type PrinterChoiceList = z.infer<typeof printerChoiceList>;
export const printerChoiceQuery = printerListQuery.pick({ page: true, perPage: true, name: true });
export type PrinterChoiceQuery = z.infer<typeof printerChoiceQuery>;

// ── what a printer said ───────────────────────────────────────────────────────────────────────

/** A Zebra's `~HS` host status, the flags that stop it printing. */
export const printerHostStatus = z.object({
  paperOut: z.boolean(),
  headOpen: z.boolean(),
  paused: z.boolean(),
  ribbonOut: z.boolean(),
});
export type PrinterHostStatus = z.infer<typeof printerHostStatus>;

const HOST_STATUS_WORDS: [keyof PrinterHostStatus, string][] = [
  ['paperOut', 'out of paper'],
  ['ribbonOut', 'out of ribbon'],
  ['headOpen', 'open (its print head is up)'],
  ['paused', 'paused'],
];

const joinWords = (words: string[]) =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;

/** Whether the host status lets the printer print. */
export const printerCanPrint = (s: PrinterHostStatus) => !HOST_STATUS_WORDS.some(([flag]) => s[flag]);

/** 'The printer Zebra 1 is out of paper and paused: nothing was printed.' */
export function printerNotReady(name: string, status: PrinterHostStatus): string {
  const words = HOST_STATUS_WORDS.filter(([flag]) => status[flag]).map(([, word]) => word);
  return `The printer ${name} is ${joinWords(words)}: nothing was printed.`;
}

/** The sentences a job or a test answers (docs/decisions/283). */
export const PRINTER_SENTENCES = {
  unreachable: (name: string, address: string) => `The printer ${name} at ${address} could not be reached.`,
  timedOut: (name: string, timeoutMs: number) => `The printer ${name} did not answer within ${secondsText(timeoutMs)}.`,
  connectionLost: (name: string) => `The connection to the printer ${name} was cut before it took the labels.`,
  notAZebra: (name: string) => `The printer ${name} answered its status request with something other than a ZPL host status.`,
  refused: (name: string, status: string) => `The printer ${name} refused the job (${status}).`,
  sent: (name: string, labels: number) => `The printer ${name} took ${labels === 1 ? '1 label' : `${labels} labels`}.`,
  testSent: (name: string) => `The printer ${name} took the test label.`,
  testSentReady: (name: string) => `The printer ${name} is ready (paper in, head closed, not paused) and took the test label.`,
  sending: (name: string) => `The labels are being sent to the printer ${name}.`,
  interrupted: (name: string) => `The job was cut off before the printer ${name} confirmed it; it is not sent again.`,
};

/** 10000 → '10 seconds', 1000 → '1 second', 1500 → '1.5 seconds'. */
export function secondsText(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
}

// ── test label and print jobs ─────────────────────────────────────────────────────────────────

export const PRINT_RESULTS = ['sent', 'failed'] as const;

/** `POST /api/printers/{id}/test`: what the printer said of a test label. */
export const printerTestResult = z.object({
  status: z.enum(PRINT_RESULTS),
  /** One sentence, to show as it is. */
  message: z.string(),
  /** The ZPL host status read before sending; null for an IPP queue, or when the printer gave none. */
  hostStatus: printerHostStatus.nullable(),
});
export type PrinterTestResult = z.infer<typeof printerTestResult>;

export const PRINT_JOB_STATUSES = ['sending', 'sent', 'failed'] as const;
export type PrintJobStatus = (typeof PRINT_JOB_STATUSES)[number];

export const PRINT_JOB_OTHER_RECEIPTS = 'This print job id was already used for other receipts or another printer: send a new id.';

/**
 * `POST /api/printers/{id}/jobs`: the client makes the job's id, so a retry (the same id) answers
 * the job already made — sent or failed — and never sends the labels twice.
 */
export const printJobBody = z.object({
  id: required(z.uuid({ error: INVALID_VALUE_MESSAGE })),
  receiptIds: required(
    z
      .array(z.uuid())
      .min(1, REQUIRED_MESSAGE)
      .max(MAX_LB_TAGS, TOO_MANY_LB_TAGS)
      .refine((ids) => new Set(ids).size === ids.length, LB_TAG_TWICE),
  ),
});
export type PrintJobBody = z.input<typeof printJobBody>;

export const printJob = z.object({
  id: z.uuid(),
  /** 'sending' only while another request of the same id is still sending it. */
  status: z.enum(PRINT_JOB_STATUSES),
  /** One sentence, to show as it is: what the printer took, or why not. */
  message: z.string(),
  /** Labels in the job: one per receipt. */
  labels: z.number().int(),
});
export type PrintJob = z.infer<typeof printJob>;
