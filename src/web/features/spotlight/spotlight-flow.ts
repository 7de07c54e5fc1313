// The spotlight dialog as one pure function: step(state, event) -> { state, commands }. The component
// draws the state and runs the commands (devices, upload, close). Observations follow the screens: each
// screen left is reported with how long it was shown (observationFor below).
import type { SpotlightPromptId } from '../../../shared/spotlight/constants';

export type RecordMode = 'video' | 'audio';
export type DeviceProblem = 'refused' | 'missing' | 'unsupported';
export type AnswerKind = 'video' | 'audio' | 'text';

export type Screen =
  | { name: 'how_it_works' }
  | { name: 'choose' }
  | { name: 'record'; mode: RecordMode; phase: 'starting' | 'lead_in' | 'recording' }
  | { name: 'preview'; mode: RecordMode }
  | { name: 'upload' }
  | { name: 'text' }
  | { name: 'error'; mode: RecordMode; problem: DeviceProblem }
  | { name: 'post_upload'; kind: AnswerKind; answerId: string }
  | { name: 'exit_confirm'; back: Exclude<Screen, { name: 'exit_confirm' }> };

export interface SpotlightState {
  prompt: SpotlightPromptId;
  screen: Screen;
  /** Something recorded, chosen or written that is not saved yet. */
  unsaved: boolean;
  saving: boolean;
  /** A refusal from the server or the device, shown on the current screen. */
  message: string | null;
  /** When the lead-in or the recording began (performance.now()), for their countdowns. */
  phaseStartedAt: number;
}

export type SpotlightEvent =
  | { type: 'start' }
  | { type: 'choose'; how: RecordMode | 'upload' | 'text' }
  | { type: 'devices_ready'; at: number }
  | { type: 'devices_failed'; problem: DeviceProblem }
  | { type: 'lead_in_done'; at: number }
  | { type: 'recorded' }
  | { type: 'retake' }
  | { type: 'edited'; unsaved: boolean }
  | { type: 'save' }
  | { type: 'saved'; kind: AnswerKind; answerId: string }
  | { type: 'save_failed'; message: string }
  | { type: 'back_to_choices' }
  | { type: 'request_close' }
  | { type: 'keep_editing' }
  | { type: 'leave' }
  | { type: 'next_prompt'; prompt: SpotlightPromptId };

export type Command =
  | { type: 'open_devices'; mode: RecordMode }
  | { type: 'start_recording' }
  | { type: 'stop_recording' }
  | { type: 'release_devices' }
  | { type: 'discard_recording' }
  | { type: 'upload' }
  | { type: 'close' }
  | { type: 'entry_point'; family: 'text' | 'audio' };

export interface Step {
  state: SpotlightState;
  commands: Command[];
}

export function openSpotlight(prompt: SpotlightPromptId, showIntro: boolean): SpotlightState {
  return { prompt, screen: showIntro ? { name: 'how_it_works' } : { name: 'choose' }, unsaved: false, saving: false, message: null, phaseStartedAt: 0 };
}

const to = (state: SpotlightState, screen: Screen, commands: Command[] = [], patch: Partial<SpotlightState> = {}): Step => ({
  state: { ...state, screen, message: null, ...patch },
  commands,
});

