/**
 * The Download column (docs/product.md §2.13, §7): a CSV button, and a PDF one for transfers and scraps. Each
 * names its note for screen readers, spins while the file is fetched and toasts why it failed.
 */
import { Button, Group } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import type { DOWNLOAD_FORMATS, DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { runWithToast } from '../../../components/run-with-toast';
import { downloadDelivery } from '../api';
import { downloadLabel } from './delivery-list-model';

type Format = (typeof DOWNLOAD_FORMATS)[number];

export function DownloadButtons({ delivery, formats }: { delivery: DeliveryListItem; formats: readonly Format[] }) {
  return (
    <Group gap={4} wrap="nowrap">
      {formats.map((format) => (
        <DownloadButton key={format} delivery={delivery} format={format} />
      ))}
    </Group>
  );
}

function DownloadButton({ delivery, format }: { delivery: DeliveryListItem; format: Format }) {
  const [running, setRunning] = useState(false);
  const download = async () => {
    setRunning(true);
    await runWithToast(() => downloadDelivery(delivery, format));
    setRunning(false);
  };
  return (
    <Button
      size="compact-xs"
      variant="light"
      leftSection={<IconDownload size={14} aria-hidden />}
      aria-label={downloadLabel(delivery, format)}
      loading={running}
      onClick={() => void download()}
    >
      {format.toUpperCase()}
    </Button>
  );
}
