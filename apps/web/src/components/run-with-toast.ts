/**
 * An action's outcome as a toast, the one place it is written: the success sentence, or the error
 * unless the API client already showed it.
 */
import { isApiError } from '../lib/api-client';
import { errorMessage } from '../lib/async';
import { notifyError, notifySuccess } from '../lib/notify';

/**
 * Runs `task`; true when it succeeded (its `success` toast shown — a sentence, or one made from the
 * task's result), false when it failed (its error shown).
 */
export async function runWithToast<R>(task: () => Promise<R>, success?: string | ((result: R) => string)): Promise<boolean> {
  try {
    const result = await task();
    if (success) notifySuccess(typeof success === 'string' ? success : success(result));
    return true;
  } catch (error) {
    if (!(isApiError(error) && error.notified)) notifyError(errorMessage(error));
    return false;
  }
}
