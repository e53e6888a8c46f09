/**
 * 'Resend' (docs/product.md §2.13, §4), a send icon whose tooltip and name say 'Resend' (an icon keeps the sticky
 * Actions column narrow on a phone): e-mails an approved note again, toasts 'The delivery resend on email' and
 * reloads the list. A pending note has never been sent and the server refuses it, so its button is
 * blocked with a tooltip saying why rather than failing after a click.
 */
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useId, useState } from 'react';
import type { DeliveryListItem } from '@cooler-hub/contract/deliveries';
import { runWithToast } from '../../../components/run-with-toast';
import { resendDelivery } from '../api';
import { resendBlockedReason, resendLabel } from './delivery-list-model';

export const RESENT_MESSAGE = 'The delivery resend on email';

export function ResendButton({
  delivery,
  onResent,
  label,
}: {
  delivery: DeliveryListItem;
  onResent: () => Promise<unknown>;
  label?: string;
}) {
  const [running, setRunning] = useState(false);
  const reasonId = useId();
  const blocked = resendBlockedReason(delivery);

  const resend = async () => {
    if (blocked) return;
    setRunning(true);
    if (await runWithToast(() => resendDelivery(delivery.id), RESENT_MESSAGE)) await onResent();
    setRunning(false);
  };

  return (
    <Tooltip label={blocked ?? 'Resend'} withinPortal>
      <ActionIcon
        variant="subtle"
        aria-label={label ?? resendLabel(delivery)}
        // aria-disabled rather than disabled: a disabled button gets no hover, so its tooltip would never show.
        aria-disabled={blocked ? true : undefined}
        aria-describedby={blocked ? reasonId : undefined}
        data-disabled={blocked ? true : undefined}
        loading={running}
        onClick={() => void resend()}
      >
        <IconSend size={18} aria-hidden />
        {blocked && <VisuallyHidden id={reasonId}>{blocked}</VisuallyHidden>}
      </ActionIcon>
    </Tooltip>
  );
}
