// Chrome's MediaRecorder writes WebM with no Duration in the segment's Info (it streams, and never goes
// back), and with an "unknown" size on the Segment and each Cluster. Players then cannot seek, and
// music-metadata cannot read such a file at all. The client fixes its own recordings with
// fix-webm-duration before upload; this module is the server's side of the same fix, for any WebM that
// still arrives without a duration (an uploaded Chrome recording, a client whose fix failed): it reads
// the blocks' timestamps and writes the Duration element into Info (decision 0131).

const ID = {
  segment: 0x18538067,
  seekHead: 0x114d9b74,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  cluster: 0x1f43b675,
  timecode: 0xe7,
  simpleBlock: 0xa3,
  blockGroup: 0xa0,
  block: 0xa1,
  cues: 0x1c53bb6b,
} as const;
/** Children of a Segment: an unknown-size Cluster ends where the next of these begins. */
const LEVEL_1 = new Set([ID.seekHead, ID.info, 0x1654ae6b, ID.cluster, ID.cues, 0x1254c367, 0x1043a770, 0x1941a469]);

interface Header {
  id: number;
  start: number;
  sizeStart: number;
  sizeLength: number;
  dataStart: number;
  /** Null when the size is "unknown" (all ones). */
  size: number | null;
}

function readHeader(bytes: Uint8Array, pos: number): Header | null {
  const first = bytes[pos];
  if (first === undefined || first === 0) return null;
  let idLength = 1;
  for (let mask = 0x80; !(first & mask); mask >>= 1) idLength += 1;
  if (idLength > 4 || pos + idLength >= bytes.length) return null;
  let id = 0;
  for (let i = 0; i < idLength; i += 1) id = id * 256 + bytes[pos + i]!;
  const sizeStart = pos + idLength;
  const sizeFirst = bytes[sizeStart]!;
  if (sizeFirst === 0) return null;
  let sizeLength = 1;
  let mask = 0x80;
  while (!(sizeFirst & mask)) {
    mask >>= 1;
    sizeLength += 1;
  }
  if (sizeStart + sizeLength > bytes.length) return null;
  let size = sizeFirst & (mask - 1);
  let allOnes = size === mask - 1;
  for (let i = 1; i < sizeLength; i += 1) {
    const byte = bytes[sizeStart + i]!;
    size = size * 256 + byte;
    if (byte !== 0xff) allOnes = false;
  }
  return { id, start: pos, sizeStart, sizeLength, dataStart: sizeStart + sizeLength, size: allOnes ? null : size };
}

function readUint(bytes: Uint8Array, start: number, length: number): number {
  let value = 0;
  for (let i = 0; i < length; i += 1) value = value * 256 + bytes[start + i]!;
  return value;
}

/** The relative timestamp of a (Simple)Block: after the track number (a vint), a signed 16-bit value. */
function blockTimestamp(bytes: Uint8Array, dataStart: number): number | null {
  const first = bytes[dataStart];
  if (first === undefined || first === 0) return null;
  let length = 1;
  for (let mask = 0x80; !(first & mask); mask >>= 1) length += 1;
  const at = dataStart + length;
  if (at + 2 > bytes.length) return null;
  const raw = (bytes[at]! << 8) | bytes[at + 1]!;
  return raw & 0x8000 ? raw - 0x10000 : raw;
}

export interface WebmLayout {
  segment: Header;
  info: Header | null;
  timecodeScale: number;
  /** The Duration in Info, in milliseconds, when there is one. */
  declaredMs: number | null;
  /** The last block's timestamp, in milliseconds: how long the recording really is, give or take a frame. */
  lastBlockMs: number | null;
  /** Byte offsets elsewhere in the file point past Info: inserting into it would break them. */
  hasIndexes: boolean;
  /** Clusters written with an unknown size, and where each really ends. */
  openClusters: Array<{ header: Header; end: number }>;
}

