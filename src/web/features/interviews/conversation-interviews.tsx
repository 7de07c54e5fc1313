import { useEffect, useState } from 'react';
import { request } from '../../../shared/http/request';
import { INTERVIEW_PATHS, type InterviewView } from '../../../shared/interviews/interviews';
import { InterviewCard } from './interview-card';
import './interviews.css';

function isInterviewList(body: unknown): body is { interviews: InterviewView[] } {
  return typeof body === 'object' && body !== null && Array.isArray((body as { interviews?: unknown }).interviews);
}

/**
 * The conversation's interviews, open ones first, read once the page is live: picking a time happens
 * right in the conversation. Without script, the interview's message links to its page.
 */
export function ConversationInterviews({ conversationId }: { conversationId: string }) {
  const [interviews, setInterviews] = useState<InterviewView[]>([]);
  useEffect(() => {
    if (!conversationId) return;
    const controller = new AbortController();
    void request({ path: `${INTERVIEW_PATHS.list}?conversation=${encodeURIComponent(conversationId)}`, signal: controller.signal }).then((answer) => {
      if (answer.ok && isInterviewList(answer.body)) setInterviews(answer.body.interviews.filter((interview) => interview.status !== 'cancelled').slice(0, 2));
    });
    return () => controller.abort();
  }, [conversationId]);
  if (!interviews.length) return null;
  return (
    <section className="conversation-interviews" aria-label="Interviews">
      {interviews.map((interview) => (
        <InterviewCard key={interview.id} interview={interview} timeZone={interview.timeZone} headingLevel={2} />
      ))}
    </section>
  );
}
