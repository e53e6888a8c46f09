import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Delete item?' confirmation (docs/product.md §2.2). */
export function DeleteDialog(props: { opened: boolean; loading: boolean; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onCancel}
      title={t('dialog.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': t('list.close') }}
    >
      <Text mb="lg">{t('dialog.deleteBody')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={props.onCancel} disabled={props.loading}>
          {t('dialog.cancel')}
        </Button>
        <Button color="red" onClick={props.onConfirm} loading={props.loading}>
          {t('dialog.remove')}
        </Button>
      </Group>
    </Modal>
  );
}
