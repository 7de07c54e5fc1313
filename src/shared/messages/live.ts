// A conversation kept up to date while it is open (issue 42, decision 0230): its Server-Sent Events
// stream and the read mark the page posts when a message arrives. No imports: the page's own chunk uses it.

/** GET, text/event-stream: each new message as the page shows it (a MessageView), its id the event's id. `after`: the newest message the page has. */
export const messageEventsPath = (conversationId: string, after?: string) => `/messages/${conversationId}/events${after ? `?after=${encodeURIComponent(after)}` : ''}`;

/** POST (our fetch client): the signed-in person has read the conversation up to now. */
export const messageReadPath = (conversationId: string) => `/messages/${conversationId}/read`;

/** How soon a browser opens the stream again after it broke. */
export const MESSAGE_EVENTS_RETRY_MS = 1000;
