/** How big a kit of so many blocks really is, in the reader's number format. */
import { BLOCK_MODULE } from '@kitwright/mesher/constants';

export function realSize(blocks: number, locale: string): string {
  const cm = (blocks * BLOCK_MODULE.pitchMm) / 10;
  return cm >= 100
    ? `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(cm / 100)} m`
    : `${Math.round(cm)} cm`;
}
