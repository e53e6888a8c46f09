/**
 * Saved views and the column chooser of a list screen (docs/decisions/253). `useSavedViews` gives
 * the columns to draw (those the address shows) and the toolbar controls: 'Views' — the views of
 * the list (the person's own and everyone's shared ones), 'Save view…', 'Rename…', 'Set as default',
 * 'Delete' — and, for a wide list, 'Columns'. A view is applied by navigating to it, so it is a link; a list
 * opened with no query at all shows the person's default view of it.
 *
 *   const views = useSavedViews({ list: 'receipts', columns: receiptColumns, columnChooser: true });
 *   <DataList columns={views.columns} toolbar={<>{views.controls}<FiltersButton …/></>} … />
 */
import { Button, Checkbox, Group, Menu, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconColumns3, IconLayoutList, IconPencil, IconStar, IconStarFilled, IconTrash, IconUsers } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewList } from '@cooler-hub/contract/saved-views';
import { isApiError } from '../../lib/api-client';
import { runWithToast } from '../run-with-toast';
import type { ListColumn } from './data-list';
import { DeleteDialog } from './delete-dialog';
import { showsView, viewQueryOf, viewSearch, visibleColumnsOf, withColumns } from './saved-view-model';
import {
  clearDefaultView,
  createSavedView,
  deleteSavedView,
  listSavedViews,
  renameSavedView,
  savedViewsKey,
  setDefaultView,
} from './saved-views-api';

export interface SavedViewsOptions<T> {
  /** null: a list that keeps no views (no controls, every column). */
  list: SavedViewList | null;
  /** Every column of the list, in its order. */
  columns: ListColumn<T>[];
  /** A wide list: a 'Columns' menu hides and shows columns, and a view keeps the visible ones. */
  columnChooser?: boolean;
}

export interface SavedViewsControls<T> {
  /** The columns the address shows. */
  columns: ListColumn<T>[];
  /** 'Views' and, with the chooser, 'Columns', for the list's toolbar. */
  controls: ReactNode;
}

