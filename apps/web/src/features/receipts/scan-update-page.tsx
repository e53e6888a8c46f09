/**
 * Scan LB tag (/scan-update, docs/product.md §2.1, §4): the shared camera scanner reads the tag's barcode; a
 * receipt with that LB number opens its edit page, a miss says so and scanning goes on. A back
 * button returns to where the user came from. The typed LB field below the camera keeps the screen
 * usable without a camera (none, refused, or a damaged tag) and takes a keyboard-wedge scan too
 * (docs/decisions/131).
 */
import { Alert, Button, Group, Stack, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconSearch } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { normalizeLbNumber } from '@cooler-hub/contract/rules';
import { CameraScanner } from '../../components/scanner/camera-scanner-view';
import { useCameraScanner } from '../../components/scanner/camera-scanner';
import { useWedgeInput } from '../../components/scanner/wedge-input';
import { paths } from '../../lib/paths';
import { findReceiptByLb, scannedLbNumber } from './scan-lookup';

type Outcome = { kind: 'miss' | 'error'; message: string };

/** Looks codes up one at a time; the first hit opens its receipt and ends the screen's work. */
function useLbOpener() {
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  const queue = useRef(Promise.resolve());
  const done = useRef(false);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  /** Resolves true when the code was looked up (hit or miss), false when the lookup failed. */
  const open = (code: string): Promise<boolean> => {
    const run = async (): Promise<boolean> => {
      if (done.current || !alive.current) return true;
      const lb = scannedLbNumber(code);
      if (!lb) {
        setOutcome({ kind: 'miss', message: `No receipt with LB number ${code}` });
        return true;
      }
      setBusy(true);
      try {
        const found = await findReceiptByLb(lb);
        if (!alive.current) return true;
        if (found) {
          done.current = true;
          void navigate(paths.receiptEdit.to({ receipt: found.id }));
        } else {
          setOutcome({ kind: 'miss', message: `No receipt with LB number ${lb}` });
        }
        return true;
      } catch (error) {
        console.error(error);
        if (alive.current) setOutcome({ kind: 'error', message: `The LB number ${lb} could not be looked up. Try again.` });
        return false;
      } finally {
        if (alive.current) setBusy(false);
      }
    };
    const result = queue.current.then(run);
    queue.current = result.then(() => undefined);
    return result;
  };

  return { open, outcome, busy };
}

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
  const wedge = useWedgeInput({
    onScan: (code) => {
      const lb = normalizeLbNumber(code);
      setText(lb);
      find(lb);
    },
    onEnter: find,
  });
  return (
    <form onSubmit={submit} aria-label="Type the LB number">
      <Group align="flex-end" gap="sm" wrap="nowrap" maw={480}>
        <TextInput
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
