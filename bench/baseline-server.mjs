// The bare baseline: node:http answering the bytes the application answered for the same request.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [port, file] = process.argv.slice(2);
const sample = JSON.parse(readFileSync(file, 'utf8'));
const body = Buffer.from(sample.body, 'base64');
const headers = { ...sample.headers, 'content-length': String(body.length) };

const server = http.createServer((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(request.url === '/' || request.method !== 'GET' ? sample.status : sample.status, headers);
    response.end(body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(port), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
