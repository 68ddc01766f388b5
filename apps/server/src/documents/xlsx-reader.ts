import { crc32, inflateRawSync } from 'node:zlib';

/**
 * Reads the first worksheet of an uploaded Office Open XML workbook (ECMA-376) as rows of cell texts,
 * with nothing but Node: the ZIP's central directory (PKWARE APPNOTE 6.3), inflate with a ceiling,
 * and small scanners for the few parts a sheet's values need (relationships, workbook, shared
 * strings, styles, the sheet). A cell's text is what a declared inventory means by it: numbers in
 * plain decimals, dates as MM/DD/YYYY, percentages with their %, booleans TRUE/FALSE, errors as
 * Excel shows them (#N/A).
 */

/** A workbook the reader refuses; the message is shown to the user as is and says what to do. */
export class XlsxReadError extends Error {
  override name = 'XlsxReadError';
}

export interface XlsxReadOptions {
  /** Rows with a value the sheet may have; default 5,000. */
  maxRows?: number;
  /** Uncompressed bytes of the parts read, all together; default 50 MB. */
  maxBytes?: number;
}

const DEFAULT_MAX_ROWS = 5_000;
const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
/**
 * Cells the rows may hold, the empty ones between values included and each empty row counted as
 * one: a few bytes of XML can put a value at column XFD or row 1,000,000, and the rows would then be
 * almost all gaps.
 */
const MAX_CELLS = 1_000_000;

const SAVE_AGAIN = 'Open it in Excel, save it as .xlsx (Excel Workbook) or CSV and upload it again.';
const NOT_A_WORKBOOK = `The file is not an Excel workbook (.xlsx). ${SAVE_AGAIN}`;
const OLD_OR_PROTECTED =
  'The file is an older Excel workbook (.xls) or a password-protected one. Open it in Excel, save it as .xlsx (Excel Workbook) without a password, or as CSV, and upload it again.';
const DAMAGED = `The workbook is damaged or was not uploaded completely. ${SAVE_AGAIN}`;
const ENCRYPTED = 'The workbook is encrypted. Open it in Excel, save it as .xlsx (Excel Workbook) without a password, or as CSV, and upload it again.';
const UNSUPPORTED_COMPRESSION = `The workbook is compressed in a way that cannot be read here. ${SAVE_AGAIN}`;
const NO_WORKSHEET = 'The workbook has no worksheet to read. Put the inventory on the first sheet, save it and upload it again.';

// ZIP records (PKWARE APPNOTE 6.3).
const LOCAL_FILE_HEADER = 0x04034b50;
const CENTRAL_DIRECTORY_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END_LOCATOR = 0x07064b50;
/** The end record's fixed part; a comment of up to 65,535 bytes may follow it. */
const END_RECORD_SIZE = 22;
const LOCAL_HEADER_SIZE = 30;
const CENTRAL_HEADER_SIZE = 46;
const STORED = 0;
const DEFLATE = 8;
/** General purpose flag bit 0: the entry is encrypted. Bit 11: its name is UTF-8. */
const FLAG_ENCRYPTED = 0x0001;
const FLAG_UTF8_NAME = 0x0800;
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** An OLE compound file: an .xls workbook, or an .xlsx Excel has encrypted with a password. */
const OLE_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const ZIP_SIGNATURE = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

interface ZipEntry {
  flags: number;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  offset: number;
}

interface Package {
  /** The text of a part, or undefined when the package has none of that name. */
  read(partName: string): string | undefined;
}

/** `1.2 MB`, `800 KB`: a limit as a user reads it. */
function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** The refusal of a workbook whose parts unpack to more than `maxBytes`. */
function tooLarge(maxBytes: number): XlsxReadError {
  return new XlsxReadError(
    `The workbook is too large to read: its contents unpack to more than ${byteSize(maxBytes)}. Split it into smaller files and upload them one at a time.`,
  );
}

