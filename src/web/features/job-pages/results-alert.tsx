import { RADIUS_MILES } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { SEEKER_PATHS } from '../../../shared/seeker/constants';
import { Button } from '../../ui/button';

/**
 * "Get alerts for this search" (issue 43): one plain form post of the search as a daily alert, back to
 * this page, which then says what happened. A visitor is asked to log in first and comes back here.
 */
export function ResultsAlert({ criteria, placeLabel, notice, label }: { criteria: SearchCriteria; placeLabel: string | null; notice: { text: string; isError: boolean } | null; label?: string }) {
  const radius = (RADIUS_MILES as readonly number[]).includes(criteria.radius) ? criteria.radius : 25;
  return (
    <div className="results-alert">
      {notice ? (
        <p className={`notice${notice.isError ? ' is-error' : ''}`} role="status">
          {notice.text} {notice.isError ? <a href={SEEKER_PATHS.alerts}>Your job alerts</a> : null}
        </p>
      ) : null}
      <form method="post" action={SEEKER_PATHS.alerts}>
        <input type="hidden" name="search" value={criteria.search} />
        <input type="hidden" name="location" value={placeLabel ?? criteria.location} />
        <input type="hidden" name="radius" value={String(radius)} />
        <input type="hidden" name="frequency" value="daily" />
        <input type="hidden" name="next" value={searchUrl({ ...criteria, page: 1 })} />
        {label ? (
          <Button type="submit" variant="secondary">
            {label}
          </Button>
        ) : (
          <Button type="submit" variant="secondary" className="results-alert-button">
            Get alerts<span className="results-alert-more">{'\u00a0for this search'}</span>
          </Button>
        )}
      </form>
    </div>
  );
}
