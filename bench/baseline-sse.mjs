// The bare baseline of `npm run bench -- messages`: node:http holding Server-Sent Events streams, two a
// "conversation" (GET /c/:n/events), and a POST /c/:n that writes the same kind of event to both and
// answers 303, as the app does, with no database, sessions or fan-out engine.
import http from 'node:http';

const [port] = process.argv.slice(2);
const streams = new Map();
let next = 0;

const server = http.createServer((request, response) => {
  const match = /^\/c\/(\d+)(\/events)?$/.exec(request.url.split('?')[0]);
  if (!match) {
    response.writeHead(404).end();
    return;
  }
  const group = match[1];
  if (request.method === 'GET' && match[2]) {
    response.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'private, no-store', connection: 'close' });
    response.write('retry: 1000\n\n');
    if (!streams.has(group)) streams.set(group, new Set());
    streams.get(group).add(response);
    response.on('close', () => streams.get(group)?.delete(response));
    return;
  }
  let body = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => (body += chunk));
  request.on('end', () => {
    const text = new URLSearchParams(body).get('body') ?? '';
    const id = `0190a000-0000-7000-8000-${String((next += 1)).padStart(12, '0')}`;
    const data = JSON.stringify({ id, mine: false, author: 'Bench Freight', parts: [{ text }], at: 'Dec 2, 11:40 AM UTC', seen: null });
    for (const stream of streams.get(group) ?? []) stream.write(`id: ${id}\ndata: ${data}\n\n`);
    response.writeHead(303, { location: `/c/${group}?notice=sent`, 'content-length': '0' }).end();
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => {
  for (const group of streams.values()) for (const stream of group) stream.end();
  server.close(() => process.exit(0));
});
