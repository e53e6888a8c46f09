/**
 * The headless half of the shared camera scanner (docs/product.md §4 "Camera scanning"): starts the camera —
 * the rear one preferred —, checks a frame for barcodes every 500 ms while it streams and reports
 * each new code once. When there is no camera, permission is refused or no barcode reader can be
 * loaded, the state is 'unsupported' and the reason is only logged: the screen stays usable by
 * typing. The camera stops when the screen goes away.
 *
 *   const scanner = useCameraScanner({ onCode: (code) => … });
 *   <CameraScanner scanner={scanner} />
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { newCodes, SCAN_INTERVAL_MS, type BarcodeReader } from './barcode-codes';
import { createBarcodeReader } from './barcode-reader';

export type CameraScannerState = 'starting' | 'streaming' | 'unsupported';

export interface CameraScanner {
  videoRef: RefObject<HTMLVideoElement | null>;
  state: CameraScannerState;
  /** Lets a code be reported again (e.g. after the screen could not act on it). */
  forget: (code: string) => void;
}

export interface CameraScannerOptions {
  /** Called once per new code, with its raw value trimmed. */
  onCode: (code: string) => void;
}

/** Rear camera preferred; any camera will do (a laptop's front one, a fake device in tests). */
const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  audio: false,
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
};

function stopStream(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

export function useCameraScanner({ onCode }: CameraScannerOptions): CameraScanner {
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraScannerState>('starting');
  const seen = useRef(new Set<string>());
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    onCodeRef.current = onCode;
  });

  useEffect(() => {
    let cancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    const video = videoRef.current;

    const unsupported = (reason: string, error?: unknown) => {
      if (cancelled) return;
      console.warn(`Camera scanning is unsupported: ${reason}`, error ?? '');
      stopStream(stream);
      stream = null;
      setState('unsupported');
    };

    const start = async () => {
      if (!video) return unsupported('no video element');
      if (!navigator.mediaDevices?.getUserMedia) return unsupported('this browser gives no camera access (it needs https or localhost)');
      // The reader (perhaps a WASM download) loads while the user answers the camera prompt.
      const readerLoad = createBarcodeReader().then(
        (reader): BarcodeReader | Error => reader,
        (error: unknown): Error => (error instanceof Error ? error : new Error(String(error))),
      );
      try {
        stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS);
      } catch (error) {
        return unsupported('the camera could not be opened', error);
      }
      if (cancelled) return stopStream(stream);
      const reader = await readerLoad;
      if (reader instanceof Error) return unsupported('no barcode reader could be loaded', reader);
      if (cancelled) return stopStream(stream);

      video.srcObject = stream;
      try {
        await video.play();
      } catch (error) {
        return unsupported('the camera stream does not play', error);
      }
      if (cancelled) return;
      setState('streaming');

      let busy = false;
      timer = setInterval(() => {
        // A slow read (a large frame on a slow phone) is not stacked under the next one.
        if (busy || video.readyState < HTMLMediaElement.HAVE_CURRENT_DATA) return;
        busy = true;
        reader
          .detect(video)
          .then((found) => {
            if (cancelled) return;
            for (const code of newCodes(
              seen.current,
              found.map((b) => b.rawValue),
            ))
              onCodeRef.current(code);
          })
          .catch((error: unknown) => console.error('Barcode detection failed on a frame', error))
          .finally(() => {
            busy = false;
          });
      }, SCAN_INTERVAL_MS);
    };
    void start();

    return () => {
      cancelled = true;
      if (timer !== undefined) clearInterval(timer);
      stopStream(stream);
      if (video) video.srcObject = null;
    };
  }, []);

  const forget = useCallback((code: string) => {
    seen.current.delete(code);
  }, []);

  return { videoRef, state, forget };
}
