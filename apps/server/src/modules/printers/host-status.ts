/**
 * A Zebra's answer to `~HS` (host status return): three strings, each `<STX>…<ETX><CR><LF>`, of
 * comma-separated fields. What stops a printer printing is read from them (ZPL II Programming
 * Guide, ~HS): string 1 field 2 is the paper out flag and field 3 the pause flag; string 2 field 3
 * the head up flag and field 4 the ribbon out flag ('1' = set). A printer that is out of paper or
 * has its head open may not answer at all: the caller's timeout tells that.
 */
import type { PrinterHostStatus } from '@cooler-hub/contract/printers';

const STX = '\x02';
const ETX = '\x03';

/** Whether the text read so far holds the three strings (their ETX arrived). */
export function hostStatusComplete(text: string): boolean {
  return text.split(ETX).length > 3;
}

/** The strings of an answer, each split into its fields: what stands between each STX and the ETX after it. */
function stringsOf(text: string): string[][] {
  const strings: string[][] = [];
  for (const part of text.split(ETX).slice(0, -1)) {
    const start = part.lastIndexOf(STX);
    if (start >= 0) strings.push(part.slice(start + 1).split(','));
  }
  return strings;
}

/** The flags of a complete `~HS` answer; null when the text is not one (another language, garbage). */
export function parseHostStatus(text: string): PrinterHostStatus | null {
  const strings = stringsOf(text);
  if (strings.length < 3) return null;
  const [one, two] = strings as [string[], string[]];
  if (one.length < 12 || two.length < 11) return null;
  const flag = (fields: string[], i: number) => {
    const value = fields[i]!.trim();
    return /^[01]$/.test(value) ? value === '1' : undefined;
  };
  const paperOut = flag(one, 1);
  const paused = flag(one, 2);
  const headOpen = flag(two, 2);
  const ribbonOut = flag(two, 3);
  if (paperOut === undefined || paused === undefined || headOpen === undefined || ribbonOut === undefined) return null;
  return { paperOut, headOpen, paused, ribbonOut };
}
