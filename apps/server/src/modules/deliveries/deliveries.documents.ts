/**
 * A note's CSV and PDF (docs/product.md §7 downloads; docs/decisions/155). The PDF is a sheet a
 * driver and a customer can use: number, date, type, customer, business name, both addresses, CC
 * code, recipients, then one compact row per LB (LB number, serial, part number, DOM), the table's
 * header repeated on every page, "Page n of m" at the foot. It is set in DejaVu Sans, a TTF shipped
 * in an npm package and embedded (subset), so any name or address prints — Ł, ß, Cyrillic alike.
 */
import { deliveryFileName, type Delivery, type DOWNLOAD_FORMATS } from '@cooler-hub/contract/deliveries';
import type { DeliveryAddress } from '@cooler-hub/contract/delivery-addresses';
import { deliveryTitle } from '@cooler-hub/contract/delivery-types';
import { formatDay, formatLondonDateTime } from '@cooler-hub/contract/london-time';
import { csvRows } from '../../lib/csv';
import { pdfBytes, pdfDocument } from '../../lib/pdf';
import type { DocumentLine } from './deliveries.repository';

export interface DeliveryDocument {
  delivery: Delivery;
  lines: DocumentLine[];
}

export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** One file of a delivery: its name, its content type and its bytes. */
export interface DeliveryFile {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** The delivery as CSV or PDF, named by the contract's deliveryFileName. */
export async function deliveryFile(document: DeliveryDocument, format: DownloadFormat): Promise<DeliveryFile> {
  const filename = deliveryFileName(document.delivery, format);
  if (format === 'csv') return { filename, contentType: 'text/csv; charset=utf-8', content: Buffer.from(deliveryCsv(document), 'utf8') };
  return { filename, contentType: 'application/pdf', content: await deliveryPdf(document) };
}

const TYPE_LABELS = { transfer: 'Transfer', scrap: 'Scrap', error_sheet: 'Error sheet' } as const;

const addressText = (a: DeliveryAddress | null) => (a ? (a.address.formattedAddress ?? a.address.searchText) : '');

/** The CSV: a header row, then one row per LB with the note's number, type and date on each. */
export const CSV_COLUMNS = ['Delivery Note No', 'Type', 'Date', 'Customer', 'LB Number', 'Serial Number', 'Part Number', 'DOM'] as const;

export function deliveryCsv({ delivery, lines }: DeliveryDocument): string {
  const head = [String(delivery.id), TYPE_LABELS[delivery.type], formatDay(delivery.deliveryDay), delivery.customerAccount?.name ?? ''];
  return csvRows([
    [...CSV_COLUMNS],
    ...lines.map((l) => [...head, l.lbNumber, l.serialNumber, l.partNumber, formatDay(l.dateOfManufacture)]),
  ]);
}

// ── PDF ─────────────────────────────────────────────────────────────────────────────────────────

const MARGIN = 40;
const ROW = 13;
const TABLE_FONT = 8.5;
/** Column x offsets and widths on A4 (595 pt wide, 515 between the margins). */
const COLUMNS = [
  { title: '#', width: 35 },
  { title: 'LB Number', width: 100 },
  { title: 'Serial Number', width: 170 },
  { title: 'Part Number', width: 140 },
  { title: 'DOM', width: 70 },
] as const;

export function deliveryPdf({ delivery, lines }: DeliveryDocument): Promise<Buffer> {
  const doc = pdfDocument({ size: 'A4', margin: MARGIN, bufferPages: true, title: deliveryTitle(delivery) });
  const done = pdfBytes(doc);

  const width = doc.page.width - 2 * MARGIN;
  doc.font('bold').fontSize(16).text(deliveryTitle(delivery), MARGIN, MARGIN);
  doc.moveDown(0.4);

  const facts: [string, string][] = [
    ['Type', TYPE_LABELS[delivery.type]],
    ['Date', formatDay(delivery.deliveryDay)],
    ['Status', delivery.status === 'approved' ? 'Approved' : 'Pending'],
    ['Customer (Asset owner)', delivery.customerAccount?.name ?? '—'],
    ['Business name (Invoice to)', delivery.businessName ?? '—'],
    ['CC code', delivery.CCCode ? `${delivery.CCCode.code} (${delivery.CCCode.name})` : '—'],
    ['Items', String(lines.length)],
    ['Created', formatLondonDateTime(new Date(delivery.createdAt))],
  ];
  doc.fontSize(9);
  const LABEL = 150;
  for (const [label, value] of facts) {
    const y = doc.y;
    doc.font('bold').text(label, MARGIN, y, { width: LABEL });
    doc.font('body').text(value, MARGIN + LABEL, y, { width: width - LABEL });
    doc.y = Math.max(doc.y, y + 12) + 1;
  }
  // Both addresses side by side, each as wide as half the page: a driver needs the dispatch one, the customer the invoice one.
  doc.moveDown(0.6);
  const half = width / 2 - 8;
  const top = doc.y;
  let bottomOfBlocks = top;
  (
    [
      ['Dispatch address', addressText(delivery.dispatchAddress) || '—', MARGIN],
      ['Invoice address', addressText(delivery.invoiceAddress) || '—', MARGIN + half + 16],
    ] as const
  ).forEach(([label, value, x]) => {
    doc.font('bold').text(label, x, top, { width: half });
    doc.font('body').text(value, x, doc.y, { width: half });
    bottomOfBlocks = Math.max(bottomOfBlocks, doc.y);
  });
  doc.y = bottomOfBlocks + 6;
  doc.font('bold').text('Recipients', MARGIN, doc.y, { width });
  doc.font('body').text(delivery.emails.map((e) => e.email).join(', ') || '—', MARGIN, doc.y, { width });
  let y = doc.y + 12;

  const header = () => {
    doc.rect(MARGIN, y - 2, width, ROW + 2).fill('#e8e8e8');
    doc.fillColor('black').font('bold').fontSize(TABLE_FONT);
    let x = MARGIN + 3;
    for (const c of COLUMNS) {
      doc.text(c.title, x, y + 1, { lineBreak: false });
      x += c.width;
    }
    y += ROW + 2;
    doc.font('body');
  };
  const bottom = doc.page.height - MARGIN - 20;
  header();
  lines.forEach((line, i) => {
    if (y + ROW > bottom) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (i % 2 === 1)
      doc
        .rect(MARGIN, y - 1, width, ROW)
        .fill('#f6f6f6')
        .fillColor('black');
    const cells = [String(i + 1), line.lbNumber, line.serialNumber, line.partNumber, formatDay(line.dateOfManufacture)];
    let x = MARGIN + 3;
    cells.forEach((cell, c) => {
      doc.text(fit(cell, COLUMNS[c]!.width), x, y + 1, { lineBreak: false });
      x += COLUMNS[c]!.width;
    });
    y += ROW;
  });
  if (lines.length === 0) doc.font('body').text('No LB numbers.', MARGIN + 3, y + 1, { lineBreak: false });

  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    doc.font('body').fontSize(8).fillColor('#444444');
    const footer = `${deliveryTitle(delivery)} · Page ${p - range.start + 1} of ${range.count}`;
    // Writing below the bottom margin would add a page: the margin is lifted for the footer only.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.text(footer, MARGIN, doc.page.height - MARGIN, { width, align: 'right', lineBreak: false });
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}

/** A cell cut to its column (rare: serials are ~20 characters) rather than wrapped onto a second line. */
function fit(text: string, width: number): string {
  const max = Math.floor(width / 4.6);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
