// Analytics keep their rows for the figures; an erased person's email, name and phone leave their text.
import type { Db } from '../../db/database';
import { scrubText } from '../../shared/scrub-text';

/** The event log and the observations, every text column a browser filled (decision 0225). */
export async function scrubAnalytics(db: Db, needles: readonly string[], replacement: string): Promise<number> {
  const events = await scrubText(db, { table: 'event_log', locate: ['id'], columns: ['properties', 'path', 'event_type'] }, needles, replacement);
  // Observations have no key of their own (decision 0187): (day, type_name) is their index, id the row.
  const observations = await scrubText(
    db,
    {
      table: 'observation',
      locate: ['day', 'type_name', 'id'],
      columns: ['payload', 'source', 'component_id', 'action', 'base_form_type', 'response_status', 'event_type', 'observe_type'],
    },
    needles,
    replacement,
  );
  return events + observations;
}
