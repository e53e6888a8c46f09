/**
 * Receipts from a spreadsheet (docs/decisions/258): keyed by LB number, each row checked by the API's
 * own create body (the rules of docs/product.md §4 and §5.3) once its names are matched to records. A
 * serial number the hub does not know yet creates its cooler, checked by the cooler's create body. An
 * LB number already held is an update of that receipt — its receipt date stays, as through the API.
 */
import { randomUUID } from 'node:crypto';
import { coolerCreateBody, type CoolerCreateBody } from '@cooler-hub/contract/coolers';
import { IMPORT_NEW_COOLER_NEEDS, IMPORT_NOT_A_DATE, importDuplicateRow } from '@cooler-hub/contract/imports';
import { receiptCreateBody, type ReceiptCreateBody } from '@cooler-hub/contract/receipts';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import type { Db } from '../../../db/client';
import * as coolersRepo from '../../coolers/coolers.repository';
import { COOLER_CREATED, coolerSubject, describeCooler } from '../../coolers/coolers.service';
import * as receiptsRepo from '../../receipts/receipts.repository';
import type { ReceiptRow } from '../../receipts/receipts.repository';
import {
  RECEIPT_CREATED,
  describeReceipt,
  receiptSnapshot,
  receiptSubject,
  receiptValues,
  sameFields,
  type ReceiptFacts,
} from '../../receipts/receipts.service';
import { recordChangesEach, recordTextEach } from '../../revision-entries/revisions';
import * as refs from '../import-references.repository';
import { importDay, importMoment } from '../read';
import { Lookup, SeenKeys, parsed, reference, refused, type FieldRow, type KindImporter, type RowOutcome, type RowProblem } from './kind';

/** Body field → import field. The body's own rule (a collection point or an engineer number) lands on the collection point. */
const FIELD_OF: Record<string, string> = {
  lbNumber: 'lbNumber',
  receiptDate: 'receiptDate',
  supplier: 'supplier',
  customerAccount: 'customerAccount',
  inventoryItem: 'serialNumber',
  collectionPoint: 'collectionPoint',
  engineerNo: 'engineerNo',
  processOption: 'processOption',
  processState: 'processState',
  scrapReason: 'scrapReason',
  notes: 'notes',
  tagFaultComment: 'tagFaultComment',
  assetNo: 'assetNo',
  '': 'collectionPoint',
};
const COOLER_FIELD_OF: Record<string, string> = {
  serialNumber: 'serialNumber',
  partNumber: 'partNumber',
  dateOfManufacture: 'dateOfManufacture',
};

/** A spreadsheet's 'd' or 'd5' is the option or state the contract names in capitals. */
const upper = (cell: string | null) => (cell === null ? null : cell.toUpperCase());

interface NewCooler {
  body: CoolerCreateBody;
  partNumber: string;
  rowNumber: number;
}

/** A cooler as a receipt names it: its id and its serial as stored. */
interface CoolerRef {
  id: string;
  serialNumber: string;
}

interface Accepted {
  rowNumber: number;
  body: ReceiptCreateBody;
  scrapReasonId: number | null;
  existing: ReceiptRow | undefined;
  serialNumber: string;
  /** The cooler this row creates, if its serial is new. */
  cooler: NewCooler | undefined;
}

