/**
 * A small ZIP (PKZIP 2.0, no ZIP64) writer and reader over node:zlib: enough for a
 * certification pack, with no dependency that could go missing offline. Entries are deflated
 * (or stored when that is smaller), named in UTF-8, dated with the pack's creation time so the
 * same pack always zips to the same bytes.
 */
import { crc32, deflateRawSync, inflateRawSync } from "node:zlib";

export interface ZipEntry {
  name: string;
  data: Buffer;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const UTF8_FLAG = 0x0800;
/** A pack is a few MB; refuse what would only be a zip bomb or a foreign archive. */
const MAX_ENTRIES = 100_000;
const MAX_ENTRY_BYTES = 512 * 1024 * 1024;

function dosDateTime(date: Date): { time: number; day: number } {
  const year = Math.max(1980, date.getUTCFullYear());
  return {
    time: (date.getUTCHours() << 11) | (date.getUTCMinutes() << 5) | Math.floor(date.getUTCSeconds() / 2),
    day: ((year - 1980) << 9) | ((date.getUTCMonth() + 1) << 5) | date.getUTCDate(),
  };
}

export function writeZip(entries: ZipEntry[], date: Date): Buffer {
  const { time, day } = dosDateTime(date);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, "utf8");
    const deflated = deflateRawSync(data, { level: 9 });
    const [method, body] = deflated.length < data.length ? [8, deflated] : [0, data];
    const common = Buffer.alloc(26);
    common.writeUInt16LE(20, 0); // version needed: 2.0
    common.writeUInt16LE(UTF8_FLAG, 2);
    common.writeUInt16LE(method, 4);
    common.writeUInt16LE(time, 6);
    common.writeUInt16LE(day, 8);
    common.writeUInt32LE(crc32(data), 10);
    common.writeUInt32LE(body.length, 14);
    common.writeUInt32LE(data.length, 18);
    common.writeUInt16LE(nameBytes.length, 22);
    common.writeUInt16LE(0, 24); // extra field length
    const local = Buffer.concat([u32(LOCAL), common, nameBytes]);
    const tail = Buffer.alloc(14); // comment length, disk, internal and external attributes, offset
    tail.writeUInt32LE(offset, 10);
    central.push(Buffer.concat([u32(CENTRAL), u16(20), common, tail, nameBytes]));
    parts.push(local, body);
    offset += local.length + body.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16LE(n);
  return b;
}

export class ZipError extends Error {
  override name = "ZipError";
}

function endRecordOffset(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 0xffff); i--) {
    if (zip.readUInt32LE(i) === END) return i;
  }
  throw new ZipError("not a zip file (no end of central directory)");
}

function inflate(name: string, raw: Buffer, size: number): Buffer {
  try {
    return inflateRawSync(raw, { maxOutputLength: Math.max(size, 1) });
  } catch (error) {
    throw new ZipError(`${name}: damaged entry (${(error as Error).message})`);
  }
}

/** Reads every file entry (folders skipped) into memory; checks each entry's CRC. */
export function readZip(zip: Buffer): Map<string, Buffer> {
  const end = endRecordOffset(zip);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  if (count > MAX_ENTRIES) throw new ZipError(`too many entries (${count})`);
  const files = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== CENTRAL) throw new ZipError("corrupt central directory");
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const [compressed, size] = [zip.readUInt32LE(at + 20), zip.readUInt32LE(at + 24)];
    const [nameLength, extraLength, commentLength] = [
      zip.readUInt16LE(at + 28),
      zip.readUInt16LE(at + 30),
      zip.readUInt16LE(at + 32),
    ];
    const localAt = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString("utf8");
    at += 46 + nameLength + extraLength + commentLength;
    if (name.endsWith("/")) continue;
    if (size > MAX_ENTRY_BYTES || compressed === 0xffffffff)
      throw new ZipError(`${name}: entry too large (ZIP64 is not supported)`);
    const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28);
    const raw = zip.subarray(dataAt, dataAt + compressed);
    if (method !== 0 && method !== 8) throw new ZipError(`${name}: unsupported compression method ${method}`);
    const data = method === 8 ? inflate(name, raw, size) : Buffer.from(raw);
    if (data.length !== size || crc32(data) !== crc)
      throw new ZipError(`${name}: damaged entry (CRC or size mismatch)`);
    // Two entries of one name: an unzip tool keeps one, the verifier another — never ambiguous.
    if (files.has(name)) throw new ZipError(`${name}: appears twice`);
    files.set(name, data);
  }
  return files;
}
