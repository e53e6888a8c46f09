/** A delivery's status as a badge (docs/decisions/280). */
import { Badge } from '@mantine/core';
import type { WebhookDeliveryStatus } from '@cooler-hub/contract/webhooks';

const STATUS_COLORS: Record<WebhookDeliveryStatus, string> = { pending: 'yellow', delivered: 'teal', failed: 'red' };
const STATUS_LABELS: Record<WebhookDeliveryStatus, string> = { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' };

export function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  return (
    <Badge variant="light" color={STATUS_COLORS[status]} style={{ flexShrink: 0 }}>
      {STATUS_LABELS[status]}
    </Badge>
  );
}
