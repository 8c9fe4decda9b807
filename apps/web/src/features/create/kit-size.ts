/** How big a kit of so many blocks really is, in the reader's number format. */

/**
 * The block module of the universal catalogue: every block is 16 mm on a side (the mesher's
 * BLOCK_MODULE.pitchMm; mesher-mirrors.test.ts holds the two together).
 */
export const BLOCK_PITCH_MM = 16;

export function realSize(blocks: number, locale: string): string {
  const cm = (blocks * BLOCK_PITCH_MM) / 10;
  return cm >= 100
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(cm / 100)} m`
    : `${Math.round(cm)} cm`;
}
