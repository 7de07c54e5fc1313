// An entry point into the spotlight (the home card, the prompt after applying): reports its impression
// and its click with its source, then opens the spotlight on the profile page. Small on purpose: job
// pages carry it.
import { useEffect, type MouseEvent } from 'react';
import { OPEN_SPOTLIGHT_PARAM, SPOTLIGHT_PATHS, SPOTLIGHT_SOURCE_PARAM } from '../../../shared/spotlight/constants';
import { LinkButton } from '../../ui/button';
import type { ButtonVariant } from '../../ui/button-class';
import { flushSpotlightObservations, observeEntryPoint, type SpotlightContext } from './spotlight-observations';

export function spotlightEntryHref(context: SpotlightContext): string {
  const query = new URLSearchParams({ [OPEN_SPOTLIGHT_PARAM]: 'true', [SPOTLIGHT_SOURCE_PARAM]: context.source });
  if (context.listingKey) query.set('listingKey', context.listingKey);
  return `${SPOTLIGHT_PATHS.profile}?${query.toString()}`;
}

/** Longest wait for the click's observation before the page moves on. */
const FLUSH_WAIT_MS = 400;

/** A link in a sentence by default; with a `variant`, a link drawn as a button (the home page's card). */
export function SpotlightEntryLink({ context, variant, children }: { context: SpotlightContext; variant?: ButtonVariant; children: React.ReactNode }) {
  const { source, listingKey } = context;
  useEffect(() => {
    observeEntryPoint({ source, listingKey }, 'impression');
  }, [source, listingKey]);
  const href = spotlightEntryHref(context);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    observeEntryPoint(context, 'cta_click');
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
    event.preventDefault();
    void Promise.race([flushSpotlightObservations(), new Promise((resolve) => setTimeout(resolve, FLUSH_WAIT_MS))]).then(() => window.location.assign(href));
  };
  return variant ? (
    <LinkButton variant={variant} href={href} onClick={onClick}>
      {children}
    </LinkButton>
  ) : (
    <a href={href} onClick={onClick}>
      {children}
    </a>
  );
}
