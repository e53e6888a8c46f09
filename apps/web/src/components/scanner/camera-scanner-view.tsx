/**
 * The drawn half of the shared camera scanner (camera-scanner.ts): the live picture with an aiming
 * frame and a one-line status; when scanning is unsupported, a notice instead (the screen puts its
 * typed entry below). Reused by every screen that scans with the camera.
 */
import { Alert, Box, Group, Loader, Text } from '@mantine/core';
import { IconCameraOff } from '@tabler/icons-react';
import type { CameraScanner as Scanner } from './camera-scanner';

export interface CameraScannerProps {
  scanner: Scanner;
  /** The picture's accessible name. */
  label?: string;
  /** What to do instead when there is no camera (e.g. 'Type the LB number below.'). */
  unsupportedHint?: string;
}

export function CameraScanner({ scanner, label = 'Camera', unsupportedHint }: CameraScannerProps) {
  const { state, videoRef } = scanner;
  return (
    <Box>
      {state === 'unsupported' && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconCameraOff size={18} aria-hidden />}
          title="Camera scanning is not available"
          role="status"
        >
          The camera could not be started on this device or permission was refused.{unsupportedHint ? ` ${unsupportedHint}` : ''}
        </Alert>
      )}
      <Box
        pos="relative"
        maw={640}
        bg="black"
        style={{ aspectRatio: '4 / 3', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}
        hidden={state === 'unsupported'}
      >
        <video
          ref={videoRef}
          aria-label={label}
          muted
          playsInline
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {/* The aiming frame: where a barcode reads best. */}
        <Box
          aria-hidden
          pos="absolute"
          style={{
            inset: '30% 10%',
            border: '2px solid rgba(255, 255, 255, 0.8)',
            borderRadius: 8,
            boxShadow: '0 0 0 100vmax rgba(0, 0, 0, 0.25)',
            pointerEvents: 'none',
          }}
        />
      </Box>
      {state !== 'unsupported' && (
        <Group gap="xs" mt="xs" role="status" aria-live="polite">
          {state === 'starting' && <Loader size={14} aria-hidden />}
          <Text size="sm" c="dimmed">
            {state === 'starting' ? 'Starting the camera…' : 'Scanning: hold the barcode inside the frame.'}
          </Text>
        </Group>
      )}
    </Box>
  );
}
