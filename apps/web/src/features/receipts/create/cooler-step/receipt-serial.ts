/** 'Generate Serial' on /receipt-create (docs/product.md §2.9; docs/decisions/121). */

/**
 * A serial for a cooler that has none: 'GEN-', the time in base 36 and four random characters —
 * unique in practice, recognisable as made up, and with no run of 8 digits, so the date of
 * manufacture is not read from it (docs/product.md §5.3: it defaults to today).
 */
export function generateSerial(now: Date = new Date(), random: () => number = Math.random): string {
  const time = now.getTime().toString(36).toUpperCase();
  const tail = Math.floor(random() * 36 ** 4)
    .toString(36)
    .toUpperCase()
    .padStart(4, '0');
  return `GEN-${time}-${tail}`;
}
