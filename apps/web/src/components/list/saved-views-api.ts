/** The calls of /api/saved_views (docs/decisions/253), shared by every list screen that keeps views. */
import {
  type SavedView,
  savedView,
  savedViewListResponse,
  type SavedViewCreateBody,
  type SavedViewList,
  type SavedViewUpdateBody,
} from '@cooler-hub/contract/saved-views';
import { api } from '../../lib/api-client';

export const SAVED_VIEWS_KEY = ['saved-views'] as const;
export const savedViewsKey = (list: SavedViewList) => [...SAVED_VIEWS_KEY, list] as const;

export const listSavedViews = (list: SavedViewList, signal?: AbortSignal) =>
  api.get('/api/saved_views', savedViewListResponse, { list }, signal);
export const createSavedView = (body: SavedViewCreateBody) => api.post('/api/saved_views', body, savedView);
export const updateSavedView = (id: number, body: SavedViewUpdateBody, version?: string) =>
  api.put(`/api/saved_views/${id}`, body, savedView, version);
/** A new name, the rest as it is; If-Match the version shown, so a view changed meanwhile is a 409 rather than overwritten. */
export const renameSavedView = (view: SavedView, name: string) =>
  updateSavedView(view.id, { name, query: view.query, visibleColumns: view.visibleColumns, shared: view.shared }, view.version);
export const deleteSavedView = (id: number) => api.delete(`/api/saved_views/${id}`);
export const setDefaultView = (id: number) => api.put(`/api/saved_views/${id}/default`, undefined, savedView);
/** DELETE …/default answers the view; the list is read again after it, so the answer is not needed. */
export const clearDefaultView = (id: number) => api.delete(`/api/saved_views/${id}/default`);
