import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import './components.css';

export interface TabItem {
  id: string;
  label: ReactNode;
  panel: ReactNode;
}

/**
 * Tabs within one page (the WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs and
 * show each at once; only the chosen tab is in the tab order. For views a person may link to or use
 * without script, use NavTabs (one address per view).
 */
export function Tabs({ label, tabs, defaultSelected, onSelect }: { label: string; tabs: readonly TabItem[]; defaultSelected?: string; onSelect?(id: string): void }) {
  const [selected, setSelected] = useState(defaultSelected ?? tabs[0]?.id);
  const base = useId();
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  const choose = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!;
    setSelected(tab.id);
    onSelect?.(tab.id);
    buttons.current[tabs.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    choose(moves[event.key]!);
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tabs-list">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${tab.id}`}
            aria-controls={`${base}-panel-${tab.id}`}
            aria-selected={tab.id === selected}
            tabIndex={tab.id === selected ? 0 : -1}
            className="tabs-tab"
            onClick={() => choose(index)}
            onKeyDown={(event) => onKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${base}-panel-${tab.id}`} aria-labelledby={`${base}-tab-${tab.id}`} hidden={tab.id !== selected} tabIndex={0} className="tabs-panel">
          {tab.panel}
        </div>
      ))}
    </div>
  );
}

/** Views at their own addresses, drawn as tabs: links, with aria-current on the one shown. */
export function NavTabs({ label, links, current }: { label: string; links: ReadonlyArray<{ href: string; label: ReactNode }>; current: string }) {
  return (
    <nav aria-label={label} className="tabs">
      <ul className="tabs-list">
        {links.map((link) => (
          <li key={link.href}>
            <a href={link.href} className="tabs-tab" aria-current={link.href === current ? 'page' : undefined}>
              {link.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
