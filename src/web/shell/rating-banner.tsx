import { useShell } from './shell-context';

/** The rating claim (spec 1); its footnote date comes from RATING_CLAIM_DATE. */
export function RatingBanner() {
  const { ratingClaimDate } = useShell();
  return (
    <div className="rating-banner">
      <p className="rating-claim">
        <span className="stars" role="img" aria-label="Rated 5 out of 5 stars">
          ★★★★★
        </span>{' '}
        Rated the #1 job site in the US<span aria-hidden="true">*</span>
      </p>
      <p className="rating-footnote">{`*Based on job seeker satisfaction ratings as of ${ratingClaimDate}.`}</p>
    </div>
  );
}
