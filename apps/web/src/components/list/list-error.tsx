import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * Shown in place of the rows when the list call failed: the reason and a Retry button. The button
 * sits on the left, under the reason: the top right is where the failure's toast appears.
 */
export function ListError(props: { reason: string; retrying: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" role="alert" title={t('list.loadFailed')} icon={<IconAlertCircle aria-hidden />}>
      <Stack align="flex-start" gap="sm">
        <Text size="sm">{props.reason}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={props.retrying}
          onClick={props.onRetry}
        >
          {t('list.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
