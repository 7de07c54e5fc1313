import './pagination.css';

/** Numbered pages around the current one, with Previous and Next; plain links, so it works without script. */
export function Pagination({ page, pageCount, href }: { page: number; pageCount: number; href: (page: number) => string }) {
  if (pageCount <= 1) return null;
  const first = Math.max(1, Math.min(page - 2, pageCount - 4));
  const last = Math.min(pageCount, first + 4);
  const pages = Array.from({ length: last - first + 1 }, (_, i) => first + i);
  // Between Previous and Next, the pages two away are hidden on narrow screens (CSS) so one row fits.
  const hasBoth = page > 1 && page < pageCount;
  return (
    <nav className="pagination" aria-label="Pagination">
      <ul>
        {page > 1 ? (
          <li>
            <a href={href(page - 1)} rel="prev">
              Previous
            </a>
          </li>
        ) : null}
        {pages.map((number) => (
          <li key={number} className={hasBoth && Math.abs(number - page) >= 2 ? 'pagination-far' : undefined}>
            {number === page ? (
              <a href={href(number)} aria-current="page" aria-label={`Page ${number}, current page`}>
                {number}
              </a>
            ) : (
              <a href={href(number)} aria-label={`Page ${number}`}>
                {number}
              </a>
            )}
          </li>
        ))}
        {page < pageCount ? (
          <li>
            <a href={href(page + 1)} rel="next">
              Next
            </a>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
