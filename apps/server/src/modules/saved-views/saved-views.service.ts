/**
 * Saved views (docs/decisions/253): each person's own views of a list and everyone's shared ones.
 * Another person's private view does not exist for you (404); a shared one of someone else can be
 * applied and made your default, but only its owner changes or deletes it (403). Names are unique
 * per owner and list, ignoring case. Every write is one transaction.
 */
import { can } from '@cooler-hub/contract/permissions';
import type { ListResponse } from '@cooler-hub/contract/common';
import {
  NOT_YOUR_VIEW,
  SAVED_VIEW_LISTS,
  SAVED_VIEWS_PER_LIST,
  TOO_MANY_VIEWS,
  VIEW_NAME_TAKEN,
  type SavedView,
  type SavedViewCreateBody,
  type SavedViewList,
  type SavedViewUpdateBody,
} from '@cooler-hub/contract/saved-views';
import type { Db } from '../../db/client';
import { DomainError, FieldError, ForbiddenError, NotFoundError } from '../../lib/errors';
import type { AuthUser } from '../users/signed-in-user';
import * as repo from './saved-views.repository';
import type { SavedViewRecord, SavedViewValues } from './saved-views.repository';

/** The acting user: who they are and what they may open. */
export type ViewActor = Pick<AuthUser, 'id' | 'username' | 'permissions'>;

function toSavedView(row: SavedViewRecord, userId: number): SavedView {
  return {
    id: row.id,
    list: row.listKey as SavedViewList,
    name: row.name,
    query: row.query,
    visibleColumns: row.visibleColumns ?? null,
    shared: row.shared,
    owner: { id: row.ownerId, name: row.ownerName },
    mine: row.ownerId === userId,
    isDefault: Boolean(row.isDefault),
    version: row.version,
  };
}

const valuesOf = (body: SavedViewUpdateBody): SavedViewValues => ({
  name: body.name,
  query: body.query,
  visibleColumns: body.visibleColumns,
  shared: body.shared,
});

/** Views are kept only of lists the person may open (docs/product.md §6). */
function assertMayOpen(actor: ViewActor, list: string): void {
  const ability = SAVED_VIEW_LISTS[list as SavedViewList];
  if (!ability || !can(actor.permissions, ability)) throw new ForbiddenError();
}

export class SavedViewsService {
  constructor(private readonly db: Db) {}

  async list(actor: ViewActor, list: SavedViewList): Promise<ListResponse<SavedView>> {
    assertMayOpen(actor, list);
    const rows = await repo.listSavedViews(this.db, actor.id, list);
    const items = rows.map((r) => toSavedView(r, actor.id));
    return { page: 1, perPage: Math.max(items.length, 1), pagesCount: 1, items, totalCount: items.length };
  }

  async get(actor: ViewActor, id: number): Promise<SavedView> {
    const row = await repo.findVisibleView(this.db, actor.id, id);
    if (!row) throw new NotFoundError();
    assertMayOpen(actor, row.listKey);
    return toSavedView(row, actor.id);
  }

  create(actor: ViewActor, body: SavedViewCreateBody): Promise<SavedView> {
    assertMayOpen(actor, body.list);
    return this.db.transaction(async (tx) => {
      if ((await repo.countOwnViews(tx, actor.id, body.list)) >= SAVED_VIEWS_PER_LIST) throw new DomainError(TOO_MANY_VIEWS);
      if (await repo.nameTaken(tx, actor.id, body.list, body.name)) throw new FieldError('name', VIEW_NAME_TAKEN);
      const id = await repo.insertView(tx, actor, body.list, valuesOf(body));
      return this.read(tx, actor, id);
    });
  }

  /** `expected`: the version the editor saw (If-Match); a stale one is refused with 409 (docs/decisions/200). */
  update(actor: ViewActor, id: number, body: SavedViewUpdateBody, expected?: string): Promise<SavedView> {
    return this.db.transaction(async (tx) => {
      const view = await this.lockOwn(tx, actor, id);
      await repo.versions.lock(tx, id, expected, 'saved view');
      if (await repo.nameTaken(tx, actor.id, view.listKey, body.name, id)) throw new FieldError('name', VIEW_NAME_TAKEN);
      await repo.updateView(tx, id, valuesOf(body), actor);
      if (view.shared && !body.shared) await repo.clearOthersDefaults(tx, actor.id, id);
      return this.read(tx, actor, id);
    });
  }

  remove(actor: ViewActor, id: number): Promise<void> {
    return this.db.transaction(async (tx) => {
      await this.lockOwn(tx, actor, id);
      // The defaults that name it go with it (ON DELETE CASCADE).
      await repo.deleteView(tx, id);
    });
  }

  /** Makes a view the person can see their default of its list (the one they had stops being it). */
  setDefault(actor: ViewActor, id: number): Promise<SavedView> {
    return this.db.transaction(async (tx) => {
      const view = await this.lockVisible(tx, actor, id);
      await repo.setDefault(tx, actor.id, view.listKey, id);
      return this.read(tx, actor, id);
    });
  }

  /** The list opens as it is again, with no view applied. */
  clearDefault(actor: ViewActor, id: number): Promise<SavedView> {
    return this.db.transaction(async (tx) => {
      await this.lockVisible(tx, actor, id);
      await repo.clearDefault(tx, actor.id, id);
      return this.read(tx, actor, id);
    });
  }

  private async read(db: Db, actor: ViewActor, id: number): Promise<SavedView> {
    const row = await repo.findVisibleView(db, actor.id, id);
    if (!row) throw new NotFoundError();
    return toSavedView(row, actor.id);
  }

  /** Locks a view the actor may see: 404 for a missing view or another person's private one. */
  private async lockVisible(tx: Db, actor: ViewActor, id: number) {
    const view = await repo.lockView(tx, id);
    if (!view || (view.ownerId !== actor.id && !view.shared)) throw new NotFoundError();
    assertMayOpen(actor, view.listKey);
    return view;
  }

  /** Locks a view the actor owns: 404 as lockVisible, 403 for someone else's shared view. */
  private async lockOwn(tx: Db, actor: ViewActor, id: number) {
    const view = await this.lockVisible(tx, actor, id);
    if (view.ownerId !== actor.id) throw new ForbiddenError(NOT_YOUR_VIEW);
    return view;
  }
}
