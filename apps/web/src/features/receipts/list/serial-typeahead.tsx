/**
 * The serial number filter of Master Data (docs/product.md §2.8): any part of a serial, with the serial numbers
 * of the cooler lookup suggested as the user types (use-serial-suggestions.ts); free text is kept as typed.
 */
import { Autocomplete, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useField } from '../../../components/form/fields';
import { useSerialSuggestions } from './use-serial-suggestions';

export function SerialTypeahead({ name }: { name: string }) {
  const { t } = useTranslation();
  const { field } = useField(name);
  const { options, loading, ask } = useSerialSuggestions();
  const value = (field.value as string | undefined) ?? '';
  return (
    <Autocomplete
      ref={field.ref}
      name={field.name}
      label="Serial number"
      description="Any part of a serial number; suggestions as you type"
      value={value}
      data={options}
      // The server has already filtered by the typed text; Mantine should not filter again.
      filter={({ options: all }) => all}
      limit={20}
      onChange={(next) => {
        field.onChange(next);
        ask(next);
      }}
      onBlur={field.onBlur}
      rightSection={loading ? <Loader size={16} aria-label={t('searchSelect.loading')} /> : undefined}
    />
  );
}