/** The refusal of a ZIP64 archive: a workbook over 4 GB or of more than 65,535 parts. */
function tooLargeForZip(): XlsxReadError {
  return new XlsxReadError('The workbook is too large to read (over 4 GB, or over 65,535 parts). Split it into smaller files and upload them one at a time.');
}

/** What the file is when it is not a ZIP: a cut-off workbook, an old or protected one, or something else. */
function notZipError(data: Buffer): XlsxReadError {
  if (data.subarray(0, ZIP_SIGNATURE.length).equals(ZIP_SIGNATURE)) return new XlsxReadError(DAMAGED);
  if (data.subarray(0, OLE_SIGNATURE.length).equals(OLE_SIGNATURE)) return new XlsxReadError(OLD_OR_PROTECTED);
  return new XlsxReadError(NOT_A_WORKBOOK);
}

/** The offset of the End Of Central Directory record, searched backwards past any comment. */
function findEndOfCentralDirectory(data: Buffer): number {
  const last = data.length - END_RECORD_SIZE;
  for (let at = last; at >= 0 && at >= last - MAX_16; at--) {
    if (data.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY && at + END_RECORD_SIZE + data.readUInt16LE(at + 20) <= data.length) return at;
  }
  throw notZipError(data);
}

/** Part names compare without case (Open Packaging Conventions), with `/` and without a leading one. */
function partKey(name: string): string {
  return name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
}

/** The entries of the central directory, by part name. */
function readCentralDirectory(data: Buffer, end: number): Map<string, ZipEntry> {
  if (end >= 20 && data.readUInt32LE(end - 20) === ZIP64_END_LOCATOR) throw tooLargeForZip();
  const disk = data.readUInt16LE(end + 4);
  const directoryDisk = data.readUInt16LE(end + 6);
  const count = data.readUInt16LE(end + 10);
  const size = data.readUInt32LE(end + 12);
  const start = data.readUInt32LE(end + 16);
  if (count === MAX_16 || size === MAX_32 || start === MAX_32) throw tooLargeForZip();
  if (disk !== 0 || directoryDisk !== 0 || start + size > end) throw new XlsxReadError(DAMAGED);
  const entries = new Map<string, ZipEntry>();
  let at = start;
  for (let i = 0; i < count; i++) {
    if (at + CENTRAL_HEADER_SIZE > end || data.readUInt32LE(at) !== CENTRAL_DIRECTORY_HEADER) throw new XlsxReadError(DAMAGED);
    const flags = data.readUInt16LE(at + 8);
    const nameEnd = at + CENTRAL_HEADER_SIZE + data.readUInt16LE(at + 28);
    if (nameEnd > end) throw new XlsxReadError(DAMAGED);
    const key = partKey(data.toString(flags & FLAG_UTF8_NAME ? 'utf8' : 'latin1', at + CENTRAL_HEADER_SIZE, nameEnd));
    // Two entries of one name would let two readers see two different workbooks.
    if (entries.has(key)) throw new XlsxReadError(DAMAGED);
    entries.set(key, {
      flags,
      method: data.readUInt16LE(at + 10),
      crc: data.readUInt32LE(at + 16),
      compressedSize: data.readUInt32LE(at + 20),
      size: data.readUInt32LE(at + 24),
      offset: data.readUInt32LE(at + 42),
    });
    at = nameEnd + data.readUInt16LE(at + 30) + data.readUInt16LE(at + 32);
  }
  return entries;
}

/**
 * An entry's uncompressed bytes, checked against its declared size and CRC. Inflating stops at the
 * declared size, and the declared size may not exceed `allowance`: a small file cannot unpack into
 * more memory than the limit.
 */
