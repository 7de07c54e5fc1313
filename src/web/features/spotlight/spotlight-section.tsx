// The spotlight on the profile page: the three prompts and their answers. The dialog (recorder) is
// loaded only when the person opens it.
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { SPOTLIGHT_LIMITS, SPOTLIGHT_PROMPTS, type SpotlightPromptId } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { Card } from '../../ui/card';
import { deleteSpotlightAnswer, saveTranscript } from './spotlight-api';
import type { SpotlightDialogProps } from './spotlight-dialog';
import { observeEntryPoint, type SpotlightContext } from './spotlight-observations';
import './spotlight.css';

export interface SpotlightSectionProps {
  answers: SpotlightAnswerView[];
  /** ?openCandidateSpotlight=true: open at once, reported with the entry point's source. */
  openAtOnce: boolean;
  arrival: SpotlightContext;
}

const KIND_LABELS = { video: 'Video answer', audio: 'Audio answer', text: 'Written answer' } as const;

function loadDialog() {
  return import('./spotlight-dialog');
}

export function SpotlightSection({ answers: initial, openAtOnce, arrival }: SpotlightSectionProps) {
  const [answers, setAnswers] = useState(initial);
  const [open, setOpen] = useState<{ prompt: SpotlightPromptId; showIntro: boolean; context: SpotlightContext } | null>(null);
  const [Dialog, setDialog] = useState<ComponentType<SpotlightDialogProps> | null>(null);
  const [notice, setNotice] = useState<{ text: string; error: boolean } | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const opened = useRef(false);

  const answered = new Set(answers.map((answer) => answer.prompt));
  const firstOpen = SPOTLIGHT_PROMPTS.find((prompt) => !answered.has(prompt.id))?.id ?? SPOTLIGHT_PROMPTS[0].id;

  const openDialog = useCallback((prompt: SpotlightPromptId, showIntro: boolean, context: SpotlightContext) => {
    void loadDialog().then(
      (module) => {
        setDialog(() => module.default);
        setOpen({ prompt, showIntro, context });
      },
      () => setNotice({ text: 'We could not load the recorder. Check your connection and try again.', error: true }),
    );
  }, []);

  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    if (openAtOnce) {
      // The entry point that sent the person here was taken; the address loses the flag so a reload does not reopen it.
      const url = new URL(window.location.href);
      url.searchParams.delete('openCandidateSpotlight');
      window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}`);
      openDialog(firstOpen, answers.length === 0, arrival);
    } else {
      observeEntryPoint({ source: 'PROFILE' }, 'impression');
    }
    // Once, on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const startFromProfile = (prompt: SpotlightPromptId, showIntro: boolean) => {
    observeEntryPoint({ source: 'PROFILE' }, 'cta_click');
    setNotice(null);
    openDialog(prompt, showIntro, { source: 'PROFILE' });
  };

  const remove = async (answer: SpotlightAnswerView) => {
    const result = await deleteSpotlightAnswer(answer.id);
    setConfirming(null);
    if (!result.ok) return setNotice({ text: result.message, error: true });
    setAnswers((list) => list.filter((item) => item.id !== answer.id));
    setNotice({ text: result.message, error: false });
  };

  return (
    <section className="spotlight-section" aria-labelledby="spotlight-heading">
      <div className="spotlight-section__head">
        <p className="spotlight-badge-line">
          <Badge tone="success">Early Access</Badge>
        </p>
        <h2 id="spotlight-heading">Candidate spotlight</h2>
        <p>Answer three short prompts with a video, an audio recording, a file or a few written lines. Employers you apply to see your answers first.</p>
        {answers.length === 0 ? (
          <Button onClick={() => startFromProfile(firstOpen, true)}>Start your spotlight</Button>
        ) : null}
      </div>
      <noscript>
        <p className="seeker-notice">Answering the prompts needs JavaScript: turn it on to record, upload or write your answers.</p>
      </noscript>
      <div role="status" aria-live="polite" className={notice?.error ? 'seeker-notice is-error' : notice ? 'seeker-notice' : undefined}>
        {notice?.text ?? null}
      </div>
      <ol className="spotlight-prompts">
        {SPOTLIGHT_PROMPTS.map((prompt) => {
          const answer = answers.find((item) => item.prompt === prompt.id);
          return (
            <Card as="li" key={prompt.id} className="spotlight-prompt">
              <h3>{prompt.title}</h3>
              {answer ? <AnswerView answer={answer} /> : <p className="spotlight-prompt__empty">Not answered yet.</p>}
              {answer && answer.kind !== 'text' ? (
                <TranscriptEditor
                  key={answer.id}
                  answer={answer}
                  promptTitle={prompt.title}
                  onSaved={(updated, message) => {
                    setAnswers((list) => list.map((item) => (item.id === updated.id ? updated : item)));
                    setNotice({ text: message, error: false });
                  }}
                />
              ) : null}
              <div className="spotlight-actions">
                <Button variant="secondary" aria-label={`${answer ? 'Replace' : 'Answer'}: ${prompt.title}`} onClick={() => startFromProfile(prompt.id, false)}>
                  {answer ? 'Replace' : 'Answer'}
                </Button>
                {answer && confirming !== answer.id ? (
                  <Button variant="secondary" aria-label={`Delete your answer to ${prompt.title}`} onClick={() => setConfirming(answer.id)}>
                    Delete
                  </Button>
                ) : null}
              </div>
              {answer && confirming === answer.id ? (
                <div className="spotlight-confirm" role="group" aria-label={`Delete your answer to ${prompt.title}?`}>
                  <p>Delete this answer? It is removed for good, also from employers you applied to.</p>
                  <div className="spotlight-actions">
                    <Button variant="danger" onClick={() => void remove(answer)}>
                      Delete answer
                    </Button>
                    <Button variant="secondary" onClick={() => setConfirming(null)}>
                      Keep it
                    </Button>
                  </div>
                </div>
              ) : null}
            </Card>
          );
        })}
      </ol>
      {Dialog && open ? (
        <Dialog
          prompt={open.prompt}
          showIntro={open.showIntro}
          context={open.context}
          answered={answered}
          onSaved={(answer) => setAnswers((list) => [...list.filter((item) => item.prompt !== answer.prompt), answer])}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </section>
  );
}

/** One answer, played inline, with its transcript (also its captions). Employers' applicant view can use it too. */
export function AnswerView({ answer }: { answer: SpotlightAnswerView }) {
  const seconds = answer.durationSeconds === null ? null : `${Math.round(answer.durationSeconds)} s`;
  return (
    <div className="spotlight-answer">
      <p className="spotlight-answer__kind">
        {KIND_LABELS[answer.kind]}
        {seconds ? ` · ${seconds}` : ''}
      </p>
      {answer.kind === 'text' ? <p className="spotlight-answer__text">{answer.text}</p> : null}
      {answer.kind === 'video' && answer.mediaUrl ? (
        <video className="spotlight-media" src={answer.mediaUrl} controls preload="metadata" playsInline aria-label="Your video answer">
          {answer.captionsUrl ? <track kind="captions" src={answer.captionsUrl} srcLang="en" label="English" default /> : null}
        </video>
      ) : null}
      {answer.kind === 'audio' && answer.mediaUrl ? (
        <audio className="spotlight-audio" src={answer.mediaUrl} controls preload="metadata" aria-label="Your audio answer">
          {answer.captionsUrl ? <track kind="captions" src={answer.captionsUrl} srcLang="en" label="English" default /> : null}
        </audio>
      ) : null}
      {answer.transcript ? (
        <details className="spotlight-transcript">
          <summary>Transcript</summary>
          <p>{answer.transcript}</p>
        </details>
      ) : null}
    </div>
  );
}

/** The owner adds or changes a recording's transcript (its captions) after saving it. */
function TranscriptEditor({ answer, promptTitle, onSaved }: { answer: SpotlightAnswerView; promptTitle: string; onSaved(answer: SpotlightAnswerView, message: string): void }) {
  const [value, setValue] = useState(answer.transcript ?? '');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = `transcript-${answer.id}`;
  const save = async () => {
    setBusy(true);
    const result = await saveTranscript(answer.id, value);
    setBusy(false);
    if (!result.ok) return setError(result.message);
    setError(null);
    onSaved(result.answer, result.message);
  };
  return (
    <details className="spotlight-transcript-editor">
      <summary>{answer.transcript ? 'Edit the transcript' : 'Add a transcript'}</summary>
      <div className="spotlight-field">
        <label htmlFor={id}>Transcript of your answer to {promptTitle}</label>
        <textarea id={id} value={value} rows={4} maxLength={SPOTLIGHT_LIMITS.maxTextCharacters} aria-describedby={`${id}-count`} onChange={(event) => setValue(event.target.value)} />
        <p className="field-hint spotlight-count" id={`${id}-count`}>
          {value.length}/{SPOTLIGHT_LIMITS.maxTextCharacters}
        </p>
        {error ? (
          <p className="field-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <Button variant="secondary" loading={busy} onClick={() => void save()}>
        Save transcript
      </Button>
    </details>
  );
}
