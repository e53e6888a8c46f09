/** The 19 user colours (contract COLORS) as CSS colours that stay readable on the dark theme. */
import type { Color } from '@cooler-hub/contract/users';

export const COLOR_CSS: Record<Color, { color: string; background?: string }> = {
  Red: { color: '#ff6b6b' },
  Green: { color: '#51cf66' },
  Blue: { color: '#4dabf7' },
  Yellow: { color: '#ffe066' },
  Purple: { color: '#b197fc' },
  Orange: { color: '#ffa94d' },
  Pink: { color: '#faa2c1' },
  Brown: { color: '#d4a373' },
  Gray: { color: '#adb5bd' },
  // Black text needs a light chip to be seen on a dark page.
  Black: { color: '#000000', background: '#ced4da' },
  Cyan: { color: '#66d9e8' },
  Magenta: { color: '#ff5cf4' },
  Lime: { color: '#a9e34b' },
  Teal: { color: '#38d9a9' },
  Indigo: { color: '#91a7ff' },
  Maroon: { color: '#e8798a' },
  Gold: { color: '#fcc419' },
  Silver: { color: '#e9ecef' },
  Violet: { color: '#da77f2' },
};
