/**
 * The one form layer (docs/product.md §5.1) over react-hook-form: the contract's zod schema validates; a field's
 * first error shows once it is touched or the form was submitted; server violations replace it
 * (or become a form-level error); `processing` runs while the request does; server errors are
 * cleared on success; an invalid submit focuses and scrolls to the first invalid field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, type FormEvent } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { isApiError } from '../../lib/api-client';
import { errorMessage } from '../../lib/async';
import type { FormConflict } from './conflict';
import { splitViolations } from './violations';

export interface AppFormApi<I extends FieldValues, O> {
  form: UseFormReturn<I, unknown, O>;
  /** Form-level error (violations without a path, 401 messages, errors nobody has shown yet). */
  formError: string | null;
  setFormError: (message: string | null) => void;
  processing: boolean;
  /** Wraps a submit handler: validation, processing flag, server error mapping. */
  submit: (handler: (values: O) => Promise<unknown>) => (event?: FormEvent) => Promise<void>;
  /** Applies an error from a request to the form (fields or form level). */
  applyError: (error: unknown) => void;
  /** The record changed since it was opened (a 409 on save): what AppForm offers (docs/decisions/200). */
  conflict: FormConflict | null;
  setConflict: (conflict: FormConflict | null) => void;
}

function scrollToFirstInvalid(formElement: Element | null) {
  // RHF focuses the first invalid registered field; make sure it is in view, then focus any other.
  requestAnimationFrame(() => {
    const target =
      (document.activeElement && document.activeElement.getAttribute('aria-invalid') === 'true'
        ? document.activeElement
        : formElement?.querySelector('[aria-invalid="true"]')) ?? null;
    if (target instanceof HTMLElement) {
      target.scrollIntoView({ block: 'center', behavior: 'smooth' });
      if (document.activeElement !== target) target.focus({ preventScroll: true });
    }
  });
}

/**
 * A form typed from its schema: fields hold the schema's input (`I`: what the inputs produce, e.g.
 * null for an unset select), the submit handler gets its output (`O`: what the API takes).
 */
export function useAppForm<I extends FieldValues, O>(
  schema: z.ZodType<O, I>,
  options: { defaultValues: DefaultValues<I> },
): AppFormApi<I, O> {
  const form = useForm<I, unknown, O>({
    resolver: zodResolver(schema),
    defaultValues: options.defaultValues,
    mode: 'onTouched',
    reValidateMode: 'onChange',
    criteriaMode: 'firstError',
    shouldFocusError: true,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const [processing, setProcessing] = useState(false);
  const [conflict, setConflict] = useState<FormConflict | null>(null);

  const applyError = useCallback(
    (error: unknown) => {
      if (isApiError(error) && error.kind === 'violations') {
        const values = form.getValues();
        const split = splitViolations(error.violations, (root) => root in values);
        const paths = Object.keys(split.fields);
        for (const path of paths) {
          form.setError(path as Path<I>, { type: 'server', message: split.fields[path] }, { shouldFocus: path === paths[0] });
        }
        setFormError(split.form.length > 0 ? split.form.join('\n') : null);
        return;
      }
      if (isApiError(error) && error.notified) return; // already toasted / navigated
      setFormError(errorMessage(error));
    },
    [form],
  );

  const submit = useCallback(
    (handler: (values: O) => Promise<unknown>) => async (event?: FormEvent) => {
      const formElement = event?.currentTarget instanceof Element ? event.currentTarget : null;
      await form.handleSubmit(
        async (values) => {
          setProcessing(true);
          setFormError(null);
          try {
            await handler(values);
            form.clearErrors();
            setFormError(null);
          } catch (error) {
            console.error(error);
            applyError(error);
          } finally {
            setProcessing(false);
          }
        },
        () => scrollToFirstInvalid(formElement),
      )(event);
    },
    [applyError, form],
  );

  return { form, formError, setFormError, processing, submit, applyError, conflict, setConflict };
}