function entryContent(data: Buffer, entry: ZipEntry, allowance: number, maxBytes: number): Buffer {
  if (entry.flags & FLAG_ENCRYPTED) throw new XlsxReadError(ENCRYPTED);
  if (entry.size === MAX_32 || entry.compressedSize === MAX_32 || entry.offset === MAX_32) throw tooLargeForZip();
  if (entry.size > allowance) throw tooLarge(maxBytes);
  const at = entry.offset;
  if (at + LOCAL_HEADER_SIZE > data.length || data.readUInt32LE(at) !== LOCAL_FILE_HEADER) throw new XlsxReadError(DAMAGED);
  const start = at + LOCAL_HEADER_SIZE + data.readUInt16LE(at + 26) + data.readUInt16LE(at + 28);
  if (start + entry.compressedSize > data.length) throw new XlsxReadError(DAMAGED);
  const stored = data.subarray(start, start + entry.compressedSize);
  let content: Buffer;
  if (entry.method === STORED) {
    content = stored;
  } else if (entry.method === DEFLATE) {
    try {
      content = inflateRawSync(stored, { maxOutputLength: Math.max(entry.size, 1) });
    } catch (error) {
      // Corrupt data, or more data than the entry declares.
      throw new XlsxReadError(DAMAGED, { cause: error });
    }
  } else {
    throw new XlsxReadError(UNSUPPORTED_COMPRESSION);
  }
  if (content.length !== entry.size || crc32(content) !== entry.crc) throw new XlsxReadError(DAMAGED);
  return content;
}

const UTF8 = new TextDecoder('utf-8');
const UTF16LE = new TextDecoder('utf-16le');
const UTF16BE = new TextDecoder('utf-16be');

/** A part's XML as text: UTF-8, or UTF-16 when it starts with that byte-order mark. */
function decodeText(content: Buffer): string {
  if (content[0] === 0xff && content[1] === 0xfe) return UTF16LE.decode(content);
  if (content[0] === 0xfe && content[1] === 0xff) return UTF16BE.decode(content);
  return UTF8.decode(content);
}

/** Opens the ZIP of a workbook; its parts are inflated as they are read, within `maxBytes` in all. */
function openPackage(bytes: Uint8Array, maxBytes: number): Package {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries = readCentralDirectory(data, findEndOfCentralDirectory(data));
  let used = 0;
  return {
    read(partName) {
      const entry = entries.get(partKey(partName));
      if (!entry) return undefined;
      const content = entryContent(data, entry, maxBytes - used, maxBytes);
      used += content.length;
      return decodeText(content);
    },
  };
}

// XML: the parts are machine-written, so a scanner of tags and text is enough; no DTD is expanded.

interface XmlHandler {
  /** An element's start; `attributes` is the raw text for `attributesOf`. `empty`: it is self-closing. */
  open(name: string, attributes: string, empty: boolean): void;
  close(name: string): void;
  /** Character data as written (`cdata`: from a CDATA section, so without entities). */
  text(raw: string, cdata: boolean): void;
}

const SPACE = 0x20;
const EXCLAMATION_MARK = 0x21;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const SLASH = 0x2f;
const LESS_THAN = 0x3c;
const GREATER_THAN = 0x3e;
const QUESTION_MARK = 0x3f;
const DOCTYPE = /<!DOCTYPE[^[>]*(?:\[[^\]]*\])?\s*>/y;
const ATTRIBUTE = /([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(?:#(\d+)|#x([0-9a-fA-F]+)|(amp|lt|gt|quot|apos));/g;
const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** Characters Excel writes as `_xHHHH_` in cell text (ST_Xstring), a line's carriage return above all. */
const XSTRING_ESCAPE = /_x([0-9a-fA-F]{4})_/g;

/** `x:c` → `c`: elements and attributes are known by their local names, whatever the prefix. */
function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1);
}

/** Decodes the five XML entities and character references; anything else stays as written. */
function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole: string, decimal: string | undefined, hex: string | undefined, named: string | undefined) => {
    if (named) return NAMED_ENTITIES[named] ?? whole;
    const code = decimal !== undefined ? Number.parseInt(decimal, 10) : Number.parseInt(hex ?? '', 16);
    return code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : whole;
  });
}

/** Character data as an XML reader gives it: line ends as `\n`, entities decoded. */
function xmlText(raw: string, cdata: boolean): string {
  const text = raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw;
  return cdata ? text : decodeEntities(text);
}

