/**
 * The line checks of `clinics import` and `catalog import` (DESIGN.md 6.4), and the CSV reader's
 * line numbers; what the imports write is tests/cli/import.test.ts.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { csvRecords } from '@/lib/admin/csv';
import { CLINIC_COLUMNS, validateClinicRow } from '@/lib/domain/clinics/import-clinics';
import { ImportFileError, readHeader } from '@/lib/domain/imports';
import { SERVICE_COLUMNS, validateServiceRow } from '@/lib/domain/services/import-services';
import { geocodeZip } from '@/lib/geo/geocode';

/** Services svc-1 and svc-2; svc-2 has the externalId dotUrine. */
const resolve = (reference: string) => (['svc-1', 'svc-2'].includes(reference) ? reference : reference === 'dotUrine' ? 'svc-2' : undefined);

const clinic = (fields: Record<string, string>) =>
  validateClinicRow({ ...Object.fromEntries(CLINIC_COLUMNS.map((c) => [c, ''])), externalId: 'c-1', name: 'Clinic', postalCode: '78701', ...fields }, resolve);

describe('a clinics line', () => {
  it('a valid line: trimmed text, E.164 phone, upper-case state, US country, the position of the ZIP code, prices in cents by service id', () => {
    expect(clinic({ phone: '(512) 555-0100', state: 'tx', country: 'us', isActive: 'FALSE', services: 'dotUrine:55; svc-1:48.5;' })).toEqual({
      row: {
        externalId: 'c-1',
        name: 'Clinic',
        phone: '+15125550100',
        line1: null,
        line2: null,
        city: null,
        state: 'TX',
        postalCode: '78701',
        country: 'US',
        ...geocodeZip('78701')!,
        isActive: false,
        services: [
          ['svc-1', 4850],
          ['svc-2', 5500],
        ],
        timeZone: 'America/Chicago',
        hours: [],
        capabilities: [],
      },
    });
  });

  it('lat/long when given, whatever the ZIP code; ZIP+4 is geocoded by its first five digits', () => {
    expect(clinic({ lat: '30.5', long: '-97.25', postalCode: '99999' })).toMatchObject({ row: { lat: 30.5, long: -97.25, isActive: true } });
    expect(clinic({ postalCode: '78701-1234' })).toMatchObject({ row: { ...geocodeZip('78701')! } });
  });

  it.each([
    [{ externalId: '', name: '' }, ['externalId is required.', 'name is required.']],
    [{ name: 'x'.repeat(256) }, ['name is longer than 255 characters.']],
    [{ name: 'Two\nlines' }, ['name contains a control character (a line break, a tab...).']],
    [{ phone: '555-0100' }, ['phone "555-0100" is not a phone number (E.164 such as +15125550100, or 10 US digits).']],
    [{ state: 'Texas' }, ['state "Texas" is not a US state code (TX, NY...).']],
    [{ postalCode: '7870' }, ['postalCode "7870" is not a US ZIP code (12345 or 12345-6789).']],
    [{ postalCode: '00000' }, ['postalCode "00000" is not a known US ZIP code: give lat and long.']],
    [{ postalCode: '' }, ['A position is required: give postalCode (a US ZIP code) or lat and long.']],
    [{ lat: '30.5' }, ['lat and long go together: give both, or neither to use the ZIP code.']],
    [{ lat: '91', long: 'east' }, ['lat "91" is not a number from -90 to 90.', 'long "east" is not a number from -180 to 180.']],
    [{ country: 'CA' }, ['country "CA" is not US (the clinic network is in the US; empty means US).']],
    [{ isActive: 'yes' }, ['isActive "yes" is neither true nor false.']],
    [{ services: 'dotUrine' }, ['services: "dotUrine" is not serviceId:price.']],
    [{ services: 'xray:10' }, ['services: "xray" is neither the id nor the externalId of a service of this tenant.']],
    [{ services: 'dotUrine:-5' }, ['services: the price "-5" of "dotUrine" is not an amount in US dollars up to 100000 (55 or 55.00).']],
    [{ services: 'dotUrine:100000.01' }, ['services: the price "100000.01" of "dotUrine" is not an amount in US dollars up to 100000 (55 or 55.00).']],
    [{ services: 'dotUrine:5;svc-2:6' }, ['services: "svc-2" is listed twice.']],
  ])('%j', (fields, problems) => {
    expect(clinic(fields)).toEqual({ problems });
  });
});

describe('a catalog line', () => {
  const service = (fields: Record<string, string>) =>
    validateServiceRow({ ...Object.fromEntries(SERVICE_COLUMNS.map((c) => [c, ''])), externalId: 's-1', name: 'Panel', type: 'labBasedToxicology', ...fields });

  it('a valid line: empty category and specimen type are null, isDot defaults to false', () => {
    expect(service({})).toEqual({ row: { externalId: 's-1', name: 'Panel', type: 'labBasedToxicology', category: null, specimenType: null, isDot: false } });
    expect(service({ category: 'drug', specimenType: 'urine', isDot: 'True' })).toMatchObject({ row: { category: 'drug', specimenType: 'urine', isDot: true } });
  });

  it('names what is wrong', () => {
    expect(service({ type: 'radiology', isDot: '1' })).toEqual({
      problems: [expect.stringMatching(/^type "radiology" is not one of additionalService, .*, unknown\.$/), 'isDot "1" is neither true nor false.'],
    });
    expect(service({ type: '', category: 'c'.repeat(101) })).toEqual({ problems: ['type is required.', 'category is longer than 100 characters.'] });
  });
});

describe('the header', () => {
  it('any order, optional columns may be left out', () => {
    const header = readHeader(['name', ' externalId ', 'postalCode'], CLINIC_COLUMNS, ['externalId', 'name']);
    expect(header).toEqual({ index: new Map([['name', 0], ['externalId', 1], ['postalCode', 2]]) });
  });

  it.each([
    [['externalId', 'name', 'zip', 'fax'], 'Unknown columns "zip", "fax" in the header; the columns are externalId,name,type,category,specimenType,isDot.'],
    [['externalId', 'name', 'name'], 'The header names "name" more than once.'],
    [['externalId', 'type'], 'The header lacks the column name; the columns are externalId,name,type,category,specimenType,isDot.'],
  ])('%j', (values, problem) => {
    expect(readHeader(values, SERVICE_COLUMNS, ['externalId', 'name', 'type'])).toEqual({ problem });
  });
});

describe('the CSV reader', () => {
  const read = async (text: string) => {
    const records = [];
    for await (const record of csvRecords(Readable.from([text]))) records.push(record);
    return records;
  };

  it('numbers each record by the line it starts on: a byte order mark, empty lines, CRLF and LF, line breaks inside quotes', async () => {
    expect(await read('\ufeffa,b\r\n1,2\r\n\r\n"x\ny","3"\n4\n"5, five",""\n')).toEqual([
      { line: 1, values: ['a', 'b'] },
      { line: 2, values: ['1', '2'] },
      { line: 4, values: ['x\ny', '3'] },
      { line: 6, values: ['4'] },
      { line: 7, values: ['5, five', ''] },
    ]);
  });

  it('an unclosed quote is a broken file, at the line where csv-parse gives up', async () => {
    const error = await read('a,b\n1,2\n3,"4\n').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ line: 3, message: 'The file is not valid CSV: Quote Not Closed: the parsing is finished with an opening quote at line 3' });
  });
});
