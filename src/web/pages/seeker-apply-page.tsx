import { APPLY_COPY, applyPagePath, type ApplyPageProps } from '../../shared/seeker/apply-flow';
import { RESUME_MAX_BYTES, SEEKER_PATHS } from '../../shared/seeker/constants';
import { ApplicationPreviewList } from '../features/seeker/application-preview';
import { ContactFields, QuestionFields } from '../features/seeker/apply-fields';
import { Button } from '../ui/button';
import { RadioGroup } from '../ui/choice-inputs';
import '../features/seeker/seeker.css';
import '../features/seeker/apply-flow.css';

const RESUME_ACCEPT = '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The apply steps as a page, for a browser without JavaScript (decision 0233): one plain form a step,
 * the same steps the apply dialog shows. Sending posts to /candidate/apply, the one judge.
 */
export default function CandidateApplyPage({ props }: { props: ApplyPageProps }) {
  const { context, step } = props;
  const stepsPath = applyPagePath(context.listingKey);
  const carried = (
    <>
      {props.choice ? <input type="hidden" name="resume" value={props.choice} /> : null}
      {Object.entries(props.answers).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
  return (
    <section className="seeker-page apply-page" aria-labelledby="apply-heading">
      <p className="apply-page-job">
        <a href={context.job.href}>{context.job.title}</a> · {context.job.company} · {context.job.place}
      </p>
      {step === 'applied' ? (
        <>
          <h1 id="apply-heading">You applied to this job</h1>
          <p>The employer has your application. <a href={SEEKER_PATHS.myJobs}>See my jobs</a></p>
        </>
      ) : step === 'closed' ? (
        <>
          <h1 id="apply-heading">This job is no longer open</h1>
          <p>
            <a href={SEEKER_PATHS.home}>See suggested jobs</a>
          </p>
        </>
      ) : (
        <>
          <h1 id="apply-heading">{step === 'profile' ? APPLY_COPY.profileTitle : step === 'resume' ? APPLY_COPY.resumeTitle : step === 'questions' ? APPLY_COPY.questionsTitle : APPLY_COPY.reviewTitle}</h1>
          {props.error ? (
            <p className="seeker-notice is-error" role="alert">
              {props.error}
            </p>
          ) : null}
          {step === 'profile' ? (
            <form method="post" action={stepsPath} className="seeker-form" noValidate>
              <p className="apply-lead">{APPLY_COPY.profileLead}</p>
              {Object.keys(props.errors).length ? (
                <p className="seeker-notice is-error" role="alert">
                  Please correct the {Object.keys(props.errors).length === 1 ? 'field' : 'fields'} marked below.
                </p>
              ) : null}
              <input type="hidden" name="step" value="profile" />
              <ContactFields values={props.values} errors={props.errors} idPrefix="apply" />
              <div>
                <Button type="submit">
                  Continue
                </Button>
              </div>
            </form>
          ) : step === 'resume' ? (
            <>
              <form method="post" action={stepsPath} className="seeker-form">
                <input type="hidden" name="step" value="resume" />
                <RadioGroup
                  className="apply-question"
                  legend="Send a résumé with this application?"
                  name="resume"
                  required
                  defaultValue={context.resume ? 'stored' : 'none'}
                  options={[
                    ...(context.resume ? [{ value: 'stored', label: `Use ${context.resume.fileName} (uploaded ${context.resume.uploaded})` }] : []),
                    { value: 'none', label: 'Apply without a résumé' },
                  ]}
                />
                <div>
                  <Button type="submit">
                    Continue
                  </Button>
                </div>
              </form>
              <form method="post" action={`${stepsPath}/resume`} encType="multipart/form-data" className="seeker-form apply-upload">
                <div>
                  <label htmlFor="apply-resume">{context.resume ? 'Or upload a new résumé' : 'Or upload a résumé'}</label>
                  <input id="apply-resume" name="resume" type="file" accept={RESUME_ACCEPT} required aria-describedby="apply-resume-hint" />
                  <p className="field-hint" id="apply-resume-hint">
                    PDF or Word (.docx), up to {RESUME_MAX_BYTES / (1024 * 1024)} MB. It is kept on your profile for your next applications.
                  </p>
                </div>
                <div>
                  <Button type="submit" variant="secondary">
                    Upload and continue
                  </Button>
                </div>
              </form>
            </>
          ) : step === 'questions' ? (
            <form method="post" action={stepsPath} className="seeker-form">
              <input type="hidden" name="step" value="questions" />
              {props.choice ? <input type="hidden" name="resume" value={props.choice} /> : null}
              <QuestionFields questions={context.questions} answers={props.answers} idPrefix="apply" />
              <div>
                <Button type="submit">
                  Continue
                </Button>
              </div>
            </form>
          ) : props.preview ? (
            <>
              <p className="apply-lead">{APPLY_COPY.reviewLead}</p>
              <ApplicationPreviewList preview={props.preview} />
              <p className="apply-edit-links">
                <a href={`${SEEKER_PATHS.about}?next=${encodeURIComponent(stepsPath)}`}>Edit your details</a>
                <a href={`${stepsPath}?change=resume`}>Change résumé</a>
              </p>
              <form method="post" action={SEEKER_PATHS.apply}>
                <input type="hidden" name="listing_key" value={context.listingKey} />
                {carried}
                <Button type="submit">
                  {APPLY_COPY.send}
                </Button>
              </form>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
