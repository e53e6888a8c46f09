/**
 * The filter side panel (spec 2.4, 9): a drawer on the right, 540 px wide, titled 'Choose filter',
 * with 'Apply filters' and 'Clear All'. The fields are the screen's own; `useFilterDraft` keeps
 * their values, pre-filled from the query string each time the panel opens.
 */
import { Button, Drawer, Group, Stack } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { preventEnterSubmit } from '../form/keyboard';
import type { ListParams } from './use-list-params';

const FILTER_PANEL_WIDTH = 540;

export function useFilterDraft<F extends string>(list: ListParams<F>, names: readonly F[]) {
  const fromQuery = () => Object.fromEntries(names.map((n) => [n, list.filters[n] ?? ''])) as Record<F, string>;
  const [opened, setOpened] = useState(false);
  const [values, setValues] = useState<Record<F, string>>(fromQuery);
  return {
    opened,
    values,
    set: (name: F, value: string) => setValues((v) => ({ ...v, [name]: value })),
    open: () => {
      setValues(fromQuery());
      setOpened(true);
    },
    close: () => setOpened(false),
    apply: () => {
      list.setFilters(values);
      setOpened(false);
    },
    clear: () => {
      setValues(Object.fromEntries(names.map((n) => [n, ''])) as Record<F, string>);
      list.clearFilters();
    },
    /** How many filters the query string holds, for the button badge. */
    activeCount: names.filter((n) => (list.filters[n] ?? '') !== '').length,
  };
}

export function FilterPanel(props: {
  opened: boolean;
  onClose: () => void;
  onApply: () => void;
  onClear: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onApply();
  };
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      position="right"
      size={FILTER_PANEL_WIDTH}
      title={t('list.chooseFilter')}
      closeButtonProps={{ 'aria-label': t('list.close') }}
    >
      <form onSubmit={submit} onKeyDown={preventEnterSubmit} noValidate>
        <Stack>
          {props.children}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={props.onClear}>
              {t('list.clearAll')}
            </Button>
            <Button type="submit">{t('list.applyFilters')}</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
