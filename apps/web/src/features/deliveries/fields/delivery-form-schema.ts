/**
 * The delivery forms' schemas: the contract's bodies — the create body for /create-dn's preparation,
 * the edit body of the note's type for the edit screens — checked on the form's values as they will
 * be sent, their issues put on the form's fields. The rules (what each type requires on create and
 * on edit) are the contract's delivery-type table; nothing here restates them.
 *
 *   const formApi = useAppForm(deliveryFieldsSchema('create'), { defaultValues: emptyFields('transfer') });
 *   const ready = isPreparationReady(formApi.form.watch(), 'create');
 */
import { z } from 'zod';
import { deliveryCreateBody, DELIVERY_UPDATE_BODIES } from '@cooler-hub/contract/deliveries';
import { isRequired, type DeliveryMode, type RequirableField } from '@cooler-hub/contract/delivery-types';
import { toBody, toUpdateBody, type DeliveryDraftFields } from './delivery-form-model';

/** 'create': /create-dn's preparation (the type is chosen there). 'edit': a loaded note. */
export type FieldsMode = DeliveryMode;

/** The first message of each field the form shows, by field name; empty when the fields may be sent. */
export type FieldErrors = Partial<Record<string, string>>;

/**
 * The recipients of a loaded note are left to the server: the edit screens do not check them before
 * the save (its answer still says 'Email is missed').
 */
const LEFT_TO_THE_SERVER: Record<FieldsMode, readonly string[]> = { create: [], edit: ['emails'] };

/** Whether the form marks the field required (its asterisk) for a note of `type`. */
export function formRequires(type: DeliveryDraftFields['type'], mode: FieldsMode, field: RequirableField): boolean {
  return isRequired(type, mode, field) && !LEFT_TO_THE_SERVER[mode].includes(field);
}

/**
 * The contract's issues on the fields. The LB numbers are not the fields' (the preparation has none
 * yet; the item list shows the server's word on each row).
 */
export function validateFields(fields: DeliveryDraftFields, mode: FieldsMode): FieldErrors {
  const result =
    mode === 'create' || fields.type === null
      ? deliveryCreateBody.safeParse(toBody(fields, []))
      : DELIVERY_UPDATE_BODIES[fields.type].safeParse(toUpdateBody(fields, []));
  const errors: FieldErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = String(issue.path[0] ?? '');
    if (field === '' || field === 'lbNumbers' || LEFT_TO_THE_SERVER[mode].includes(field) || field in errors) continue;
    errors[field] = issue.message;
  }
  return errors;
}

/** "Is the preparation ready": Scan and Manual need valid fields. */
export function isPreparationReady(fields: DeliveryDraftFields, mode: FieldsMode = 'create'): boolean {
  return Object.keys(validateFields(fields, mode)).length === 0;
}

/**
 * The form layer's schema (useAppForm) over a form holding the fields (and, on an edit screen, the
 * LB numbers): the values pass through unchanged — addresses typed are stored on submit, before the
 * body is built — with `validateFields`' issues on their fields.
 */
export function withFieldRules<T extends DeliveryDraftFields>(mode: FieldsMode) {
  return z
    .custom<T>((v) => typeof v === 'object' && v !== null)
    .superRefine((fields, ctx) => {
      for (const [path, message] of Object.entries(validateFields(fields, mode)))
        ctx.addIssue({ code: 'custom', path: [path], message: message ?? '' });
    });
}

export const deliveryFieldsSchema = (mode: FieldsMode) => withFieldRules<DeliveryDraftFields>(mode);
