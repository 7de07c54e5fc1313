// The spotlight dialog, loaded on demand (the recorder is not part of any page's first script).
import { useEffect, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { SPOTLIGHT_ACCEPT, SPOTLIGHT_LIMITS, SPOTLIGHT_MESSAGES, SPOTLIGHT_PROMPTS, type SpotlightPromptId } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { SpotlightController } from './spotlight-controller';
import { observationFor, openSpotlight, screenKey, type Screen, type SpotlightState } from './spotlight-flow';
import { observeScreen, type SpotlightContext } from './spotlight-observations';
import './spotlight.css';

export interface SpotlightDialogProps {
  prompt: SpotlightPromptId;
  showIntro: boolean;
  context: SpotlightContext;
  /** Prompts already answered (Next offers the first one that is not). */
  answered: ReadonlySet<SpotlightPromptId>;
  onSaved(answer: SpotlightAnswerView): void;
  onClose(): void;
}

function formatSeconds(total: number): string {
  const seconds = Math.max(0, Math.ceil(total));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export default function SpotlightDialog(props: SpotlightDialogProps) {
  const headingId = useId();
  const [state, setState] = useState<SpotlightState>(() => openSpotlight(props.prompt, props.showIntro));
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [transcript, setTranscript] = useState('');
  const [now, setNow] = useState(0);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const viewOf = (current: SpotlightDialogProps) => ({
    onState: setState,
    onStream: setStream,
    onPreview: setPreviewUrl,
    onSaved: (answer: SpotlightAnswerView) => {
      setText('');
      setTranscript('');
      current.onSaved(answer);
    },
    onClose: current.onClose,
  });
  const [controller] = useState(() => new SpotlightController(state, viewOf(props), props.context));
  const { dispatch } = controller;

  // The parent's callbacks can change between renders; the controller calls the newest.
  useEffect(() => {
    controller.attach(viewOf(props), props.context);
  });

  // Each screen is reported when it is left, with the time it was shown; the last one when the dialog closes.
  const key = screenKey(state.screen);
  const shown = useRef<{ screen: Screen; at: number } | null>(null);
  useEffect(() => {
    const previous = shown.current;
    if (previous) {
      const observation = observationFor(previous.screen);
      if (observation) observeScreen(controller.context, observation, performance.now() - previous.at);
    }
    shown.current = { screen: controller.state.screen, at: performance.now() };
    headingRef.current?.focus();
  }, [key, controller]);
  useEffect(
    () => () => {
      const last = shown.current;
      const observation = last ? observationFor(last.screen) : null;
      if (last && observation) observeScreen(controller.context, observation, performance.now() - last.at);
      controller.dispose();
    },
    [controller],
  );

  // Leaving the page with something unsaved asks first (the browser's own question).
  useEffect(() => {
    if (!state.unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [state.unsaved]);

  // The lead-in (3, 2, 1), then the recording's countdown; at 90 seconds the recording stops by itself.
  const phase = state.screen.name === 'record' ? state.screen.phase : null;
  useEffect(() => {
    if (phase !== 'lead_in' && phase !== 'recording') return;
    const limitMs = (phase === 'lead_in' ? SPOTLIGHT_LIMITS.leadInSeconds : SPOTLIGHT_LIMITS.maxSeconds) * 1000;
    const timer = setInterval(() => {
      const at = performance.now();
      setNow(at);
      if (at - controller.state.phaseStartedAt < limitMs) return;
      clearInterval(timer);
      if (phase === 'lead_in') controller.dispatch({ type: 'lead_in_done', at });
      else void controller.stopRecording().then(() => controller.dispatch({ type: 'recorded' }));
    }, 100);
    return () => clearInterval(timer);
  }, [phase, controller]);
  const elapsedSeconds = Math.max(0, (now - state.phaseStartedAt) / 1000);
  const leadIn = Math.min(SPOTLIGHT_LIMITS.leadInSeconds, Math.max(1, Math.ceil(SPOTLIGHT_LIMITS.leadInSeconds - elapsedSeconds)));
  const remaining = Math.min(SPOTLIGHT_LIMITS.maxSeconds, Math.max(0, SPOTLIGHT_LIMITS.maxSeconds - elapsedSeconds));
  const stopRecording = () => controller.stopRecording();
  const setFile = (file: File | null) => {
    controller.setInputs({ file });
  };

  const promptInfo = SPOTLIGHT_PROMPTS.find((item) => item.id === state.prompt) ?? SPOTLIGHT_PROMPTS[0];
  const nextPrompt = SPOTLIGHT_PROMPTS.find((item) => item.id !== state.prompt && !props.answered.has(item.id));

  const heading = (text: string) => (
    <h2 id={headingId} ref={headingRef} tabIndex={-1} className="spotlight-dialog__heading">
      {text}
    </h2>
  );
  const message = state.message ? (
    <p className="spotlight-dialog__message" role="alert">
      {state.message}
    </p>
  ) : null;
  const transcriptField = (
    <TextArea
      id={`${headingId}-transcript`}
      label="Transcript (optional)"
      hint="What you say, written out. Employers see it beside your answer, and it becomes the captions."
      value={transcript}
      onChange={(value) => {
        setTranscript(value);
        controller.setInputs({ transcript: value });
      }}
    />
  );

  let body: ReactNode;
  const screen = state.screen;
  switch (screen.name) {
    case 'how_it_works':
      body = (
        <>
          {heading('How the candidate spotlight works')}
          <ol className="spotlight-steps">
            <li>Answer three short prompts, one at a time, in your own words.</li>
            <li>Record a video or audio answer of up to 90 seconds, upload a file, or write your answer.</li>
            <li>Employers you apply to see your answers first, beside your résumé. You can delete them at any time.</li>
          </ol>
          <div className="spotlight-actions">
            <Button onClick={() => dispatch({ type: 'start' })}>
              Get started
            </Button>
          </div>
        </>
      );
      break;
    case 'choose':
      body = (
        <>
          {heading(promptInfo.title)}
          <p className="spotlight-dialog__hint">{promptInfo.hint}</p>
          <p>How would you like to answer?</p>
          <div className="spotlight-choices">
            <Button onClick={() => dispatch({ type: 'choose', how: 'video' })}>
              Record video
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'choose', how: 'audio' })}>
              Record audio
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'choose', how: 'upload' })}>
              Upload a file
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'choose', how: 'text' })}>
              Write your answer
            </Button>
          </div>
        </>
      );
      break;
    case 'record':
      body = (
        <>
          {heading(screen.mode === 'video' ? `Record video: ${promptInfo.title}` : `Record audio: ${promptInfo.title}`)}
          {screen.mode === 'video' ? <LiveVideo stream={stream} /> : <p className="spotlight-dialog__hint">Your microphone is on. Speak when the countdown ends.</p>}
          <p className="spotlight-countdown" role="timer" aria-live={screen.phase === 'lead_in' ? 'assertive' : 'off'} aria-atomic="true">
            {screen.phase === 'starting' ? 'Starting your camera and microphone…' : null}
            {screen.phase === 'lead_in' ? `Recording starts in ${leadIn}` : null}
            {screen.phase === 'recording' ? (
              <>
                <span className="spotlight-recording-dot" aria-hidden="true" /> Recording · {formatSeconds(remaining)} left
              </>
            ) : null}
          </p>
          <div className="spotlight-actions">
            {screen.phase === 'recording' ? (
              <Button onClick={() => void stopRecording().then(() => dispatch({ type: 'recorded' }))}>
                Stop recording
              </Button>
            ) : (
              <Button variant="secondary" onClick={() => dispatch({ type: 'back_to_choices' })}>
                Back
              </Button>
            )}
          </div>
        </>
      );
      break;
    case 'preview':
      body = (
        <>
          {heading(screen.mode === 'video' ? 'Preview your video' : 'Preview your audio')}
          {previewUrl ? (
            screen.mode === 'video' ? (
              <video className="spotlight-media" src={previewUrl} controls playsInline aria-label="Your recorded answer" />
            ) : (
              <audio className="spotlight-audio" src={previewUrl} controls aria-label="Your recorded answer" />
            )
          ) : (
            <p>Preparing your recording…</p>
          )}
          {transcriptField}
          {message}
          <div className="spotlight-actions">
            <Button loading={state.saving} disabled={!previewUrl} onClick={() => dispatch({ type: 'save' })}>
              {state.saving ? 'Saving…' : 'Save answer'}
            </Button>
            <Button variant="secondary" disabled={state.saving} onClick={() => dispatch({ type: 'retake' })}>
              Retake
            </Button>
          </div>
        </>
      );
      break;
    case 'upload':
      body = (
        <>
          {heading(`Upload a file: ${promptInfo.title}`)}
          <div className="spotlight-field">
            <label htmlFor={`${headingId}-file`}>Video or audio file</label>
            <input
              id={`${headingId}-file`}
              type="file"
              accept={SPOTLIGHT_ACCEPT}
              aria-describedby={`${headingId}-file-hint`}
              onChange={(event: ChangeEvent<HTMLInputElement>) => {
                const chosen = event.target.files?.[0] ?? null;
                setFile(chosen);
                dispatch({ type: 'edited', unsaved: Boolean(chosen) });
              }}
            />
            <p className="field-hint" id={`${headingId}-file-hint`}>
              WebM, MP4, Ogg, MP3 or M4A; up to 90 seconds and 30 MB.
            </p>
          </div>
          {transcriptField}
          {message}
          <div className="spotlight-actions">
            <Button loading={state.saving} onClick={() => dispatch({ type: 'save' })}>
              {state.saving ? 'Uploading…' : 'Save answer'}
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'back_to_choices' })}>
              Back
            </Button>
          </div>
        </>
      );
      break;
    case 'text':
      body = (
        <>
          {heading(`Write your answer: ${promptInfo.title}`)}
          <TextArea
            id={`${headingId}-text`}
            label="Your answer"
            hint={promptInfo.hint}
            value={text}
            rows={7}
            onChange={(value) => {
              setText(value);
              controller.setInputs({ text: value });
              dispatch({ type: 'edited', unsaved: value.trim().length > 0 });
            }}
          />
          {message}
          <div className="spotlight-actions">
            <Button loading={state.saving} onClick={() => dispatch({ type: 'save' })}>
              {state.saving ? 'Saving…' : 'Save answer'}
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'back_to_choices' })}>
              Back
            </Button>
          </div>
        </>
      );
      break;
    case 'error':
      body = (
        <>
          {heading(screen.problem === 'refused' ? 'Camera or microphone not allowed' : screen.problem === 'missing' ? 'No camera or microphone found' : 'Recording is not available')}
          <p className="spotlight-dialog__message" role="alert">
            {screen.problem === 'refused' ? SPOTLIGHT_MESSAGES.cameraRefused : screen.problem === 'missing' ? SPOTLIGHT_MESSAGES.noDevice : SPOTLIGHT_MESSAGES.notSupported}
          </p>
          <div className="spotlight-actions">
            <Button onClick={() => dispatch({ type: 'choose', how: 'text' })}>
              Write your answer instead
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'choose', how: 'upload' })}>
              Upload a file
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'choose', how: screen.mode })}>
              Try again
            </Button>
          </div>
        </>
      );
      break;
    case 'exit_confirm':
      body = (
        <>
          {heading('Leave without saving?')}
          <p>Your answer is not saved yet. If you leave now, it will be lost.</p>
          <div className="spotlight-actions">
            <Button onClick={() => dispatch({ type: 'keep_editing' })}>
              Keep my answer
            </Button>
            <Button variant="secondary" onClick={() => dispatch({ type: 'leave' })}>
              Leave without saving
            </Button>
          </div>
        </>
      );
      break;
    case 'post_upload':
      body = (
        <>
          {heading('Answer saved')}
          <p role="status">{SPOTLIGHT_MESSAGES.saved}</p>
          <div className="spotlight-actions">
            {nextPrompt ? (
              <Button onClick={() => dispatch({ type: 'next_prompt', prompt: nextPrompt.id })}>
                Next: {nextPrompt.title}
              </Button>
            ) : null}
            <Button variant={nextPrompt ? 'secondary' : 'primary'} onClick={() => dispatch({ type: 'request_close' })}>
              Done
            </Button>
          </div>
        </>
      );
      break;
  }

  return (
    <Modal open onClose={() => dispatch({ type: 'request_close' })} labelledBy={headingId} size="dialog" phonePresentation="fullscreen">
      <div className="spotlight-dialog" data-screen={screen.name}>
        {body}
      </div>
    </Modal>
  );
}

function LiveVideo({ stream }: { stream: MediaStream | null }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.srcObject = stream;
  }, [stream]);
  return <video ref={ref} className="spotlight-media spotlight-media--live" autoPlay muted playsInline aria-label="Your camera" />;
}

function TextArea(props: { id: string; label: string; hint?: string; value: string; rows?: number; onChange(value: string): void }) {
  const max = SPOTLIGHT_LIMITS.maxTextCharacters;
  return (
    <div className="spotlight-field">
      <label htmlFor={props.id}>{props.label}</label>
      <textarea
        id={props.id}
        value={props.value}
        rows={props.rows ?? 4}
        maxLength={max}
        aria-describedby={`${props.id}-count${props.hint ? ` ${props.id}-hint` : ''}`}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint ? (
        <p className="field-hint" id={`${props.id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      <p className="field-hint spotlight-count" id={`${props.id}-count`}>
        {props.value.length}/{max}
      </p>
    </div>
  );
}