export function useSavedViews<T>({ list, columns, columnChooser = false }: SavedViewsOptions<T>): SavedViewsControls<T> {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const allKeys = useMemo(() => columns.map((c) => c.key), [columns]);
  const views = useQuery({
    queryKey: savedViewsKey(list ?? 'receipts'),
    queryFn: ({ signal }) => listSavedViews(list!, signal),
    enabled: list !== null,
  });
  const items = useMemo(() => views.data?.items ?? [], [views.data]);

  const shownKeys = columnChooser ? visibleColumnsOf(search, allKeys) : null;
  const shown = shownKeys ? columns.filter((c) => shownKeys.includes(c.key)) : columns;
  const active = items.find((v) => showsView({ ...v, visibleColumns: columnChooser ? v.visibleColumns : null }, search, allKeys)) ?? null;

  const go = (nextSearch: string, replace = false) => void navigate({ pathname, search: nextSearch }, { replace });
  const apply = (view: SavedView) => go(viewSearch(view.query, columnChooser ? view.visibleColumns : null));

  // Opened with no query at all: the person's default view of this list, once (a list emptied by
  // 'Clear All' later stays empty).
  const openedBare = useRef(search.toString() === '');
  useEffect(() => {
    if (!openedBare.current || !views.data) return;
    openedBare.current = false;
    const preferred = views.data.items.find((v) => v.isDefault);
    if (preferred && search.toString() === '') go(viewSearch(preferred.query, columnChooser ? preferred.visibleColumns : null), true);
  });

  const reload = () => queryClient.invalidateQueries({ queryKey: savedViewsKey(list ?? 'receipts') });

  const [saving, setSaving] = useState(false);
  // The view being renamed stays after the modal closes, so its closing shows the same name.
  const [renaming, setRenaming] = useState<{ view: SavedView; opened: boolean } | null>(null);
  const [deleting, setDeleting] = useState<{ view: SavedView; running: boolean } | null>(null);

  const toggleDefault = async (view: SavedView) => {
    const done = await runWithToast(
      async () => {
        if (view.isDefault) await clearDefaultView(view.id);
        else await setDefaultView(view.id);
      },
      view.isDefault ? `'${view.name}' is no longer your default view` : `'${view.name}' is now your default view`,
    );
    if (done) await reload();
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleting({ ...deleting, running: true });
    const done = await runWithToast(() => deleteSavedView(deleting.view.id), 'Item has been removed');
    setDeleting(null);
    if (done) await reload();
  };

  const toggleColumn = (key: string, on: boolean) => {
    const current = shownKeys ?? allKeys;
    const next = on ? [...current, key] : current.filter((k) => k !== key);
    if (next.length === 0) return;
    go(withColumns(search, next, allKeys));
  };

  const own = items.filter((v) => v.mine);
  const shared = items.filter((v) => !v.mine);
  const viewItem = (v: SavedView) => (
    <Menu.Item
      key={v.id}
      onClick={() => apply(v)}
      aria-current={v === active ? 'true' : undefined}
      fw={v === active ? 700 : undefined}
      leftSection={
        v.isDefault ? (
          <IconStarFilled size={14} aria-label="Default view" />
        ) : v.shared ? (
          <IconUsers size={14} aria-label="Shared" />
        ) : (
          <span style={{ width: 14 }} />
        )
      }
      rightSection={
        v.mine ? undefined : (
          <Text size="xs" c="dimmed">
            {v.owner.name}
          </Text>
        )
      }
    >
      {v.name}
    </Menu.Item>
  );

  if (list === null) return { columns, controls: null };

  const controls = (
    <>
      <Menu position="bottom-end" width={280} withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconLayoutList size={16} aria-hidden />}
            aria-label={active ? `Views: ${active.name}` : 'Views'}
          >
            <Text span inherit truncate maw={180}>
              {active ? active.name : 'Views'}
            </Text>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {own.length > 0 && (
            <div role="group" aria-label="Your views">
              <Menu.Label>Your views</Menu.Label>
              {own.map(viewItem)}
            </div>
          )}
          {shared.length > 0 && (
            <div role="group" aria-label="Shared views">
              <Menu.Label>Shared views</Menu.Label>
              {shared.map(viewItem)}
            </div>
          )}
          {items.length === 0 && <Menu.Label>{views.isLoading ? 'Loading...' : 'No saved views yet'}</Menu.Label>}
          <Menu.Divider role="separator" />
          <Menu.Item onClick={() => setSaving(true)}>Save view…</Menu.Item>
          <Menu.Item
            leftSection={<IconPencil size={14} aria-hidden />}
            disabled={!active?.mine}
            onClick={() => active && setRenaming({ view: active, opened: true })}
          >
            Rename…
          </Menu.Item>
          <Menu.Item
            leftSection={active?.isDefault ? <IconStarFilled size={14} aria-hidden /> : <IconStar size={14} aria-hidden />}
            disabled={!active}
            onClick={() => active && void toggleDefault(active)}
          >
            {active?.isDefault ? 'Remove as default' : 'Set as default'}
          </Menu.Item>
          {/* red.4: Mantine's red item colour is under WCAG AA's 4.5:1 on the dropdown. */}
          <Menu.Item
            leftSection={<IconTrash size={14} aria-hidden />}
            c={active?.mine ? 'red.4' : undefined}
            disabled={!active?.mine}
            onClick={() => active && setDeleting({ view: active, running: false })}
          >
            Delete
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {columnChooser && (
        <Menu position="bottom-end" width={240} withInitialFocusPlaceholder={false} closeOnItemClick={false}>
          <Menu.Target>
            <Button
              variant="default"
              leftSection={<IconColumns3 size={16} aria-hidden />}
              aria-label={shownKeys ? `Columns (${shownKeys.length} of ${allKeys.length} shown)` : 'Columns'}
            >
              Columns
            </Button>
          </Menu.Target>
          {/* Not a scrolling box: its items are reached with the arrow keys, which a scrolling region would not follow (axe scrollable-region-focusable). */}
          <Menu.Dropdown>
            <Menu.Label>Shown columns</Menu.Label>
            {columns.map((c) => {
              const on = (shownKeys ?? allKeys).includes(c.key);
              return (
                <Menu.CheckboxItem
                  key={c.key}
                  checked={on}
                  // The last shown column stays: a table of no columns shows nothing.
                  disabled={on && (shownKeys ?? allKeys).length === 1}
                  onChange={(checked) => toggleColumn(c.key, checked)}
                >
                  {c.header}
                </Menu.CheckboxItem>
              );
            })}
            <Menu.Divider role="separator" />
            <Menu.Item disabled={!shownKeys} onClick={() => go(withColumns(search, null, allKeys))}>
              Show all columns
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      )}
      <ViewNameModal
        title="Save view"
        submitLabel="Save"
        description="Keeps this list's filters, sort and shown columns under a name."
        withShared
        opened={saving}
        onClose={() => setSaving(false)}
        onSave={async (name, sharedWithEveryone) => {
          const created = await createSavedView({
            list,
            name,
            query: viewQueryOf(search),
            visibleColumns: columnChooser ? shownKeys : null,
            shared: sharedWithEveryone,
          });
          await reload();
          return created;
        }}
      />
      <ViewNameModal
        title="Rename view"
        submitLabel="Rename"
        initialName={renaming?.view.name ?? ''}
        opened={renaming?.opened ?? false}
        onClose={() => setRenaming((r) => r && { ...r, opened: false })}
        onSave={async (name) => {
          const renamed = await renameSavedView(renaming!.view, name);
          await reload();
          return renamed;
        }}
      />
      <DeleteDialog
        opened={deleting !== null}
        loading={deleting?.running ?? false}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );

  return { columns: shown, controls };
}

