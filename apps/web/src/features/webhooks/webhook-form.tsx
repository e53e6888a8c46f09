/**
 * The webhook form (docs/decisions/280): target URL, the events it wants (at least one) and whether it is
 * active, checked by the contract's schema; the server adds that the address is public.
 */
import { Checkbox, Stack, Text } from '@mantine/core';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookBody, type WebhookDetail } from '@cooler-hub/contract/webhooks';
import { AppForm } from '../../components/form/app-form';
import { CheckboxField, TextField, useField } from '../../components/form/fields';
import { FormActions } from '../../components/form/form-screen';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { createWebhook, updateWebhook, WEBHOOKS_KEY, webhookKey } from './api';

function EventsField() {
  const { field, error } = useField('events');
  const value = Array.isArray(field.value) ? (field.value as string[]) : [];
  return (
    <Checkbox.Group
      ref={field.ref}
      label="Events"
      description="The webhook is sent a POST each time one of these happens."
      withAsterisk
      value={value}
      onChange={field.onChange}
      error={error}
    >
      <Stack gap={8} mt={8}>
        {WEBHOOK_EVENTS.map((event) => (
          <Checkbox
            key={event}
            value={event}
            onBlur={field.onBlur}
            label={
              <span>
                <Text span ff="monospace" size="sm">
                  {event}
                </Text>
                <Text span size="sm" c="dimmed">
                  {' — '}
                  {WEBHOOK_EVENT_LABELS[event]}
                </Text>
              </span>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

const formValues = (w: WebhookDetail) => ({ url: w.url, events: w.events, active: w.active });

export function WebhookForm(props: { record?: WebhookDetail; onSaved?: (saved: WebhookDetail) => void }) {
  const { record } = props;
  const formApi = useAppForm(webhookBody, {
    defaultValues: record ? formValues(record) : { url: '', events: [], active: true },
  });
  const onSubmit = useSaveForm(formApi, {
    save: (values) => (record ? updateWebhook(record.id, values) : createWebhook(values)),
    message: record ? 'Webhook updated' : 'Webhook added',
    resetTo: formValues,
    recordKey: (saved) => webhookKey(saved.id),
    invalidate: WEBHOOKS_KEY,
    onSaved: props.onSaved,
  });
  return (
    <AppForm api={formApi} aria-label={record ? 'Edit webhook' : 'New webhook'} onSubmit={onSubmit}>
      <TextField
        name="url"
        label="Target URL"
        withAsterisk
        autoComplete="off"
        inputMode="url"
        description="Where the POSTs go: an https:// (or http://) address on the internet."
      />
      <EventsField />
      <CheckboxField name="active" label="Active (new events are sent)" />
      <FormActions
        cancelTo={paths.settings.to()}
        api={formApi}
        update={record !== undefined}
        submitLabel={record ? 'Save' : 'Add webhook'}
      />
    </AppForm>
  );
}
