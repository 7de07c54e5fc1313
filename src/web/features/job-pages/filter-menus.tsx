import { useEffect, useRef } from 'react';
import { EMPLOYMENT_TYPES, EMPLOYMENT_TYPE_LABELS, JOB_CATEGORIES, JOB_CATEGORY_LABELS, MIN_PAY_CHOICES, POSTED_WITHIN_DAYS } from '../../../shared/jobs/enums';
import { searchUrl, type SearchCriteria } from '../../../shared/jobs/search-url';
import { SORT_LABELS, filtersActive, minPayLabel, postedLabel, withoutFilters } from './filters-form';

interface MenuOption {
  label: string;
  href: string;
  current: boolean;
}

interface Menu {
  name: string;
  /** The summary: the filter's name, or its value when one is chosen. */
  label: string;
  active: boolean;
  options: MenuOption[];
}

/** Each filter as a menu of links: choosing one is the search with that filter, on page 1. */
export function filterMenus(criteria: SearchCriteria, placeHasRadius: boolean): Menu[] {
  const withChange = (change: Partial<SearchCriteria>) => searchUrl({ ...criteria, ...change, page: 1 });
  const menu = <T,>(name: string, anyLabel: string, current: T | null, choices: readonly T[], label: (value: T) => string, change: (value: T | null) => Partial<SearchCriteria>): Menu => ({
    name,
    label: current === null ? name : label(current),
    active: current !== null,
    options: [
      { label: anyLabel, href: withChange(change(null)), current: current === null },
      ...choices.map((value) => ({ label: label(value), href: withChange(change(value)), current: value === current })),
    ],
  });
  const sorts = placeHasRadius ? (['relevance', 'date', 'distance'] as const) : (['relevance', 'date'] as const);
  return [
    menu('Pay', 'Any pay', criteria.minPay, MIN_PAY_CHOICES, minPayLabel, (minPay) => ({ minPay })),
    menu('Job type', 'Any type', criteria.employmentType, EMPLOYMENT_TYPES, (type) => EMPLOYMENT_TYPE_LABELS[type], (employmentType) => ({ employmentType })),
    menu('Category', 'Any category', criteria.category, JOB_CATEGORIES, (category) => JOB_CATEGORY_LABELS[category], (category) => ({ category })),
    menu('Date posted', 'Any time', criteria.postedWithin, POSTED_WITHIN_DAYS, postedLabel, (postedWithin) => ({ postedWithin })),
    {
      name: 'Sort',
      label: `Sort: ${SORT_LABELS[criteria.sort]}`,
      active: false,
      options: sorts.map((sort) => ({ label: SORT_LABELS[sort], href: withChange({ sort }), current: criteria.sort === sort })),
    },
  ];
}

/**
 * The filters as a row of menus on wider screens (issue 45): one click on a choice is the new search,
 * with no "Apply filters" step. Each menu is a disclosure of plain links, so it works without script;
 * with script, one menu is open at a time and Escape or a click elsewhere closes it.
 */
export function FilterMenus({ criteria, placeHasRadius }: { criteria: SearchCriteria; placeHasRadius: boolean }) {
  const row = useRef<HTMLUListElement>(null);
  useEffect(() => {
    const menus = () => Array.from(row.current?.querySelectorAll('details') ?? []);
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const other of menus()) if (other !== opened) other.open = false;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!row.current?.contains(event.target as Node)) for (const menu of menus()) menu.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      const open = menus().find((menu) => menu.open);
      if (!open) return;
      open.open = false;
      open.querySelector('summary')?.focus();
    };
    const element = row.current;
    element?.addEventListener('toggle', onToggle, true);
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      element?.removeEventListener('toggle', onToggle, true);
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);
  const remoteHref = searchUrl({ ...criteria, remoteOnly: !criteria.remoteOnly, page: 1 });
  return (
    <ul className="filter-menus" aria-label="Filters" ref={row}>
      {filterMenus(criteria, placeHasRadius).map((menu) => (
        <li key={menu.name}>
          <details className={`filter-menu${menu.active ? ' is-active' : ''}`}>
            <summary>
              {menu.active ? <span className="visually-hidden">{`${menu.name}: `}</span> : null}
              {menu.label}
              <span className="chevron" aria-hidden="true" />
            </summary>
            <ul className="filter-menu-options">
              {menu.options.map((option) => (
                <li key={option.label}>
                  <a href={option.href} aria-current={option.current ? 'true' : undefined}>
                    {option.label}
                  </a>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
      <li>
        <a className={`filter-menu-toggle${criteria.remoteOnly ? ' is-active' : ''}`} href={remoteHref} aria-current={criteria.remoteOnly ? 'true' : undefined}>
          Remote only
        </a>
      </li>
      {filtersActive(criteria) ? (
        <li>
          <a className="filter-menus-clear" href={withoutFilters(criteria)}>
            Clear filters
          </a>
        </li>
      ) : null}
    </ul>
  );
}
