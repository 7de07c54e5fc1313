import { useId, useState, type ReactNode } from 'react';
import './tooltip.css';

/** Spec 9: the tooltip sits 18 px from what it describes and is at most 260 px wide (tooltip.css). */
export const TOOLTIP_OFFSET_PX = 18;
export const TOOLTIP_MAX_WIDTH_PX = 260;

/**
 * Spec 4.1: a tooltip shows on hover. It shows on keyboard focus too, Escape hides it, and the text is
 * the described element's accessible description.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <span
      className="tooltip-anchor"
      aria-describedby={id}
      tabIndex={0}
      onMouseEnter={() => setShown(true)}
      onMouseLeave={() => setShown(false)}
      onFocus={() => setShown(true)}
      onBlur={() => setShown(false)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && shown) {
          event.stopPropagation();
          setShown(false);
        }
      }}
    >
      {children}
      <span id={id} role="tooltip" className="tooltip" hidden={!shown}>
        {label}
      </span>
    </span>
  );
}
