import { useEffect, useId, useState, type FormEvent } from 'react';
import { answersComplete, applicationPreview, applySteps, APPLY_COPY, type ApplyContext, type ApplyStep, type ResumeChoice } from '../../../shared/seeker/apply-flow';
import { RESUME_MAX_BYTES } from '../../../shared/seeker/constants';
import { Modal, type JobSummary } from '../../ui/modal';
import { applyApi, type ApplyApi } from './apply-api';
import { ApplicationPreviewList } from './application-preview';
import { ContactFields, QuestionFields, type ContactField } from './apply-fields';
import { Button } from '../../ui/button';
import { RadioGroup } from '../../ui/choice-inputs';
import './apply-flow.css';

export interface ApplyDialogProps {
  listingKey: string;
  jobSummary?: JobSummary | undefined;
  /** Answers already given in the job page's form: those questions are not asked again. */
  initialAnswers: Record<string, string>;
  onApplied: (outcome: { message: string; withResume: boolean; already: boolean }) => void;
  onClose: () => void;
  api?: ApplyApi;
}

const RESUME_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const TITLES: Record<ApplyStep, string> = { profile: APPLY_COPY.profileTitle, resume: APPLY_COPY.resumeTitle, questions: APPLY_COPY.questionsTitle, review: APPLY_COPY.reviewTitle };

/**
 * Apply without a dead end (decision 0233): a dialog on desktop, a sheet on phones, asking only for what
 * is missing (contact details, a résumé, the screening questions), then the review and Send. Each step
 * goes through the existing endpoints; /candidate/apply judges the application.
 */
