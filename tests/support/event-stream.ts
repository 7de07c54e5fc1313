// A Server-Sent Events client for tests, the fault scripts and the benchmark: opens a stream with node:http,
// parses its events as they come, and waits for the next one with a time limit.
import http from 'node:http';

export interface StreamEvent {
  id: string | null;
  data: string;
}

export interface EventStream {
  status: number;
  headers: Headers;
  /** The next event not yet taken; rejects after timeoutMs. */
  next(timeoutMs?: number): Promise<StreamEvent>;
  /** Every event up to now not yet taken. */
  drain(): StreamEvent[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

export async function openEventStream(url: string, headers: Record<string, string> = {}): Promise<EventStream> {
  // node:http rather than fetch: closing a stream closes its socket at once, and no pooled socket is left
  // open to hold a server's close().
  const request = http.get(url, { headers: { accept: 'text/event-stream', ...headers }, agent: false });
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  });
  const queue: StreamEvent[] = [];
  const waiters: Array<() => void> = [];
  const wake = () => waiters.splice(0).forEach((resolve) => resolve());
  let buffer = '';
  const isStream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
  const ended = new Promise<void>((resolve) => {
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      if (!isStream) return;
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let id: string | null = null;
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('id: ')) id = line.slice(4);
          else if (line.startsWith('data: ')) data.push(line.slice(6));
        }
        if (data.length) {
          queue.push({ id, data: data.join('\n') });
          wake();
        }
      }
    });
    response.on('close', resolve);
    request.on('error', () => resolve());
  }).finally(wake);
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.statusCode ?? 0,
    headers: new Headers(Object.entries(response.headers).flatMap(([name, value]) => (value === undefined ? [] : [[name, String(value)] as [string, string]]))),
    async next(timeoutMs = 2000) {
      const deadline = Date.now() + timeoutMs;
      while (queue.length === 0) {
        if (done) throw new Error('the stream ended');
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return queue.shift()!;
    },
    drain: () => queue.splice(0),
    ended,
    close: () => request.destroy(),
  };
}
