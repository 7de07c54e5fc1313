// The query-string fields of a search page (the job results, the résumé database): nothing here refuses
// a request; a missing, malformed or out-of-range value falls back to its default (decision 0314 keeps
// these once, for both searches).
import { z } from 'zod';
import { firstValue } from './form-fields';

/** Text with control characters gone and whitespace runs collapsed to one space, at most `max` characters. */
export const searchText = (max: number) =>
  z.preprocess(
    firstValue,
    z
      .string()
      .catch('')
      // eslint-disable-next-line no-control-regex -- control characters never belong in a search
      .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max)),
  );

/** One of the offered numbers, else null. */
export const oneOfNumbers = <T extends number>(choices: readonly T[]) =>
  z.preprocess(firstValue, z.coerce.number().catch(Number.NaN)).transform((value): T | null => ((choices as readonly number[]).includes(value) ? (value as T) : null));

/** A page number from 1 to `maxPage`; anything else is page 1. */
export const pageNumber = (maxPage: number) =>
  z.preprocess(firstValue, z.coerce.number().catch(1)).transform((value) => (Number.isFinite(value) ? Math.min(maxPage, Math.max(1, Math.trunc(value))) : 1));
