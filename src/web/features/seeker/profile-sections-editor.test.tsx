// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { profileSectionDeletePath, type ProfileSectionsEditProps } from '../../../shared/seeker/profile-sections';
import { ProfileSectionsEditor } from './profile-sections-editor';

afterEach(cleanup);

const SECTIONS: ProfileSectionsEditProps = {
  entries: {
    work: [{ id: 'w1', values: { title: 'Forklift Driver', employer: 'Acme', start_month: '2021-03', end_month: '', current: 'on', description: '' } }],
    education: [],
    skills: [],
    licences: [],
    links: [{ id: 'l1', values: { kind: 'portfolio', url: 'https://ada.example' } }],
  },
  form: { kind: 'work', id: null, values: { title: 'Cook', current: '' }, errors: { current: 'Tick this if you work here now.' } },
  notice: null,
};

const form = (legend: string) => screen.getByRole('group', { name: legend }).closest('form')!;

describe('ProfileSectionsEditor', () => {
  it('draws each entry with the design system: a checkbox, a select of link kinds and Save and Remove buttons (decision 0316)', () => {
    render(<ProfileSectionsEditor sections={SECTIONS} />);

    const job = form('Work history 1: Forklift Driver');
    const current = within(job).getByRole('checkbox', { name: 'I work here now' }) as HTMLInputElement;
    expect(current.checked).toBe(true);
    expect(current.name).toBe('current');
    expect(within(job).getByRole('button', { name: 'Save' }).getAttribute('type')).toBe('submit');
    const remove = within(job).getByRole('button', { name: 'Remove' });
    expect(remove.getAttribute('formaction')).toBe(profileSectionDeletePath('work', 'w1'));
    expect(remove.className).toContain('button-secondary');

    // The add form sent back keeps what was typed and ties the error to the checkbox.
    const adding = form('Add a job');
    const unticked = within(adding).getByRole('checkbox', { name: 'I work here now' }) as HTMLInputElement;
    expect(unticked.checked).toBe(false);
    expect(unticked.getAttribute('aria-invalid')).toBe('true');
    expect(within(adding).getByText('Tick this if you work here now.').id).toBe(unticked.getAttribute('aria-describedby'));
    expect(within(adding).getByRole('button', { name: 'Add job' })).toBeTruthy();
    expect(within(adding).queryByRole('button', { name: 'Remove' })).toBeNull();

    const link = form('Links 1: Portfolio');
    const kind = within(link).getByRole('combobox', { name: 'Kind of link' }) as HTMLSelectElement;
    expect(kind.name).toBe('kind');
    expect(kind.value).toBe('portfolio');
    expect([...kind.options].map((option) => [option.value, option.text])).toEqual([
      ['linkedin', 'LinkedIn'],
      ['portfolio', 'Portfolio'],
    ]);
    expect((within(form('Add a link')).getByRole('combobox', { name: 'Kind of link' }) as HTMLSelectElement).value).toBe('linkedin');
  });
});
