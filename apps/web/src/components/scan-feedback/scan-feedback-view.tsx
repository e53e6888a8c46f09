/**
 * What a scanning screen shows of its scans (docs/decisions/214): the last outcome with its message
 * (announced to screen readers), a frame flashed around the window for each scan — green accepted,
 * red refused — and the 'Scan sound' switch, remembered per user in this browser.
 *
 *   <ScanFeedback idle="Scan a serial number." />
 *
 * Only scans reported after it is shown count: a screen that starts again shows `idle`.
 */
import { Group, Switch, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconScan } from '@tabler/icons-react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { useAuth } from '../../lib/auth';
import { readMuted, writeMuted } from './scan-feedback-model';
import { prepareScanSound, scanFeedbackStore, setScanSoundMuted } from './scan-feedback';
import './scan-feedback.css';

function useScanSound(): [boolean, (on: boolean) => void] {
  const auth = useAuth();
  const userId = auth.status === 'authenticated' ? auth.payload.sub : 'signed-out';
  const [muted, setMuted] = useState(() => readMuted(localStorage, userId));
  useEffect(() => {
    setMuted(readMuted(localStorage, userId));
  }, [userId]);
  useEffect(() => {
    setScanSoundMuted(muted);
    if (!muted) return prepareScanSound();
    return undefined;
  }, [muted]);
  const setOn = (on: boolean) => {
    writeMuted(localStorage, userId, !on);
    setMuted(!on);
  };
  return [!muted, setOn];
}

export function ScanFeedback({ idle }: { idle: string }) {
  const state = useSyncExternalStore(scanFeedbackStore.subscribe, scanFeedbackStore.get, scanFeedbackStore.get);
  const [shownFrom] = useState(() => state.count);
  const [soundOn, setSoundOn] = useScanSound();
  const last = state.count > shownFrom ? state : null;
  const outcome = last?.outcome ?? null;

  return (
    <Group className="ch-scan-feedback" data-scan-result={outcome ?? 'none'} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap={8} wrap="nowrap" role="status" aria-live="polite" aria-atomic="true" style={{ minWidth: 0 }}>
        {outcome === 'accepted' ? (
          <IconCircleCheck size={20} color="var(--mantine-color-green-5)" aria-hidden style={{ flexShrink: 0 }} />
        ) : outcome === 'refused' ? (
          <IconCircleX size={20} color="var(--mantine-color-red-5)" aria-hidden style={{ flexShrink: 0 }} />
        ) : (
          <IconScan size={20} color="var(--mantine-color-dimmed)" aria-hidden style={{ flexShrink: 0 }} />
        )}
        <Text
          size="sm"
          c={outcome === 'accepted' ? 'green.3' : outcome === 'refused' ? 'red.3' : 'dimmed'}
          style={{ overflowWrap: 'anywhere' }}
        >
          {last ? last.message : idle}
        </Text>
      </Group>
      <Switch
        size="sm"
        label="Scan sound"
        checked={soundOn}
        onChange={(e) => setSoundOn(e.currentTarget.checked)}
        style={{ flexShrink: 0 }}
      />
      {/* On the body: an ancestor's transform (a reveal animation) would confine a fixed frame. */}
      {last && createPortal(<div key={last.count} className="ch-scan-flash" data-scan-flash={last.outcome} aria-hidden />, document.body)}
    </Group>
  );
}
