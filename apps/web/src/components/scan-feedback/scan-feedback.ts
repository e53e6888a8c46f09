/**
 * Feedback for each scan (docs/decisions/214): a short sound through the Web Audio API (an
 * oscillator, no sound files) and a flash with a spoken message in `<ScanFeedback />`. A screen
 * calls these where a scanned (or typed and committed) code is accepted or refused:
 *
 *   scanAccepted(`${lb} added`);
 *   scanRefused(`${code}: Wrong Lb number`);
 *
 * One store per page (one scanner types into one page). The sound follows the mute switch of the
 * signed-in user, which `<ScanFeedback />` loads when it is shown.
 */
import { BEEPS, BEEP_GAIN, BEEP_RAMP_MS, createScanFeedbackStore, type ScanOutcome } from './scan-feedback-model';

export const scanFeedbackStore = createScanFeedbackStore();

let muted = false;

export function setScanSoundMuted(next: boolean): void {
  muted = next;
}

let audio: AudioContext | null = null;

/** One AudioContext for the page, made on first use (a scan's keystrokes count as a user gesture). */
function audioContext(): AudioContext | null {
  if (audio) return audio;
  const Ctor = typeof window === 'undefined' ? undefined : window.AudioContext;
  if (!Ctor) return null;
  try {
    audio = new Ctor();
  } catch {
    return null;
  }
  return audio;
}

/**
 * Makes the AudioContext while the page is idle: making one takes a few hundred milliseconds on a
 * busy machine, which the first scan should not wait for. It may start suspended (no gesture yet);
 * the first beep resumes it.
 */
export function prepareScanSound(): () => void {
  if (audio || typeof window === 'undefined') return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => audioContext(), { timeout: 2000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = setTimeout(() => audioContext(), 500);
  return () => clearTimeout(timer);
}

function play(outcome: ScanOutcome): void {
  const ctx = audioContext();
  if (!ctx) return;
  // A context made before any gesture starts suspended; the beeps play once it runs.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const now = ctx.currentTime;
  const ramp = BEEP_RAMP_MS / 1000;
  for (const beep of BEEPS[outcome]) {
    const start = now + beep.startMs / 1000;
    const end = start + beep.durationMs / 1000;
    const osc = ctx.createOscillator();
    osc.type = beep.type;
    osc.frequency.value = beep.frequency;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(BEEP_GAIN, start + ramp);
    gain.gain.setValueAtTime(BEEP_GAIN, end - ramp);
    gain.gain.linearRampToValueAtTime(0, end);
    osc.connect(gain).connect(ctx.destination);
    osc.onended = () => {
      osc.disconnect();
      gain.disconnect();
    };
    osc.start(start);
    osc.stop(end);
  }
}

function report(outcome: ScanOutcome, message: string): void {
  scanFeedbackStore.report(outcome, message);
  if (muted) return;
  try {
    play(outcome);
  } catch (error) {
    // No sound is no reason to lose the scan.
    console.warn('Scan sound failed', error);
  }
}

/** A scan was taken: one short high beep, a green flash, `message` announced. */
export function scanAccepted(message: string): void {
  report('accepted', message);
}

/** A scan was refused: two low buzzes, a red flash, `message` (why) announced. */
export function scanRefused(message: string): void {
  report('refused', message);
}
