/**
 * What every form does once its values are valid (spec 4, 8): send them, make the form pristine
 * with what the server saved, put the saved record in the query cache, say so in a toast, refresh
 * the lists that show it and go back to one. A failure leaves all of that undone and goes to the
 * form layer (`AppForm`), which puts violations on their fields.
 *
 * const onSubmit = useSaveForm(formApi, {
 *   save: (values) => (record ? updateThing(record.id, values) : createThing(values)),
 *   message: record ? 'Thing updated' : 'Thing created',
 *   resetTo: formValues, recordKey: (saved) => [...THINGS_KEY, 'one', saved.id],
 *   invalidate: THINGS_KEY, goTo: paths.things.to(),
 * });
 * <AppForm api={formApi} onSubmit={onSubmit}>…
 */
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../lib/notify';
import type { AppFormApi } from './use-app-form';

export interface SaveOptions<I extends FieldValues, O, R> {
  /** Sends the values (the create or the update call) and answers the saved record. */
  save: (values: O) => Promise<R>;
  /** The success toast (spec 8). */
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

  return async (values: O) => {
    const saved = await options.save(values);
    if (options.resetTo) formApi.form.reset(options.resetTo(saved));
    if (options.recordKey) queryClient.setQueryData(options.recordKey(saved), saved);
    options.onSaved?.(saved);
    notifySuccess(typeof options.message === 'function' ? options.message(saved) : options.message);
    // Not awaited: a list refetches when it is shown, leaving need not wait for it.
    if (options.invalidate) void queryClient.invalidateQueries({ queryKey: options.invalidate });
    if (options.goTo !== undefined) void navigate(options.goTo);
  };
}
