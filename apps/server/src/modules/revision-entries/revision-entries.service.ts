/** Reading history (docs/product.md §2.9, §7): /receipt/{id}/revisions and /coolers-revisions/{id}. Writing is revisions.ts. */
import type { ListResponse } from '@cooler-hub/contract/common';
import type { RevisionEntry, RevisionEntryListQuery } from '@cooler-hub/contract/revisions';
import type { Db } from '../../db/client';
import { listResponseOf } from '../../lib/list';
import * as repo from './revision-entries.repository';

export class RevisionEntriesService {
  constructor(private readonly db: Db) {}

  async list(query: RevisionEntryListQuery): Promise<ListResponse<RevisionEntry>> {
    const { rows, total } = await repo.listRevisionEntries(this.db, query);
    return listResponseOf(query, rows, total);
  }
}