export function step(state: SpotlightState, event: SpotlightEvent): Step {
  const { screen } = state;
  switch (event.type) {
    case 'start':
      return screen.name === 'how_it_works' ? to(state, { name: 'choose' }) : { state, commands: [] };
    case 'choose':
      if (screen.name !== 'choose' && screen.name !== 'error') return { state, commands: [] };
      if (event.how === 'text') return to(state, { name: 'text' }, [{ type: 'release_devices' }, { type: 'entry_point', family: 'text' }], { unsaved: false });
      if (event.how === 'upload') return to(state, { name: 'upload' }, [{ type: 'release_devices' }], { unsaved: false });
      return to(state, { name: 'record', mode: event.how, phase: 'starting' }, [
        { type: 'open_devices', mode: event.how },
        ...(event.how === 'audio' ? [{ type: 'entry_point', family: 'audio' } as const] : []),
      ]);
    case 'devices_ready':
      return screen.name === 'record' && screen.phase === 'starting' ? to(state, { ...screen, phase: 'lead_in' }, [], { phaseStartedAt: event.at }) : { state, commands: [] };
    case 'devices_failed':
      return screen.name === 'record' ? to(state, { name: 'error', mode: screen.mode, problem: event.problem }, [{ type: 'release_devices' }]) : { state, commands: [] };
    case 'lead_in_done':
      return screen.name === 'record' && screen.phase === 'lead_in'
        ? to(state, { ...screen, phase: 'recording' }, [{ type: 'start_recording' }], { unsaved: true, phaseStartedAt: event.at })
        : { state, commands: [] };
    case 'recorded':
      return screen.name === 'record' && screen.phase === 'recording' ? to(state, { name: 'preview', mode: screen.mode }, [{ type: 'release_devices' }], { unsaved: true }) : { state, commands: [] };
    case 'retake':
      if (screen.name !== 'preview') return { state, commands: [] };
      return to(state, { name: 'record', mode: screen.mode, phase: 'starting' }, [{ type: 'discard_recording' }, { type: 'open_devices', mode: screen.mode }], { unsaved: false });
    case 'edited':
      return { state: { ...state, unsaved: event.unsaved, message: null }, commands: [] };
    case 'save':
      if (state.saving || !['preview', 'upload', 'text'].includes(screen.name)) return { state, commands: [] };
      return { state: { ...state, saving: true, message: null }, commands: [{ type: 'upload' }] };
    case 'saved':
      return to(state, { name: 'post_upload', kind: event.kind, answerId: event.answerId }, [{ type: 'discard_recording' }], { saving: false, unsaved: false });
    case 'save_failed':
      return { state: { ...state, saving: false, message: event.message }, commands: [] };
    case 'back_to_choices':
      if (screen.name === 'record' && screen.phase === 'recording') return { state, commands: [] };
      if (state.unsaved && screen.name !== 'exit_confirm') return to(state, { name: 'exit_confirm', back: screen });
      return to(state, { name: 'choose' }, [{ type: 'stop_recording' }, { type: 'release_devices' }, { type: 'discard_recording' }], { unsaved: false });
    case 'request_close':
      if (screen.name === 'exit_confirm') return to(state, screen.back);
      // Unsaved work asks first (the exit-without-saving modal); a recording in progress counts.
      if (state.unsaved) {
        const back = screen.name === 'record' && screen.phase === 'recording' ? ({ name: 'record', mode: screen.mode, phase: 'recording' } as const) : screen;
        return to(state, { name: 'exit_confirm', back }, screen.name === 'record' ? [{ type: 'stop_recording' }] : []);
      }
      return to(state, screen, [{ type: 'stop_recording' }, { type: 'release_devices' }, { type: 'close' }]);
    case 'keep_editing':
      if (screen.name !== 'exit_confirm') return { state, commands: [] };
      // A recording stopped by the question is shown for preview rather than lost.
      if (screen.back.name === 'record') return to(state, { name: 'preview', mode: screen.back.mode }, [{ type: 'release_devices' }]);
      return to(state, screen.back);
    case 'leave':
      return screen.name === 'exit_confirm'
        ? to(state, screen, [{ type: 'stop_recording' }, { type: 'release_devices' }, { type: 'discard_recording' }, { type: 'close' }], { unsaved: false })
        : { state, commands: [] };
    case 'next_prompt':
      return screen.name === 'post_upload' ? to({ ...state, prompt: event.prompt }, { name: 'choose' }) : { state, commands: [] };
  }
}

/** Which observation a screen is reported as (spec 3's enumerations), when it is left. */
export type ObservationFamily = 'CandidateSpotlightObservation' | 'CandidateSpotlightTextResponseObservation' | 'CandidateSpotlightAudioResponseObservation';
export interface ScreenObservation {
  typeName: ObservationFamily;
  eventType: string;
  subtype?: string;
  responseId?: string;
  errorName?: string;
}

export function observationFor(screen: Screen): ScreenObservation | null {
  switch (screen.name) {
    case 'how_it_works':
      return { typeName: 'CandidateSpotlightObservation', eventType: 'HOW_IT_WORKS_MODAL' };
    case 'choose':
      return null;
    case 'record':
      return screen.mode === 'video'
        ? { typeName: 'CandidateSpotlightObservation', eventType: 'RECORD_VIDEO_MODAL', subtype: screen.phase }
        : { typeName: 'CandidateSpotlightAudioResponseObservation', eventType: 'AUDIO_RECORD_MODAL', subtype: screen.phase };
    case 'preview':
      return screen.mode === 'video'
        ? { typeName: 'CandidateSpotlightObservation', eventType: 'PREVIEW_VIDEO_MODAL' }
        : { typeName: 'CandidateSpotlightAudioResponseObservation', eventType: 'AUDIO_RECORD_MODAL', subtype: 'preview' };
    case 'upload':
      return { typeName: 'CandidateSpotlightObservation', eventType: 'UPLOAD_VIDEO_MODAL' };
    case 'text':
      return { typeName: 'CandidateSpotlightTextResponseObservation', eventType: 'TEXT_INPUT_MODAL' };
    case 'error':
      return screen.mode === 'audio'
        ? { typeName: 'CandidateSpotlightAudioResponseObservation', eventType: 'ERROR', errorName: screen.problem }
        : { typeName: 'CandidateSpotlightObservation', eventType: 'RECORD_VIDEO_MODAL', subtype: 'error', errorName: screen.problem };
    case 'exit_confirm':
      return { typeName: 'CandidateSpotlightObservation', eventType: 'EXIT_WITHOUT_SAVING_MODAL' };
    case 'post_upload': {
      const typeName = screen.kind === 'text' ? 'CandidateSpotlightTextResponseObservation' : screen.kind === 'audio' ? 'CandidateSpotlightAudioResponseObservation' : 'CandidateSpotlightObservation';
      return { typeName, eventType: 'POST_UPLOAD', responseId: screen.answerId };
    }
  }
}

/** A key that changes when the screen a person sees changes (so each is reported once). */
export function screenKey(screen: Screen): string {
  if (screen.name === 'record') return `record:${screen.mode}:${screen.phase === 'recording' ? 'recording' : 'setup'}`;
  if (screen.name === 'preview' || screen.name === 'error') return `${screen.name}:${screen.mode}`;
  return screen.name;
}
