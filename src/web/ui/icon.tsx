import { createElement } from 'react';
import type { IconNode } from 'lucide';

/**
 * An icon of the lucide set (decision 0307): its node data imported one icon at a time, drawn here as an
 * inline SVG 1em square with a 1.5 px stroke that does not scale (spec 9). The set's React package
 * carries a component runtime per page; the data alone costs only each icon's paths.
 * Decorative by default (hidden from assistive technology); give `label` when the icon alone carries meaning.
 */
export function Icon({ icon, className, label }: { icon: IconNode; className?: string; label?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width="1em"
      height="1em"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.5}
      strokeLinecap="round"
      strokeLinejoin="round"
      focusable="false"
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
