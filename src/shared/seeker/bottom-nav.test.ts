import { describe, expect, it } from 'vitest';
import { seekerBottomNav } from './bottom-nav';

const currentOf = (url: string) => {
  const nav = seekerBottomNav(url);
  return [...nav.links, ...nav.more].filter((link) => link.current).map((link) => link.label);
};

describe('the seeker bottom navigation (decision 0301)', () => {
  it('has five places and the rest behind More', () => {
    const nav = seekerBottomNav('/');
    expect(nav.links.map((link) => link.label)).toEqual(['Search', 'Saved', 'Applied', 'Messages', 'Profile']);
    expect(nav.more.map((link) => link.label)).toEqual(['Suggested Jobs', 'Job alerts', 'Résumé', 'References', 'Notifications', 'Settings']);
  });

  it.each([
    ['/jobs-search?search=nurse', ['Search']],
    ['/Search-Jobs-Near-Me', ['Search']],
    ['/candidate/saved-jobs', ['Saved']],
    ['/candidate/my-jobs', ['Applied']],
    ['/candidate/gothired', ['Applied']],
    ['/messages/abc', ['Messages']],
    ['/profile?openCandidateSpotlight=true', ['Profile']],
    ['/candidate/about', ['Profile']],
    ['/candidate/resume', ['Résumé']],
    ['/candidate/password', ['Settings']],
    ['/jobseeker/home', ['Suggested Jobs']],
    ['/job/nurse-houston-tx/abc', []],
    ['/candidate/resume-tips', []],
  ])('marks %s', (url, expected) => {
    expect(currentOf(url)).toEqual(expected);
  });
});
