/**
 * /create-dn/scan (docs/product.md §2.13, §4, §9): the shared camera scanner and a keyboard-wedge
 * scanner both feed the list of LB numbers (max height 360 px), each code once, every row checked
 * with the server at once. The typing field has the focus so a wedge scanner types into it; without
 * a camera the step works by typing or wedge alone. 'Preview delivery note' goes on to the preview.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DeliveryType } from '@cooler-hub/contract/delivery-types';
import { scanAccepted, scanRefused } from '../../../components/scan-feedback/scan-feedback';
import { ScanFeedback } from '../../../components/scan-feedback/scan-feedback-view';
import { CameraScanner } from '../../../components/scanner/camera-scanner-view';
import { useCameraScanner } from '../../../components/scanner/camera-scanner';
import { paths } from '../../../lib/paths';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { addCodes } from '../lb-rows/lb-rows-model';
import { LbRows } from '../lb-rows/lb-rows';
import { lbScanFeedback } from './scan-step-feedback';

/** docs/product.md §9: "Scanned list area maximum height 360 px". */
export const SCANNED_LIST_MAX_HEIGHT = 360;

/** A sound and a flash for each code, accepted or refused (docs/decisions/214). */
function feedback(code: string, added: boolean) {
  const { outcome, message } = lbScanFeedback(code, added);
  if (outcome === 'accepted') scanAccepted(message);
  else scanRefused(message);
}

export function ScanStep(props: {
  type: DeliveryType;
  /** The note's customer: lines received for another carry a warning. */
  customerAccount: number | null;
  lbNumbers: readonly string[];
  onChange: (next: string[]) => void;
  /** Adds codes to the list as it is when the update runs (camera codes arrive between renders). */
  onCodes: (add: (list: readonly string[]) => string[]) => void;
}) {
  const scanner = useCameraScanner({
    onCode: (code) => {
      // Judged against the list as drawn: the camera reports a code once, so it is rarely stale.
      feedback(code, !props.lbNumbers.includes(normalizeLbNumber(code)));
      props.onCodes((list) => addCodes(list, [code]).list);
    },
  });

  return (
    <Stack gap="lg">
      <Text c="dimmed" size="sm">
        Scan each LB tag with the camera or a barcode scanner, or type its number. Each LB number is added once.
      </Text>
      <ScanFeedback idle="Scan an LB tag." />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CameraScanner scanner={scanner} label="Camera: LB tag barcode" unsupportedHint="Type or scan the LB numbers into the field." />
        <Paper withBorder p="md" radius="md">
          <LbRows
            value={props.lbNumbers}
            onChange={props.onChange}
            type={props.type}
            customerAccount={props.customerAccount}
            maxHeight={SCANNED_LIST_MAX_HEIGHT}
            autoFocus
            onEntered={feedback}
            linkSerials
          />
        </Paper>
      </SimpleGrid>
      <Group justify="space-between">
        <Button component={Link} to={paths.createDn.to()} variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />}>
          Back
        </Button>
        <Button component={Link} to={paths.createDn.to({ view: 'preview' })} rightSection={<IconArrowRight size={16} aria-hidden />}>
          Preview delivery note
        </Button>
      </Group>
    </Stack>
  );
}
