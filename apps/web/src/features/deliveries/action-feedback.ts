/** A row action's outcome as a toast: the success sentence, or the error unless the API client already showed it. */
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import { notifyError, notifySuccess } from '../../lib/notify';

/** Runs `task`; true when it succeeded (its `success` toast shown), false when it failed (its error shown). */
export async function runWithToast(task: () => Promise<unknown>, success?: string): Promise<boolean> {
  try {
    await task();
    if (success) notifySuccess(success);
    return true;
  } catch (error) {
    if (!(isApiError(error) && error.notified)) notifyError(errorMessage(error));
    return false;
  }
}