/** Cell text with Excel's `_xHHHH_` escapes decoded. */
function cellString(text: string): string {
  return text.includes('_x') ? text.replace(XSTRING_ESCAPE, (_whole: string, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))) : text;
}

/** An element's attributes by local name; namespace declarations are left out. */
function attributesOf(raw: string): Map<string, string> {
  const attributes = new Map<string, string>();
  if (!raw) return attributes;
  ATTRIBUTE.lastIndex = 0;
  for (let m = ATTRIBUTE.exec(raw); m; m = ATTRIBUTE.exec(raw)) {
    const name = m[1]!;
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    attributes.set(localName(name), decodeEntities(m[2] ?? m[3] ?? ''));
  }
  return attributes;
}

/** The index after `end`, searched from `from`; a part that stops before it is damaged. */
function skipPast(xml: string, end: string, from: number): number {
  const at = xml.indexOf(end, from);
  if (at === -1) throw new XlsxReadError(DAMAGED);
  return at + end.length;
}

/** The `>` that ends the tag whose text starts at `from`: quoted attribute values may hold `>`. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i++) {
    const c = xml.charCodeAt(i);
    if (quote) {
      if (c === quote) quote = 0;
    } else if (c === QUOTE || c === APOSTROPHE) {
      quote = c;
    } else if (c === GREATER_THAN) {
      return i;
    } else if (c === LESS_THAN) {
      break;
    }
  }
  throw new XlsxReadError(DAMAGED);
}

/** The end of the element name that starts at `from`. */
function nameEnd(xml: string, from: number, end: number): number {
  let i = from;
  while (i < end) {
    const c = xml.charCodeAt(i);
    if (c <= SPACE || c === SLASH) break;
    i++;
  }
  return i;
}

/** Walks a part's XML, telling `handler` each element's start and end and the text between. */
function scanXml(xml: string, handler: XmlHandler): void {
  let at = 0;
  for (let lt = xml.indexOf('<'); lt !== -1; lt = xml.indexOf('<', at)) {
    if (lt > at) handler.text(xml.slice(at, lt), false);
    const next = xml.charCodeAt(lt + 1);
    if (next === QUESTION_MARK) {
      at = skipPast(xml, '?>', lt + 2);
    } else if (next !== EXCLAMATION_MARK) {
      const gt = tagEnd(xml, lt + 1);
      const closing = next === SLASH;
      const start = closing ? lt + 2 : lt + 1;
      const end = nameEnd(xml, start, gt);
      if (end === start) throw new XlsxReadError(DAMAGED);
      const name = localName(xml.slice(start, end));
      if (closing) {
        handler.close(name);
      } else {
        const empty = xml.charCodeAt(gt - 1) === SLASH;
        handler.open(name, xml.slice(end, empty ? gt - 1 : gt), empty);
      }
      at = gt + 1;
    } else if (xml.startsWith('<!--', lt)) {
      at = skipPast(xml, '-->', lt + 4);
    } else if (xml.startsWith('<![CDATA[', lt)) {
      at = skipPast(xml, ']]>', lt + 9);
      handler.text(xml.slice(lt + 9, at - 3), true);
    } else {
      DOCTYPE.lastIndex = lt;
      if (!DOCTYPE.test(xml)) throw new XlsxReadError(DAMAGED);
      at = DOCTYPE.lastIndex;
    }
  }
}

// The package: relationships, workbook, shared strings, styles.

interface Relationship {
  id: string;
  type: string;
  /** The part it points to, as a name in the package. */
  target: string;
}

/** `xl/workbook.xml` → `xl/`. */
function folderOf(partName: string): string {
  return partName.slice(0, partName.lastIndexOf('/') + 1);
}

/** A relationship's target as a part name: absolute (`/xl/…`) or relative to the source part's folder. */
function resolveTarget(sourceFolder: string, target: string): string {
  let path = target.split('#')[0]!;
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: the name as written.
  }
  const segments: string[] = [];
  for (const segment of (path.startsWith('/') ? path : sourceFolder + path).split('/')) {
    if (segment === '..') segments.pop();
    else if (segment !== '' && segment !== '.') segments.push(segment);
  }
  return segments.join('/');
}

