// An open conversation shows new messages without a reload (issue 42, decision 0230): the browser's
// EventSource on the conversation's stream, which reconnects by itself and sends Last-Event-ID, so the
// server catches it up. A message from the other side that arrives while the page is in view is read:
// the page tells the server as opening it would. Without script the page is the same, reloaded.
import { useEffect, useMemo, useState } from 'react';
import type { MessageView } from '../../../shared/messages/constants';
import { messageEventsPath, messageReadPath } from '../../../shared/messages/live';

/** The page's messages, then those that arrived since it was rendered. */
export function useLiveMessages(conversationId: string, rendered: MessageView[]): MessageView[] {
  const [arrived, setArrived] = useState<MessageView[]>([]);
  const newestId = rendered.at(-1)?.id;

  useEffect(() => {
    if (!conversationId || typeof EventSource !== 'function') return;
    const source = new EventSource(messageEventsPath(conversationId, newestId));
    let unread = false;
    const markRead = () => {
      if (!unread || document.visibilityState !== 'visible') return;
      unread = false;
      void fetch(messageReadPath(conversationId), { method: 'POST', headers: { 'X-Requested-With': 'XMLHttpRequest' } }).catch(() => undefined);
    };
    source.onmessage = (event: MessageEvent<string>) => {
      const message = JSON.parse(event.data) as MessageView;
      setArrived((list) => (list.some((known) => known.id === message.id) ? list : [...list, message]));
      unread ||= !message.mine;
      markRead();
    };
    document.addEventListener('visibilitychange', markRead);
    return () => {
      source.close();
      document.removeEventListener('visibilitychange', markRead);
    };
  }, [conversationId, newestId]);

  return useMemo(() => {
    const shown = new Set(rendered.map((message) => message.id));
    return [...rendered, ...arrived.filter((message) => !shown.has(message.id))];
  }, [rendered, arrived]);
}
