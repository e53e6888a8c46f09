/**
 * Download backup (Admin only, docs/decisions/199): the whole database as one file that
 * `npm run restore` reads. The button spins while the server writes it and toasts why it failed.
 */
import { Box, Button, Group, Text, Title } from '@mantine/core';
import { IconDatabaseExport } from '@tabler/icons-react';
import { useState } from 'react';
import { runWithToast } from '../../components/run-with-toast';
import { downloadBackup } from './api';

export function BackupSection() {
  const [running, setRunning] = useState(false);
  const download = async () => {
    setRunning(true);
    await runWithToast(downloadBackup, (file) => `Backup downloaded: ${file}`);
    setRunning(false);
  };
  return (
    <Box component="section" aria-label="Backup">
      <Title order={2} mb="xs">
        Backup
      </Title>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" c="dimmed" maw={560}>
          All the data of Cooler Hub in one file. Keep it somewhere safe; it is restored with npm run restore.
        </Text>
        <Button leftSection={<IconDatabaseExport size={16} aria-hidden />} loading={running} onClick={() => void download()}>
          Download backup
        </Button>
      </Group>
    </Box>
  );
}
