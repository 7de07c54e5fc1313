// Issue 42: a message posted through one instance arrives on a stream held open on the other within
// 2 s (PostgreSQL LISTEN/NOTIFY, decision 0230). The stream is held on B's port, the message posted on
// A's, then the other way round; then both through haproxy, and a stream on an instance that restarts
// (SIGTERM) comes back through haproxy and catches up with Last-Event-ID.
import { openEventStream } from '../../tests/support/event-stream';
import { seedConversations } from '../../tests/support/conversations';
import { runFault } from './fault-support';

const LIMIT_MS = 2000;

await runFault({ name: 'message-stream', port: Number(process.env.FAULT_PORT ?? 3395), timeLimitMs: 100_000 }, async ({ cluster, base, publicUrl, db, log, check }) => {
  const [a, b] = cluster.instances.map((instance) => `http://127.0.0.1:${instance.port}`) as [string, string];
  const seeded = await seedConversations(db.db, { count: 1, now: Date.now(), label: 'fault' });
  const conversation = seeded.conversations[0]!;
  const path = `/messages/${conversation.id}`;
  const post = async (target: string, cookie: string, body: string) => {
    const response = await fetch(`${target}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: new URL(publicUrl).origin, 'sec-fetch-site': 'same-origin', 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ body }).toString(),
    });
    return response.status;
  };
  const across = async (streamOn: string, postOn: string, cookie: string, label: string) => {
    const stream = await openEventStream(`${streamOn}${path}/events?after=${conversation.firstMessageId}`, { cookie: conversation.seekerCookie });
    check(stream.status === 200, `${label}: the candidate's stream opens (${stream.status})`);
    const text = `${label} ${Date.now()}`;
    const started = Date.now();
    check((await post(postOn, cookie, text)) === 303, `${label}: the message is posted`);
    try {
      let event = await stream.next(LIMIT_MS);
      while (!event.data.includes(text)) event = await stream.next(LIMIT_MS - (Date.now() - started));
      const took = Date.now() - started;
      check(took < LIMIT_MS, `${label}: it arrives on the stream in ${took} ms (under ${LIMIT_MS})`);
    } catch (error) {
      check(false, `${label}: it arrives on the stream within ${LIMIT_MS} ms (${(error as Error).message})`);
    }
    return stream;
  };

  (await across(b, a, seeded.employerCookie, 'posted on A, streamed from B')).close();
  (await across(a, b, seeded.employerCookie, 'posted on B, streamed from A')).close();
  (await across(base, base, seeded.employerCookie, 'both through haproxy')).close();

  // A stream held on instance 1 while it restarts: it ends when the instance closes (not held), and a
  // message sent meanwhile is there when the client reconnects through haproxy with Last-Event-ID.
  const held = await openEventStream(`${b}${path}/events`, { cookie: conversation.seekerCookie });
  const stopping = cluster.stopInstance(1);
  const ended = await Promise.race([held.ended.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 15_000))]);
  check(ended, 'a stream held on an instance that is shutting down ends, so its close is not held');
  await stopping;
  const missed = `sent while the stream was away ${Date.now()}`;
  check((await post(a, seeded.employerCookie, missed)) === 303, 'a message is posted while the stream is away');
  const last = await db.db.selectFrom('messages').select('id').where('conversation_id', '=', conversation.id).where('body', 'not like', 'sent while%').orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirstOrThrow();
  const resumed = await openEventStream(`${base}${path}/events`, { cookie: conversation.seekerCookie, 'last-event-id': last.id });
  let caughtUp = false;
  try {
    for (;;) if ((await resumed.next(LIMIT_MS)).data.includes(missed)) break;
    caughtUp = true;
  } catch {
    caughtUp = false;
  }
  check(caughtUp, 'reconnected through haproxy with Last-Event-ID, the stream catches up on the missed message');
  resumed.close();
  log('restarting instance 1');
  await cluster.startInstance(1);
});
