/** The standard row icons: edit, history, delete (accessible names 'Edit', 'History of changes', 'Delete'). */
import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** A route: the icon is a link. */
  editTo?: string;
  /** A handler: the icon is a button (e.g. opens a modal). */
  onEdit?: () => void;
  historyTo?: string;
  onDelete?: () => void;
  /** False when the user lacks the permission tied to deleting: the icon is disabled and faded (docs/product.md §6). */
  canDelete?: boolean;
  /**
   * Why this row cannot be deleted although the user may delete others (e.g. their own account):
   * the icon is disabled and its tooltip says why, instead of the server refusing after the dialog.
   */
  deleteBlockedReason?: string;
}

export function RowActions({ editTo, onEdit, historyTo, onDelete, canDelete = true, deleteBlockedReason }: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      {editTo !== undefined && (
        <Tooltip label={t('list.edit')} withinPortal>
          <ActionIcon component={Link} to={editTo} variant="subtle" aria-label={t('list.edit')}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {onEdit && (
        <Tooltip label={t('list.edit')} withinPortal>
          <ActionIcon variant="subtle" aria-label={t('list.edit')} onClick={onEdit}>
            <IconEdit size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {historyTo !== undefined && (
        <Tooltip label={t('list.history')} withinPortal>
          <ActionIcon component={Link} to={historyTo} variant="subtle" color="gray" aria-label={t('list.history')}>
            <IconHistory size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && <DeleteIcon onDelete={onDelete} allowed={canDelete} blockedReason={deleteBlockedReason} />}
    </Group>
  );
}

function DeleteIcon({ onDelete, allowed, blockedReason }: { onDelete: () => void; allowed: boolean; blockedReason?: string }) {
  const { t } = useTranslation();
  const reasonId = useId();
  if (allowed && blockedReason !== undefined) {
    // aria-disabled rather than disabled: a disabled button gets no hover or focus, so its tooltip would never show.
    return (
      <Tooltip label={blockedReason} withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('list.delete')}
          aria-disabled
          aria-describedby={reasonId}
          data-disabled
          onClick={(event) => event.preventDefault()}
        >
          <IconTrash size={18} aria-hidden />
          <VisuallyHidden id={reasonId}>{blockedReason}</VisuallyHidden>
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <Tooltip label={t('list.delete')} withinPortal disabled={!allowed}>
      <ActionIcon
        variant="subtle"
        color="red"
        aria-label={t('list.delete')}
        onClick={onDelete}
        disabled={!allowed}
        style={allowed ? undefined : { opacity: 0.35 }}
      >
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
