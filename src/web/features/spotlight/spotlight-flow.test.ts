import { describe, expect, it } from 'vitest';
import { observationFor, openSpotlight, step, type SpotlightEvent, type SpotlightState } from './spotlight-flow';

function run(state: SpotlightState, ...events: SpotlightEvent[]) {
  let current = state;
  const commands: string[] = [];
  for (const event of events) {
    const next = step(current, event);
    current = next.state;
    commands.push(...next.commands.map((command) => command.type));
  }
  return { state: current, commands };
}

const recorded: SpotlightEvent[] = [{ type: 'start' }, { type: 'choose', how: 'video' }, { type: 'devices_ready', at: 10 }, { type: 'lead_in_done', at: 3010 }];

describe('the spotlight flow', () => {
  it('goes how it works -> choose -> record (lead-in, recording) -> preview -> saved', () => {
    const { state, commands } = run(openSpotlight('about_you', true), ...recorded, { type: 'recorded' }, { type: 'save' }, { type: 'saved', kind: 'video', answerId: 'a1' });
    expect(state.screen).toEqual({ name: 'post_upload', kind: 'video', answerId: 'a1' });
    expect(state.unsaved).toBe(false);
    expect(commands).toEqual(['open_devices', 'start_recording', 'release_devices', 'upload', 'discard_recording']);
  });

  it('counts the lead-in and the recording from when each began', () => {
    const leadIn = run(openSpotlight('about_you', false), { type: 'choose', how: 'audio' }, { type: 'devices_ready', at: 500 });
    expect(leadIn.state.screen).toEqual({ name: 'record', mode: 'audio', phase: 'lead_in' });
    expect(leadIn.state.phaseStartedAt).toBe(500);
    expect(leadIn.commands).toEqual(['open_devices', 'entry_point']);
    expect(step(leadIn.state, { type: 'lead_in_done', at: 3500 }).state.phaseStartedAt).toBe(3500);
  });

  it('asks before leaving with an unsaved recording, and keeps it for preview when the person stays', () => {
    const recording = run(openSpotlight('about_you', true), ...recorded).state;
    const asked = step(recording, { type: 'request_close' });
    expect(asked.state.screen.name).toBe('exit_confirm');
    expect(asked.commands.map((command) => command.type)).toEqual(['stop_recording']);
    const kept = step(asked.state, { type: 'keep_editing' });
    expect(kept.state.screen).toEqual({ name: 'preview', mode: 'video' });
    const left = run(asked.state, { type: 'leave' });
    expect(left.commands).toContain('close');
    expect(left.commands).toContain('discard_recording');
  });

  it('closes at once when nothing is unsaved', () => {
    const { commands } = run(openSpotlight('about_you', true), { type: 'request_close' });
    expect(commands).toContain('close');
  });

  it('offers the written answer when the camera is refused', () => {
    const refused = run(openSpotlight('about_you', false), { type: 'choose', how: 'video' }, { type: 'devices_failed', problem: 'refused' });
    expect(refused.state.screen).toEqual({ name: 'error', mode: 'video', problem: 'refused' });
    expect(step(refused.state, { type: 'choose', how: 'text' }).state.screen).toEqual({ name: 'text' });
  });

  it('retake discards the recording and opens the devices again', () => {
    const preview = run(openSpotlight('about_you', true), ...recorded, { type: 'recorded' }).state;
    const retake = step(preview, { type: 'retake' });
    expect(retake.state.screen).toEqual({ name: 'record', mode: 'video', phase: 'starting' });
    expect(retake.commands.map((command) => command.type)).toEqual(['discard_recording', 'open_devices']);
  });

  it('keeps a refusal on the screen and saves only once at a time', () => {
    const text = run(openSpotlight('about_you', false), { type: 'choose', how: 'text' }, { type: 'edited', unsaved: true }, { type: 'save' }).state;
    expect(step(text, { type: 'save' }).commands).toEqual([]);
    const failed = step(text, { type: 'save_failed', message: 'Your answer can be at most 1,000 characters.' }).state;
    expect(failed).toMatchObject({ saving: false, unsaved: true, message: 'Your answer can be at most 1,000 characters.', screen: { name: 'text' } });
  });

  it('reports each screen as spec 3 names it', () => {
    expect(observationFor({ name: 'how_it_works' })).toMatchObject({ typeName: 'CandidateSpotlightObservation', eventType: 'HOW_IT_WORKS_MODAL' });
    expect(observationFor({ name: 'record', mode: 'video', phase: 'recording' })).toMatchObject({ eventType: 'RECORD_VIDEO_MODAL' });
    expect(observationFor({ name: 'record', mode: 'audio', phase: 'recording' })).toMatchObject({ typeName: 'CandidateSpotlightAudioResponseObservation', eventType: 'AUDIO_RECORD_MODAL' });
    expect(observationFor({ name: 'preview', mode: 'video' })).toMatchObject({ eventType: 'PREVIEW_VIDEO_MODAL' });
    expect(observationFor({ name: 'upload' })).toMatchObject({ eventType: 'UPLOAD_VIDEO_MODAL' });
    expect(observationFor({ name: 'text' })).toMatchObject({ typeName: 'CandidateSpotlightTextResponseObservation', eventType: 'TEXT_INPUT_MODAL' });
    expect(observationFor({ name: 'error', mode: 'audio', problem: 'missing' })).toMatchObject({ eventType: 'ERROR', errorName: 'missing' });
    expect(observationFor({ name: 'exit_confirm', back: { name: 'text' } })).toMatchObject({ eventType: 'EXIT_WITHOUT_SAVING_MODAL' });
    expect(observationFor({ name: 'post_upload', kind: 'text', answerId: 'x' })).toMatchObject({ typeName: 'CandidateSpotlightTextResponseObservation', eventType: 'POST_UPLOAD', responseId: 'x' });
  });
});
