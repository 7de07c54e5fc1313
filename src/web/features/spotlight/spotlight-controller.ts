// Runs the spotlight flow's commands: the camera and microphone, the recorder, the uploads. The dialog
// component draws the state this holds and forwards the person's actions as events.
import { SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';
import { DeviceError, openDevices, releaseStream, startRecording, type Recording, type RecordingSession } from './recorder';
import { saveMediaAnswer, saveWrittenAnswer } from './spotlight-api';
import { step, type Command, type SpotlightEvent, type SpotlightState } from './spotlight-flow';
import { observeEntryPoint, type SpotlightContext } from './spotlight-observations';

export interface ControllerView {
  onState(state: SpotlightState): void;
  onStream(stream: MediaStream | null): void;
  onPreview(url: string | null): void;
  onSaved(answer: SpotlightAnswerView): void;
  onClose(): void;
}

export interface AnswerInputs {
  text: string;
  transcript: string;
  file: File | null;
}

const MAX_MS = SPOTLIGHT_LIMITS.maxSeconds * 1000;

export class SpotlightController {
  private stream: MediaStream | null = null;
  private session: RecordingSession | null = null;
  private recording: Recording | null = null;
  private previewUrl: string | null = null;
  inputs: AnswerInputs = { text: '', transcript: '', file: null };

  constructor(
    public state: SpotlightState,
    public view: ControllerView,
    public context: SpotlightContext,
  ) {}

  /** The dialog's newest callbacks and context (they can change between renders). */
  attach(view: ControllerView, context: SpotlightContext) {
    this.view = view;
    this.context = context;
  }

  setInputs(patch: Partial<AnswerInputs>) {
    this.inputs = { ...this.inputs, ...patch };
  }

  dispatch = (event: SpotlightEvent) => {
    const next = step(this.state, event);
    this.state = next.state;
    this.view.onState(next.state);
    for (const command of next.commands) this.run(command);
  };

  /** Stops the recorder (if it runs) and keeps what it recorded for the preview. */
  stopRecording = async (): Promise<void> => {
    const session = this.session;
    this.session = null;
    if (!session) return;
    this.keep(await session.stop());
  };

  /** The dialog is gone: the camera goes off and nothing keeps running. */
  dispose() {
    this.release();
    void this.session?.stop().catch(() => undefined);
    this.session = null;
    this.discard();
  }

  private keep(recording: Recording) {
    this.recording = recording;
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = URL.createObjectURL(recording.blob);
    this.view.onPreview(this.previewUrl);
  }

  private discard() {
    this.recording = null;
    if (this.previewUrl) URL.revokeObjectURL(this.previewUrl);
    this.previewUrl = null;
    this.view.onPreview(null);
  }

  private release() {
    releaseStream(this.stream);
    this.stream = null;
    this.view.onStream(null);
  }

  private run(command: Command) {
    switch (command.type) {
      case 'open_devices':
        this.release();
        openDevices(command.mode).then(
          (opened) => {
            // The person may have moved on while the browser asked for permission.
            if (this.state.screen.name !== 'record') return releaseStream(opened);
            this.stream = opened;
            this.view.onStream(opened);
            this.dispatch({ type: 'devices_ready', at: performance.now() });
          },
          (error: unknown) => this.dispatch({ type: 'devices_failed', problem: error instanceof DeviceError ? error.problem : 'missing' }),
        );
        return;
      case 'start_recording': {
        const screen = this.state.screen;
        if (!this.stream || screen.name !== 'record') return;
        this.session = startRecording(this.stream, screen.mode, MAX_MS);
        return;
      }
      case 'stop_recording':
        void this.stopRecording();
        return;
      case 'release_devices':
        this.release();
        return;
      case 'discard_recording':
        this.discard();
        return;
      case 'upload':
        void this.upload();
        return;
      case 'close':
        this.view.onClose();
        return;
      case 'entry_point':
        observeEntryPoint(this.context, 'chosen', command.family === 'text' ? 'CandidateSpotlightTextResponseObservation' : 'CandidateSpotlightAudioResponseObservation');
        return;
    }
  }

  private async upload() {
    const { screen, prompt } = this.state;
    const { text, transcript, file } = this.inputs;
    let answer;
    if (screen.name === 'text') {
      answer = await saveWrittenAnswer(prompt, text);
    } else if (screen.name === 'upload') {
      if (!file) return this.dispatch({ type: 'save_failed', message: SPOTLIGHT_MESSAGES.missingFile });
      if (file.size > SPOTLIGHT_LIMITS.maxBytes) return this.dispatch({ type: 'save_failed', message: SPOTLIGHT_MESSAGES.tooLarge });
      answer = await saveMediaAnswer(prompt, file, file.name, transcript);
    } else {
      if (this.session) await this.stopRecording();
      const recording = this.recording;
      if (!recording) return this.dispatch({ type: 'save_failed', message: SPOTLIGHT_MESSAGES.missingFile });
      answer = await saveMediaAnswer(prompt, recording.blob, `answer.${recording.extension}`, transcript);
    }
    if (!answer.ok) return this.dispatch({ type: 'save_failed', message: answer.message });
    this.inputs = { text: '', transcript: '', file: null };
    this.view.onSaved(answer.answer);
    this.dispatch({ type: 'saved', kind: answer.answer.kind, answerId: answer.answer.id });
  }
}