/**
 * 'Save view' (a name and 'Shared with everyone') and 'Rename view' (the name alone): Enter in the
 * name submits; an empty name, or the API's own sentence about the name (already used, too long),
 * is said on the field.
 */
function ViewNameModal(props: {
  title: string;
  submitLabel: string;
  description?: string;
  initialName?: string;
  withShared?: boolean;
  opened: boolean;
  onClose: () => void;
  onSave: (name: string, shared: boolean) => Promise<SavedView>;
}) {
  const [name, setName] = useState(props.initialName ?? '');
  const [shared, setShared] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  // Each opening starts from the name given (a rename: the view's current name).
  const [wasOpened, setWasOpened] = useState(props.opened);
  if (props.opened !== wasOpened) {
    setWasOpened(props.opened);
    if (props.opened) {
      setName(props.initialName ?? '');
      setShared(false);
      setError(null);
    }
  }

  const close = () => props.onClose();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError('Required Field');
      return;
    }
    setRunning(true);
    try {
      await props.onSave(name.trim(), shared);
      close();
    } catch (err) {
      // A 400 is said on the field (the name's own sentence first); a status the API client leaves to
      // its caller (409: the view was changed meanwhile) too; anything else it has already shown.
      if (!isApiError(err) || err.notified) setError(null);
      else setError((err.violations.find((v) => v.propertyPath === 'name') ?? err.violations[0])?.message ?? err.message);
    } finally {
      setRunning(false);
    }
  };

  return (
    <Modal opened={props.opened} onClose={close} title={props.title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack>
          {props.description && (
            <Text size="sm" c="dimmed">
              {props.description}
            </Text>
          )}
          <TextInput
            label="Name"
            required
            data-autofocus
            maxLength={SAVED_VIEW_NAME_MAX}
            value={name}
            error={error}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setError(null);
            }}
          />
          {props.withShared && (
            <Checkbox label="Shared with everyone" checked={shared} onChange={(e) => setShared(e.currentTarget.checked)} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={running}>
              Cancel
            </Button>
            <Button type="submit" loading={running}>
              {props.submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
