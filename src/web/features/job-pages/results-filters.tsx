import { useState, type ComponentType, type MouseEvent } from 'react';
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { PHONE_QUERY, useMediaQuery } from '../../ui/use-media-query';
import type { FilterSheetProps } from './filter-sheet';
import { FiltersForm } from './filters-form';

/**
 * Filter and sort: a disclosure with the form (wider screens, and phones before or without script);
 * on a phone a tap opens the same form in a bottom sheet instead.
 */
export function ResultsFilters({ criteria, placeHasRadius }: { criteria: SearchCriteria; placeHasRadius: boolean }) {
  const isPhone = useMediaQuery(PHONE_QUERY);
  const [Sheet, setSheet] = useState<ComponentType<FilterSheetProps> | null>(null);
  const [open, setOpen] = useState(false);

  const onSummaryClick = (event: MouseEvent<HTMLElement>) => {
    if (!isPhone) return;
    event.preventDefault();
    if (Sheet) {
      setOpen(true);
      return;
    }
    void import('./filter-sheet').then(
      (module) => {
        setSheet(() => module.FilterSheet);
        setOpen(true);
      },
      // The chunk did not load (offline, a new deploy): the disclosure opens in place instead.
      () => {
        const details = (event.target as HTMLElement).closest('details');
        if (details) details.open = true;
      },
    );
  };

  return (
    <>
      <details className="filters">
        <summary onClick={onSummaryClick}>Filter and sort</summary>
        <FiltersForm criteria={criteria} placeHasRadius={placeHasRadius} />
      </details>
      {Sheet ? <Sheet open={open} onClose={() => setOpen(false)} criteria={criteria} placeHasRadius={placeHasRadius} /> : null}
    </>
  );
}
