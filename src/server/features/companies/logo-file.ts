import { fileTypeFromBuffer } from 'file-type';

export type LogoKind = { extension: 'png'; contentType: 'image/png' } | { extension: 'jpg'; contentType: 'image/jpeg' } | { extension: 'webp'; contentType: 'image/webp' };

const KINDS: Record<string, LogoKind> = {
  'image/png': { extension: 'png', contentType: 'image/png' },
  'image/jpeg': { extension: 'jpg', contentType: 'image/jpeg' },
  'image/webp': { extension: 'webp', contentType: 'image/webp' },
};

/**
 * What a logo is, read from its bytes (file-type's magic numbers), never from its name or the
 * browser's stated type. PNG, JPEG and WebP pass; SVG (it can carry script), GIF and anything else
 * answer null. An upload is judged by its first bytes as they stream in (storeUploadStream's sample is
 * enough for each of these magic numbers), never read whole (decision 0304).
 */
export async function detectLogoKind(bytes: Buffer): Promise<LogoKind | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return (detected && KINDS[detected.mime]) ?? null;
}
