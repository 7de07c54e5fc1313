// Spec 4.2 and 9: a bottom sheet closes when dragged down past 40% of its height, or past 20%
// with a speed above 0.3 (pixels per millisecond).
export const SHEET_CLOSE_RATIO = 0.4;
export const SHEET_FLICK_RATIO = 0.2;
export const SHEET_FLICK_VELOCITY = 0.3;

export function shouldCloseSheet(dragPx: number, heightPx: number, velocityPxPerMs: number): boolean {
  if (heightPx <= 0 || dragPx <= 0) return false;
  const ratio = dragPx / heightPx;
  return ratio > SHEET_CLOSE_RATIO || (ratio > SHEET_FLICK_RATIO && velocityPxPerMs > SHEET_FLICK_VELOCITY);
}
