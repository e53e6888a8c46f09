/** The standard row icons: edit, history, delete (accessible names 'Edit', 'History of changes', 'Delete'). */
import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconEdit, IconHistory, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

export interface RowActionsProps {
  /** A route: the icon is a link. */
  editTo?: string;
  /** A handler: the icon is a button (e.g. opens a modal). */
  onEdit?: () => void;
  historyTo?: string;
  onDelete?: () => void;
  /** False when the user lacks the permission tied to deleting: the icon is disabled and faded (spec 6). */
  canDelete?: boolean;
}

export function RowActions({ editTo, onEdit, historyTo, onDelete, canDelete = true }: RowActionsProps) {
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
      {onDelete && (
        <Tooltip label={t('list.delete')} withinPortal disabled={!canDelete}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('list.delete')}
            onClick={onDelete}
            disabled={!canDelete}
            style={canDelete ? undefined : { opacity: 0.35 }}
          >
            <IconTrash size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