export function ApplyDialog({ listingKey, jobSummary, initialAnswers, onApplied, onClose, api = applyApi }: ApplyDialogProps) {
  const headingId = useId();
  const [context, setContext] = useState<ApplyContext | null>(null);
  const [steps, setSteps] = useState<ApplyStep[]>([]);
  const [index, setIndex] = useState(0);
  const [values, setValues] = useState<Record<ContactField, string>>({ full_name: '', phone: '', location: '' });
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [answers, setAnswers] = useState<Record<string, string>>(initialAnswers);
  const [choice, setChoice] = useState<ResumeChoice | 'upload'>('none');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    void api.context(listingKey).then((loaded) => {
      if (!live) return;
      if ('error' in loaded) return setError(loaded.error);
      setContext(loaded);
      setSteps(applySteps(loaded, initialAnswers));
      setChoice(loaded.resume ? 'stored' : 'none');
      if (loaded.profile) setValues({ full_name: loaded.profile.full_name, phone: loaded.profile.phone, location: loaded.profile.location });
    });
    return () => {
      live = false;
    };
    // Loaded once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [listingKey]);

  const step = steps[index];
  const next = () => {
    setError(null);
    setIndex((at) => Math.min(at + 1, steps.length - 1));
  };
  const reload = async () => {
    const loaded = await api.context(listingKey);
    if ('error' in loaded) {
      setError(loaded.error);
      return false;
    }
    setContext(loaded);
    return true;
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !context || !step) return;
    setBusy(true);
    try {
      if (step === 'profile') {
        const saved = await api.saveProfile({ ...values, headline: '' });
        if (!saved.ok) {
          const fieldErrors = saved.data.errors;
          setErrors(fieldErrors && typeof fieldErrors === 'object' ? (fieldErrors as Partial<Record<ContactField, string>>) : {});
          setError(saved.message ?? 'Check your details');
          return;
        }
        setErrors({});
        if (await reload()) next();
      } else if (step === 'resume') {
        if (choice === 'upload') {
          if (!file) return setError('Choose a file to upload.');
          const uploaded = await api.uploadResume(file);
          if (!uploaded.ok) return setError(uploaded.message);
          if (!(await reload())) return;
          setChoice('stored');
        }
        next();
      } else if (step === 'questions') {
        if (!answersComplete(context.questions, answers)) return setError('Answer each question to continue.');
        next();
      } else {
        const sent = await api.apply({ listing_key: listingKey, resume: choice === 'stored' ? 'stored' : 'none', ...answers });
        if (sent.status === 'APPLIED' || sent.status === 'ALREADY_APPLIED') {
          const message = sent.status === 'APPLIED' ? (typeof sent.data.message === 'string' ? sent.data.message : 'Application sent.') : (sent.message ?? '');
          onApplied({ message, withResume: sent.data.with_resume === true, already: sent.status === 'ALREADY_APPLIED' });
          return;
        }
        setError(sent.message ?? 'Something went wrong. Please try again');
      }
    } finally {
      setBusy(false);
    }
  };

  const changeResume = () => {
    setError(null);
    if (!steps.includes('resume')) {
      const withResume = [...steps.slice(0, index), 'resume' as const, ...steps.slice(index)];
      setSteps(withResume);
    }
    setIndex(steps.includes('resume') ? steps.indexOf('resume') : index);
  };

  const preview = context && step === 'review' ? applicationPreview(context, choice === 'stored' ? 'stored' : 'none', answers) : null;
  return (
    <Modal open onClose={onClose} labelledBy={headingId} jobSummary={jobSummary} size="dialog">
      <div className="apply-dialog">
        {!context || !step ? (
          <>
            <h2 id={headingId}>Apply</h2>
            <p role={error ? 'alert' : 'status'}>{error ?? 'Loading…'}</p>
          </>
        ) : (
          <form className="seeker-form" onSubmit={onSubmit} noValidate>
            <div>
              <p className="apply-step-count">
                Step {index + 1} of {steps.length}
              </p>
              <h2 id={headingId}>{TITLES[step]}</h2>
            </div>
            {step === 'profile' ? (
              <>
                <p className="apply-lead">{APPLY_COPY.profileLead}</p>
                <ContactFields values={values} errors={errors} idPrefix="apply-dialog" onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))} />
              </>
            ) : step === 'resume' ? (
              <>
                <RadioGroup
                  className="apply-question"
                  legend="Send a résumé with this application?"
                  name="resume"
                  value={choice}
                  onValueChange={(value) => setChoice(value === 'stored' || value === 'upload' ? value : 'none')}
                  options={[
                    ...(context.resume ? [{ value: 'stored', label: `Use ${context.resume.fileName}` }] : []),
                    { value: 'upload', label: context.resume ? 'Upload a new one' : 'Upload a résumé' },
                    { value: 'none', label: 'Apply without a résumé' },
                  ]}
                />
                {choice === 'upload' ? (
                  <div>
                    <label htmlFor="apply-dialog-file">Résumé file</label>
                    <input id="apply-dialog-file" type="file" accept={RESUME_ACCEPT} aria-describedby="apply-dialog-file-hint" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
                    <p className="field-hint" id="apply-dialog-file-hint">
                      PDF or Word (.docx), up to {RESUME_MAX_BYTES / (1024 * 1024)} MB. Kept on your profile for your next applications.
                    </p>
                  </div>
                ) : null}
              </>
            ) : step === 'questions' ? (
              <QuestionFields questions={context.questions} answers={answers} idPrefix="apply-dialog" onAnswer={(name, value) => setAnswers((current) => ({ ...current, [name]: value }))} />
            ) : preview ? (
              <>
                <p className="apply-lead">{APPLY_COPY.reviewLead}</p>
                <ApplicationPreviewList preview={preview} />
                <p className="apply-edit-links">
                  <Button variant="plain" onClick={changeResume}>
                    Change résumé
                  </Button>
                </p>
              </>
            ) : null}
            <div role="alert" className="seeker-error">
              {error ? <p>{error}</p> : null}
            </div>
            <div className="apply-actions">
              <Button type="submit" loading={busy}>
                {step === 'review' ? APPLY_COPY.send : 'Continue'}
              </Button>
              {index > 0 ? (
                <Button variant="secondary" onClick={() => setIndex(index - 1)}>
                  Back
                </Button>
              ) : null}
            </div>
          </form>
        )}
      </div>
    </Modal>
  );
}
