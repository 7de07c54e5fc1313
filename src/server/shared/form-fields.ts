import { z } from 'zod';

/** A form field sent twice arrives as an array: the first value is the one read. */
export const firstValue = (value: unknown): unknown => (Array.isArray(value) ? value[0] : value);

/** The id of a row in a path or a form: made by the application (row-id.ts, random ids), nothing else. */
export const RowIdSchema = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