export async function receiptsImporter(db: Db): Promise<KindImporter> {
  const reasons = await refs.allScrapReasons(db);
  const partNumbers = await refs.allPartNumbers(db);
  const lookups = {
    supplier: new Lookup<number>('supplier', await refs.allSuppliers(db)),
    account: new Lookup<number>('customer account', await refs.allCustomerAccounts(db)),
    point: new Lookup<number>('collection point', await refs.allCollectionPoints(db)),
    reason: new Lookup<number>(
      'scrap reason',
      reasons.map((r) => ({ id: r.id, names: [String(r.code), r.reason] })),
    ),
    part: new Lookup<string>('part number', partNumbers),
  };
  const codeOfReason = new Map(reasons.map((r) => [r.id, r.code]));
  const partNumberText = new Map(partNumbers.map((p) => [p.id as string, p.names[0]!]));
  /** Names by id, for the history of a created receipt without reading it back. */
  const [supplierName, accountName, pointName] = [
    await refs.allSuppliers(db),
    await refs.allCustomerAccounts(db),
    await refs.allCollectionPoints(db),
  ].map((list) => new Map(list.map((r) => [r.id, r.names[0]!]))) as [
    Map<number | string, string>,
    Map<number | string, string>,
    Map<number | string, string>,
  ];
  const seenLbNumbers = new SeenKeys();
  /** Coolers an accepted row of this run creates, by lower-case serial: later rows receive the same cooler. */
  const coolersOfRun = new Map<string, CoolerRef>();

  /** A new receipt as history describes it, from the row's own values and names. */
  const factsOf = ({ body, serialNumber }: Accepted): ReceiptFacts => ({
    ...body,
    receiptDate: new Date(body.receiptDate),
    inventoryItem: { serialNumber },
    supplier: { name: supplierName.get(body.supplier) ?? '' },
    account: { name: accountName.get(body.customerAccount) ?? '' },
    collectionPointName: body.collectionPoint === null ? null : (pointName.get(body.collectionPoint) ?? null),
  });

  const lbKey = (row: FieldRow) => {
    const cell = row.get('lbNumber');
    return cell === null ? null : normalizeLbNumber(cell);
  };

  /** The cooler a row's serial names: known, created by an earlier row, or new (checked by the cooler's create body). */
  function coolerOf(
    row: FieldRow,
    known: Map<string, CoolerRef>,
    problems: RowProblem[],
  ): { ref?: CoolerRef; created?: NewCooler; failed?: true } {
    const serial = row.get('serialNumber');
    if (serial === null) return {};
    const ref = known.get(serial.toLowerCase()) ?? coolersOfRun.get(serial.toLowerCase());
    if (ref) return { ref };
    const partCell = row.get('partNumber');
    const domCell = row.get('dateOfManufacture');
    const coolerProblems: RowProblem[] = [];
    if (partCell === null) coolerProblems.push({ field: 'partNumber', message: IMPORT_NEW_COOLER_NEEDS });
    if (domCell === null) coolerProblems.push({ field: 'dateOfManufacture', message: IMPORT_NEW_COOLER_NEEDS });
    const partNumber = reference(lookups.part, partCell, 'partNumber', coolerProblems);
    const day = domCell === null ? undefined : importDay(domCell);
    if (domCell !== null && day === undefined) coolerProblems.push({ field: 'dateOfManufacture', message: IMPORT_NOT_A_DATE });
    const body = { id: randomUUID(), serialNumber: serial, partNumber, dateOfManufacture: day, modelNumber: null };
    const result = parsed(coolerCreateBody, body, COOLER_FIELD_OF, coolerProblems);
    problems.push(...result.problems);
    if (!result.value || partNumber === undefined) return { failed: true };
    const created = { body: result.value, partNumber: partNumberText.get(partNumber) ?? '', rowNumber: row.rowNumber };
    return { ref: { id: created.body.id, serialNumber: created.body.serialNumber }, created };
  }

  function checkRow(row: FieldRow, existing: Map<string, ReceiptRow>, knownCoolers: Map<string, CoolerRef>): Accepted | RowProblem[] {
    const problems: RowProblem[] = [];
    const lb = lbKey(row);
    const earlier = lb === null ? undefined : seenLbNumbers.claim(lb, row.rowNumber);
    if (earlier !== undefined) problems.push({ field: 'lbNumber', message: importDuplicateRow(earlier) });
    const dateCell = row.get('receiptDate');
    const receiptDate = dateCell === null ? undefined : importMoment(dateCell);
    if (dateCell !== null && receiptDate === undefined) problems.push({ field: 'receiptDate', message: IMPORT_NOT_A_DATE });
    const supplier = reference(lookups.supplier, row.get('supplier'), 'supplier', problems);
    const customerAccount = reference(lookups.account, row.get('customerAccount'), 'customerAccount', problems);
    const collectionPoint = reference(lookups.point, row.get('collectionPoint'), 'collectionPoint', problems);
    const scrapReasonId = reference(lookups.reason, row.get('scrapReason'), 'scrapReason', problems);
    const cooler = coolerOf(row, knownCoolers, problems);
    const found = lb === null ? undefined : existing.get(lb);
    const body = {
      id: found?.id ?? randomUUID(),
      receiptDate,
      lbNumber: row.get('lbNumber'),
      supplier,
      customerAccount,
      inventoryItem: cooler.ref?.id,
      collectionPoint: collectionPoint ?? null,
      engineerNo: row.get('engineerNo'),
      processOption: upper(row.get('processOption')),
      processState: upper(row.get('processState')),
      scrapReason: scrapReasonId === undefined ? null : codeOfReason.get(scrapReasonId),
      notes: row.get('notes'),
      tagFaultComment: row.get('tagFaultComment'),
      assetNo: row.get('assetNo'),
    };
    const result = parsed(receiptCreateBody, body, FIELD_OF, problems, cooler.failed ? ['serialNumber'] : []);
    if (!result.value || result.problems.length > 0) return result.problems;
    if (cooler.created) coolersOfRun.set(cooler.created.body.serialNumber.toLowerCase(), cooler.ref!);
    return {
      rowNumber: row.rowNumber,
      body: result.value,
      // The body keeps the scrap reason only where it applies (docs/product.md §4).
      scrapReasonId: result.value.scrapReason === null ? null : (scrapReasonId ?? null),
      existing: found,
      serialNumber: cooler.ref!.serialNumber,
      cooler: cooler.created,
    };
  }

  return {
    skip(row) {
      const lb = lbKey(row);
      if (lb !== null) seenLbNumbers.claim(lb, row.rowNumber);
    },

    async check(db, rows, lock) {
      const lbNumbers = rows.map(lbKey).filter((lb): lb is string => lb !== null);
      const existing = new Map((await receiptsRepo.receiptsWithLbNumbers(db, lbNumbers, lock)).map((r) => [r.lbNumber, r]));
      const serials = rows.map((r) => r.get('serialNumber')).filter((s): s is string => s !== null);
      const knownCoolers = new Map((await coolersRepo.coolerIdsWithSerials(db, serials)).map((c) => [c.serialNumber.toLowerCase(), c]));
      const outcomes: RowOutcome[] = [];
      const accepted: Accepted[] = [];
      for (const row of rows) {
        const checked = checkRow(row, existing, knownCoolers);
        if (Array.isArray(checked)) {
          outcomes.push(refused(row.rowNumber, checked));
          continue;
        }
        accepted.push(checked);
        const status = !checked.existing ? 'new' : sameFields(checked.existing, checked.body) ? 'unchanged' : 'updated';
        outcomes.push({ rowNumber: row.rowNumber, status });
      }
      return {
        outcomes,
        async write(tx, actor, source) {
          const coolers = accepted.flatMap((a) => (a.cooler ? [a.cooler] : []));
          await coolersRepo.insertCoolers(
            tx,
            coolers.map(({ body }) => ({
              id: body.id,
              serialNumber: body.serialNumber,
              partNumberId: body.partNumber,
              dateOfManufacture: body.dateOfManufacture,
              modelNumber: body.modelNumber,
            })),
          );
          await recordTextEach(
            tx,
            actor,
            coolers.map(({ body, partNumber, rowNumber }) => ({
              subject: coolerSubject(body.id),
              messages: [
                COOLER_CREATED,
                ...describeCooler({ ...body, partNumber: { id: body.partNumber, partNumber }, lastLbNumber: null }),
              ],
              source: source(rowNumber),
            })),
          );
          const created = accepted.filter((a) => !a.existing);
          await receiptsRepo.insertReceipts(
            tx,
            created.map((a) => ({ id: a.body.id, receiptDate: new Date(a.body.receiptDate), ...receiptValues(a.body, a.scrapReasonId) })),
          );
          await recordTextEach(
            tx,
            actor,
            created.map((a) => ({
              subject: receiptSubject(a.body.id),
              messages: [RECEIPT_CREATED, ...describeReceipt(factsOf(a))],
              source: source(a.rowNumber),
            })),
          );
          const updated = accepted.filter((a) => a.existing && !sameFields(a.existing, a.body));
          for (const a of updated) await receiptsRepo.updateReceipt(tx, a.body.id, receiptValues(a.body, a.scrapReasonId), actor);
          const after = new Map(
            (
              await receiptsRepo.findReceipts(
                tx,
                updated.map((a) => a.body.id),
              )
            ).map((r) => [r.id, r]),
          );
          await recordChangesEach(
            tx,
            actor,
            updated.map((a) => ({
              subject: receiptSubject(a.body.id),
              before: receiptSnapshot(a.existing!),
              after: receiptSnapshot(after.get(a.body.id)!),
              source: source(a.rowNumber),
            })),
          );
        },
      };
    },
  };
}
