// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JOB_REPORT_MESSAGES } from '../../../shared/employer-jobs/moderation';
import { ReportJobDialog } from './report-job-dialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const dialog = () => screen.getByRole('dialog', { name: 'Report this job' });
const send = () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send report' }));

describe('ReportJobDialog', () => {
  it("shows the server's message beside the reasons, keeps what was typed, then thanks once sent", async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(400, { status: 'PROTO_VALIDATION_ERROR', error_message: JOB_REPORT_MESSAGES.reasonRequired, errors: { reasons: JOB_REPORT_MESSAGES.reasonRequired } }))
      .mockResolvedValueOnce(json(200, { status: 'REPORTED', message: JOB_REPORT_MESSAGES.sent }));
    vi.stubGlobal('fetch', fetch);
    const onClose = vi.fn();
    render(<ReportJobDialog jobId="abc123" jobTitle="Forklift Operator" onClose={onClose} />);

    fireEvent.change(within(dialog()).getByLabelText('Details (optional)'), { target: { value: 'Asks for a fee.' } });
    send();
    expect(await within(dialog()).findByText(JOB_REPORT_MESSAGES.reasonRequired)).toBeTruthy();
    expect((within(dialog()).getByLabelText('Details (optional)') as HTMLTextAreaElement).value).toBe('Asks for a fee.');
    const [path, init] = fetch.mock.calls[0]!;
    expect(path).toBe('/report-job/abc123');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({ reasons: [], details: 'Asks for a fee.' });

    // Each reason is a checkbox of the reasons' group (CheckboxField, decision 0316), named by its words.
    const reasons = within(dialog()).getByRole('group', { name: 'What is wrong with this job?' });
    fireEvent.click(within(reasons).getByRole('checkbox', { name: 'It looks like a scam, or asks for money or bank details' }));
    send();
    expect(await within(dialog()).findByText(JOB_REPORT_MESSAGES.sent)).toBeTruthy();
    expect(JSON.parse(String((fetch.mock.calls[1]![1] as RequestInit).body))).toEqual({ reasons: ['scam'], details: 'Asks for a fee.' });
    fireEvent.click(within(dialog()).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('says so when the job is gone or too many reports were sent', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValueOnce(json(404, { status: 'NOT_FOUND', error_message: 'Not found.' })).mockResolvedValueOnce(json(429, { status: 'RATE_LIMITING_THROTTLED', error_message: 'You have sent several reports in a short time. Please try again later.' })));
    render(<ReportJobDialog jobId="abc123" jobTitle="Forklift Operator" onClose={() => undefined} />);
    fireEvent.click(within(dialog()).getByLabelText('Something else'));
    send();
    expect(await within(dialog()).findByText(JOB_REPORT_MESSAGES.notFound)).toBeTruthy();
    send();
    await waitFor(() => expect(within(dialog()).getByRole('alert').textContent).toBe('You have sent several reports in a short time. Please try again later.'));
  });
});
