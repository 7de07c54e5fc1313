// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ShellProvider } from '../../shell/shell-context';
import { testShell } from '../../shell/test-shell';
import { ApplyButton } from './apply-button';

afterEach(cleanup);

describe('ApplyButton', () => {
  it("asks a yes-or-no screening question as a radio group named by the question, sent as answer_N (decision 0316)", () => {
    render(
      <ShellProvider value={testShell()}>
        <ApplyButton listingKey="lk_1" applied={false} external={false} externalApplyHref="" questions={[{ name: 'answer_1', text: 'Can you work nights?', kind: 'yes_no' }]} />
      </ShellProvider>,
    );
    const question = screen.getByRole('group', { name: 'Can you work nights?' });
    fireEvent.click(within(question).getByRole('radio', { name: 'No' }));
    const form = screen.getByRole('button', { name: 'Apply' }).closest('form')!;
    expect(new FormData(form).get('answer_1')).toBe('no');
    expect(within(question).getAllByRole('radio').map((radio) => (radio as HTMLInputElement).value)).toEqual(['yes', 'no']);
  });
});
