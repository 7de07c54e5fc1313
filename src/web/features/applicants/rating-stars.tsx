import { countOf } from '../../../shared/plural';
import { Button } from '../../ui/button';
import { useHydrated } from '../../ui/use-hydrated';

/**
 * The team's rating as a radio group drawn as stars (decision 0294): choosing a star saves it, and
 * "No rating" clears it. Without script the same radios post with Save.
 */
export function RatingStars({ rating, action, onChange }: { rating: number | null; action: string; onChange: (rating: number | null) => void }) {
  const hydrated = useHydrated();
  return (
    <form method="post" action={action} onSubmit={(event) => event.preventDefault()}>
      <fieldset className="applicant-rating">
        <legend>Your team&apos;s rating</legend>
        <div className="rating-stars">
          {[1, 2, 3, 4, 5].map((value) => (
            <label key={value} className={rating !== null && value <= rating ? 'rating-star is-on' : 'rating-star'}>
              <input type="radio" name="rating" value={String(value)} checked={rating === value} onChange={() => onChange(value)} />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">{countOf(value, 'star', 'stars')}</span>
            </label>
          ))}
        </div>
        <label className="rating-none">
          <input type="radio" name="rating" value="" checked={rating === null} onChange={() => onChange(null)} />
          No rating
        </label>
      </fieldset>
      {hydrated ? null : (
        <Button type="submit" variant="secondary">
          Save rating
        </Button>
      )}
    </form>
  );
}
