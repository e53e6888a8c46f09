/**
 * Add or edit a label printer (/settings/printers/new, /settings/printers/:id; docs/decisions/283): its
 * name, its language and connection — ZPL over raw TCP to a host and port, or a PDF to an IPP / CUPS
 * queue's address — its label preset and, for ZPL, its darkness. The contract's printerBody checks
 * the values here as the server does; an edit saves against the version it opened (If-Match).
 */
import { Group } from '@mantine/core';
import { useFormContext, useWatch } from 'react-hook-form';
import { useParams } from 'react-router';
import type { Versioned } from '@cooler-hub/contract/common';
import { DEFAULT_LB_TAG_PRESET, LB_TAG_PRESETS } from '@cooler-hub/contract/lb-tags';
import {
  DEFAULT_RAW_PORT,
  PRINTER_CONNECTION_LABELS,
  PRINTER_CONNECTIONS,
  PRINTER_DARKNESS_MAX,
  PRINTER_LANGUAGE_CONNECTION,
  PRINTER_LANGUAGE_LABELS,
  PRINTER_LANGUAGES,
  printerBody,
  type Printer,
  type PrinterBody,
  type PrinterConnection,
  type PrinterLanguage,
} from '@cooler-hub/contract/printers';
import { AppForm } from '../../components/form/app-form';
import { NumberField, SelectField, TextField } from '../../components/form/fields';
import { FormActions, FormScreen } from '../../components/form/form-screen';
import { useAppForm } from '../../components/form/use-app-form';
import { useSaveForm } from '../../components/form/use-save-form';
import { paths } from '../../lib/paths';
import { PRINTERS_KEY } from '../../lib/query-keys';
import { createPrinter, getPrinter, printerKey, updatePrinter, usePrinter } from './api';

const LANGUAGE_OPTIONS = PRINTER_LANGUAGES.map((value) => ({ value, label: PRINTER_LANGUAGE_LABELS[value] }));
const CONNECTION_OPTIONS = PRINTER_CONNECTIONS.map((value) => ({ value, label: PRINTER_CONNECTION_LABELS[value] }));
const PRESET_OPTIONS = LB_TAG_PRESETS.map((p) => ({ value: p.id, label: p.label }));

const NEW_PRINTER: PrinterBody = {
  name: '',
  connection: 'raw',
  host: '',
  port: DEFAULT_RAW_PORT,
  url: '',
  language: 'zpl',
  preset: DEFAULT_LB_TAG_PRESET,
  darkness: null,
};

/** The form's values of a stored printer: the other connection's fields empty. */
function formValues(p: Printer): PrinterBody {
  return {
    name: p.name,
    connection: p.connection,
    host: p.host ?? '',
    port: p.port ?? DEFAULT_RAW_PORT,
    url: p.url ?? '',
    language: p.language,
    preset: p.preset,
    darkness: p.darkness,
  };
}

const languageOf = (connection: PrinterConnection) => PRINTER_LANGUAGES.find((l) => PRINTER_LANGUAGE_CONNECTION[l] === connection);

/**
 * Language and connection, kept a pair: each language goes over one kind of connection, so choosing
 * one sets the other (and a PDF queue has no darkness). Then the address fields of that connection.
 */
function WhereFields() {
  const { control, setValue, trigger } = useFormContext<PrinterBody>();
  const connection = useWatch({ control, name: 'connection' });
  const language = useWatch({ control, name: 'language' });
  const pair = (language: PrinterLanguage) => {
    const set = { shouldDirty: true } as const;
    setValue('language', language, set);
    setValue('connection', PRINTER_LANGUAGE_CONNECTION[language], set);
    if (language === 'pdf') setValue('darkness', null, set);
    // The field changed first was checked against the other's old value: check the pair again.
    void trigger(['language', 'connection', 'darkness']);
  };
  const onLanguage = (value: string | null | undefined) => {
    if (value) pair(value as PrinterLanguage);
  };
  const onConnection = (value: string | null | undefined) => {
    const matching = value ? languageOf(value as PrinterConnection) : undefined;
    if (matching) pair(matching);
  };
  return (
    <>
      <SelectField name="language" label="Language" withAsterisk options={LANGUAGE_OPTIONS} onValueChange={onLanguage} />
      <SelectField name="connection" label="Connection" withAsterisk options={CONNECTION_OPTIONS} onValueChange={onConnection} />
      {connection === 'ipp' ? (
        <TextField
          name="url"
          label="Queue address"
          withAsterisk
          autoComplete="off"
          inputMode="url"
          spellCheck={false}
          description="The IPP or CUPS queue's address, e.g. ipp://cups.local:631/printers/brother-ql"
        />
      ) : (
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextField
            name="host"
            label="Host"
            withAsterisk
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="off"
            description="e.g. 192.168.1.50"
            style={{ flex: 1, minWidth: 0 }}
          />
          <NumberField
            name="port"
            label="Port"
            description={`${DEFAULT_RAW_PORT} if empty`}
            placeholder={String(DEFAULT_RAW_PORT)}
            allowNegative={false}
            allowDecimal={false}
            hideControls
            inputMode="numeric"
            w={112}
            style={{ flexShrink: 0 }}
          />
        </Group>
      )}
      <SelectField name="preset" label="Label" withAsterisk options={PRESET_OPTIONS} description="The size of the labels it holds" />
      {language === 'zpl' && (
        <NumberField
          name="darkness"
          label="Darkness"
          description={`0 to ${PRINTER_DARKNESS_MAX}; empty keeps the printer's own setting`}
          allowNegative={false}
          allowDecimal={false}
          hideControls
          inputMode="numeric"
        />
      )}
    </>
  );
}

function PrinterForm(props: { record?: Versioned<Printer> }) {
  const { record } = props;
  const editing = record !== undefined;
  const formApi = useAppForm(printerBody, { defaultValues: record ? formValues(record) : NEW_PRINTER });
  const onSubmit = useSaveForm(formApi, {
    save: (values, version) => (record ? updatePrinter(record.id, values, version) : createPrinter(values)),
    edit: record && { record, reload: () => getPrinter(record.id) },
    message: (saved) => (editing ? `Printer ${saved.name} updated` : `Printer ${saved.name} added`),
    resetTo: formValues,
    recordKey: (saved) => printerKey(saved.id),
    invalidate: PRINTERS_KEY,
    goTo: paths.settings.to(),
  });
  return (
    <AppForm api={formApi} aria-label={editing ? paths.printerEdit.title : paths.printerCreate.title} onSubmit={onSubmit}>
      <TextField
        name="name"
        label="Name"
        withAsterisk
        autoComplete="off"
        description="How 'Print tags' offers it, e.g. Zebra at goods-in"
      />
      <WhereFields />
      <FormActions cancelTo={paths.settings.to()} api={formApi} update={editing} submitLabel={editing ? 'Save' : 'Add printer'} />
    </AppForm>
  );
}

function EditPrinter({ id }: { id: string }) {
  const query = usePrinter(id);
  return (
    <FormScreen title={paths.printerEdit.title} loading={!query.data} failed={query.isError}>
      {query.data && <PrinterForm key={query.data.id} record={query.data} />}
    </FormScreen>
  );
}

export default function PrinterFormPage() {
  const { id } = useParams();
  if (id) return <EditPrinter id={id} />;
  return (
    <FormScreen title={paths.printerCreate.title}>
      <PrinterForm />
    </FormScreen>
  );
}
