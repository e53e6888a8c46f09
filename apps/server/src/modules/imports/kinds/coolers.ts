/**
 * Coolers from a spreadsheet (docs/decisions/258): keyed by serial number (any case), checked by the
 * API's cooler bodies once the part number's code is matched. A known serial is an update of its part
 * number and DOM (the model number is set on create only, as through the API).
 */
import { randomUUID } from 'node:crypto';
import { coolerCreateBody, type CoolerCreateBody } from '@cooler-hub/contract/coolers';
import { IMPORT_NOT_A_DATE, importDuplicateRow } from '@cooler-hub/contract/imports';
import type { Db } from '../../../db/client';
import * as coolersRepo from '../../coolers/coolers.repository';
import type { CoolerRow } from '../../coolers/coolers.repository';
import { COOLER_CREATED, coolerSnapshot, coolerSubject, describeCooler } from '../../coolers/coolers.service';
import { recordChangesEach, recordTextEach } from '../../revision-entries/revisions';
import * as refs from '../import-references.repository';
import { importDay } from '../read';
import { Lookup, SeenKeys, parsed, reference, refused, type KindImporter, type RowOutcome, type RowProblem } from './kind';

const FIELD_OF: Record<string, string> = {
  serialNumber: 'serialNumber',
  partNumber: 'partNumber',
  dateOfManufacture: 'dateOfManufacture',
  modelNumber: 'modelNumber',
};

interface Accepted {
  rowNumber: number;
  body: CoolerCreateBody;
  partNumber: string;
  existing: CoolerRow | undefined;
}

const unchanged = (row: CoolerRow, body: CoolerCreateBody) =>
  row.serialNumber === body.serialNumber && row.partNumber.id === body.partNumber && row.dateOfManufacture === body.dateOfManufacture;

export async function coolersImporter(db: Db): Promise<KindImporter> {
  const partNumbers = await refs.allPartNumbers(db);
  const parts = new Lookup<string>('part number', partNumbers);
  const partNumberText = new Map(partNumbers.map((p) => [p.id as string, p.names[0]!]));
  const seen = new SeenKeys();

  return {
    skip(row) {
      const serial = row.get('serialNumber');
      if (serial !== null) seen.claim(serial.toLowerCase(), row.rowNumber);
    },

    async check(db, rows, lock) {
      const serials = rows.map((r) => r.get('serialNumber')).filter((s): s is string => s !== null);
      const existing = new Map((await coolersRepo.coolersWithSerials(db, serials, lock)).map((c) => [c.serialNumber.toLowerCase(), c]));
      const outcomes: RowOutcome[] = [];
      const accepted: Accepted[] = [];
      for (const row of rows) {
        const problems: RowProblem[] = [];
        const serial = row.get('serialNumber');
        const earlier = serial === null ? undefined : seen.claim(serial.toLowerCase(), row.rowNumber);
        if (earlier !== undefined) problems.push({ field: 'serialNumber', message: importDuplicateRow(earlier) });
        const partNumber = reference(parts, row.get('partNumber'), 'partNumber', problems);
        const domCell = row.get('dateOfManufacture');
        const day = domCell === null ? undefined : importDay(domCell);
        if (domCell !== null && day === undefined) problems.push({ field: 'dateOfManufacture', message: IMPORT_NOT_A_DATE });
        const found = serial === null ? undefined : existing.get(serial.toLowerCase());
        const body = {
          id: found?.id ?? randomUUID(),
          serialNumber: serial,
          partNumber,
          dateOfManufacture: day,
          modelNumber: row.get('modelNumber'),
        };
        const result = parsed(coolerCreateBody, body, FIELD_OF, problems);
        if (!result.value || result.problems.length > 0) {
          outcomes.push(refused(row.rowNumber, result.problems));
          continue;
        }
        accepted.push({
          rowNumber: row.rowNumber,
          body: result.value,
          partNumber: partNumberText.get(result.value.partNumber) ?? '',
          existing: found,
        });
        outcomes.push({ rowNumber: row.rowNumber, status: !found ? 'new' : unchanged(found, result.value) ? 'unchanged' : 'updated' });
      }
      return {
        outcomes,
        async write(tx, actor, source) {
          const created = accepted.filter((a) => !a.existing);
          await coolersRepo.insertCoolers(
            tx,
            created.map(({ body }) => ({
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
            created.map(({ body, partNumber, rowNumber }) => ({
              subject: coolerSubject(body.id),
              messages: [
                COOLER_CREATED,
                ...describeCooler({ ...body, partNumber: { id: body.partNumber, partNumber }, lastLbNumber: null }),
              ],
              source: source(rowNumber),
            })),
          );
          const updated = accepted.filter((a) => a.existing && !unchanged(a.existing, a.body));
          for (const { body } of updated) {
            await coolersRepo.updateCooler(
              tx,
              body.id,
              { serialNumber: body.serialNumber, partNumberId: body.partNumber, dateOfManufacture: body.dateOfManufacture },
              actor,
            );
          }
          await recordChangesEach(
            tx,
            actor,
            updated.map(({ body, partNumber, existing, rowNumber }) => ({
              subject: coolerSubject(body.id),
              before: coolerSnapshot(existing!),
              after: coolerSnapshot({ ...existing!, ...body, partNumber: { id: body.partNumber, partNumber } }),
              source: source(rowNumber),
            })),
          );
        },
      };
    },
  };
}