/** The relationships of a part (`''` for the package's own, `_rels/.rels`), in document order. */
function readRelationships(pkg: Package, partName: string): Relationship[] | undefined {
  const folder = folderOf(partName);
  const xml = pkg.read(`${folder}_rels/${partName.slice(folder.length)}.rels`);
  if (xml === undefined) return undefined;
  const relationships: Relationship[] = [];
  scanXml(xml, {
    open(name, raw) {
      if (name !== 'Relationship') return;
      const attributes = attributesOf(raw);
      const target = attributes.get('Target');
      if (!target || attributes.get('TargetMode') === 'External') return;
      relationships.push({ id: attributes.get('Id') ?? '', type: attributes.get('Type') ?? '', target: resolveTarget(folder, target) });
    },
    close() {},
    text() {},
  });
  return relationships;
}

/** The target of the first relationship of a type (`…/worksheet`, `…/styles`; transitional or strict). */
function targetOfType(relationships: Relationship[] | undefined, type: string): string | undefined {
  return relationships?.find((r) => r.type.endsWith(`/${type}`))?.target;
}

interface Workbook {
  /** The `r:id` of each sheet, in the workbook's order (the order of its tabs). */
  sheetIds: string[];
  /** Dates count from 1904-01-01 (Excel for Mac before 2011). */
  date1904: boolean;
}

/** The workbook's sheets in order and its date system. */
function readWorkbook(xml: string): Workbook {
  const workbook: Workbook = { sheetIds: [], date1904: false };
  let inSheets = false;
  scanXml(xml, {
    open(name, raw, empty) {
      if (name === 'sheets') inSheets = !empty;
      else if (name === 'sheet' && inSheets) workbook.sheetIds.push(attributesOf(raw).get('id') ?? '');
      else if (name === 'workbookPr') workbook.date1904 = ['1', 'true'].includes(attributesOf(raw).get('date1904') ?? '');
    },
    close(name) {
      if (name === 'sheets') inSheets = false;
    },
    text() {},
  });
  return workbook;
}

/**
 * The texts of the shared-string table, by index: each `<si>`'s `<t>`, or its rich-text runs'
 * joined; phonetic guides (`<rPh>`) are left out.
 */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string | undefined;
  let collecting = false;
  let phonetic = 0;
  scanXml(xml, {
    open(name, _raw, empty) {
      if (name === 'si') {
        if (empty) strings.push('');
        else current = '';
      } else if (name === 'rPh' && !empty) {
        phonetic++;
      } else if (name === 't' && !empty && current !== undefined && phonetic === 0) {
        collecting = true;
      }
    },
    close(name) {
      if (name === 'si' && current !== undefined) {
        strings.push(cellString(current));
        current = undefined;
      } else if (name === 'rPh') {
        phonetic = Math.max(0, phonetic - 1);
      } else if (name === 't') {
        collecting = false;
      }
    },
    text(raw, cdata) {
      if (collecting) current += xmlText(raw, cdata);
    },
  });
  return strings;
}

/** How a number cell reads: as a number, a date or a percentage. */
type NumberKind = 'number' | 'date' | 'percent';

/** Built-in date formats (m/d/yyyy, d-mmm-yy, d-mmm, mmm-yy, m/d/yy h:mm); 18–21 and 45–47 are times of day. */
const BUILT_IN_DATES = new Set([14, 15, 16, 17, 22]);
const BUILT_IN_PERCENTS = new Set([9, 10]);

/**
 * What a custom format code shows: a date when it has a day, month or year (`m` beside `h` or `s` is
 * minutes), a percentage when it has `%`. Quoted text, escaped characters, colours and conditions
 * do not count; elapsed-time brackets (`[h]`) do.
 */
