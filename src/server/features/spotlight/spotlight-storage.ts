/** What the spotlight needs of the shared file storage (namespace 'spotlight', with range reads; decisions 0130, 0140). */
export interface SpotlightFileStore {
  /** Stores the bytes and answers the key to find them again. */
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  /** Bytes start..end inclusive (HTTP range semantics), or null when the file is gone. */
  getRange(key: string, start: number, end: number): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
