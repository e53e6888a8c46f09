/**
 * What every form does once its values are valid (docs/product.md §4, §8): send them, make the form pristine
 * with what the server saved, put the saved record in the query cache, say so in a toast, refresh
 * the lists that show it and go back to one. A failure leaves all of that undone and goes to the
 * form layer (`AppForm`), which puts violations on their fields.
 *
 * An update form passes `edit` (docs/decisions/200): the version it loaded goes with each save
 * (If-Match) and moves on with each saved answer; a 409 — someone changed the record since — is
 * not an error of the values but a choice AppForm offers: 'Reload' or 'Review changes'.
 *
 * const onSubmit = useSaveForm(formApi, {
 *   save: (values, version) => (record ? updateThing(record.id, values, version) : createThing(values)),
 *   edit: record && { record, reload: () => getThing(record.id) },
 *   message: record ? 'Thing updated' : 'Thing created',
 *   resetTo: formValues, recordKey: (saved) => [...THINGS_KEY, 'one', saved.id],
 *   invalidate: THINGS_KEY, goTo: paths.things.to(),
 * });
 * <AppForm api={formApi} onSubmit={onSubmit}>…
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { DefaultValues, FieldValues, Path, PathValue } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { notifySuccess } from '../../lib/notify';
import { mergeValues, type FormConflict } from './conflict';
import type { AppFormApi } from './use-app-form';

export interface SaveOptions<I extends FieldValues, O, R> {
  /** Sends the values (the create or the update call, the latter with `version`) and answers the saved record. */
  save: (values: O, version: string | undefined) => Promise<R>;
  /**
   * An update form (needs `resetTo`): the record as last read — its version goes with the save; a
   * newer one read while the form is untouched replaces what it shows — and how to read it again
   * after a 409.
   */
  edit?: { record: R & { version: string }; reload: () => Promise<R & { version: string }> } | undefined;
  /** The success toast (docs/product.md §8). */
  message: string | ((saved: R) => string);
  /** The saved record as form values: the form becomes pristine with them (Update disables again). */
  resetTo?: (saved: R) => DefaultValues<I>;
  /** The record's own query, which gets the saved record: reopening it shows what was saved at once. */
  recordKey?: (saved: R) => QueryKey;
  /** Queries made stale by the save (the lists showing the record). */
  invalidate?: QueryKey;
  /** Where to go once saved; omit to stay on the form. */
  goTo?: string;
  /** Anything else a save brings about (a modal closes). */
  onSaved?: (saved: R) => void;
}

/** The submit handler of a form that saves one record; pass it to `<AppForm onSubmit>`. */
export function useSaveForm<I extends FieldValues, O, R>(
  formApi: AppFormApi<I, O>,
  options: SaveOptions<I, O, R>,
): (values: O) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // The version the next save is based on: as loaded, then each saved or re-read answer's.
  const version = useRef(options.edit?.record.version);
  const { form } = formApi;

  // The screen read the record again (on opening, after another screen saved it): while the form is
  // untouched it follows, so a save is based on what is stored now, not on a cached copy.
  const loaded = options.edit?.record;
  const { resetTo } = options;
  useEffect(() => {
    if (!loaded || !resetTo || loaded.version === version.current) return;
    if (form.formState.isDirty || formApi.conflict) return;
    version.current = loaded.version;
    form.reset(resetTo(loaded));
  }, [loaded, resetTo, form, formApi.conflict]);

  const conflictOf = (
    message: string,
    edit: NonNullable<SaveOptions<I, O, R>['edit']>,
    resetTo: (saved: R) => DefaultValues<I>,
  ): FormConflict => {
    const conflict: FormConflict = {
      message,
      rows: null,
      async reload() {
        try {
          const fresh = await edit.reload();
          version.current = fresh.version;
          form.reset(resetTo(fresh));
          if (options.recordKey) queryClient.setQueryData(options.recordKey(fresh), fresh);
          formApi.setFormError(null);
          formApi.setConflict(null);
        } catch (error) {
          formApi.applyError(error);
        }
      },
      async review() {
        try {
          const fresh = await edit.reload();
          const opened = (form.formState.defaultValues ?? {}) as Record<string, unknown>;
          const yours = form.getValues() as Record<string, unknown>;
          const merged = mergeValues(opened, resetTo(fresh), yours);
          version.current = fresh.version;
          // Theirs becomes what the form was opened with; your changes stay on top of it (dirty).
          form.reset(resetTo(fresh));
          for (const row of merged.rows) {
            if (row.mine) form.setValue(row.field as Path<I>, row.yours as PathValue<I, Path<I>>, { shouldDirty: true });
          }
          formApi.setConflict({ ...conflict, rows: merged.rows });
        } catch (error) {
          formApi.applyError(error);
        }
      },
    };
    return conflict;
  };

  return async (values: O) => {
    let saved: R;
    try {
      saved = await options.save(values, version.current);
    } catch (error) {
      if (options.edit && options.resetTo && isApiError(error) && error.status === 409) {
        formApi.setConflict(conflictOf(error.message, options.edit, options.resetTo));
        return;
      }
      throw error;
    }
    formApi.setConflict(null);
    const savedVersion = (saved as { version?: unknown }).version;
    if (typeof savedVersion === 'string') version.current = savedVersion;
    if (options.resetTo) formApi.form.reset(options.resetTo(saved));
    if (options.recordKey) queryClient.setQueryData(options.recordKey(saved), saved);
    options.onSaved?.(saved);
    notifySuccess(typeof options.message === 'function' ? options.message(saved) : options.message);
    // Not awaited: a list refetches when it is shown, leaving need not wait for it.
    if (options.invalidate) void queryClient.invalidateQueries({ queryKey: options.invalidate });
    if (options.goTo !== undefined) void navigate(options.goTo);
  };
}
