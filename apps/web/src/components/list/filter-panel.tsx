/**
 * The filter side panel (docs/product.md §2.4, §9): a drawer on the right, 540 px wide, titled 'Choose filter',
 * with 'Apply filters' and 'Clear All'. The fields are the screen's own; `useFilterDraft` keeps
 * their values, pre-filled from the query string each time the panel opens. The panel opens on its
 * first field, and Enter in a field applies the filters (decision 030): unlike a data form, no
 * scanner types here, and people expect Enter to search.
 */
import { Badge, Button, Drawer, Group, Stack } from '@mantine/core';
import { IconFilter } from '@tabler/icons-react';
import { useState, type FormEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListController } from './use-list-controller';

const FILTER_PANEL_WIDTH = 540;
const FIELD_SELECTOR = 'input:not([type=hidden]), select, textarea';

export type FilterDraft<F extends string> = ReturnType<typeof useFilterDraft<F>>;

export function useFilterDraft<F extends string>({ params }: Pick<ListController<unknown, F>, 'params'>) {
  const names = params.filterNames;
  const fromQuery = () => Object.fromEntries(names.map((n) => [n, params.filters[n] ?? ''])) as Record<F, string>;
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
      params.setFilters(values);
      setOpened(false);
    },
    clear: () => {
      setValues(Object.fromEntries(names.map((n) => [n, ''])) as Record<F, string>);
      params.clearFilters();
    },
    /** How many filters the query string holds, for the button badge. */
    activeCount: names.filter((n) => (params.filters[n] ?? '') !== '').length,
  };
}

/** The toolbar's 'Filters' button, with a badge counting the filters in use. */
export function FiltersButton<F extends string>({ draft }: { draft: FilterDraft<F> }) {
  const { t } = useTranslation();
  return (
    <Button
      variant="default"
      onClick={draft.open}
      leftSection={<IconFilter size={16} aria-hidden />}
      rightSection={
        draft.activeCount > 0 ? (
          <Badge size="sm" circle aria-hidden>
            {draft.activeCount}
          </Badge>
        ) : undefined
      }
    >
      {t('list.filters')}
    </Button>
  );
}

/**
 * Mantine's focus trap focuses `[data-autofocus]` once the drawer mounts, else its first tabbable
 * element (the close button). Marking the first field as the form mounts makes the panel open on it.
 */
function markFirstField(form: HTMLFormElement | null) {
  form?.querySelector(FIELD_SELECTOR)?.setAttribute('data-autofocus', '');
}

export function FilterPanel<F extends string>({ draft, children }: { draft: FilterDraft<F>; children: ReactNode }) {
  const { t } = useTranslation();
  // A form with a submit button: Enter in a text field submits it, which applies the filters.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    draft.apply();
  };
  // A select does not submit its form on Enter by itself; here it should, like every other field.
  const enterOnSelect = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLSelectElement)) return;
    event.preventDefault();
    event.currentTarget.requestSubmit();
  };
  return (
    <Drawer
      opened={draft.opened}
      onClose={draft.close}
      position="right"
      size={FILTER_PANEL_WIDTH}
      title={t('list.chooseFilter')}
      closeButtonProps={{ 'aria-label': t('list.close') }}
    >
      <form ref={markFirstField} onSubmit={submit} onKeyDown={enterOnSelect} noValidate>
        <Stack>
          {children}
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={draft.clear}>
              {t('list.clearAll')}
            </Button>
            <Button type="submit">{t('list.applyFilters')}</Button>
          </Group>
        </Stack>
      </form>
    </Drawer>
  );
}
