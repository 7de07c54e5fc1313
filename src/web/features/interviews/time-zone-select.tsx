import { useState } from 'react';
import { useHydrated } from '../../shell/use-hydrated';
import { DEFAULT_TIME_ZONE, timeZoneNames } from '../../../shared/interviews/time-zones';
import { SelectField } from '../../ui/choice-inputs';

// The server and the first client render list the same few zones (the runtimes' lists differ, and
// hydration must match); once live, the select offers every zone the browser knows (decision 0231).
const FIRST_ZONES = ['America/New_York', 'America/Chicago', 'America/Denver', 'America/Phoenix', 'America/Los_Angeles', 'America/Anchorage', 'Pacific/Honolulu', 'UTC'];

/** A select of IANA zones; `preferBrowser` picks the browser's own zone once the page is live. */
export function TimeZoneSelect({ name = 'time_zone', value, label, preferBrowser, error }: { name?: string; value: string; label: string; preferBrowser: boolean; error?: string | undefined }) {
  const hydrated = useHydrated();
  const [picked, setPicked] = useState<string | null>(null);
  const all = hydrated ? timeZoneNames() : [];
  const browser = hydrated ? Intl.DateTimeFormat().resolvedOptions().timeZone : '';
  const first = FIRST_ZONES.includes(value) ? FIRST_ZONES : [value || DEFAULT_TIME_ZONE, ...FIRST_ZONES];
  const zones = hydrated ? [...new Set([...first.filter((zone) => !all.includes(zone)), ...all])] : first;
  const chosen = picked ?? (preferBrowser && browser && all.includes(browser) ? browser : value || DEFAULT_TIME_ZONE);
  return (
    <SelectField
      label={label}
      name={name}
      value={chosen}
      onChange={(event) => setPicked(event.target.value)}
      error={error}
      options={zones.map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }))}
    />
  );
}
