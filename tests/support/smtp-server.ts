import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * accept; reject (550); hang (never answers the data); keep-and-hang (stores the message, then never
 * answers: the sender cannot know it was delivered); hold (answers once state.gate resolves); flaky
 * (of every ten messages three are refused with 451 and one connection is dropped mid-answer).
 */
export type SmtpBehaviour = 'accept' | 'reject' | 'hang' | 'keep-and-hang' | 'hold' | 'flaky';

export interface TestSmtpServer {
  server: SMTPServer;
  received: ParsedMail[];
  state: { behaviour: SmtpBehaviour; gate: Promise<void>; refused: number; dropped: number; dataSeen: number };
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that accepts, rejects or never answers the message data. */
export async function startSmtp(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const state = { behaviour: 'accept' as SmtpBehaviour, gate: Promise.resolve(), refused: 0, dropped: 0, dataSeen: 0 };
  let seen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A hung test connection must not hold up closing the server.
    closeTimeout: 200,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.dataSeen += 1;
        if (state.behaviour === 'hang') return;
        if (state.behaviour === 'keep-and-hang') {
          void simpleParser(Buffer.concat(chunks)).then((mail) => received.push(mail));
          return;
        }
        if (state.behaviour === 'hold') {
          void state.gate.then(() => simpleParser(Buffer.concat(chunks))).then((mail) => {
            received.push(mail);
            callback();
          }, callback);
          return;
        }
        if (state.behaviour === 'flaky') {
          seen += 1;
          if ([1, 4, 7].includes(seen % 10)) {
            state.refused += 1;
            return callback(Object.assign(new Error('Try again later'), { responseCode: 451 }));
          }
          if (seen % 10 === 9) {
            state.dropped += 1;
            // The connection ends before the answer: the sender cannot tell whether it was delivered.
            for (const connection of (server as unknown as { connections: Set<{ session?: { id: string }; _socket?: { destroy(): void } }> }).connections) {
              if (connection.session?.id === session.id) connection._socket?.destroy();
            }
            return;
          }
        }
        if (state.behaviour === 'reject') {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          return callback(error);
        }
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      });
    },
  });
  // A client that goes away mid-conversation (an instance killed with kill -9, a dropped connection)
  // is the server's 'error' event: a mail server carries on, and so does this one.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    server,
    received,
    state,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The six-digit code in a received message's text. */
export function codeFrom(mail: ParsedMail): string {
  const code = mail.text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error('no code in the message');
  return code;
}