/** Reads a WebM's layout, or null if the bytes are not a Segment we can walk. */
export function readWebm(bytes: Uint8Array): WebmLayout | null {
  const ebml = readHeader(bytes, 0);
  if (!ebml || ebml.id !== 0x1a45dfa3 || ebml.size === null) return null;
  const segment = readHeader(bytes, ebml.dataStart + ebml.size);
  if (!segment || segment.id !== ID.segment) return null;
  const segmentEnd = segment.size === null ? bytes.length : Math.min(bytes.length, segment.dataStart + segment.size);
  let info: Header | null = null;
  let timecodeScale = 1_000_000;
  let declared: number | null = null;
  let lastBlock: number | null = null;
  let hasIndexes = false;
  const openClusters: WebmLayout['openClusters'] = [];

  let pos = segment.dataStart;
  while (pos < segmentEnd) {
    const child = readHeader(bytes, pos);
    if (!child) break;
    if (child.id === ID.cluster) {
      pos = walkCluster(bytes, child, segmentEnd, (timestamp) => {
        if (lastBlock === null || timestamp > lastBlock) lastBlock = timestamp;
      });
      if (child.size === null) openClusters.push({ header: child, end: pos });
      continue;
    }
    if (child.size === null) break; // only Clusters may be of unknown size here
    const end = child.dataStart + child.size;
    if (child.id === ID.seekHead || child.id === ID.cues) hasIndexes = true;
    if (child.id === ID.info) {
      info = child;
      for (let at = child.dataStart; at < end; ) {
        const field = readHeader(bytes, at);
        if (!field || field.size === null) break;
        if (field.id === ID.timecodeScale) timecodeScale = readUint(bytes, field.dataStart, field.size) || 1_000_000;
        if (field.id === ID.duration) {
          const view = new DataView(bytes.buffer, bytes.byteOffset + field.dataStart, field.size);
          declared = field.size === 8 ? view.getFloat64(0) : field.size === 4 ? view.getFloat32(0) : null;
        }
        at = field.dataStart + field.size;
      }
    }
    pos = end;
  }
  const toMs = (units: number) => (units * timecodeScale) / 1_000_000;
  return {
    segment,
    info,
    timecodeScale,
    declaredMs: declared !== null && Number.isFinite(declared) && declared > 0 ? toMs(declared) : null,
    lastBlockMs: lastBlock !== null ? Math.max(0, toMs(lastBlock)) : null,
    hasIndexes,
    openClusters,
  };
}

function walkCluster(bytes: Uint8Array, cluster: Header, segmentEnd: number, onBlock: (timestamp: number) => void): number {
  const end = cluster.size === null ? segmentEnd : Math.min(segmentEnd, cluster.dataStart + cluster.size);
  let base = 0;
  let pos = cluster.dataStart;
  while (pos < end) {
    const child = readHeader(bytes, pos);
    if (!child) return end;
    if (cluster.size === null && LEVEL_1.has(child.id)) return pos; // the next Cluster (or Cues...) starts here
    if (child.size === null) return end;
    if (child.id === ID.timecode) base = readUint(bytes, child.dataStart, child.size);
    if (child.id === ID.simpleBlock) {
      const relative = blockTimestamp(bytes, child.dataStart);
      if (relative !== null) onBlock(base + relative);
    }
    if (child.id === ID.blockGroup) {
      for (let at = child.dataStart; at < child.dataStart + child.size; ) {
        const inner = readHeader(bytes, at);
        if (!inner || inner.size === null) break;
        if (inner.id === ID.block) {
          const relative = blockTimestamp(bytes, inner.dataStart);
          if (relative !== null) onBlock(base + relative);
        }
        at = inner.dataStart + inner.size;
      }
    }
    pos = child.dataStart + child.size;
  }
  return end;
}

/** An 8-byte EBML size: any length is valid, and a fixed one keeps the arithmetic simple. */
function size8(value: number): Buffer {
  const out = Buffer.alloc(8);
  out[0] = 0x01;
  out.writeUIntBE(value, 2, 6);
  return out;
}

/**
 * The same bytes with a Duration (milliseconds) written into Info, or null when that cannot be done
 * safely: no Info, a Duration already there, or indexes (SeekHead, Cues) whose offsets would move.
 */
export function withDuration(bytes: Buffer, layout: WebmLayout, durationMs: number): Buffer | null {
  const { info, segment } = layout;
  if (!info || info.size === null || layout.declaredMs !== null || layout.hasIndexes) return null;
  // The Segment's size is written as known too: readers (music-metadata among them) cannot skip an unknown one.
  if (segment.sizeLength !== 8 || layout.openClusters.some(({ header }) => header.sizeLength !== 8)) return null;
  const duration = Buffer.alloc(11);
  duration.writeUIntBE(ID.duration, 0, 2);
  duration[2] = 0x88; // size 8
  duration.writeDoubleBE((durationMs * 1_000_000) / layout.timecodeScale, 3);
  const infoData = bytes.subarray(info.dataStart, info.dataStart + info.size);
  const newInfoHeader = Buffer.concat([bytes.subarray(info.start, info.sizeStart), size8(info.size + duration.length)]);
  const growth = newInfoHeader.length + duration.length - (info.dataStart - info.start);
  // Unknown Cluster sizes become known in place (same 8-byte width), so nothing moves but Info's tail.
  const sized = Buffer.from(bytes);
  for (const { header, end } of layout.openClusters) size8(end - header.dataStart).copy(sized, header.sizeStart);
  const head = sized.subarray(0, info.start);
  const segmentSize = segment.size ?? bytes.length - segment.dataStart;
  size8(segmentSize + growth).copy(head, segment.sizeStart);
  return Buffer.concat([head, newInfoHeader, infoData, duration, sized.subarray(info.dataStart + info.size)]);
}
