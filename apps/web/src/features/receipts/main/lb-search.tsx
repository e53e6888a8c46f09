/**
 * /main's search box (docs/product.md §2.6; docs/decisions/130): by LB number; a scanned LB number opens its
 * receipt. Its state is use-lb-search.ts.
 */
import { Loader, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLbSearch } from './use-lb-search';

export function LbSearch({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  const { t } = useTranslation();
  const { box, text, opening, onChange, wedge } = useLbSearch(value, onSearch);
  return (
    <TextInput
      ref={box}
      type="search"
      label={t('list.search')}
      description="By LB number; a scanned LB number opens its receipt"
      placeholder="LB Number"
      value={text}
      maw={420}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={opening ? <Loader size={16} aria-label="Opening the receipt" /> : null}
      onChange={(event) => onChange(event.currentTarget.value)}
      onKeyDown={wedge.onKeyDown}
      onFocus={wedge.onFocus}
    />
  );
}
