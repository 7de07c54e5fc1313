/** One uploaded file kept by the database storage driver (decision 0140); its bytes are in stored_file_chunks. */
export interface StoredFilesTable {
  key: string;
  namespace: string;
  content_type: string | null;
  size_bytes: number;
  /** The chunk size the file was written with, so a later change of size still reads old files. */
  chunk_bytes: number;
  created_at: number;
}

export interface StoredFileChunksTable {
  key: string;
  chunk_index: number;
  bytes: Buffer;
}