function formatCodeKind(code: string): NumberKind {
  const bare = code
    .replace(/\[([hms]+)\]/gi, '$1')
    .replace(/"[^"]*"|\\.|[_*].|\[[^\]]*\]/g, '')
    .toLowerCase();
  if (/[dy]/.test(bare) || (bare.includes('m') && !/[hs]/.test(bare))) return 'date';
  if (bare.includes('%')) return 'percent';
  return 'number';
}

/** How each cell style (`s`, an index into `<cellXfs>`) shows a number. */
function readStyles(xml: string): NumberKind[] {
  const codes = new Map<number, string>();
  const formatIds: number[] = [];
  let parent = '';
  scanXml(xml, {
    open(name, raw, empty) {
      if ((name === 'numFmts' || name === 'cellXfs') && !empty) {
        parent = name;
      } else if (name === 'numFmt' && parent === 'numFmts') {
        const attributes = attributesOf(raw);
        codes.set(Number(attributes.get('numFmtId')), attributes.get('formatCode') ?? '');
      } else if (name === 'xf' && parent === 'cellXfs') {
        formatIds.push(Number(attributesOf(raw).get('numFmtId') ?? 0));
      }
    },
    close(name) {
      if (name === parent) parent = '';
    },
    text() {},
  });
  return formatIds.map((id) => {
    const code = codes.get(id);
    if (code !== undefined) return formatCodeKind(code);
    if (BUILT_IN_DATES.has(id)) return 'date';
    return BUILT_IN_PERCENTS.has(id) ? 'percent' : 'number';
  });
}

// Values.

