/** What the companies feature needs of the shared file storage (namespace 'logos'; decision 0140). */
export interface LogoStorage {
  put(bytes: Buffer, extension: string): Promise<string>;
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
}
