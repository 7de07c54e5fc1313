import type { FileStorage, StorageNamespace } from './file-storage';

/** What a file is, as judged from its first bytes: the extension and type it is stored under. */
export interface UploadKind {
  extension: string;
  contentType: string;
}

/** An uploaded file's stream as @fastify/multipart hands it over: `truncated` once it hit the size limit. */
export type UploadSource = AsyncIterable<Uint8Array> & { truncated?: boolean };

export type StreamedUpload =
  | { kind: 'stored'; key: string; size: number; type: UploadKind }
  | { kind: 'empty' }
  | { kind: 'too-large' }
  | { kind: 'wrong-type' };

/** The first bytes read to judge a file's type: file-type's own sample size, enough for every magic number it knows. */
export const UPLOAD_HEAD_BYTES = 4100;


/**
 * Stores an upload as it arrives (decision 0285): the first bytes are read to judge its type, then
 * those and the rest go straight to storage, counted against `maxBytes`; the file is never held whole.
 * Past the limit (counted here, or the stream truncated by the multipart parser) the write fails and
 * storage keeps nothing. A refused file is read to its end, unkept, so the parser can go on and a file
 * both too large and of the wrong type is answered as too large, as when uploads were read whole.
 * Errors of the stream itself (an upload cut off, malformed multipart) are thrown as they are.
 */
export async function storeUploadStream(
  storage: FileStorage,
  namespace: StorageNamespace,
  source: UploadSource,
  options: { maxBytes: number; judgeHead: (head: Buffer) => Promise<UploadKind | null> | UploadKind | null; headBytes?: number },
): Promise<StreamedUpload> {
  const iterator = source[Symbol.asyncIterator]();
  const headBytes = options.headBytes ?? UPLOAD_HEAD_BYTES;
  const headPieces: Buffer[] = [];
  let size = 0;
  let ended = false;
  while (size < headBytes) {
    const next = await iterator.next();
    if (next.done) {
      ended = true;
      break;
    }
    headPieces.push(Buffer.from(next.value));
    size += next.value.byteLength;
  }
  const overLimit = () => size > options.maxBytes || source.truncated === true;
  const drain = async () => {
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) size += next.value.byteLength;
    ended = true;
  };
  if (size === 0 && ended) return { kind: 'empty' };
  const head = Buffer.concat(headPieces);
  const type = await options.judgeHead(head);
  if (!type) {
    await drain();
    return overLimit() ? { kind: 'too-large' } : { kind: 'wrong-type' };
  }
  if (overLimit()) {
    await drain();
    return { kind: 'too-large' };
  }
  // Set before the body fails, so the refusal is known whatever error the driver wraps it in.
  let tooLarge = false;
  const refuse = () => {
    tooLarge = true;
    return new Error('the upload is larger than its limit');
  };
  async function* body() {
    yield head;
    if (ended) return;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      size += next.value.byteLength;
      if (size > options.maxBytes) throw refuse();
      yield next.value;
    }
    ended = true;
    if (source.truncated) throw refuse();
  }
  try {
    const key = await storage.put(namespace, body(), type.extension, type.contentType);
    return { kind: 'stored', key, size, type };
  } catch (error) {
    if (!tooLarge) throw error;
    await drain();
    return { kind: 'too-large' };
  }
}
