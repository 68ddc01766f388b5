import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { crc32, deflateRawSync } from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DocumentColumn, DocumentRow } from '../../src/documents/table-document.ts';
import { createXlsxWriter } from '../../src/documents/xlsx-writer.ts';
import { readXlsxRows, XlsxReadError } from '../../src/documents/xlsx-reader.ts';

/** The bytes of an ExcelJS workbook built by `build`. */
async function excelJsBytes(build: (workbook: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

/** The bytes of a workbook from the project's own xlsx export. */
async function writerBytes(columns: DocumentColumn[], rows: DocumentRow[]): Promise<Buffer> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const writer = createXlsxWriter(output, { title: 'Declared inventory', columns });
  await writer.addRows(rows);
  await writer.finish();
  return Buffer.concat(chunks);
}

interface TestEntry {
  name: string;
  content: string | Buffer;
  /** 0 stored, 8 deflated (the default), anything else as given. */
  method?: number;
  flags?: number;
  /** What the directory claims the uncompressed size is, when it should lie. */
  declaredSize?: number;
  /** The bytes stored, when they are not the content compressed by `method`. */
  stored?: Buffer;
}

/** A ZIP of the entries as given, so that a test can make one any way it likes. */
function zip(entries: TestEntry[], comment = ''): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const data = typeof entry.content === 'string' ? Buffer.from(entry.content, 'utf8') : entry.content;
    const method = entry.method ?? 8;
    const stored = entry.stored ?? (method === 8 ? deflateRawSync(data) : data);
    const name = Buffer.from(entry.name, 'utf8');
    const flags = entry.flags ?? 0x0800;
    const crc = crc32(data);
    const size = entry.declaredSize ?? data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(flags, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(stored.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, stored);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(flags, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(stored.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const commentBytes = Buffer.from(comment, 'latin1');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  end.writeUInt16LE(commentBytes.length, 20);
  return Buffer.concat([...locals, directory, end, commentBytes]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
const WORKSHEET = `${REL}/worksheet`;

function rels(relationships: Array<{ id: string; type: string; target: string }>): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="${PKG_REL}">` +
    relationships.map((r) => `<Relationship Id="${r.id}" Type="${r.type}" Target="${r.target}"/>`).join('') +
    '</Relationships>'
  );
}

const ROOT_RELS = { name: '_rels/.rels', content: rels([{ id: 'rId1', type: `${REL}/officeDocument`, target: 'xl/workbook.xml' }]) };

/** A workbook of one sheet whose `<sheetData>` holds `sheetData`. */
function oneSheetZip(sheetData: string): Buffer {
  return zip([
    ROOT_RELS,
    {
      name: 'xl/workbook.xml',
      content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Inventory" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    { name: 'xl/_rels/workbook.xml.rels', content: rels([{ id: 'rId1', type: WORKSHEET, target: 'worksheets/sheet1.xml' }]) },
    { name: 'xl/worksheets/sheet1.xml', content: `<worksheet xmlns="${MAIN}"><sheetData>${sheetData}</sheetData></worksheet>` },
  ]);
}

/** Runs `read` and answers the XlsxReadError it throws. */
function refusal(read: () => unknown): XlsxReadError {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(XlsxReadError);
    return error as XlsxReadError;
  }
  throw new Error('The workbook was read.');
}

describe('readXlsxRows', () => {
  it('reads strings, numbers, booleans and errors as text', async () => {
    const bytes = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      sheet.addRow(['NDC', 'Labeler', 'Quantity', 'Fill', 'Small', 'Big', 'Controlled', 'Check']);
      sheet.addRow(['00406051201', '00406', 406051201, 0.4, 1e-7, 12345678901, true, { error: '#N/A' }]);
      sheet.addRow(['0093-0058-01', ' padded ', -2.5, 1e21, 0.30000000000000004, 123456789012345680000, false, 0]);
    });
    expect(readXlsxRows(bytes)).toEqual([
      ['NDC', 'Labeler', 'Quantity', 'Fill', 'Small', 'Big', 'Controlled', 'Check'],
      ['00406051201', '00406', '406051201', '0.4', '0.0000001', '12345678901', 'TRUE', '#N/A'],
      // Over 15 significant digits: the shortest text that reads back as the same number.
      ['0093-0058-01', ' padded ', '-2.5', '1000000000000000000000', '0.30000000000000004', '123456789012345680000', 'FALSE', '0'],
    ]);
  });

  it('places cells by their reference: gaps are empty, trailing empty cells and rows are left out', async () => {
    const bytes = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      sheet.getCell('A1').value = 'a';
      sheet.getCell('C1').value = 'c';
      // Formatted but empty: no value to read.
      sheet.getCell('F1').numFmt = '0.00';
      sheet.getCell('F1').value = null;
      sheet.getCell('B4').value = 4;
      sheet.getCell('AB5').value = 'far';
      sheet.getCell('A9').value = '';
      sheet.getCell('D12').font = { bold: true };
    });
    const rows = readXlsxRows(bytes);
    expect(rows).toHaveLength(5);
    expect(rows.slice(0, 4)).toEqual([['a', '', 'c'], [], [], ['', '4']]);
    expect(rows[4]).toHaveLength(28);
    expect(rows[4]![27]).toBe('far');
    expect(rows[4]!.slice(0, 27).every((text) => text === '')).toBe(true);
  });

  it('reads the first sheet of the workbook when there are several', async () => {
    const bytes = await excelJsBytes((workbook) => {
      const removed = workbook.addWorksheet('Old');
      workbook.addWorksheet('Inventory').addRow(['first', 1]);
      workbook.addWorksheet('Notes').addRow(['second', 2]);
      // The workbook's first sheet is now sheet2.xml.
      workbook.removeWorksheet(removed.id);
    });
    expect(readXlsxRows(bytes)).toEqual([['first', '1']]);
  });

  it('follows the workbook order, not the part names, and an absolute target', () => {
    const sheet = (text: string) => `<worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row></sheetData></worksheet>`;
    const bytes = zip([
      ROOT_RELS,
      {
        name: 'xl/workbook.xml',
        content:
          `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets>` +
          '<sheet name="Chart" sheetId="4" r:id="rId4"/><sheet name="Inventory" sheetId="3" r:id="rId3"/><sheet name="Sheet1" sheetId="1" r:id="rId1"/>' +
          '</sheets></workbook>',
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        content: rels([
          { id: 'rId1', type: WORKSHEET, target: 'worksheets/sheet1.xml' },
          { id: 'rId3', type: WORKSHEET, target: '/xl/worksheets/sheet3.xml' },
          { id: 'rId4', type: `${REL}/chartsheet`, target: 'chartsheets/sheet1.xml' },
        ]),
      },
      { name: 'xl/worksheets/sheet1.xml', content: sheet('not this one') },
      { name: 'xl/worksheets/sheet3.xml', content: sheet('the first worksheet') },
      { name: 'xl/chartsheets/sheet1.xml', content: '<chartsheet/>' },
    ]);
    expect(readXlsxRows(bytes)).toEqual([['the first worksheet']]);
  });

  it('reads sheet1.xml when the workbook has no relationships part', () => {
    const bytes = zip([
      { name: 'xl/workbook.xml', content: `<workbook xmlns="${MAIN}"><sheets><sheet name="S" sheetId="1" r:id="rId9"/></sheets></workbook>` },
      { name: 'xl/worksheets/sheet1.xml', content: `<worksheet xmlns="${MAIN}"><sheetData><row><c><v>7</v></c></row></sheetData></worksheet>` },
    ]);
    expect(readXlsxRows(bytes)).toEqual([['7']]);
  });

  it('joins rich-text runs', async () => {
    const bytes = await excelJsBytes((workbook) => {
      workbook.addWorksheet('Inventory').addRow([
        { richText: [{ text: 'Oxy', font: { bold: true } }, { text: 'Contin ', font: { italic: true } }, { text: '10 mg' }] },
        'plain',
      ]);
    });
    expect(readXlsxRows(bytes)).toEqual([['OxyContin 10 mg', 'plain']]);
  });

  it('decodes entities and keeps non-ASCII text', async () => {
    const text = 'Tom & Jerry\'s <Pharmacy> "West" — Café, Ωmega, 東京, 💊';
    const bytes = await excelJsBytes((workbook) => {
      workbook.addWorksheet('Inventory').addRow([text, 'line 1\nline 2']);
    });
    expect(readXlsxRows(bytes)).toEqual([[text, 'line 1\nline 2']]);
  });

  it('reads date cells as MM/DD/YYYY, whatever their format', async () => {
    const bytes = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      sheet.addRow([new Date(Date.UTC(2026, 0, 31)), new Date(Date.UTC(2025, 2, 7, 14, 5, 9)), new Date(Date.UTC(1999, 11, 1)), new Date(Date.UTC(2024, 1, 29))]);
      sheet.getCell('B1').numFmt = 'dd/mm/yyyy hh:mm';
      sheet.getCell('C1').numFmt = '[$-409]d-mmm-yy;@';
      sheet.getCell('D1').numFmt = 'yyyy-mm-dd';
      // A time of day and an elapsed time are not dates.
      sheet.addRow([0.5, 1.25]);
      sheet.getCell('A2').numFmt = 'h:mm';
      sheet.getCell('B2').numFmt = '[h]:mm:ss';
    });
    expect(readXlsxRows(bytes)).toEqual([
      ['01/31/2026', '03/07/2025', '12/01/1999', '02/29/2024'],
      ['0.5', '1.25'],
    ]);
  });

  it('reads dates of a workbook in the 1904 date system', async () => {
    const bytes = await excelJsBytes((workbook) => {
      workbook.properties.date1904 = true;
      workbook.addWorksheet('Inventory').addRow([new Date(Date.UTC(2026, 0, 31))]);
    });
    expect(readXlsxRows(bytes)).toEqual([['01/31/2026']]);
  });

  it('reads percent-formatted cells as percentages', async () => {
    const bytes = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      sheet.addRow([0.4, 0.125, 0.07, 1, 0, 0.4]);
      sheet.getCell('A1').numFmt = '0%';
      sheet.getCell('B1').numFmt = '0.00%';
      sheet.getCell('C1').numFmt = '0.0%';
      sheet.getCell('D1').numFmt = '0%';
      sheet.getCell('E1').numFmt = '0%';
      // A per cent sign in quotes is text, not a percent format.
      sheet.getCell('F1').numFmt = '0.0 "%"';
    });
    expect(readXlsxRows(bytes)).toEqual([['40%', '12.5%', '7%', '100%', '0%', '0.4']]);
  });

  it("reads formulas' cached values, not the formulas", async () => {
    const bytes = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      sheet.addRow([
        4,
        { formula: 'A1*2', result: 8 },
        { formula: 'CONCAT("00","406")', result: '00406' },
        { formula: 'A1>2', result: true },
        { formula: '1/0', result: { error: '#DIV/0!' } },
        { formula: 'A1+1' },
      ]);
    });
    expect(readXlsxRows(bytes)).toEqual([['4', '8', '00406', 'TRUE', '#DIV/0!']]);
  });

  it("reads back the project's own xlsx export", async () => {
    const columns: DocumentColumn[] = [
      { label: 'Job #', type: 'number' },
      { label: 'Company', type: 'text' },
      { label: 'Pickup Date', type: 'date' },
      { label: 'Modified', type: 'timestamp' },
      { label: 'Locked', type: 'yesno' },
      { label: '% Fill', type: 'percent' },
    ];
    const bytes = await writerBytes(columns, [
      [1201, 'Acme Pharmacy', '03/07/2025', '03/07/2025 14:05:09', 'Yes', 0.125],
      [1202, '', '', '', 'No', ''],
      ['1203', 'Not <XML> & "safe"', 'soon', '12/31/2024 23:59:59', 'No', 1],
      [1204, ' 00406 ', '', '', '', 0.4],
    ]);
    expect(readXlsxRows(bytes)).toEqual([
      ['Job #', 'Company', 'Pickup Date', 'Modified', 'Locked', '% Fill'],
      ['1201', 'Acme Pharmacy', '03/07/2025', '03/07/2025', 'Yes', '12.5%'],
      ['1202', '', '', '', 'No'],
      ['1203', 'Not <XML> & "safe"', 'soon', '12/31/2024', 'No', '100%'],
      ['1204', ' 00406 ', '', '', '', '40%'],
    ]);
  });

  it('reads hand-written XML: prefixes, quotes, attribute order, CDATA, comments, stored entries', () => {
    const x = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
    const bytes = zip(
      [
        { ...ROOT_RELS, method: 0 },
        {
          name: 'xl/workbook.xml',
          method: 0,
          content: `<?xml version='1.0' encoding='UTF-8'?>\r\n<x:workbook xmlns:x='${x}' xmlns:rel='${REL}'><x:workbookPr date1904='true'/><x:sheets><x:sheet rel:id='rId1' name='Inv &amp; more' sheetId='1'/></x:sheets></x:workbook>`,
        },
        {
          name: 'xl/_rels/workbook.xml.rels',
          content: rels([
            { id: 'rId1', type: WORKSHEET, target: './worksheets/../worksheets/inventory%20sheet.xml' },
            { id: 'rId2', type: `${REL}/sharedStrings`, target: 'strings.xml' },
            { id: 'rId3', type: `${REL}/styles`, target: 'styles.xml' },
          ]),
        },
        {
          name: 'xl/strings.xml',
          content:
            `<x:sst xmlns:x="${x}"><x:si><x:t xml:space="preserve">  two  spaces </x:t></x:si>` +
            '<x:si>\n  <x:r><x:rPr><x:b/></x:rPr><x:t>東京</x:t></x:r>\n  <x:r><x:t xml:space="preserve"> 薬局</x:t></x:r>\n  <x:rPh sb="0" eb="2"><x:t>トウキョウ</x:t></x:rPh>\n</x:si>' +
            '<x:si/><x:si><x:t>line_x000D_\nbreak &#x41;&#66;&lt;&gt;&quot;&apos;&amp;amp;</x:t></x:si></x:sst>',
        },
        {
          name: 'xl/styles.xml',
          content:
            `<styleSheet xmlns="${x}"><numFmts count="2"><numFmt formatCode='"Exp: "mm/yyyy' numFmtId='170'/><numFmt numFmtId="171" formatCode="#,##0.0&quot;%&quot;"/></numFmts>` +
            '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
            '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="170" applyNumberFormat="1"/><xf numFmtId="171"/><xf numFmtId="10"/></cellXfs>' +
            '<dxfs count="1"><dxf><numFmt numFmtId="0" formatCode="0%"/></dxf></dxfs></styleSheet>',
        },
        {
          name: 'xl/worksheets/inventory sheet.xml',
          content:
            `<x:worksheet xmlns:x="${x}"><x:sheetData>` +
            `<x:row r='2' spans='1:6'><x:c t='s' r='A2'><x:v>0</x:v></x:c><x:c s="1" r="B2"><x:v>0</x:v></x:c><x:c r="C2" t="s"><x:v>1</x:v></x:c><x:c r="D2"/><x:c r="E2" t="s"><x:v>2</x:v></x:c><x:c r="F2" t="s"><x:v>3</x:v></x:c></x:row>` +
            '<!-- a comment <x:row r="3"><x:c r="A3"><x:v>9</x:v></x:c></x:row> -->' +
            '<x:row><x:c t="inlineStr"><x:is><x:t><![CDATA[<not a tag> & co]]></x:t></x:is></x:c><x:c s="2"><x:v>12.5</x:v></x:c><x:c s="3"><x:v>0.5</x:v></x:c>' +
            '<x:c t="d"><x:v>2026-01-31T00:00:00</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v>cached</x:v></x:c></x:row>' +
            '<x:row r="5"><x:c r="C5" s="99"><x:v>1.5</x:v></x:c></x:row>' +
            '</x:sheetData></x:worksheet>',
        },
      ],
      'written by hand',
    );
    expect(readXlsxRows(bytes)).toEqual([
      [],
      // Serial 0 in the 1904 system is 01/01/1904.
      ['  two  spaces ', '01/01/1904', '東京 薬局', '', '', 'line\r\nbreak AB<>"\'&amp;'],
      ['<not a tag> & co', '12.5', '50%', '01/31/2026', 'cached'],
      [],
      ['', '', '1.5'],
    ]);
  });
});

describe('readXlsxRows, refusals', () => {
  const workbookOf = async () =>
    excelJsBytes((workbook) => {
      workbook.addWorksheet('Inventory').addRow(['NDC', 'Quantity']);
    });

  it('refuses what is not a workbook', () => {
    const random = refusal(() => readXlsxRows(randomBytes(4096)));
    expect(random.message).toMatch(/^The file is not an Excel workbook \(\.xlsx\)\..*save it as \.xlsx.*or CSV and upload it again\.$/);
    expect(refusal(() => readXlsxRows(new Uint8Array(0))).message).toContain('not an Excel workbook');
    const csv = refusal(() => readXlsxRows(Buffer.from('NDC,Quantity\n00406051201,3\n')));
    expect(csv.message).toContain('not an Excel workbook');
    const ole = Buffer.alloc(1024);
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(ole);
    expect(refusal(() => readXlsxRows(ole)).message).toContain('older Excel workbook (.xls) or a password-protected one');
  });

  it('refuses a truncated workbook', async () => {
    const bytes = await workbookOf();
    const cut = refusal(() => readXlsxRows(bytes.subarray(0, Math.floor(bytes.length / 2))));
    expect(cut.message).toMatch(/damaged or was not uploaded completely.*upload it again/);
    // Whole directory, damaged sheet data (just after the sheet's local header and name).
    const damaged = Buffer.from(bytes);
    const data = damaged.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    damaged.fill(0x55, data + 4, data + 40);
    expect(refusal(() => readXlsxRows(damaged)).message).toContain('damaged');
  });

  it('refuses a zip without a workbook', () => {
    const error = refusal(() => readXlsxRows(zip([{ name: 'word/document.xml', content: '<document/>' }, { name: 'notes.txt', content: 'hello' }])));
    expect(error.message).toContain('not an Excel workbook (.xlsx)');
    const noSheet = refusal(() => readXlsxRows(zip([{ name: 'xl/workbook.xml', content: `<workbook xmlns="${MAIN}"><sheets/></workbook>` }])));
    expect(noSheet.message).toContain('no worksheet');
  });

  it('refuses a sheet of more rows than the limit', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => [`row ${i + 1}`]);
    const small = await excelJsBytes((workbook) => {
      const sheet = workbook.addWorksheet('Inventory');
      // Empty rows between do not count.
      rows.forEach((row, i) => {
        sheet.getRow(i * 2 + 1).values = row;
      });
    });
    expect(readXlsxRows(small, { maxRows: 11 })).toHaveLength(21);
    expect(refusal(() => readXlsxRows(small, { maxRows: 10 })).message).toBe(
      'The sheet has more than 10 rows: split it into files of at most 10 rows and upload them one at a time.',
    );
    // The export's header and 5,000 rows: one over the default.
    const columns: DocumentColumn[] = [{ label: 'NDC', type: 'text' }];
    const big = await writerBytes(columns, Array.from({ length: 5000 }, (_, i) => [String(i).padStart(11, '0')]));
    expect(refusal(() => readXlsxRows(big)).message).toContain('more than 5000 rows');
    expect(readXlsxRows(big, { maxRows: 5001 })).toHaveLength(5001);
  });

  it('refuses a sheet that unpacks past the limit without unpacking it', () => {
    // 60 MB of rows that deflate to well under 1 MB.
    const rows = '<row><c t="inlineStr"><is><t>x</t></is></c></row>'.repeat(1_250_000);
    const sheet = Buffer.from(`<worksheet xmlns="${MAIN}"><sheetData>${rows}</sheetData></worksheet>`);
    const compressed = deflateRawSync(sheet);
    expect(compressed.length).toBeLessThan(1024 * 1024);
    const bomb = (declaredSize?: number) =>
      zip([
        ROOT_RELS,
        { name: 'xl/workbook.xml', content: `<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>` },
        { name: 'xl/_rels/workbook.xml.rels', content: rels([{ id: 'rId1', type: WORKSHEET, target: 'worksheets/sheet1.xml' }]) },
        { name: 'xl/worksheets/sheet1.xml', content: sheet, stored: compressed, ...(declaredSize === undefined ? {} : { declaredSize }) },
      ]);
    const honest = bomb();
    const tooLarge = refusal(() => readXlsxRows(honest));
    expect(tooLarge.message).toBe('The workbook is too large to read: its contents unpack to more than 50 MB. Split it into smaller files and upload them one at a time.');
    expect(refusal(() => readXlsxRows(honest, { maxBytes: 100_000 })).message).toContain('more than 97.7 KB');
    // A directory that understates the size: inflating stops at the size it claims.
    const lying = bomb(10_000);
    expect(refusal(() => readXlsxRows(lying)).message).toContain('damaged');
  });

  it('refuses encrypted entries, other compression methods and ZIP64', () => {
    const sheet = '<row r="1"><c r="A1"><v>1</v></c></row>';
    expect(readXlsxRows(oneSheetZip(sheet))).toEqual([['1']]);
    const withSheet = (entry: Partial<TestEntry>) =>
      zip([
        { name: 'xl/workbook.xml', content: `<workbook xmlns="${MAIN}"><sheets/></workbook>` },
        { name: 'xl/worksheets/sheet1.xml', content: `<worksheet xmlns="${MAIN}"><sheetData>${sheet}</sheetData></worksheet>`, ...entry },
      ]);
    expect(refusal(() => readXlsxRows(withSheet({ flags: 0x0801 }))).message).toContain('encrypted');
    expect(refusal(() => readXlsxRows(withSheet({ method: 12 }))).message).toContain('compressed in a way that cannot be read');
    const zip64 = withSheet({});
    zip64.writeUInt32LE(0xffffffff, zip64.length - 22 + 16);
    expect(refusal(() => readXlsxRows(zip64)).message).toContain('too large to read');
    const badCrc = withSheet({});
    // The directory's CRC of the sheet: the second central header's field at +16.
    const second = badCrc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]), badCrc.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 4);
    badCrc.writeUInt32LE(0x12345678, second + 16);
    expect(refusal(() => readXlsxRows(badCrc)).message).toContain('damaged');
  });

  it('refuses values spread over a vast empty grid', () => {
    const bytes = oneSheetZip('<row r="1"><c r="A1"><v>1</v></c></row><row r="1048576"><c r="XFD1048576"><v>2</v></c></row>');
    expect(refusal(() => readXlsxRows(bytes)).message).toContain('more than 1,000,000 cells');
  });
});
