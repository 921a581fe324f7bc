import { crc32 } from 'node:zlib';
import type { EventToAppend, StoredEvent } from '../../../application/shared/ports/eventStore.port.js';

// A frame is [u32 payload length][u32 crc32 of the payload][JSON payload], little-endian.
export const FRAME_HEADER_BYTES = 8;

export interface RecordHeader {
  readonly id: string;
  readonly streamId: string;
  readonly revision: number;
  readonly position: number;
}

// The four header fields come first so that opening a log can index a record without parsing its data.
const TYPE_KEY = Buffer.from(',"type":');

// One object literal in a fixed key order: cheaper to build and stringify than a spread copy.
export function serializeRecord(event: EventToAppend, streamId: string, revision: number, position: number, recordedAt: string): string {
  const record: StoredEvent = { id: event.id, streamId, revision, position, type: event.type, data: event.data, metadata: event.metadata, recordedAt };
  return JSON.stringify(record);
}

export interface EncodedFrames {
  readonly bytes: Buffer;
  readonly payloadLengths: readonly number[];
}

const HEADER_PLACEHOLDER = '\0'.repeat(FRAME_HEADER_BYTES);

// One buffer for a whole batch (a single write per group commit), encoded in one pass: the payloads
// joined with room for each header, which is filled in afterwards.
export function encodeFrames(payloads: readonly string[]): EncodedFrames {
  const joined = ['', ...payloads].join(HEADER_PLACEHOLDER); // flat: no concatenation to flatten again
  const bytes = Buffer.from(joined, 'utf8');
  const ascii = bytes.length === joined.length;
  const payloadLengths = payloads.map((payload) => (ascii ? payload.length : Buffer.byteLength(payload)));
  let offset = 0;
  for (const payloadLength of payloadLengths) {
    const start = offset + FRAME_HEADER_BYTES;
    bytes.writeUInt32LE(payloadLength, offset);
    bytes.writeUInt32LE(crc32(bytes.subarray(start, start + payloadLength)), offset + 4);
    offset = start + payloadLength;
  }
  return { bytes, payloadLengths };
}

export function isIntactPayload(bytes: Buffer, start: number, end: number, expectedCrc: number): boolean {
  return crc32(bytes.subarray(start, end)) === expectedCrc;
}

export function decodeRecord(bytes: Buffer, start: number, end: number): StoredEvent {
  return JSON.parse(bytes.toString('utf8', start, end)) as StoredEvent;
}

// Parses only the prefix up to the "type" key, falling back to the whole payload if the layout differs.
// The key cannot occur earlier: inside a JSON string every '"' is escaped.
export function decodeRecordHeader(bytes: Buffer, start: number, end: number): RecordHeader {
  const typeKeyAt = bytes.indexOf(TYPE_KEY, start);
  const prefix = typeKeyAt > start && typeKeyAt < end ? parsedOrUndefined(`${bytes.toString('utf8', start, typeKeyAt)}}`) : undefined;
  const parsed = isRecordHeader(prefix) ? prefix : (JSON.parse(bytes.toString('utf8', start, end)) as unknown);
  if (!isRecordHeader(parsed)) throw new Error('Malformed event record: missing id, streamId, revision or position');
  return parsed;
}

function parsedOrUndefined(json: string): unknown {
  try {
    return JSON.parse(json);
  } catch {
    return undefined;
  }
}

function isRecordHeader(value: unknown): value is RecordHeader {
  const candidate = value as Partial<RecordHeader> | null;
  return (
    typeof candidate === 'object' &&
    candidate !== null &&
    typeof candidate.id === 'string' &&
    typeof candidate.streamId === 'string' &&
    Number.isInteger(candidate.revision) &&
    Number.isInteger(candidate.position)
  );
}
