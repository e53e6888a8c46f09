/**
 * Scan LB tag (/scan-update, docs/product.md §2.1, §4): the shared camera scanner reads the tag's barcode; a
 * receipt with that LB number opens its edit page, a miss says so and scanning goes on. A back
 * button returns to where the user came from. The typed LB field below the camera keeps the screen
 * usable without a camera (none, refused, or a damaged tag) and takes a keyboard-wedge scan too
 * (docs/decisions/131). The lookups are use-lb-opener.ts.
 */
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { CameraScanner } from '../../../components/scanner/camera-scanner-view';
import { useCameraScanner } from '../../../components/scanner/camera-scanner';
import { useWedgeInput } from '../../../components/scanner/wedge-input';
import { paths } from '../../../lib/paths';
import { useLbOpener } from './use-lb-opener';

function TypedLb({ onFind, busy }: { onFind: (lb: string) => void; busy: boolean }) {
  const [text, setText] = useState('');
  const find = (typed: string) => {
    const value = typed.trim();
    if (value) onFind(value);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    find(text);
  };
  // Enter (a person's, or a wedge scanner's) finds the receipt; a scan replaces what the field held.
  // Keys typed while the screen opened, or on the page, come here (docs/decisions/275).
  const field = useRef<HTMLInputElement>(null);
  const wedge = useWedgeInput({
    onScan: (code) => {
      const lb = normalizeLbNumber(code);
      setText(lb);
      find(lb);
    },
    onEnter: find,
    earlyKeys: field,
  });
  return (
    <form onSubmit={submit} aria-label="Type the LB number">
      <Group align="flex-end" gap="sm" wrap="nowrap" maw={480}>
        <TextInput
          ref={field}
          label="LB Number"
          placeholder="LB"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={wedge.onKeyDown}
          onFocus={wedge.onFocus}
          autoComplete="off"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default" loading={busy} leftSection={<IconSearch size={16} aria-hidden />}>
          Find
        </Button>
      </Group>
    </form>
  );
}

export default function ScanUpdatePage() {
  const navigate = useNavigate();
  const location = useLocation();
  const { open, outcome, busy } = useLbOpener();
  const scanner = useCameraScanner({
    onCode: (code) => {
      void open(code).then((looked) => {
        // A failed lookup (the network) lets the same tag be read again.
        if (!looked) scanner.forget(code);
      });
    },
  });

  // Opened from within the app: back to that screen; opened directly: to Update LB tag.
  const back = () => void (location.key !== 'default' ? navigate(-1) : navigate(paths.lbTag.to()));

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={1} size="h1">
          {paths.scanUpdate.title}
        </Title>
        <Button variant="default" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={back}>
          Back
        </Button>
      </Group>

      <CameraScanner scanner={scanner} label="Camera: LB tag barcode" unsupportedHint="Type the LB number below." />

      {outcome && (
        <Alert
          color={outcome.kind === 'miss' ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertCircle size={18} aria-hidden />}
          role="alert"
          maw={640}
        >
          {outcome.message}
        </Alert>
      )}

      <TypedLb busy={busy} onFind={(lb) => void open(lb)} />
    </Stack>
  );
}
