/** Part numbers from a spreadsheet (docs/decisions/258): keyed by the code (any case), checked by the API's part number body. */
import { randomUUID } from 'node:crypto';
import { importDuplicateRow } from '@cooler-hub/contract/imports';
import { partNumberCreateBody, type PartNumberCreateBody } from '@cooler-hub/contract/settings';
import * as partNumbersRepo from '../../part-numbers/part-numbers.repository';
import * as refs from '../import-references.repository';
import { SeenKeys, parsed, refused, type KindImporter, type RowOutcome, type RowProblem } from './kind';

const FIELD_OF: Record<string, string> = { partNumber: 'partNumber', description: 'description' };

interface Accepted {
  body: PartNumberCreateBody;
  existing: refs.PartNumberRecord | undefined;
}

const unchanged = (row: refs.PartNumberRecord, body: PartNumberCreateBody) =>
  row.partNumber === body.partNumber && row.description === body.description;

export function partNumbersImporter(): KindImporter {
  const seen = new SeenKeys();
  return {
    skip(row) {
      const code = row.get('partNumber');
      if (code !== null) seen.claim(code.toLowerCase(), row.rowNumber);
    },

    async check(db, rows, lock) {
      const codes = rows.map((r) => r.get('partNumber')).filter((c): c is string => c !== null);
      const existing = new Map((await refs.partNumbersCoded(db, codes, lock)).map((p) => [p.partNumber.toLowerCase(), p]));
      const outcomes: RowOutcome[] = [];
      const accepted: Accepted[] = [];
      for (const row of rows) {
        const problems: RowProblem[] = [];
        const code = row.get('partNumber');
        const earlier = code === null ? undefined : seen.claim(code.toLowerCase(), row.rowNumber);
        if (earlier !== undefined) problems.push({ field: 'partNumber', message: importDuplicateRow(earlier) });
        const found = code === null ? undefined : existing.get(code.toLowerCase());
        const result = parsed(
          partNumberCreateBody,
          { id: found?.id ?? randomUUID(), partNumber: code, description: row.get('description') },
          FIELD_OF,
          problems,
        );
        if (!result.value || result.problems.length > 0) {
          outcomes.push(refused(row.rowNumber, result.problems));
          continue;
        }
        accepted.push({ body: result.value, existing: found });
        outcomes.push({ rowNumber: row.rowNumber, status: !found ? 'new' : unchanged(found, result.value) ? 'unchanged' : 'updated' });
      }
      return {
        outcomes,
        // Part numbers keep no history (docs/product.md §3): nothing to record.
        async write(tx, actor) {
          for (const { body, existing } of accepted) {
            const values = { partNumber: body.partNumber, description: body.description };
            if (!existing) await partNumbersRepo.insertPartNumber(tx, body.id, values);
            else if (!unchanged(existing, body)) await partNumbersRepo.updatePartNumber(tx, body.id, values, actor);
          }
        },
      };
    },
  };
}