const NUMBER_TEXT = /^\s*[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?\s*$/;
const EXPONENT_FORM = /^(-?)(\d+)(?:\.(\d+))?(?:e([+-]?\d+))?$/;
/** Excel keeps 15 significant digits; up to that many are written out in full. */
const EXCEL_DIGITS = 15;
const MS_PER_DAY = 86_400_000;
/** Serial 0 of the 1900 date system once its fictitious 29 February 1900 (serial 60) is behind. */
const EPOCH_1900 = Date.UTC(1899, 11, 30);
const EPOCH_1904 = Date.UTC(1904, 0, 1);
const LAST_DATE = Date.UTC(9999, 11, 31);

interface Decimal {
  sign: string;
  /** The significant digits, without leading or trailing zeros. */
  digits: string;
  /** How many of the digits stand before the decimal point (negative: zeros after it first). */
  point: number;
}

/** A finite, non-zero number's shortest decimal digits and where its decimal point goes. */
function decimalOf(value: number): Decimal {
  const m = EXPONENT_FORM.exec(String(value))!;
  const whole = m[2]!;
  const all = whole + (m[3] ?? '');
  const leading = all.length - all.replace(/^0+/, '').length;
  return { sign: m[1]!, digits: all.slice(leading).replace(/0+$/, ''), point: whole.length + Number(m[4] ?? 0) - leading };
}

/** The decimal written out without an exponent. */
function plainText({ sign, digits, point }: Decimal): string {
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The shortest text that reads back as the same finite number; no exponent for up to 15 significant digits. */
function numberText(value: number): string {
  const text = String(value);
  if (!text.includes('e')) return text;
  const decimal = decimalOf(value);
  return decimal.digits.length > EXCEL_DIGITS ? text : plainText(decimal);
}

/** A finite fraction as the percentage it shows: 0.4 → `40%`, 0.125 → `12.5%` (the digits moved, not multiplied). */
function percentText(value: number): string {
  if (value === 0) return '0%';
  const decimal = decimalOf(value);
  return `${plainText({ ...decimal, point: decimal.point + 2 })}%`;
}

/**
 * A date serial as MM/DD/YYYY (its time of day dropped), or undefined when it is no date Excel
 * shows. 1900 system: serial 1 is 01/01/1900 and serial 60 the 02/29/1900 Excel keeps from Lotus
 * 1-2-3. 1904 system: serial 0 is 01/01/1904.
 */
function excelDateText(serial: number, date1904 = false): string | undefined {
  if (!Number.isFinite(serial) || serial < 0) return undefined;
  let days = Math.floor(Math.round(serial * MS_PER_DAY) / MS_PER_DAY);
  if (!date1904) {
    if (days === 60) return '02/29/1900';
    if (days < 1) return undefined;
    if (days < 60) days += 1;
  }
  const ms = (date1904 ? EPOCH_1904 : EPOCH_1900) + days * MS_PER_DAY;
  if (ms > LAST_DATE) return undefined;
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getUTCMonth() + 1)}/${pad(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

interface SheetContext {
  strings: string[] | undefined;
  styles: NumberKind[];
  date1904: boolean;
  maxRows: number;
}

/** A number cell's text as its style shows it. */
function numberCellText(raw: string, kind: NumberKind, date1904: boolean): string {
  if (!NUMBER_TEXT.test(raw)) return raw.trim();
  const value = Number(raw);
  if (!Number.isFinite(value)) return raw.trim();
  if (kind === 'date') return excelDateText(value, date1904) ?? numberText(value);
  return kind === 'percent' ? percentText(value) : numberText(value);
}

/** An ISO 8601 date cell (`t="d"`) as MM/DD/YYYY. */
function isoDateText(raw: string): string {
  const m = /^\s*(\d{4})-(\d{2})-(\d{2})/.exec(raw);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : raw.trim();
}

/** The text of one cell from its type, style, `<v>` and inline string. */
function cellText(context: SheetContext, type: string, style: number, value: string, inline: string | undefined): string {
  switch (type) {
    case 's': {
      if (value.trim() === '') return '';
      const text = context.strings?.[Number(value)];
      if (text === undefined) throw new XlsxReadError(DAMAGED);
      return text;
    }
    case 'inlineStr':
      return cellString(inline ?? value);
    case 'str':
      return cellString(value);
    case 'b': {
      const flag = value.trim().toLowerCase();
      if (flag === '') return '';
      return flag === '1' || flag === 'true' ? 'TRUE' : 'FALSE';
    }
    case 'e':
      return value.trim();
    case 'd':
      return isoDateText(value);
    default:
      return numberCellText(value, context.styles[style] ?? 'number', context.date1904);
  }
}

const CELL_REFERENCE = /^([A-Za-z]{1,3})\d*$/;
const ROW_NUMBER = /^\s*[1-9]\d*\s*$/;

/** `B3` → 1: a reference's 0-based column, or undefined when it has none. */
function columnOf(reference: string | undefined): number | undefined {
  const m = reference === undefined ? null : CELL_REFERENCE.exec(reference.trim());
  if (!m) return undefined;
  let column = 0;
  for (const letter of m[1]!.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

/**
 * The rows of a worksheet's `<sheetData>`, each cell at its reference's place: gaps are '', rows
 * without a value are empty, and neither trailing empty cells nor trailing empty rows are kept.
 */
function readSheetRows(xml: string, context: SheetContext): string[][] {
  const rows: string[][] = [];
  let filledRows = 0;
  let cells = 0;
  let rowIndex = -1;
  let column = -1;
  let cell: { type: string; style: number } | undefined;
  let value = '';
  let inline: string | undefined;
  let inInline = false;
  let phonetic = 0;
  let collecting: 'value' | 'inline' | undefined;

  const spend = (count: number) => {
    cells += count;
    if (cells > MAX_CELLS) {
      throw new XlsxReadError(
        'The sheet is too large to read: its values are spread over more than 1,000,000 cells, counting the empty ones between them. Delete the rows and columns the inventory does not need, or split it, and upload it again.',
      );
    }
  };

  const place = (text: string) => {
    if (text === '') return;
    if (rowIndex >= rows.length) {
      spend(rowIndex + 1 - rows.length);
      while (rows.length <= rowIndex) rows.push([]);
    }
    const row = rows[rowIndex]!;
    if (row.length === 0 && ++filledRows > context.maxRows) {
      throw new XlsxReadError(`The sheet has more than ${context.maxRows} rows: split it into files of at most ${context.maxRows} rows and upload them one at a time.`);
    }
    if (column >= row.length) {
      spend(column + 1 - row.length);
      while (row.length < column) row.push('');
      row.push(text);
    } else {
      row[column] = text;
    }
  };

  const endCell = () => {
    if (cell) place(cellText(context, cell.type, cell.style, value, inline));
    cell = undefined;
    collecting = undefined;
    inInline = false;
  };

  scanXml(xml, {
    open(name, raw, empty) {
      switch (name) {
        case 'row': {
          const r = attributesOf(raw).get('r');
          rowIndex = r !== undefined && ROW_NUMBER.test(r) ? Number(r) - 1 : rowIndex + 1;
          column = -1;
          break;
        }
        case 'c': {
          if (rowIndex < 0) rowIndex = 0;
          const attributes = attributesOf(raw);
          column = columnOf(attributes.get('r')) ?? column + 1;
          cell = { type: attributes.get('t') ?? 'n', style: Number(attributes.get('s') ?? 0) };
          value = '';
          inline = undefined;
          phonetic = 0;
          if (empty) endCell();
          break;
        }
        case 'v':
          if (cell && !empty) collecting = 'value';
          break;
        case 'is':
          if (cell) {
            inline = '';
            inInline = !empty;
          }
          break;
        case 'rPh':
          if (inInline && !empty) phonetic++;
          break;
        case 't':
          if (inInline && phonetic === 0 && !empty) collecting = 'inline';
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'c':
          endCell();
          break;
        case 'v':
        case 't':
          collecting = undefined;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          phonetic = Math.max(0, phonetic - 1);
          break;
      }
    },
    text(raw, cdata) {
      if (collecting === 'value') value += xmlText(raw, cdata);
      else if (collecting === 'inline') inline += xmlText(raw, cdata);
    },
  });
  return rows;
}

/**
 * The first worksheet's rows (workbook order), each a list of cell texts: shared, inline and
 * formula strings as they are; numbers in plain decimals; date-formatted numbers as MM/DD/YYYY;
 * percent-formatted ones as `40%`; booleans TRUE/FALSE; errors as Excel shows them. A cell's place
 * follows its reference, so gaps are '' and rows without a value are empty lists; trailing empty
 * cells and rows are left out. Throws XlsxReadError, its message for the user, for anything it
 * cannot or will not read.
 */
export function readXlsxRows(bytes: Uint8Array, options: XlsxReadOptions = {}): string[][] {
  const maxRows = options.maxRows ?? DEFAULT_MAX_ROWS;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const pkg = openPackage(bytes, maxBytes);

  const workbookPart = targetOfType(readRelationships(pkg, ''), 'officeDocument') ?? 'xl/workbook.xml';
  // An .xlsb workbook's parts are binary.
  const workbookXml = workbookPart.toLowerCase().endsWith('.xml') ? pkg.read(workbookPart) : undefined;
  if (workbookXml === undefined) throw new XlsxReadError(NOT_A_WORKBOOK);
  const workbook = readWorkbook(workbookXml);
  const relationships = readRelationships(pkg, workbookPart);
  const folder = folderOf(workbookPart);

  // The first sheet that is a worksheet: a chart sheet has no cells.
  let sheetPart: string | undefined;
  for (const id of workbook.sheetIds) {
    const relationship = relationships?.find((r) => r.id === id);
    if (relationship?.type.endsWith('/worksheet')) {
      sheetPart = relationship.target;
      break;
    }
  }
  const sheetXml = pkg.read(sheetPart ?? `${folder}worksheets/sheet1.xml`);
  if (sheetXml === undefined) throw new XlsxReadError(NO_WORKSHEET);

  const stringsXml = pkg.read(targetOfType(relationships, 'sharedStrings') ?? `${folder}sharedStrings.xml`);
  const stylesXml = pkg.read(targetOfType(relationships, 'styles') ?? `${folder}styles.xml`);
  return readSheetRows(sheetXml, {
    strings: stringsXml === undefined ? undefined : readSharedStrings(stringsXml),
    styles: stylesXml === undefined ? [] : readStyles(stylesXml),
    date1904: workbook.date1904,
    maxRows,
  });
}
