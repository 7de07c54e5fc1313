import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type SmtpBehaviour = 'accept' | 'reject' | 'hang';

export interface TestSmtpServer {
  server: SMTPServer;
  received: ParsedMail[];
  state: { behaviour: SmtpBehaviour };
  url: string;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that accepts, rejects or never answers the message data. */
export async function startSmtp(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const state = { behaviour: 'accept' as SmtpBehaviour };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A hung test connection must not hold up closing the server.
    closeTimeout: 200,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.behaviour === 'hang') return;
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
