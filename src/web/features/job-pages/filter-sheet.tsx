// Loaded on demand when a phone's Filter and sort is tapped: the modal's code stays out of the page's
// first load.
import type { SearchCriteria } from '../../../shared/jobs/search-url';
import { Modal } from '../../ui/modal';
import { FiltersForm } from './filters-form';

export interface FilterSheetProps {
  open: boolean;
  onClose: () => void;
  criteria: SearchCriteria;
  placeHasRadius: boolean;
}

export function FilterSheet({ open, onClose, criteria, placeHasRadius }: FilterSheetProps) {
  return (
    <Modal open={open} onClose={onClose} labelledBy="filter-sheet-heading" phonePresentation="sheet">
      <div className="filter-sheet">
        <h2 id="filter-sheet-heading">Filter and sort</h2>
        <FiltersForm criteria={criteria} placeHasRadius={placeHasRadius} />
      </div>
    </Modal>
  );
}
