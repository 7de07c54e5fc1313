// What an in-place change says (decision 0294): a saved change in a polite status region, a refusal
// (and its undoing) in an alert. Both regions are in the page from the first render, so screen readers
// hear what is later written into them.
import { useCallback, useMemo, useState } from 'react';

export interface PipelineMessagesState {
  status: string | null;
  alert: string | null;
  say(message: string): void;
  refuse(message: string): void;
}

export function usePipelineMessages(initialNotice: string | null): PipelineMessagesState {
  const [status, setStatus] = useState<string | null>(initialNotice);
  const [alert, setAlert] = useState<string | null>(null);
  const say = useCallback((message: string) => {
    setAlert(null);
    setStatus(message);
  }, []);
  const refuse = useCallback((message: string) => {
    setStatus(null);
    setAlert(message);
  }, []);
  return useMemo(() => ({ status, alert, say, refuse }), [status, alert, say, refuse]);
}

export function PipelineMessages({ messages }: { messages: PipelineMessagesState }) {
  return (
    <div className="pipeline-messages">
      <p role="status" className={messages.status ? 'posting-notice' : 'pipeline-message-empty'}>
        {messages.status}
      </p>
      <p role="alert" className={messages.alert ? 'pipeline-refusal' : 'pipeline-message-empty'}>
        {messages.alert}
      </p>
    </div>
  );
}
