import { useEffect, useRef } from 'react';

/**
 * A row of tabs that scrolls sideways on a phone shows its current tab (`aria-current="page"`): the row
 * is scrolled so that tab sits near its start, once the page is live. Put the returned ref on the row.
 */
export function useCurrentTabInView<T extends HTMLElement>() {
  const list = useRef<T>(null);
  useEffect(() => {
    const tab = list.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (tab && list.current && list.current.scrollWidth > list.current.clientWidth) {
      list.current.scrollLeft = tab.offsetLeft - list.current.offsetLeft - 16;
    }
  }, []);
  return list;
}
