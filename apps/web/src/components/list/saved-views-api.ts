/** The saved views' calls (docs/decisions/253), shared by every list screen that keeps views. */
import * as ops from '@cooler-hub/contract/operations/saved-views';
import type { SavedView, SavedViewCreateBody, SavedViewList, SavedViewUpdateBody } from '@cooler-hub/contract/saved-views';
import { api } from '../../lib/api-client';

export const SAVED_VIEWS_KEY = ['saved-views'] as const;
export const savedViewsKey = (list: SavedViewList) => [...SAVED_VIEWS_KEY, list] as const;

export const listSavedViews = (list: SavedViewList, signal?: AbortSignal) => api.call(ops.listSavedViews, { query: { list }, signal });
export const createSavedView = (body: SavedViewCreateBody) => api.call(ops.createSavedView, { body });
export const updateSavedView = (id: number, body: SavedViewUpdateBody, version?: string) =>
  api.call(ops.updateSavedView, { params: { id }, body, ifMatch: version });
/** A new name, the rest as it is; If-Match the version shown, so a view changed meanwhile is a 409 rather than overwritten. */
export const renameSavedView = (view: SavedView, name: string) =>
  updateSavedView(view.id, { name, query: view.query, visibleColumns: view.visibleColumns, shared: view.shared }, view.version);
export const deleteSavedView = (id: number) => api.call(ops.deleteSavedView, { params: { id } });
export const setDefaultView = (id: number) => api.call(ops.setDefaultSavedView, { params: { id } });
/** DELETE …/default answers the view; the list is read again after it, so the answer is not needed. */
export const clearDefaultView = (id: number) => api.call(ops.unsetDefaultSavedView, { params: { id } });
