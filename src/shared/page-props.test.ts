// The page-props map at work: typecheck (npm test's first step) fails if a wrong pairing compiles.
import type { FastifyReply } from 'fastify';
import type { ComponentType } from 'react';
import { describe, expect, it } from 'vitest';
import type { PageName, PagePropsMap } from './page-props';

describe('the page-props map', () => {
  it("makes renderPage take each page's own props", () => {
    const render = (reply: FastifyReply) => {
      void reply.renderPage('landing', { showClosedJobAlert: true }, { title: 'Jobwise' });
      // @ts-expect-error the job page's props are not the landing page's
      void reply.renderPage('job', { showClosedJobAlert: true }, { title: 'Jobwise' });
      // @ts-expect-error a page that is not in the map
      void reply.renderPage('no-such-page', {}, { title: 'Jobwise' });
    };
    expect(render).toBeTypeOf('function');
  });

  it('makes the page registry agree with it', () => {
    type Entry<P extends PageName> = { load: () => Promise<{ default: ComponentType<{ props: PagePropsMap[P] }> }> };
    const LandingLike = ({ props }: { props: { showClosedJobAlert: boolean } }) => String(props.showClosedJobAlert);
    const good: Entry<'landing'> = { load: async () => ({ default: LandingLike }) };
    // @ts-expect-error a landing component cannot be registered as the job page
    const bad: Entry<'job'> = { load: async () => ({ default: LandingLike }) };
    expect([good, bad]).toHaveLength(2);
  });
});
