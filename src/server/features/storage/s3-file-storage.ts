import { AbortMultipartUploadCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListMultipartUploadsCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Readable } from 'node:stream';
import { bodyStream, checkedKey, clip, contentTypeOfKey, isStorageKey, newKey, STORAGE_NAMESPACES, type FileStorage, type StorageBody } from './file-storage';

export interface S3Settings {
  bucket: string;
  region: string;
  /** An S3-compatible server's address; undefined for AWS. */
  endpoint?: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/**
 * A streamed upload is sent in parts of this size, one at a time (decision 0285): at most one part is
 * held in memory per upload. 5 MiB is S3's smallest part; a smaller file goes up in one PutObject.
 */
export const S3_PART_BYTES = 5 * 1024 * 1024;

export function s3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    ...(settings.credentials ? { credentials: settings.credentials } : {}),
  });
}

function status(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
}

/**
 * The first `length` bytes of a range answer. S3 sends exactly the range asked; a compatible server
 * may not (s3rver answers `bytes=0-0` with the whole object), and a range must never be longer.
 */
async function* firstBytes(body: AsyncIterable<Uint8Array>, length: number) {
  let left = length;
  for await (const piece of body) {
    if (left <= 0) break;
    const bytes = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    yield bytes.subarray(0, left);
    left -= bytes.length;
  }
}

const notFound = (error: unknown) => status(error) === 404 || (error as Error).name === 'NoSuchKey' || (error as Error).name === 'NotFound';

/**
 * The S3 driver (decision 0284): one object per key, the key as stored by the other drivers, so moving
 * files between drivers keeps every key in the tables. Ranges are GetObject with Range; a content type
 * given to put() is the object's Content-Type, else none is set and stat() answers the extension's.
 */
export function s3FileStorage(settings: S3Settings, client: S3Client = s3Client(settings)): FileStorage {
  const Bucket = settings.bucket;
  const write = async (key: string, body: StorageBody, contentType: string | null | undefined) => {
    const type = contentType ?? contentTypeOfKey(key) ?? undefined;
    if (Buffer.isBuffer(body)) {
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: type }));
      return;
    }
    // lib-storage reads one part at a time (queueSize 1) and aborts the multipart upload when the body
    // fails, so a cut-off upload leaves no object.
    const upload = new Upload({ client, params: { Bucket, Key: key, Body: bodyStream(body), ContentType: type }, partSize: S3_PART_BYTES, queueSize: 1, leavePartsOnError: false });
    await upload.done();
  };
  const object = async (key: string, range?: string) => {
    try {
      return await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  const head = async (key: string) => {
    try {
      return await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  };
  /** The clipped range of a file that exists, or null (nothing stored) or 'empty' (starts past the end). */
  const clipped = async (key: string, start: number, end: number) => {
    const info = await head(key);
    if (!info) return null;
    return clip(start, end, info.ContentLength ?? 0) ?? 'empty';
  };
  return {
    driver: 's3',
    async put(namespace, body, extension, contentType) {
      const key = newKey(namespace, extension);
      await write(key, body, contentType);
      return key;
    },
    async putAt(key, body, contentType) {
      await write(checkedKey(key), body, contentType);
    },
    async get(key) {
      const found = await object(key);
      return found?.Body ? Buffer.from(await found.Body.transformToByteArray()) : null;
    },
    async getRange(key, start, end) {
      const range = await clipped(key, start, end);
      if (range === null) return null;
      if (range === 'empty') return Buffer.alloc(0);
      const found = await object(key, `bytes=${range.start}-${range.end}`);
      return found?.Body ? Buffer.from(await found.Body.transformToByteArray()).subarray(0, range.end - range.start + 1) : null;
    },
    async openRead(key, range) {
      if (!range) {
        const found = await object(key);
        return found?.Body ? (found.Body as Readable) : null;
      }
      const bounds = await clipped(key, range.start, range.end);
      if (bounds === null) return null;
      if (bounds === 'empty') return Readable.from([]);
      const found = await object(key, `bytes=${bounds.start}-${bounds.end}`);
      if (!found?.Body) return null;
      const body = found.Body as Readable;
      const limited = Readable.from(firstBytes(body, bounds.end - bounds.start + 1));
      limited.once('close', () => body.destroy());
      return limited;
    },
    async stat(key) {
      const info = await head(key);
      if (!info) return null;
      // No type was given at put(): S3 answers its default, which says nothing.
      const given = info.ContentType && info.ContentType !== 'binary/octet-stream' ? info.ContentType : null;
      return { size: info.ContentLength ?? 0, contentType: given ?? contentTypeOfKey(key) };
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    /**
     * A streamed upload is a multipart upload until it completes: a crash leaves its parts, billed but
     * invisible. Those begun before the cut-off are aborted (decision 0304). A server without the
     * listing (s3rver answers NotImplemented) answers 0: there, a bucket lifecycle rule
     * (AbortIncompleteMultipartUpload) is the operator's way.
     */
    async removeLeftovers(startedBefore) {
      let removed = 0;
      let KeyMarker: string | undefined;
      let UploadIdMarker: string | undefined;
      do {
        let page;
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }));
        } catch (error) {
          if ((error as Error).name === 'NotImplemented' || status(error) === 501) return removed;
          throw error;
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !isStorageKey(upload.Key) || !upload.Initiated || upload.Initiated.getTime() >= startedBefore) continue;
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId }));
          removed += 1;
        }
        KeyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
        UploadIdMarker = page.IsTruncated ? page.NextUploadIdMarker : undefined;
      } while (KeyMarker);
      return removed;
    },
    async *list() {
      for (const namespace of STORAGE_NAMESPACES) {
        let ContinuationToken: string | undefined;
        do {
          const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: `${namespace}/`, ContinuationToken }));
          for (const item of page.Contents ?? []) if (item.Key && isStorageKey(item.Key)) yield { key: item.Key, size: item.Size ?? 0 };
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      }
    },
  };
}
