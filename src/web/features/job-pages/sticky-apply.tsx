import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import './sticky-apply.css';

/** The job page's own Apply controls: the box's (Apply, Apply on company site, Apply by email, or the link to the questions) and the questions' section. */
const APPLY_AREAS = '.job-page-aside .job-actions, .job-apply-section';
const MAIN_APPLY = '.job-page-aside .job-actions .button-primary';

/**
 * The job's Apply on a phone once the page's own Apply has scrolled out of view (issue 43, decision
 * 0301). The bar is fixed, so showing it moves nothing; the page keeps room for it at its end. Its
 * button acts through the page's own control, so every way of applying (one click, the steps, the
 * registration, the employer's site) stays in one place; with the job applied to, the bar goes.
 */
export function StickyApply({ title, company, label }: { title: string; company: string; label: string }) {
  const [shown, setShown] = useState(false);

  useEffect(() => {
    const areas = [...document.querySelectorAll(APPLY_AREAS)];
    const box = areas[0];
    if (!box || typeof IntersectionObserver === 'undefined') return;
    const visible = new Map<Element, boolean>();
    const observer = new IntersectionObserver((entries) => {
      for (const entry of entries) visible.set(entry.target, entry.isIntersecting);
      // Shown only once the box is above the view (scrolled past), never before the reader reaches it.
      const past = box.getBoundingClientRect().bottom < 0;
      setShown(past && ![...visible.values()].some(Boolean) && document.querySelector(MAIN_APPLY) !== null);
    });
    for (const area of areas) observer.observe(area);
    return () => observer.disconnect();
  }, []);

  const apply = () => {
    const control = document.querySelector<HTMLElement>(MAIN_APPLY);
    setShown(false);
    if (!control) return;
    // The page's own control answers where the reader can see it (its messages and the steps are there).
    control.scrollIntoView({ block: 'center' });
    control.click();
  };

  return (
    <div className="sticky-apply" hidden={!shown}>
      <p className="sticky-apply-job">
        <strong>{title}</strong>
        <span>{company}</span>
      </p>
      <Button aria-label={`${label}: ${title}`} onClick={apply}>
        {label}
      </Button>
    </div>
  );
}
