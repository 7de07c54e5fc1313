import { SPOTLIGHT_PROMPTS } from '../../../shared/spotlight/constants';
import type { SpotlightAnswerView } from '../../../shared/spotlight/contracts';

const promptText = (id: string) => SPOTLIGHT_PROMPTS.find((prompt) => prompt.id === id)?.title ?? id;

/** The applicant's spotlight answers, playing inline: the transcript beside each recording and as its captions track (issue 13). */
export function SpotlightAnswers({ answers, name }: { answers: SpotlightAnswerView[]; name: string }) {
  return (
    <ul className="applicant-spotlight">
      {answers.map((answer) => {
        const title = promptText(answer.prompt);
        return (
          <li key={answer.id}>
            <h3>{title}</h3>
            {answer.kind === 'text' || !answer.mediaUrl ? (
              <p className="applicant-written">{answer.text}</p>
            ) : (
              <div className={answer.transcript ? 'applicant-spotlight-media has-transcript' : 'applicant-spotlight-media'}>
                {answer.kind === 'video' ? (
                  <video controls preload="metadata" aria-label={`${name}: ${title}`}>
                    <source src={answer.mediaUrl} type={answer.contentType ?? undefined} />
                    {answer.captionsUrl ? <track kind="captions" src={answer.captionsUrl} srcLang="en" label="Transcript" default /> : null}
                  </video>
                ) : (
                  <audio controls preload="metadata" aria-label={`${name}: ${title}`}>
                    <source src={answer.mediaUrl} type={answer.contentType ?? undefined} />
                    {answer.captionsUrl ? <track kind="captions" src={answer.captionsUrl} srcLang="en" label="Transcript" default /> : null}
                  </audio>
                )}
                {answer.transcript ? (
                  <div>
                    <p className="applicants-muted">Transcript</p>
                    <p className="applicant-transcript">{answer.transcript}</p>
                  </div>
                ) : (
                  <p className="applicants-muted">No transcript was given.</p>
                )}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
